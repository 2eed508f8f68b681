// The semantic tables over the AST (ast/semantics/): the operator catalogue against the front ends
// and printers that read it, the time-unit table against KQL's lexer and executor; and the one
// "did you mean" helper (diagnostics/suggest.hpp).
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "ast/semantics/operators.hpp"
#include "ast/semantics/time_units.hpp"
#include "diagnostics/suggest.hpp"
#include "qdiff/ast_print.hpp"
#include "qdiff/normalize.hpp"
#include "qdiff/parse.hpp"
#include "stages/results/kql/kql_value.hpp"

using namespace qdiff;
using ast::BinaryOp;

namespace {

std::vector<BinaryOp> all_operators() {
    std::vector<BinaryOp> out;
#define QDIFF_COLLECT_OP(name, text) out.push_back(BinaryOp::name);
    QDIFF_BINARY_OPS(QDIFF_COLLECT_OP)
#undef QDIFF_COLLECT_OP
    return out;
}

// The first node of kind T in a pre-order walk.
template <class T>
const T* first(const ast::Node& n) {
    if (auto* t = ast::dyn_cast<T>(&n)) return t;
    const T* found = nullptr;
    ast::for_each_child(n, [&](const ast::Node& child) {
        if (!found) found = first<T>(child);
    });
    return found;
}

ParseResult parse_kql(const std::string& text) {
    ParseResult r = parse(text, {.language = Language::Kql});
    INFO(text);
    REQUIRE(r.ok());
    return r;
}

// `text` reads as NOT (a op b) and prints back as written.
void check_negated_reads_back(const std::string& text, Language language, BinaryOp op) {
    INFO(text);
    ParseResult r = parse(text, {.language = language});
    REQUIRE(r.ok());
    const auto* u = first<ast::Unary>(*r.script());
    REQUIRE(u);
    CHECK(u->op == ast::UnaryOp::Not);
    REQUIRE(ast::dyn_cast<ast::Binary>(u->operand));
    CHECK(ast::cast<ast::Binary>(*u->operand).op == op);
    CHECK((language == Language::Kql ? to_kql(*r.script()) : to_sql(*r.script())) == text);
}

}  // namespace

TEST_CASE("operator catalogue: the facts the readers rely on", "[semantics]") {
    using semantics::binary_operator;
    // Which operators each former private list held, now a class test over the catalogue.
    std::set<BinaryOp> plain, comparison;
    for (BinaryOp op : all_operators()) {
        if (semantics::is_plain_comparison(op)) plain.insert(op);
        if (semantics::is_comparison(op)) comparison.insert(op);
    }
    CHECK(plain == std::set<BinaryOp>{BinaryOp::Eq, BinaryOp::NotEq, BinaryOp::Lt, BinaryOp::LtEq, BinaryOp::Gt,
                                      BinaryOp::GtEq});
    CHECK(comparison == std::set<BinaryOp>{BinaryOp::Eq, BinaryOp::NotEq, BinaryOp::Lt, BinaryOp::LtEq, BinaryOp::Gt,
                                           BinaryOp::GtEq, BinaryOp::IsDistinctFrom, BinaryOp::EqualsCi});
    CHECK_FALSE(semantics::is_comparison(BinaryOp::Like));  // a string match, not a comparison
    CHECK(semantics::flipped(BinaryOp::Lt) == BinaryOp::Gt);
    CHECK(semantics::flipped(BinaryOp::GtEq) == BinaryOp::LtEq);
    CHECK(semantics::flipped(BinaryOp::Eq) == BinaryOp::Eq);
    CHECK(semantics::flipped(BinaryOp::JsonContains) == BinaryOp::JsonContainedBy);
    CHECK_FALSE(semantics::flipped(BinaryOp::Sub));
    CHECK(semantics::negated(BinaryOp::Lt) == BinaryOp::GtEq);
    CHECK(semantics::negated(BinaryOp::NotEq) == BinaryOp::Eq);
    CHECK_FALSE(semantics::negated(BinaryOp::Like));  // NOT LIKE is Not(Like), no operator of its own
    CHECK(semantics::is_sortable_chain(BinaryOp::And));
    CHECK(semantics::is_sortable_chain(BinaryOp::Xor));
    CHECK_FALSE(semantics::is_sortable_chain(BinaryOp::Concat));  // associative, not commutative
    CHECK_FALSE(semantics::is_sortable_chain(BinaryOp::BitAnd));
    CHECK(binary_operator(BinaryOp::Mul).sql > binary_operator(BinaryOp::Add).sql);
    CHECK(binary_operator(BinaryOp::Lt).kql > binary_operator(BinaryOp::Eq).kql);  // Kusto: relational binds tighter
    CHECK(semantics::kql_spelling(BinaryOp::ILike) == "like");
    CHECK(semantics::kql_spelling(BinaryOp::Concat) == "||");  // no KQL operator: the SQL spelling
}

TEST_CASE("operator catalogue: every KQL spelling reads back as its operator", "[semantics]") {
    for (BinaryOp op : all_operators()) {
        const semantics::BinaryOperator& info = semantics::binary_operator(op);
        if (info.kql_spelling.empty()) continue;
        bool tuple = op == BinaryOp::HasAny || op == BinaryOp::HasAll;
        std::string text = "T | where a " + std::string(info.kql_spelling) + (tuple ? " (\"x\")" : " b");
        INFO(text);
        ParseResult r = parse_kql(text);
        const auto* b = first<ast::Binary>(*r.script());
        REQUIRE(b);
        CHECK(b->op == op);
        CHECK(to_kql(*r.script()) == text);
        if (!info.kql_negated.empty())
            check_negated_reads_back("T | where a " + std::string(info.kql_negated) + " b", Language::Kql, op);
    }
}

TEST_CASE("operator catalogue: every SQL negated spelling reads back as NOT of its operator", "[semantics]") {
    for (BinaryOp op : all_operators()) {
        const semantics::BinaryOperator& info = semantics::binary_operator(op);
        if (!info.sql_negated.empty())
            check_negated_reads_back("SELECT * FROM t WHERE a " + std::string(info.sql_negated) + " b", Language::Sql,
                                     op);
    }
}

TEST_CASE("XOR is commutative and associative: its operands are ordered, its chains print flat", "[semantics]") {
    // Before the catalogue the normalizer sorted AND, OR, + and * only, and the SQL printer put a XOR
    // chain's left operand in parentheses.
    auto normalized_sql = [](const std::string& text) {
        ParseResult r = parse(text, {.language = Language::Sql});
        REQUIRE(r.ok());
        ast::Arena arena;
        return to_sql(*normalize(*r.script(), Language::Sql, arena));
    };
    CHECK(normalized_sql("SELECT * FROM t WHERE y XOR x") == normalized_sql("SELECT * FROM t WHERE x XOR y"));
    ParseResult chain = parse("SELECT * FROM t WHERE a XOR b XOR c", {.language = Language::Sql});
    REQUIRE(chain.ok());
    CHECK(to_sql(*chain.script()) == "SELECT * FROM t WHERE a XOR b XOR c");
    ParseResult back = parse(to_sql(*chain.script()), {.language = Language::Sql});
    CHECK(ast::equal(chain.script(), back.script()));
}

TEST_CASE("time units: the table's KQL spellings are the ones KQL's lexer reads", "[semantics]") {
    std::ifstream lexer(std::string(QDIFF_SOURCE_DIR) + "/grammars/kql/KqlLexer.g4");
    REQUIRE(lexer);
    std::stringstream text;
    text << lexer.rdbuf();
    std::string grammar = text.str();
    size_t at = grammar.find("fragment TIME_UNIT");
    REQUIRE(at != std::string::npos);
    std::string rule = grammar.substr(at, grammar.find(';', at) - at);
    std::set<std::string> lexed, table;
    std::regex quoted("'([a-z]+)'");
    for (std::sregex_iterator it(rule.begin(), rule.end(), quoted), end; it != end; ++it) lexed.insert((*it)[1]);
    for (const semantics::TimeUnit& u : semantics::time_units())
        if (u.kql) table.insert(std::string(u.spelling));
    CHECK(lexed.size() > 30);
    CHECK(lexed == table);
}

TEST_CASE("time units: the KQL executor reads every unit the lexer reads", "[semantics][kql-exec]") {
    using results::kql::parse_timespan;
    CHECK(parse_timespan("1d") == 864'000'000'000);
    CHECK(parse_timespan("1.5h") == 54'000'000'000);
    CHECK(parse_timespan("100ms") == 1'000'000);
    CHECK(parse_timespan("10microsecond") == 100);
    CHECK(parse_timespan("1tick") == 1);
    CHECK(parse_timespan("2") == 2 * 864'000'000'000);  // time(2): days
    // Spellings the lexer and the normalizer read and the executor refused before the table.
    CHECK(parse_timespan("5millisec") == 50'000);
    CHECK(parse_timespan("3micro") == 30);
    CHECK(parse_timespan("3microsec") == 30);
    CHECK(parse_timespan("300nanos") == 3);
    CHECK(parse_timespan("1week") == std::nullopt);  // SQL intervals only
    for (const semantics::TimeUnit& u : semantics::time_units()) {
        if (!u.kql) continue;
        INFO(u.spelling);
        auto ticks = parse_timespan("1000" + std::string(u.spelling));
        REQUIRE(ticks);
        CHECK(*ticks == int64_t(1000 * u.nanoseconds / 100));
    }
}

TEST_CASE("time units: the KQL printer keeps every lexer spelling as written", "[semantics]") {
    for (const semantics::TimeUnit& u : semantics::time_units()) {
        if (!u.kql) continue;
        std::string text = "T | where t > ago(2" + std::string(u.spelling) + ")";
        ParseResult r = parse_kql(text);
        CHECK(to_kql(*r.script()) == text);
    }
}

TEST_CASE("did you mean: the closest name within a third of the written name", "[semantics][suggest]") {
    using diagnostics::closest_name;
    using diagnostics::typo_limit;
    CHECK(typo_limit("ab") == 1);
    CHECK(typo_limit("singer") == 2);
    CHECK(typo_limit("concert_singer_name") == 3);
    std::vector<std::string_view> names = {"name", "age", "country", "Country_Code"};
    CHECK(closest_name("nmae", names) == "name");  // a transposition is one edit
    CHECK(closest_name("cuntry", names) == "country");
    CHECK(closest_name("ag", names) == "age");
    CHECK(closest_name("salary", names).empty());
    CHECK(closest_name("name", names).empty());    // the name itself is no suggestion
    CHECK(closest_name("NAME", names) == "name");  // a case variant is the closest
    CHECK(closest_name("NAME", names, {.case_variants = false}).empty());
    CHECK(closest_name("mame", std::vector<std::string>{"name", "game"}) == "name");  // first on ties
    CHECK(closest_name("cntry", names, {.max_distance = 1}).empty());
    diagnostics::ClosestName keyword("FRM");
    keyword.consider("FROM", 1);
    keyword.consider("OR", 1);
    CHECK(keyword.best() == "FROM");
}

TEST_CASE("left-join-null-rejected reads strictness from the catalogue: SIMILAR TO and ~* reject NULLs too",
          "[semantics]") {
    // The rule had its own list of NULL-rejecting operators, without SIMILAR TO and ~*: a LEFT JOIN
    // filtered by one of them on the right table stayed a LEFT JOIN.
    auto normalized_sql = [](const std::string& text) {
        ParseResult r = parse(text, {.language = Language::Sql});
        INFO(text);
        REQUIRE(r.ok());
        ast::Arena arena;
        return to_sql(*normalize(*r.script(), Language::Sql, arena));
    };
    for (std::string test : {"c.name SIMILAR TO 'a%'", "c.name ~* 'a'", "c.name LIKE 'a%'"}) {
        INFO(test);
        CHECK(normalized_sql("SELECT s.id FROM singer AS s LEFT JOIN concert AS c ON s.id = c.sid WHERE " + test) ==
              normalized_sql("SELECT s.id FROM singer AS s JOIN concert AS c ON s.id = c.sid WHERE " + test));
    }
    // IS DISTINCT FROM is true on a NULL: the LEFT JOIN stays.
    std::string null_safe = "c.name IS DISTINCT FROM 'a'";
    CHECK(normalized_sql("SELECT s.id FROM singer AS s LEFT JOIN concert AS c ON s.id = c.sid WHERE " + null_safe) !=
          normalized_sql("SELECT s.id FROM singer AS s JOIN concert AS c ON s.id = c.sid WHERE " + null_safe));
}
