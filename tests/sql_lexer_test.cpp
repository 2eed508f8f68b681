// The hand-written SQL lexer must produce exactly the default-channel tokens of the generated one
// (the grammar's specification of the tokens): same types, positions and text.
#include <catch2/catch.hpp>

#include "SqlLexer.h"
#include "parsers/sql/sql_lexer.hpp"
#include "support/corpus.hpp"

namespace {

struct Tok {
    size_t type, start, stop;
    std::string text;
    bool operator==(const Tok&) const = default;
};

std::vector<Tok> generated_tokens(const std::string& text) {
    antlr4::ANTLRInputStream input(text);
    qdiff_gen::SqlLexer lexer(&input);
    lexer.removeErrorListeners();
    std::vector<Tok> out;
    for (auto t = lexer.nextToken();; t = lexer.nextToken()) {
        if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL)
            out.push_back({t->getType(), t->getStartIndex(), t->getStopIndex(),
                           t->getType() == antlr4::Token::EOF ? "" : t->getText()});
        if (t->getType() == antlr4::Token::EOF) break;
    }
    return out;
}

std::vector<Tok> fast_tokens(const std::string& text) {
    // the grammar's comments: not nested (SqlLexer.g4 says why), and one never closed runs to the end
    qdiff::parsers::sql::FastSqlLexer lexer(text, false, {.open_comment_ends_input = true});
    std::vector<Tok> out;
    for (auto t = lexer.nextToken();; t = lexer.nextToken()) {
        out.push_back({t->getType(), t->getStartIndex(), t->getStopIndex(),
                       t->getType() == antlr4::Token::EOF ? "" : t->getText()});
        if (t->getType() == antlr4::Token::EOF) break;
    }
    return out;
}

size_t count_differences(const std::vector<qdiff::testing::CorpusQuery>& queries) {
    size_t differences = 0;
    for (const auto& q : queries) {
        if (generated_tokens(q.text) == fast_tokens(q.text)) continue;
        if (++differences <= 10) UNSCOPED_INFO("lexers differ on " << q.origin << ": " << q.text.substr(0, 200));
    }
    return differences;
}

}  // namespace

TEST_CASE("the hand-written SQL lexer matches the generated one on awkward input", "[sql][lexer]") {
    std::vector<qdiff::testing::CorpusQuery> cases;
    for (std::string text :
         {"SELECT a.b, \"x\"\"y\", `q`, [br ack], 'it''s', E'a\\'b', N'n', X'1F', B'01', $$d$$, $t$x$t$",
          "SELECT 1e10, .5, 1., 0x1F, 3.14e-2, $1, ?, ?1, :name, @v, a::int, a->>'k', a #>> '{x}', a <=> b",
          "SELECT 'unterminated", "SELECT \"unterminated", "SELECT $$unterminated", "SELECT /* open comment",
          "SELECT 1 -- line comment\n, 2 /* block */ , 3", "SELECT é, 'naïve', \"ü\" FROM t WHERE x = '日本'",
          "SELECT \x01 # ` \\", "SELECT a FROM t WHERE b !~* 'x' AND c ~ 'y' AND d @@ e AND f ?| g",
          "SELECT\u00a0a\ufeff FROM t", "", "   ", "/*/*nested*/ still */"}) {
        cases.push_back({"inline", text});
    }
    CHECK(count_differences(cases) == 0);
}

TEST_CASE("the hand-written SQL lexer matches the generated one on the corpora", "[sql][lexer][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    using namespace qdiff::testing;
    std::vector<CorpusQuery> all;
    for (auto file : {"sql/spider/gold.tsv", "sql/bird/gold.tsv", "sql/spider/pred.sql",
                      "sql/spider/pred-dailsql-gpt4.sql", "sql/bird/pred-dailsql-gpt4.sql"}) {
        auto queries = read_query_lines(file);
        all.insert(all.end(), queries.begin(), queries.end());
    }
    for (auto csv : {"questions_gen_postgres.csv", "questions_gen_sqlite.csv", "questions_gen_mysql.csv"}) {
        auto queries = defog_gold(csv);
        all.insert(all.end(), queries.begin(), queries.end());
    }
    REQUIRE(all.size() > 7000);
    CHECK(count_differences(all) == 0);
}
