// cast-types: SQLite converts by the type's affinity alone (the rules of "Datatypes In SQLite", 3.1),
// so CAST(x AS FLOAT), AS DOUBLE and AS REAL are one conversion, as are INT and BIGINT, VARCHAR(9) and
// TEXT. Other dialects keep their type names.
#include "ast/normalize/normalizer.hpp"
#include "qdiff/dialect.hpp"
#include "support/strings.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

std::string_view sqlite_affinity(std::string_view type) {
    std::string t = support::to_upper(type);
    auto has = [&](const char* part) { return t.find(part) != std::string::npos; };
    if (has("INT")) return "INTEGER";
    if (has("CHAR") || has("CLOB") || has("TEXT")) return "TEXT";
    if (has("BLOB") || t.empty()) return "BLOB";
    if (has("REAL") || has("FLOA") || has("DOUB")) return "REAL";
    return "NUMERIC";
}

Expr* by_affinity(Normalizer& n, Expr* e) {
    if (auto* c = dyn_cast<Cast>(e); c && traits(n.dialect()).cast_by_affinity) c->type = sqlite_affinity(c->type);
    return e;
}

}  // namespace

const RuleHooks cast_types = {.expr = &by_affinity};

}  // namespace qdiff::normalizing::rules
