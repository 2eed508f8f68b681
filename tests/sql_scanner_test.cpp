// The one SQL word scanner (support/sql_scanner.hpp), on its own.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "support/sql_scanner.hpp"

using qdiff::support::SqlScanner;
using qdiff::support::SqlToken;
using Kind = SqlToken::Kind;

namespace {
std::vector<SqlToken> scan(std::string_view text) {
    std::vector<SqlToken> out;
    SqlScanner scanner(text);
    while (auto t = scanner.next()) out.push_back(*t);
    return out;
}
std::string kinds(const std::vector<SqlToken>& tokens) {
    std::string out;
    for (const SqlToken& t : tokens) out += "WNQSP"[static_cast<int>(t.kind)];
    return out;
}
}  // namespace

TEST_CASE("sql scanner: words, numbers, punctuation, offsets", "[support][sql_scanner]") {
    auto t = scan("SELECT a_1, $x, price$ FROM t WHERE n >= 1.5e3 AND x::text || 'a' <> .5;");
    CHECK(kinds(t) == "WWPPWPWWWWWPNWWPWPSPNP");
    CHECK(t[0].text == "SELECT");
    CHECK(t[0].offset == 0);
    CHECK(t[1].text == "a_1");
    CHECK(t[3].text == "$");  // a parameter sign, not a dollar quote
    CHECK(t[6].text == "price$");
    CHECK(t[11].text == ">=");
    CHECK(t[12].text == "1.5e3");
    CHECK(t[15].text == "::");
    CHECK(t[17].text == "||");
    CHECK(t[19].text == "<>");
    CHECK(t[20].text == ".5");
    CHECK(t[0].is_word("select"));
    CHECK_FALSE(t[12].is_word("1.5e3"));
}

TEST_CASE("sql scanner: white space, a byte order mark and comments are skipped", "[support][sql_scanner]") {
    auto t = scan("\xEF\xBB\xBF-- a comment; with a semicolon\n/* a block; */ CREATE\tTABLE\n");
    REQUIRE(kinds(t) == "WW");
    CHECK(t[0].text == "CREATE");
    CHECK(t[0].offset == 49);
    SqlScanner open("a /* never closed");
    CHECK(open.next()->text == "a");
    CHECK_FALSE(open.next());
    REQUIRE(open.unterminated_comment());
    CHECK(*open.unterminated_comment() == 2);
}

TEST_CASE("sql scanner: quoting rules", "[support][sql_scanner]") {
    auto t = scan(R"('it''s' "a ""b""" `c` E'x\'y\n' $$a; 'b'$$ $fn$ body $$ $fn$)");
    REQUIRE(kinds(t) == "SQQSSS");
    CHECK(t[0].text == "'it''s'");
    CHECK(t[0].value() == "it's");
    CHECK(t[1].value() == "a \"b\"");
    CHECK(t[2].value() == "c");
    CHECK(t[3].is_escape_string());
    CHECK(t[3].value() == "x'y\n");
    CHECK(t[4].value() == "a; 'b'");
    CHECK(t[5].value() == " body $$ ");
    CHECK_FALSE(t[0].is_escape_string());
    CHECK(scan("''")[0].value().empty());
    CHECK_FALSE(scan("''")[0].is_escape_string());
    CHECK(scan("Ex 'a'")[0].is_word("Ex"));  // E starts an escape string only right before the quote
}

TEST_CASE("sql scanner: an unclosed quote runs to the end, marked", "[support][sql_scanner]") {
    auto t = scan("INSERT 'abc");
    REQUIRE(kinds(t) == "WS");
    CHECK_FALSE(t[1].terminated);
    CHECK(t[1].value() == "abc");
    CHECK(t[0].terminated);
    auto d = scan("$q$ never closed");
    REQUIRE(d.size() == 1);
    CHECK_FALSE(d[0].terminated);
    CHECK(d[0].value() == " never closed");
}
