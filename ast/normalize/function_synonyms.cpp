// function-synonyms: one spelling per function across dialects and languages (ifnull and nvl are
// coalesce, len is length, ...); KQL dcount(x) is count(DISTINCT x).
#include <map>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* canonical_spelling(Normalizer& n, Expr* e) {
    auto* f = dyn_cast<FunctionCall>(e);
    if (!f || f->over) return e;
    std::string name = Normalizer::function_name(f);
    static const std::map<std::string, std::string> synonyms = {
        {"ifnull", "coalesce"}, {"nvl", "coalesce"},   {"substr", "substring"}, {"len", "length"},
        {"char_length", "length"}, {"character_length", "length"}, {"strlen", "length"},
        {"lcase", "lower"},      {"ucase", "upper"},    {"tolower", "lower"},   {"toupper", "upper"},
        {"ceiling", "ceil"},     {"pow", "power"}};
    if (auto it = synonyms.find(name); it != synonyms.end()) {
        f->name = n.arena().list(std::vector<Name>{Name{n.arena().copy(it->second), false}});
    } else if (name == "dcount" && f->args.size() == 1) {
        f->name = n.arena().list(std::vector<Name>{Name{"count", false}});
        f->distinct = true;
    }
    return f;
}

}  // namespace

const RuleHooks function_synonyms = {.expr = &canonical_spelling};

}  // namespace qdiff::normalizing::rules
