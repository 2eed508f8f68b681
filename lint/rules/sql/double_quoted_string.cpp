// double-quoted-string (note): `"France"` names no column, so SQLite and MySQL read it as a string;
// PostgreSQL and standard SQL would report an unknown column. The fix-it uses single quotes.
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {

void double_quoted_string(LintContext& ctx) {
    for (const sql::ColumnResolution& r : ctx.sql->columns) {
        if (r.status != sql::Resolved::StringLiteral) continue;
        std::string_view value = r.ref->path.back().text;
        Diagnostic d = make_diagnostic(DiagId::LintDoubleQuotedString, r.ref->span, {value});
        std::string quoted = "'";
        for (char c : value) quoted += c == '\'' ? std::string("''") : std::string(1, c);
        d.fixits.push_back({r.ref->span, quoted + "'"});
        ctx.report(std::move(d));
    }
}

}  // namespace qdiff::linting::rules
