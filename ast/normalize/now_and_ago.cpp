// now-and-ago: now(), CURRENT_TIMESTAMP, GETDATE(), utcnow(), ... (the functions whose canonical
// spelling is now in ast/functions.def) are one now(); now() minus a timespan or interval is KQL's ago(t).
#include "ast/functions.hpp"
#include "ast/normalize/normalizer.hpp"
#include "support/strings.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool is_now(const Normalizer& n, const Expr* e) {
    if (auto* f = dyn_cast<FunctionCall>(e)) return Normalizer::function_name(f) == "now";
    if (auto* l = dyn_cast<Literal>(e); l && l->type == LiteralType::Keyword)
        return support::to_lower(l->text) == "current_timestamp";
    if (auto* c = dyn_cast<ColumnRef>(e); c && c->path.size() == 1 && n.language() == Language::Sql)
        return support::to_lower(c->path[0].text) == "current_timestamp";
    return false;
}

Expr* as_now_or_ago(Normalizer& n, Expr* e) {
    if (auto* f = dyn_cast<FunctionCall>(e)) {
        std::string name = Normalizer::function_name(f);
        const FunctionInfo* info = find_function(name);
        if (name == "now" || (info && info->canonical == "now")) {
            f->name = n.arena().list(std::vector<Name>{Name{"now", false}});
            f->args = {};
        }
        return f;
    }
    // NOW() - INTERVAL '1 hour'  ≡  ago(1h)
    if (auto* b = dyn_cast<Binary>(e); b && b->op == BinaryOp::Sub && is_now(n, b->lhs)) {
        if (auto* l = dyn_cast<Literal>(b->rhs);
            l && (l->type == LiteralType::Timespan || l->type == LiteralType::Interval)) {
            auto* f = n.arena().make<FunctionCall>();
            f->span = b->span;
            f->name = n.arena().list(std::vector<Name>{Name{"ago", false}});
            f->args = n.arena().list(std::vector<Expr*>{l});
            return f;
        }
    }
    return e;
}

}  // namespace

const RuleHooks now_and_ago = {.expr = &as_now_or_ago};

}  // namespace qdiff::normalizing::rules
