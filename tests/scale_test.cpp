// Scale (issue 18): set-like atoms compare as sets, long atoms print cut, a flat chain of thousands of
// OR terms is not nesting, and no walk over it recurses as deep as it is long (ASan in CI catches a
// stack overflow). Speed itself is measured in bench/in_list_bench.cpp, not here.
#include <catch2/catch.hpp>

#include <string>

#include "diff/matching.hpp"
#include "qdiff/ast_print.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/lint.hpp"
#include "qdiff/normalize.hpp"
#include "qdiff/parse.hpp"

using namespace qdiff;

namespace {

std::string joined(size_t terms, const std::string& item, const std::string& separator) {
    std::string out;
    for (size_t i = 0; i < terms; ++i) {
        if (i) out += separator;
        std::string t = item;
        for (size_t at; (at = t.find('#')) != std::string::npos;) t.replace(at, 1, std::to_string(i));
        out += t;
    }
    return out;
}

ParseResult parsed(std::string text, Language language) {
    ParseResult r = parse(std::move(text), {.language = language, .max_bytes = 64u << 20});
    INFO(render_text(r.diagnostics(), r.source()).substr(0, 2000));
    REQUIRE(r.ok());
    return r;
}

const ComponentResult& component(const DiffResult& r, const std::string& name) {
    for (const auto& c : r.components)
        if (component_name(c.component) == name) return c;
    FAIL("no component " << name);
    return r.components.front();
}

}  // namespace

TEST_CASE("IN lists compare as sets: one item of 10,000 changed", "[scale][diff]") {
    const size_t n = 10'000;
    std::string items = joined(n - 1, "#", ", ");
    ParseResult e = parsed("SELECT name FROM t WHERE id IN (" + items + ", 999999)", Language::Sql);
    ParseResult g = parsed("SELECT name FROM t WHERE id IN (" + items + ", 888888)", Language::Sql);
    DiffResult r = diff(*e.script(), Language::Sql, *g.script(), Language::Sql, load_profile("full"));
    const ComponentResult& filters = component(r, "filters");
    REQUIRE(filters.changed.size() == 1);
    // value similarity is the Jaccard index of the item sets: 9,999 shared of 10,001
    const double jaccard = 9999.0 / 10001.0;
    CHECK(filters.changed[0].similarity == Approx(0.4 + 0.2 + 0.4 * jaccard));
    CHECK(filters.changed[0].expected.key->items.size() == n);
    // order and repetition do not matter to a set
    ParseResult reordered = parsed("SELECT name FROM t WHERE id IN (3, 1, 2, 2)", Language::Sql);
    ParseResult plain = parsed("SELECT name FROM t WHERE id IN (1, 2, 3)", Language::Sql);
    CHECK(diff(*plain.script(), Language::Sql, *reordered.script(), Language::Sql, load_profile("full")).score ==
          Approx(1));
}

TEST_CASE("a flat chain of OR terms is not nesting; 100,000 terms walk without a stack overflow", "[scale][nesting]") {
    // 1,100 terms were rejected with "expressions nest deeper than 1024 levels".
    ParseResult sql = parsed("SELECT a FROM t WHERE " + joined(1100, "a = #", " OR "), Language::Sql);
    ParseResult kql = parsed("T | where " + joined(1100, "a == #", " or "), Language::Kql);
    ParseResult mixed = parsed("SELECT a FROM t WHERE " + joined(2000, "(a = # AND b = #)", " OR "), Language::Sql);
    // Real nesting still counts.
    ParseResult deep =
        parse("SELECT " + std::string(2000, '(') + "1" + std::string(2000, ')'), {.language = Language::Sql});
    CHECK_FALSE(deep.ok());

    // Every walk over a 100,000-term chain: parse, print, hash, compare, lint; the normalizer and the
    // differ on it (the normalizer folds `a = 0 OR a = 1 ...` into one IN list).
    const std::string text = "SELECT a FROM t WHERE " + joined(100'000, "c# = #", " OR ");
    ParseResult e = parsed(text, Language::Sql);
    ParseResult g = parsed(text + " OR c = -1", Language::Sql);
    CHECK(to_sql(*e.script()).size() > text.size() / 2);
    CHECK(to_sexpr(*e.script()).size() > text.size() / 2);
    CHECK(ast::hash(e.script()) == ast::hash(e.script()));
    CHECK_FALSE(ast::equal(e.script(), g.script()));
    CHECK(lint(e).valid);
    ParseResult k = parsed("T | where " + joined(100'000, "a == #", " or "), Language::Kql);
    CHECK(to_kql(*k.script()).size() > 100'000);
    const std::string folded = "SELECT a FROM t WHERE " + joined(100'000, "a = #", " OR ");
    ParseResult fe = parsed(folded, Language::Sql), fg = parsed(folded + " OR a = -1", Language::Sql);
    DiffResult r = diff(*fe.script(), Language::Sql, *fg.script(), Language::Sql, load_profile("full"));
    CHECK(r.score < 1);
    CHECK(r.score > 0.9);
    // Thousands of distinct atoms: identical ones pair by hashing before the cubic matching.
    const std::string distinct = "SELECT a FROM t WHERE " + joined(3'000, "c# = #", " OR ");
    ParseResult de = parsed(distinct, Language::Sql), dg = parsed(distinct + " OR c = -1", Language::Sql);
    DiffResult d = diff(*de.script(), Language::Sql, *dg.script(), Language::Sql, load_profile("full"));
    CHECK(component(d, "filters").matched.size() == 3'000);
    CHECK(component(d, "filters").extra.size() == 1);
}

TEST_CASE("more tokens than max_tokens: refused with a diagnostic at the cut, not parsed", "[scale][limits]") {
    // 3 tokens per item: a 1,000-item list is about 3,000 tokens.
    const std::string sql = "SELECT a FROM t WHERE a IN (" + joined(1'000, "#", ", ") + ")";
    ParseResult cut = parse(sql, {.language = Language::Sql, .max_tokens = 1'000});
    REQUIRE_FALSE(cut.ok());
    REQUIRE(cut.diagnostics().size() == 1);
    CHECK(cut.diagnostics()[0].code() == "too-many-tokens");
    // Eight tokens before the list, then item k is token 9 + 2k: the 1,001st token is item 496.
    const Span at = cut.diagnostics()[0].span;
    CHECK(sql.substr(at.begin, at.size()) == "496");
    CHECK(parse(sql, {.language = Language::Sql, .max_tokens = 10'000}).ok());
    ParseResult kql =
        parse("T | where a in (" + joined(1'000, "#", ", ") + ")", {.language = Language::Kql, .max_tokens = 1'000});
    REQUIRE_FALSE(kql.ok());
    CHECK(kql.diagnostics()[0].code() == "too-many-tokens");
}
