// The unified AST: arena, checked casts, structural equality and hash, generic printers.
#include <catch2/catch.hpp>

#include "qdiff/ast.hpp"
#include "qdiff/ast_print.hpp"

using namespace qdiff;
using namespace qdiff::ast;

namespace {

struct Builder {
    Arena arena;
    Name name(std::string_view text, bool quoted = false) { return {arena.copy(text), quoted}; }
    ColumnRef* column(std::string_view text, uint32_t at = 0) {
        auto* c = arena.make<ColumnRef>();
        c->path = arena.list(std::vector<Name>{name(text)});
        c->span = {at, at + static_cast<uint32_t>(text.size())};
        return c;
    }
    Literal* integer(std::string_view text) {
        auto* l = arena.make<Literal>();
        l->type = LiteralType::Integer;
        l->text = arena.copy(text);
        return l;
    }
    Binary* binary(BinaryOp op, Expr* lhs, Expr* rhs) {
        auto* b = arena.make<Binary>();
        b->op = op;
        b->lhs = lhs;
        b->rhs = rhs;
        return b;
    }
    // SELECT a FROM t WHERE <filter>
    Query* select(std::string_view column_name, std::string_view table, Expr* filter) {
        auto* q = arena.make<Query>();
        auto* item = arena.make<SelectItem>();
        item->expr = column(column_name);
        q->projection = arena.list(std::vector<SelectItem*>{item});
        auto* t = arena.make<TableRef>();
        t->name = arena.list(std::vector<Name>{name(table)});
        q->sources = arena.list(std::vector<Relation*>{t});
        q->filter = filter;
        return q;
    }
};

}  // namespace

TEST_CASE("checked casts follow the kind groups", "[ast]") {
    Builder b;
    Node* c = b.column("a");
    CHECK(isa<Expr>(c));
    CHECK(isa<ColumnRef>(c));
    CHECK_FALSE(isa<Literal>(c));
    CHECK_FALSE(isa<Statement>(c));
    CHECK(dyn_cast<Literal>(c) == nullptr);
    Node* q = b.select("a", "t", nullptr);
    CHECK(isa<Statement>(q));
    CHECK_FALSE(isa<Expr>(q));
    CHECK(isa<Relation>(cast<Query>(*q).sources[0]));
    auto* g = b.arena.make<GroupingSet>();
    CHECK(isa<Expr>(g));
}

TEST_CASE("structural equality ignores spans but not fields", "[ast]") {
    Builder b;
    Expr* x = b.binary(BinaryOp::Gt, b.column("x", 0), b.integer("5"));
    Expr* y = b.binary(BinaryOp::Gt, b.column("x", 40), b.integer("5"));
    CHECK(equal(x, y));
    CHECK(hash(x) == hash(y));
    Expr* other_op = b.binary(BinaryOp::GtEq, b.column("x"), b.integer("5"));
    Expr* other_value = b.binary(BinaryOp::Gt, b.column("x"), b.integer("6"));
    Expr* swapped = b.binary(BinaryOp::Gt, b.integer("5"), b.column("x"));
    CHECK_FALSE(equal(x, other_op));
    CHECK_FALSE(equal(x, other_value));
    CHECK_FALSE(equal(x, swapped));
    CHECK(hash(x) != hash(other_value));

    Query* q1 = b.select("a", "t", x);
    Query* q2 = b.select("a", "t", y);
    Query* q3 = b.select("a", "u", y);
    CHECK(equal(q1, q2));
    CHECK_FALSE(equal(q1, q3));
    CHECK_FALSE(equal(q1, nullptr));
}

TEST_CASE("quoting is part of a name", "[ast]") {
    Builder b;
    auto* plain = b.arena.make<ColumnRef>();
    plain->path = b.arena.list(std::vector<Name>{b.name("Name")});
    auto* quoted = b.arena.make<ColumnRef>();
    quoted->path = b.arena.list(std::vector<Name>{b.name("Name", true)});
    CHECK_FALSE(equal(plain, quoted));
}

TEST_CASE("child iteration visits children in field order", "[ast]") {
    Builder b;
    Query* q = b.select("a", "t", b.binary(BinaryOp::Eq, b.column("x"), b.integer("1")));
    std::vector<Kind> kinds;
    for_each_child(*q, [&](const Node& child) { kinds.push_back(child.kind); });
    CHECK(kinds == std::vector<Kind>{Kind::SelectItem, Kind::TableRef, Kind::Binary});
}

TEST_CASE("JSON and S-expression printers show non-default fields", "[ast]") {
    Builder b;
    Query* q = b.select("a", "t", b.binary(BinaryOp::Eq, b.column("x", 3), b.integer("1")));
    CHECK(
        to_json(*q) ==
        R"({"kind":"Query","distinct":"none","projection":[{"kind":"SelectItem","expr":{"kind":"ColumnRef","path":["a"]}}],)"
        R"("sources":[{"kind":"TableRef","name":["t"]}],"filter":{"kind":"Binary","op":"=","lhs":{"kind":"ColumnRef","path":["x"]},)"
        R"("rhs":{"kind":"Literal","type":"integer","text":"1"}}})");
    CHECK(to_sexpr(*q->filter) == "(Binary :op = :lhs (ColumnRef :path (x)) :rhs (Literal :type integer :text \"1\"))");
    CHECK(to_json(*q->filter, {.spans = true}).find(R"("span":[3,4])") != std::string::npos);
}

TEST_CASE("the SQL printer parenthesises by precedence", "[ast][printer]") {
    Builder b;
    // (a + b) * c, a - (b - c), a - b - c
    Expr* sum = b.binary(BinaryOp::Add, b.column("a"), b.column("b"));
    CHECK(to_sql(*b.binary(BinaryOp::Mul, sum, b.column("c"))) == "(a + b) * c");
    CHECK(to_sql(*b.binary(BinaryOp::Sub, b.column("a"), b.binary(BinaryOp::Sub, b.column("b"), b.column("c")))) ==
          "a - (b - c)");
    CHECK(to_sql(*b.binary(BinaryOp::Sub, b.binary(BinaryOp::Sub, b.column("a"), b.column("b")), b.column("c"))) ==
          "a - b - c");
    // x = 1 OR y = 2 AND z = 3 keeps AND under OR without parentheses
    Expr* conj = b.binary(BinaryOp::And, b.binary(BinaryOp::Eq, b.column("y"), b.integer("2")),
                          b.binary(BinaryOp::Eq, b.column("z"), b.integer("3")));
    Expr* disj = b.binary(BinaryOp::Or, b.binary(BinaryOp::Eq, b.column("x"), b.integer("1")), conj);
    CHECK(to_sql(*disj) == "x = 1 OR y = 2 AND z = 3");
    CHECK(to_sql(*b.binary(BinaryOp::And, disj, b.column("w"))) == "(x = 1 OR y = 2 AND z = 3) AND w");
    // negations print in their SQL spelling
    auto* not_like = b.arena.make<Unary>();
    not_like->op = UnaryOp::Not;
    not_like->operand = b.binary(BinaryOp::Like, b.column("name"), b.integer("1"));
    CHECK(to_sql(*not_like) == "name NOT LIKE 1");
    auto* is_null = b.arena.make<Unary>();
    is_null->op = UnaryOp::IsNull;
    is_null->operand = b.column("x");
    auto* not_null = b.arena.make<Unary>();
    not_null->op = UnaryOp::Not;
    not_null->operand = is_null;
    CHECK(to_sql(*not_null) == "x IS NOT NULL");
    CHECK(to_sql(*b.select("a", "t", disj)) == "SELECT a FROM t WHERE x = 1 OR y = 2 AND z = 3");
}

TEST_CASE("quoted and unusual names are quoted in SQL", "[ast][printer]") {
    Builder b;
    auto* c = b.arena.make<ColumnRef>();
    c->path = b.arena.list(std::vector<Name>{b.name("T1"), b.name("Free Meal \"Count\"", true)});
    CHECK(to_sql(*c) == R"(T1."Free Meal ""Count""")");
}
