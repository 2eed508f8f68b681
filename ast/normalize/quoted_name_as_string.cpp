// quoted-name-as-string: SQLite, MySQL and BigQuery read a double-quoted "name" that names no column
// as a string (SQLite's documentation calls it a misfeature kept for compatibility; Spider's gold
// queries use it: `WHERE Country = "USA"`), and generic SQL accepts all of them. Without the schema
// the normalizer cannot tell a name from a string, so it takes the other query of the pair as the
// evidence: a quoted one-part name whose text is a string literal there is that string. In PostgreSQL,
// T-SQL, Snowflake and DuckDB a quoted name is always a name.
#include "ast/normalize/normalizer.hpp"
#include "qdiff/dialect.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* as_string(Normalizer& n, const Expr* e) {
    auto* c = dyn_cast<ColumnRef>(e);
    if (!c || c->path.size() != 1 || !c->path[0].quoted || n.language() != Language::Sql ||
        traits(n.dialect()).double_quotes_name || !n.options().counterpart_strings.count(c->path[0].text))
        return nullptr;
    auto* string = n.arena().make<Literal>();
    string->type = LiteralType::String;
    string->text = c->path[0].text;
    string->span = c->span;
    return string;
}

}  // namespace

const RuleHooks quoted_name_as_string = {.written = &as_string};

}  // namespace qdiff::normalizing::rules
