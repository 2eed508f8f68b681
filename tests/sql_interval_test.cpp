// INTERVAL quantities: a sign before a computed quantity (MySQL and BigQuery `INTERVAL -(n) DAY`,
// `INTERVAL -t.n DAY`, `INTERVAL -ABS(n) DAY`) is part of the quantity; it was once dropped, so that
// `d + INTERVAL -(n) DAY` scored as `d + INTERVAL (n) DAY`. Golden trees: tests/data/sql/golden/interval_*.
#include <catch2/catch.hpp>

#include "qdiff/ast_print.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/parse.hpp"

using namespace qdiff;

namespace {

ParseResult parsed(const std::string& sql, Dialect dialect) {
    ParseResult r = parse(sql, {.language = Language::Sql, .dialect = dialect});
    INFO(dialect_name(dialect) << ": " << sql << "\n" << render_text(r.diagnostics(), r.source()));
    REQUIRE(r.ok());
    return r;
}

}  // namespace

TEST_CASE("a sign before a computed INTERVAL quantity is kept, in every dialect", "[sql][interval]") {
    static const Profile full = load_profile("full");
    struct Case {
        const char* signed_quantity;
        const char* written_inside;  // the same quantity with the sign inside the parentheses
        const char* different;       // the unsigned quantity (or, for `+`, the negated one)
    };
    const Case cases[] = {
        {"INTERVAL -(t.n) DAY", "INTERVAL (-(t.n)) DAY", "INTERVAL (t.n) DAY"},
        {"INTERVAL -t.n DAY", "INTERVAL (-t.n) DAY", "INTERVAL t.n DAY"},
        {"INTERVAL -ABS(t.n) MONTH", "INTERVAL (-ABS(t.n)) MONTH", "INTERVAL ABS(t.n) MONTH"},
        {"INTERVAL -(t.n + 1) WEEK", "INTERVAL (-(t.n + 1)) WEEK", "INTERVAL (t.n + 1) WEEK"},
        {"INTERVAL +(t.n) HOUR", "INTERVAL (+t.n) HOUR", "INTERVAL (-t.n) HOUR"},
    };
    for (const DialectTraits& d : all_dialects()) {
        if (!d.guessed) continue;  // auto is not a dialect
        for (const Case& c : cases) {
            const std::string prefix = "SELECT DATE_ADD(t.d, ", suffix = ") FROM t";
            ParseResult with_sign = parsed(prefix + c.signed_quantity + suffix, d.dialect);
            ParseResult inside = parsed(prefix + c.written_inside + suffix, d.dialect);
            ParseResult without = parsed(prefix + c.different + suffix, d.dialect);
            INFO(d.name << ": " << c.signed_quantity << " -> " << to_sql(*with_sign.script()));
            CHECK(ast::equal(with_sign.script(), inside.script()));
            CHECK_FALSE(ast::equal(with_sign.script(), without.script()));
            // Printed and read again, the sign stays where it was.
            ParseResult again = parsed(to_sql(*with_sign.script()), d.dialect);
            CHECK(ast::equal(with_sign.script(), again.script()));
            DiffResult scored = diff(*with_sign.script(), Language::Sql, *without.script(), Language::Sql, full,
                                     {.dialect = d.dialect, .normalize_off = {}});
            CHECK(scored.score < 1);
        }
    }
}
