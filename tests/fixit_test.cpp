// The fix-its of syntax errors (issue 33): offered only when applying them helps, i.e. the fixed text
// parses or at least gets past the error; the suggestions respect the language's spelling (KQL is
// case-sensitive). The property is checked over gold queries with keyword typos, dropped commas and
// doubled words.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <random>

#include "qdiff/parse.hpp"
#include "support/corpus.hpp"

using namespace qdiff;

namespace {

std::string shown(const ParseResult& r) { return render_text(r.diagnostics(), r.source()); }

std::vector<FixIt> all_fixits(const ParseResult& r) {
    std::vector<FixIt> out;
    for (const Diagnostic& d : r.diagnostics()) out.insert(out.end(), d.fixits.begin(), d.fixits.end());
    return out;
}

std::string applied(std::string text, std::vector<FixIt> fixits) {
    std::sort(fixits.begin(), fixits.end(), [](const FixIt& a, const FixIt& b) { return a.span.begin > b.span.begin; });
    for (const FixIt& f : fixits) text.replace(f.span.begin, f.span.size(), f.replacement);
    return text;
}

// Where the token after `at` ends: white space, then a word, a quoted string or one character.
size_t after_next_token(const std::string& text, size_t at) {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
    if (at >= text.size()) return text.size();
    if (std::isalnum(static_cast<unsigned char>(text[at])) || text[at] == '_') {
        while (at < text.size() && (std::isalnum(static_cast<unsigned char>(text[at])) || text[at] == '_')) ++at;
        return at;
    }
    if (text[at] == '\'' || text[at] == '"' || text[at] == '`') {
        size_t close = text.find(text[at], at + 1);
        return close == std::string::npos ? text.size() : close + 1;
    }
    return at + 1;
}

// The property: applying the diagnostic's fix-its makes the text parse, or leaves no error from the
// fix to the end of the token after it.
bool helps(const std::string& text, const Diagnostic& d, const ParseOptions& options, std::string& why) {
    std::string fixed = applied(text, d.fixits);
    size_t first = text.size(), last_end = 0;
    long shift = 0;
    for (const FixIt& f : d.fixits) {
        first = std::min<size_t>(first, f.span.begin);
        shift += long(f.replacement.size()) - long(f.span.size());
        last_end = std::max<size_t>(last_end, size_t(long(f.span.end) + shift));
    }
    ParseResult again = parse(fixed, options);
    why = fixed + "\n" + shown(again);
    if (again.ok()) return true;
    size_t until = after_next_token(fixed, last_end);
    for (const Diagnostic& e : again.diagnostics())
        if (e.severity == Severity::Error && e.span.begin >= first && e.span.begin < until) return false;
    return true;
}

bool has_fixit(const ParseResult& r, const std::string& from, const std::string& to) {
    for (const Diagnostic& d : r.diagnostics())
        for (const FixIt& f : d.fixits)
            if (r.source().slice(f.span) == from && f.replacement == to) return true;
    return false;
}

}  // namespace

TEST_CASE("KQL fix-its are spelt as KQL spells its keywords (issue 33)", "[fixit][kql]") {
    ParseResult upper = parse("StormEvents | WHERE State == 'x'", {.language = Language::Kql});
    INFO(shown(upper));
    CHECK_FALSE(upper.ok());
    CHECK(shown(upper).find("replace 'WHERE' with 'WHERE'") == std::string::npos);
    CHECK(has_fixit(upper, "WHERE", "where"));
    ParseResult typo = parse("StormEvents | whre State == 'x'", {.language = Language::Kql});
    INFO(shown(typo));
    CHECK(has_fixit(typo, "whre", "where"));
    CHECK_FALSE(has_fixit(typo, "whre", "WHERE"));
    CHECK(parse("StormEvents | where State == 'x'", {.language = Language::Kql}).ok());
}

TEST_CASE("SQL fix-its that would not get past the error are not offered (issue 33)", "[fixit][sql]") {
    // FORM is read as an alias of `name`; the error is at `singer`, and INNER there fixes nothing.
    ParseResult form = parse("SELECT name FORM singer WHERE age > 3", {.language = Language::Sql});
    INFO(shown(form));
    CHECK_FALSE(form.ok());
    CHECK_FALSE(has_fixit(form, "singer", "INNER"));
    CHECK(has_fixit(form, "FORM", "FROM"));  // the keyword that was misspelt
    // Missing commas: CASE in place of `age` is no fix.
    ParseResult commas = parse("SELECT name country age FROM singer", {.language = Language::Sql});
    INFO(shown(commas));
    CHECK_FALSE(commas.ok());
    CHECK(all_fixits(commas).empty());
    // The fix-it the CLI test has always shown still comes.
    CHECK(has_fixit(parse("SELECT * FORM t", {.language = Language::Sql}), "FORM", "FROM"));
}

TEST_CASE("an unclosed parenthesis is named where it opens, and errors come in text order (issue 33)",
          "[fixit][sql][diagnostics]") {
    ParseResult r = parse("SELECT name FROM singer WHERE age > (SELECT AVG(age FROM singer WHERE country = 'x'",
                          {.language = Language::Sql});
    std::string text = shown(r);
    INFO(text);
    CHECK_FALSE(r.ok());
    CHECK(text.find("'(' opened at 1:37 is never closed") != std::string::npos);
    CHECK(text.find("'(' opened at 1:48 is never closed") != std::string::npos);
    uint32_t previous = 0;
    for (const Diagnostic& d : r.diagnostics()) {
        CHECK(d.span.begin >= previous);
        previous = d.span.begin;
    }
}

TEST_CASE("every fix-it offered on mutated gold queries helps (issue 33)", "[fixit][sql][corpus]") {
    QDIFF_REQUIRE_CORPUS_PART("sql/spider/gold.tsv");
    auto gold = qdiff::testing::read_query_lines("sql/spider/gold.tsv");
    REQUIRE(!gold.empty());
    static const std::vector<std::string> keywords = {"SELECT", "FROM",  "WHERE", "GROUP", "ORDER", "HAVING",
                                                      "JOIN",   "LIMIT", "AND",   "DESC",  "COUNT", "DISTINCT"};
    std::mt19937_64 rng(33);
    auto below = [&](size_t n) { return n ? std::uniform_int_distribution<size_t>(0, n - 1)(rng) : size_t(0); };
    auto mutate = [&](std::string q) {
        switch (below(4)) {
            case 0:
            case 1: {  // a keyword misspelt: a letter dropped, doubled or two swapped
                std::string upper = q;
                for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
                const std::string& k = keywords[below(keywords.size())];
                size_t at = upper.find(k + " ");
                if (at == std::string::npos) return q;
                size_t i = at + 1 + below(k.size() - 1);
                switch (below(3)) {
                    case 0: q.erase(i, 1); break;
                    case 1: q.insert(i, 1, q[i]); break;
                    default: std::swap(q[i - 1], q[i]); break;
                }
                return q;
            }
            case 2: {  // a comma dropped
                size_t comma = q.find(',', below(q.size()));
                if (comma != std::string::npos) q.erase(comma, 1);
                return q;
            }
            default: {  // a word doubled
                size_t space = q.find(' ', below(q.size()));
                if (space == std::string::npos) return q;
                size_t end = q.find(' ', space + 1);
                q.insert(space, q.substr(space, end == std::string::npos ? std::string::npos : end - space));
                return q;
            }
        }
    };
    size_t mutants = 0, offered = 0, parse_after_fix = 0;
    const ParseOptions options{.language = Language::Sql, .dialect = Dialect::Sqlite};
    for (size_t i = 0; i < gold.size() && i < 600; ++i) {
        std::string mutant = mutate(gold[i].text);
        ParseResult r = parse(mutant, options);
        if (r.ok()) continue;
        ++mutants;
        for (const Diagnostic& d : r.diagnostics()) {
            if (d.fixits.empty()) continue;
            ++offered;
            std::string why;
            INFO(gold[i].origin << ": " << mutant << "\n" << shown(r));
            CHECK(helps(r.source().text(), d, options, why));
            INFO(why);
            if (parse(applied(r.source().text(), d.fixits), options).ok()) ++parse_after_fix;
        }
    }
    std::cout << "[fixit] " << mutants << " mutants that fail to parse, " << offered << " fix-its offered, "
              << parse_after_fix << " of them make the query parse\n";
    // Not vacuous: the typos of clause keywords get their fix-its.
    CHECK(mutants > 200);
    CHECK(offered > 50);
    CHECK(parse_after_fix * 2 > offered);
}
