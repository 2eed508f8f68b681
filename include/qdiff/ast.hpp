// The unified AST: one tree shape for SQL, KQL and Weaviate queries.
//
// Nodes form a closed class hierarchy tagged by Kind (see ast_nodes.def), live in an Arena owned by
// the parse result, and are trivially destructible. Every node class lists its fields once in
// QDIFF_REFLECT; equality, hashing, printing and child iteration are written once on top of that.
// Spans record where a node came from and never take part in equality or hashing.
#pragma once
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory_resource>
#include <string_view>
#include <type_traits>
#include <vector>

#include "qdiff/dialect.hpp"
#include "qdiff/source.hpp"

namespace qdiff::ast {

enum class Kind : uint8_t {
#define QDIFF_NODE(Class) Class,
#include "qdiff/ast_nodes.def"
#undef QDIFF_NODE
};
std::string_view kind_name(Kind k);

// An identifier as written: quoted names keep their case under SQL's case folding.
struct Name {
    std::string_view text;
    bool quoted = false;
    bool empty() const { return text.empty(); }
    friend bool operator==(const Name& a, const Name& b) { return a.text == b.text && a.quoted == b.quoted; }
};

// An immutable array in the arena.
template <class T>
class List {
public:
    List() = default;
    List(T* data, uint32_t size) : data_(data), size_(size) {}
    T* begin() const { return data_; }
    T* end() const { return data_ + size_; }
    uint32_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    T& operator[](uint32_t i) const { return data_[i]; }
    T& front() const { return data_[0]; }
    T& back() const { return data_[size_ - 1]; }

private:
    T* data_ = nullptr;
    uint32_t size_ = 0;
};

// ---- Enumerations, each with a stable name used by the printers ----------------------------------

#define QDIFF_ENUM(Type, LIST)                           \
    enum class Type : uint8_t { LIST(QDIFF_ENUM_ITEM) }; \
    std::string_view enum_name(Type v);
#define QDIFF_ENUM_ITEM(name, text) name,

#define QDIFF_LITERAL_TYPES(X)                                                                              \
    X(Integer, "integer")                                                                                   \
    X(Decimal, "decimal") X(String, "string") X(Boolean, "boolean") X(Null, "null") X(Timespan, "timespan") \
        X(Datetime, "datetime") X(Dynamic, "dynamic") X(Guid, "guid") X(Interval, "interval") X(Keyword, "keyword")
QDIFF_ENUM(LiteralType, QDIFF_LITERAL_TYPES)

#define QDIFF_UNARY_OPS(X)                                                                                      \
    X(Not, "NOT")                                                                                               \
    X(Negate, "-") X(Plus, "+") X(BitNot, "~") X(IsNull, "IS NULL") X(IsTrue, "IS TRUE") X(IsFalse, "IS FALSE") \
        X(IsUnknown, "IS UNKNOWN")
QDIFF_ENUM(UnaryOp, QDIFF_UNARY_OPS)

// Negated forms (NOT LIKE, !has, IS NOT NULL, NOT BETWEEN, !in) are Unary(Not, ...) around these.
#define QDIFF_BINARY_OPS(X)                                                                                            \
    X(Add, "+")                                                                                                        \
    X(Sub, "-") X(Mul, "*") X(Div, "/") X(Mod, "%") X(IntDiv, "DIV") X(Concat, "||") X(BitAnd, "&") X(BitOr, "|")      \
        X(BitXor, "^") X(ShiftLeft, "<<") X(ShiftRight, ">>") X(Eq, "=") X(NotEq, "<>") X(Lt, "<") X(LtEq, "<=")       \
            X(Gt, ">") X(GtEq, ">=") X(Power, "^") X(IsDistinctFrom, "IS DISTINCT FROM") X(And, "AND") X(Or, "OR") X(  \
                Xor, "XOR") X(Like, "LIKE") X(ILike, "ILIKE") X(Glob, "GLOB") X(Regexp, "REGEXP") X(IRegexp, "~*")     \
                X(SimilarTo, "SIMILAR TO") X(Match, "MATCH") X(Escape, "ESCAPE") X(Overlap, "&&") X(TextMatch, "@@")   \
                    X(JsonGet, "->") X(JsonGetText, "->>") X(JsonPath, "#>") X(JsonPathText, "#>>")                    \
                        X(JsonContains, "@>") X(JsonContainedBy, "<@") X(JsonHasKey, "?") X(JsonHasAny, "?|")          \
                            X(JsonHasAll, "?&") X(VectorL2, "<->") X(VectorCosine, "<=>") X(VectorInnerProduct, "<#>") \
                                X(AtTimeZone, "AT TIME ZONE") X(Collate, "COLLATE") X(Has, "has") X(HasCs, "has_cs")   \
                                    X(HasPrefix, "hasprefix") X(HasPrefixCs, "hasprefix_cs") X(HasSuffix, "hassuffix") \
                                        X(HasSuffixCs, "hassuffix_cs") X(HasAny, "has_any") X(HasAll, "has_all")       \
                                            X(Contains, "contains") X(ContainsCs, "contains_cs")                       \
                                                X(StartsWith, "startswith") X(StartsWithCs, "startswith_cs")           \
                                                    X(EndsWith, "endswith") X(EndsWithCs, "endswith_cs")               \
                                                        X(MatchesRegex, "matches regex") X(EqualsCi, "=~")             \
                                                            X(ContainsAny, "ContainsAny")                              \
                                                                X(ContainsAll, "ContainsAll")                          \
                                                                    X(ContainsNone, "ContainsNone")                    \
                                                                        X(WithinGeoRange, "WithinGeoRange")
QDIFF_ENUM(BinaryOp, QDIFF_BINARY_OPS)

#define QDIFF_SORT_DIRS(X) X(Default, "default") X(Asc, "asc") X(Desc, "desc")
QDIFF_ENUM(SortDir, QDIFF_SORT_DIRS)
#define QDIFF_NULLS_ORDERS(X) X(Default, "default") X(First, "first") X(Last, "last")
QDIFF_ENUM(NullsOrder, QDIFF_NULLS_ORDERS)

#define QDIFF_JOIN_KINDS(X)                                                                                           \
    X(Inner, "inner")                                                                                                 \
    X(Left, "left") X(Right, "right") X(Full, "full") X(Cross, "cross") X(Semi, "semi") X(Anti, "anti")               \
        X(RightSemi, "rightsemi") X(RightAnti, "rightanti") X(InnerUnique, "innerunique") X(CrossApply, "crossapply") \
            X(OuterApply, "outerapply")
QDIFF_ENUM(JoinKind, QDIFF_JOIN_KINDS)

#define QDIFF_SET_OP_KINDS(X) X(Union, "union") X(Intersect, "intersect") X(Except, "except")
QDIFF_ENUM(SetOpKind, QDIFF_SET_OP_KINDS)

#define QDIFF_DISTINCT_KINDS(X) X(None, "none") X(Distinct, "distinct") X(DistinctOn, "distinct_on")
QDIFF_ENUM(DistinctKind, QDIFF_DISTINCT_KINDS)

// Text = nearText, Keyword = bm25 / KQL search, Vector = nearVector, Object = nearObject, Media = nearImage...
#define QDIFF_SEARCH_KINDS(X) \
    X(Text, "text")           \
    X(Keyword, "keyword") X(Vector, "vector") X(Hybrid, "hybrid") X(Object, "object") X(Ask, "ask") X(Media, "media")
QDIFF_ENUM(SearchKind, QDIFF_SEARCH_KINDS)

#define QDIFF_FRAME_UNITS(X) X(Rows, "rows") X(Range, "range") X(Groups, "groups")
QDIFF_ENUM(FrameUnit, QDIFF_FRAME_UNITS)
#define QDIFF_FRAME_BOUNDS(X)                                                                           \
    X(None, "none")                                                                                     \
    X(UnboundedPreceding, "unbounded_preceding") X(Preceding, "preceding") X(CurrentRow, "current_row") \
        X(Following, "following") X(UnboundedFollowing, "unbounded_following")
QDIFF_ENUM(FrameBound, QDIFF_FRAME_BOUNDS)
#define QDIFF_FRAME_EXCLUDES(X) \
    X(None, "none") X(CurrentRow, "current_row") X(Group, "group") X(Ties, "ties") X(NoOthers, "no_others")
QDIFF_ENUM(FrameExclude, QDIFF_FRAME_EXCLUDES)

#define QDIFF_QUANTIFIERS(X) X(Any, "any") X(All, "all")
QDIFF_ENUM(Quantifier, QDIFF_QUANTIFIERS)

#define QDIFF_GROUPING_KINDS(X) X(Rollup, "rollup") X(Cube, "cube") X(Sets, "grouping_sets")
QDIFF_ENUM(GroupingKind, QDIFF_GROUPING_KINDS)

#define QDIFF_CONSTRAINT_KINDS(X)                                                                                 \
    X(PrimaryKey, "primary_key")                                                                                  \
    X(ForeignKey, "foreign_key") X(Unique, "unique") X(NotNull, "not_null") X(Null, "null") X(Default, "default") \
        X(Check, "check") X(AutoIncrement, "auto_increment") X(Collate, "collate") X(Generated, "generated")      \
            X(Other, "other")
QDIFF_ENUM(ConstraintKind, QDIFF_CONSTRAINT_KINDS)

#define QDIFF_MATERIALIZATIONS(X) \
    X(Default, "default") X(Materialized, "materialized") X(NotMaterialized, "not_materialized")
QDIFF_ENUM(Materialization, QDIFF_MATERIALIZATIONS)

// KQL's operators that pick columns by name: drop them, keep only them, move them first.
#define QDIFF_COLUMNS_OPS(X) X(Away, "project-away") X(Keep, "project-keep") X(Reorder, "project-reorder")
QDIFF_ENUM(ColumnsOp, QDIFF_COLUMNS_OPS)

#undef QDIFF_ENUM_ITEM

// ---- Node base and checked casts ---------------------------------------------------------------

struct Node {
    const Kind kind;
    Span span;

protected:
    explicit Node(Kind k) : kind(k) {}
};

template <class T>
bool isa(const Node* n) {
    return n != nullptr && T::classof(n->kind);
}
template <class T>
T* dyn_cast(Node* n) {
    return isa<T>(n) ? static_cast<T*>(n) : nullptr;
}
template <class T>
const T* dyn_cast(const Node* n) {
    return isa<T>(n) ? static_cast<const T*>(n) : nullptr;
}
template <class T>
T& cast(Node& n) {
    assert(isa<T>(&n));
    return static_cast<T&>(n);
}
template <class T>
const T& cast(const Node& n) {
    assert(isa<T>(&n));
    return static_cast<const T&>(n);
}

// Abstract groups: a contiguous range of kinds.
struct Statement : Node {
    static bool classof(Kind k) { return k >= Kind::Query && k <= Kind::Let; }

protected:
    using Node::Node;
};
struct Relation : Node {
    static bool classof(Kind k) { return k >= Kind::TableRef && k <= Kind::JoinedTable; }

protected:
    using Node::Node;
};
struct Expr : Node {
    static bool classof(Kind k) { return k >= Kind::ColumnRef && k <= Kind::KqlParse; }

protected:
    using Node::Node;
};

#define QDIFF_NODE_CLASS(Class, Base)                  \
    static constexpr Kind kKind = Kind::Class;         \
    static bool classof(Kind k) { return k == kKind; } \
    Class() : Base(kKind) {}
#define QDIFF_REFLECT(...)             \
    template <class S, class V>        \
    static void reflect(S& s, V&& v) { \
        __VA_ARGS__                    \
    }

#define QDIFF_NODE(Class) struct Class;
#include "qdiff/ast_nodes.def"
#undef QDIFF_NODE

// ---- Top level and statements -------------------------------------------------------------------

struct Script : Node {
    QDIFF_NODE_CLASS(Script, Node)
    List<Statement*> statements;
    // The SQL dialect it was read in (with --dialect auto, the guess), for the linter and the
    // normalizer; how it was read, not part of its structure (not reflected, not compared).
    Dialect dialect = Dialect::Generic;
    QDIFF_REFLECT(v("statements", s.statements);)
};

// A CTE: SQL WITH item, or a KQL tabular `let`.
struct Cte : Node {
    QDIFF_NODE_CLASS(Cte, Node)
    Name name;
    List<Name> columns;
    Query* query = nullptr;
    Statement* statement = nullptr;  // a data-modifying CTE: WITH x AS (DELETE ... RETURNING *)
    Materialization materialization = Materialization::Default;
    QDIFF_REFLECT(v("name", s.name); v("columns", s.columns); v("materialization", s.materialization);
                  v("query", s.query); v("statement", s.statement);)
};

// One relational block (an SQL SELECT, a KQL pipeline segment, a Weaviate Get/Aggregate).
// Set operations apply left to right to this block's core; order_by, limit and offset then apply to
// the combined result. Faithful to the source: the normalizer, not the front end, makes spellings agree
// (e.g. SQL aggregates stay in the projection, KQL summarize fills aggregations and group_by).
struct Query : Statement {
    QDIFF_NODE_CLASS(Query, Statement)
    bool recursive = false;
    List<Cte*> ctes;
    DistinctKind distinct = DistinctKind::None;
    List<Expr*> distinct_on;
    List<SelectItem*> projection;  // empty: every column flows through (KQL without project)
    List<Relation*> sources;
    List<Join*> joins;  // applied in order to everything before them
    List<Search*> search;
    Expr* filter = nullptr;
    List<SelectItem*> aggregations;
    List<Expr*> group_by;
    Expr* having = nullptr;
    Expr* qualify = nullptr;
    List<WindowDef*> windows;
    List<SetOp*> set_ops;
    List<OrderItem*> order_by;
    Expr* limit = nullptr;
    bool limit_percent = false;
    bool limit_with_ties = false;
    Expr* offset = nullptr;
    List<Expr*> options;  // NamedArg: hints, KQL operator options, Weaviate autocut, SELECT INTO target
    QDIFF_REFLECT(v("recursive", s.recursive); v("ctes", s.ctes); v("distinct", s.distinct);
                  v("distinct_on", s.distinct_on); v("projection", s.projection); v("sources", s.sources);
                  v("joins", s.joins); v("search", s.search); v("filter", s.filter); v("aggregations", s.aggregations);
                  v("group_by", s.group_by); v("having", s.having); v("qualify", s.qualify); v("windows", s.windows);
                  v("set_ops", s.set_ops); v("order_by", s.order_by); v("limit", s.limit);
                  v("limit_percent", s.limit_percent); v("limit_with_ties", s.limit_with_ties); v("offset", s.offset);
                  v("options", s.options);)
};

struct Insert : Statement {
    QDIFF_NODE_CLASS(Insert, Statement)
    List<Name> table;
    Name alias;
    List<Name> columns;
    Query* source = nullptr;  // VALUES become a Query over a ValuesTable
    bool default_values = false;
    List<Expr*> options;  // NamedArg: or=replace, on_conflict=..., ignore=true
    List<Assignment*> on_conflict_set;
    List<SelectItem*> returning;
    QDIFF_REFLECT(v("table", s.table); v("alias", s.alias); v("columns", s.columns); v("source", s.source);
                  v("default_values", s.default_values); v("options", s.options);
                  v("on_conflict_set", s.on_conflict_set); v("returning", s.returning);)
};

struct Assignment : Node {
    QDIFF_NODE_CLASS(Assignment, Node)
    List<Name> column;
    Expr* value = nullptr;
    QDIFF_REFLECT(v("column", s.column); v("value", s.value);)
};

struct Update : Statement {
    QDIFF_NODE_CLASS(Update, Statement)
    List<Cte*> ctes;
    Relation* table = nullptr;
    List<Assignment*> assignments;
    List<Relation*> from;
    List<Join*> joins;
    Expr* filter = nullptr;
    List<SelectItem*> returning;
    QDIFF_REFLECT(v("ctes", s.ctes); v("table", s.table); v("assignments", s.assignments); v("from", s.from);
                  v("joins", s.joins); v("filter", s.filter); v("returning", s.returning);)
};

struct Delete : Statement {
    QDIFF_NODE_CLASS(Delete, Statement)
    List<Cte*> ctes;
    Relation* table = nullptr;
    List<Relation*> using_;
    Expr* filter = nullptr;
    List<SelectItem*> returning;
    QDIFF_REFLECT(v("ctes", s.ctes); v("table", s.table); v("using", s.using_); v("filter", s.filter);
                  v("returning", s.returning);)
};

struct ColumnDef : Node {
    QDIFF_NODE_CLASS(ColumnDef, Node)
    Name name;
    std::string_view type;  // canonical spelling: upper case, single spaces, e.g. "NUMERIC(10,2)"
    List<Constraint*> constraints;
    QDIFF_REFLECT(v("name", s.name); v("type", s.type); v("constraints", s.constraints);)
};

// A column or table constraint.
struct Constraint : Node {
    QDIFF_NODE_CLASS(Constraint, Node)
    ConstraintKind constraint = ConstraintKind::Other;
    Name name;
    List<Name> columns;    // table constraints: the constrained columns
    List<Name> ref_table;  // foreign keys
    List<Name> ref_columns;
    Expr* expr = nullptr;  // DEFAULT value, CHECK condition, generated expression
    QDIFF_REFLECT(v("constraint", s.constraint); v("name", s.name); v("columns", s.columns);
                  v("ref_table", s.ref_table); v("ref_columns", s.ref_columns); v("expr", s.expr);)
};

struct CreateTable : Statement {
    QDIFF_NODE_CLASS(CreateTable, Statement)
    List<Name> name;
    bool temporary = false;
    bool if_not_exists = false;
    List<ColumnDef*> columns;
    List<Constraint*> constraints;
    Query* as_query = nullptr;
    QDIFF_REFLECT(v("name", s.name); v("temporary", s.temporary); v("if_not_exists", s.if_not_exists);
                  v("columns", s.columns); v("constraints", s.constraints); v("as_query", s.as_query);)
};

struct CreateView : Statement {
    QDIFF_NODE_CLASS(CreateView, Statement)
    List<Name> name;
    bool or_replace = false;
    bool materialized = false;
    bool temporary = false;
    bool if_not_exists = false;
    List<Name> columns;
    Query* query = nullptr;
    QDIFF_REFLECT(v("name", s.name); v("or_replace", s.or_replace); v("materialized", s.materialized);
                  v("temporary", s.temporary); v("if_not_exists", s.if_not_exists); v("columns", s.columns);
                  v("query", s.query);)
};

struct CreateIndex : Statement {
    QDIFF_NODE_CLASS(CreateIndex, Statement)
    Name name;
    List<Name> table;
    bool unique = false;
    bool if_not_exists = false;
    List<OrderItem*> columns;
    Expr* filter = nullptr;
    QDIFF_REFLECT(v("name", s.name); v("table", s.table); v("unique", s.unique); v("if_not_exists", s.if_not_exists);
                  v("columns", s.columns); v("filter", s.filter);)
};

struct Drop : Statement {
    QDIFF_NODE_CLASS(Drop, Statement)
    std::string_view object;  // "TABLE", "VIEW", "INDEX", "SCHEMA", "DATABASE", ...
    bool if_exists = false;
    bool cascade = false;
    List<TableRef*> targets;
    QDIFF_REFLECT(v("object", s.object); v("if_exists", s.if_exists); v("cascade", s.cascade); v("targets", s.targets);)
};

// Any other statement, kept as its verb, its target and its text: ALTER, TRUNCATE, GRANT, REVOKE,
// MERGE, PRAGMA, ATTACH, DETACH, BEGIN, COMMIT, SET, EXPLAIN (with the explained statement as body),
// KQL `set` and `declare query_parameters`.
struct Command : Statement {
    QDIFF_NODE_CLASS(Command, Statement)
    std::string_view verb;  // upper case, e.g. "ALTER TABLE"
    List<Name> target;
    std::string_view text;  // the statement text after the verb, whitespace folded
    Statement* body = nullptr;
    bool writes = false;  // changes data, schema or permissions
    QDIFF_REFLECT(v("verb", s.verb); v("target", s.target); v("text", s.text); v("body", s.body);
                  v("writes", s.writes);)
};

// KQL `let name = value;` for scalars and functions (tabular lets become CTEs of the query).
struct Let : Statement {
    QDIFF_NODE_CLASS(Let, Statement)
    Name name;
    Node* value = nullptr;  // an Expr (scalar or Lambda) or a Query
    QDIFF_REFLECT(v("name", s.name); v("value", s.value);)
};

// ---- Relations ----------------------------------------------------------------------------------

struct TableRef : Relation {
    QDIFF_NODE_CLASS(TableRef, Relation)
    List<Name> name;  // catalog.schema.table, or KQL cluster/database path then table
    Name alias;
    List<Name> column_aliases;
    // Time travel, the table as it was: "SYSTEM_TIME" (FOR SYSTEM_TIME AS OF, BigQuery and T-SQL) or
    // Snowflake's point and unit ("AT TIMESTAMP", "AT OFFSET", "BEFORE STATEMENT"...), at `as_of_value`;
    // or T-SQL's history over a period, "SYSTEM_TIME FROM|BETWEEN|CONTAINED IN" from `as_of_value` to
    // `as_of_end`, or all of it, "SYSTEM_TIME ALL".
    std::string_view as_of;
    Expr* as_of_value = nullptr;
    Expr* as_of_end = nullptr;
    QDIFF_REFLECT(v("name", s.name); v("alias", s.alias); v("column_aliases", s.column_aliases); v("as_of", s.as_of);
                  v("as_of_value", s.as_of_value); v("as_of_end", s.as_of_end);)
};

struct DerivedTable : Relation {
    QDIFF_NODE_CLASS(DerivedTable, Relation)
    Query* query = nullptr;
    bool lateral = false;
    Name alias;
    List<Name> column_aliases;
    QDIFF_REFLECT(v("lateral", s.lateral); v("query", s.query); v("alias", s.alias);
                  v("column_aliases", s.column_aliases);)
};

// A set-returning function in FROM: UNNEST, generate_series, json_each, KQL range...
struct TableFunction : Relation {
    QDIFF_NODE_CLASS(TableFunction, Relation)
    FunctionCall* call = nullptr;
    bool lateral = false;
    Name alias;
    List<Name> column_aliases;
    QDIFF_REFLECT(v("lateral", s.lateral); v("call", s.call); v("alias", s.alias);
                  v("column_aliases", s.column_aliases);)
};

// VALUES rows, or a KQL datatable (with typed columns).
struct ValuesTable : Relation {
    QDIFF_NODE_CLASS(ValuesTable, Relation)
    List<ColumnDef*> columns;
    List<Tuple*> rows;
    Name alias;
    List<Name> column_aliases;
    QDIFF_REFLECT(v("columns", s.columns); v("rows", s.rows); v("alias", s.alias);
                  v("column_aliases", s.column_aliases);)
};

// PIVOT / UNPIVOT applied to a relation (Snowflake, BigQuery, T-SQL, DuckDB).
// PIVOT: `values` are the aggregates (with their aliases), `columns` the column whose values become
// columns, `in` those values (with aliases). UNPIVOT: `values` the value column(s), `columns` the name
// column, `in` the unpivoted columns (with their labels).
struct PivotTable : Relation {
    QDIFF_NODE_CLASS(PivotTable, Relation)
    Relation* source = nullptr;
    bool unpivot = false;
    bool include_nulls = false;  // UNPIVOT INCLUDE NULLS
    List<SelectItem*> values;
    List<Expr*> columns;
    List<SelectItem*> in;
    Query* in_query = nullptr;   // Snowflake IN (subquery)
    bool in_any = false;         // Snowflake IN (ANY [ORDER BY ...])
    List<OrderItem*> in_order;
    Expr* default_on_null = nullptr;
    Name alias;
    List<Name> column_aliases;
    QDIFF_REFLECT(v("source", s.source); v("unpivot", s.unpivot); v("include_nulls", s.include_nulls);
                  v("values", s.values); v("columns", s.columns); v("in", s.in); v("in_query", s.in_query);
                  v("in_any", s.in_any); v("in_order", s.in_order); v("default_on_null", s.default_on_null);
                  v("alias", s.alias); v("column_aliases", s.column_aliases);)
};

// A sample of a relation: TABLESAMPLE, Snowflake SAMPLE, DuckDB USING SAMPLE.
struct SampledTable : Relation {
    QDIFF_NODE_CLASS(SampledTable, Relation)
    Relation* source = nullptr;
    std::string_view method;  // upper case (BERNOULLI, SYSTEM, RESERVOIR...); empty when not given
    Expr* size = nullptr;
    bool rows = false;        // size counts rows; otherwise a percentage
    Expr* seed = nullptr;     // REPEATABLE (n) / SEED (n)
    Name alias;
    List<Name> column_aliases;
    QDIFF_REFLECT(v("source", s.source); v("method", s.method); v("size", s.size); v("rows", s.rows);
                  v("seed", s.seed); v("alias", s.alias); v("column_aliases", s.column_aliases);)
};

// A parenthesised join tree used as one FROM item: `a JOIN (b JOIN c ON ...) ON ...`.
struct JoinedTable : Relation {
    QDIFF_NODE_CLASS(JoinedTable, Relation)
    Relation* first = nullptr;
    List<Join*> joins;
    Name alias;
    QDIFF_REFLECT(v("first", s.first); v("joins", s.joins); v("alias", s.alias);)
};

// ---- Clause parts -------------------------------------------------------------------------------

struct SelectItem : Node {
    QDIFF_NODE_CLASS(SelectItem, Node)
    Expr* expr = nullptr;
    Name alias;
    QDIFF_REFLECT(v("expr", s.expr); v("alias", s.alias);)
};

// Joins the relation `right` to everything before it in the FROM list.
struct Join : Node {
    QDIFF_NODE_CLASS(Join, Node)
    JoinKind join = JoinKind::Inner;
    bool natural = false;
    Relation* right = nullptr;  // LATERAL is a property of the right relation
    Expr* condition = nullptr;
    List<Name> using_columns;
    List<Expr*> options;  // NamedArg: KQL hint.*, lookup
    QDIFF_REFLECT(v("join", s.join); v("natural", s.natural); v("right", s.right); v("condition", s.condition);
                  v("using_columns", s.using_columns); v("options", s.options);)
};

struct Search : Node {
    QDIFF_NODE_CLASS(Search, Node)
    SearchKind search = SearchKind::Text;
    Expr* query = nullptr;   // the text, concepts, vector or object
    List<Expr*> properties;  // searched properties/columns (bm25 properties with boosts)
    List<Expr*> options;     // NamedArg: alpha, certainty, distance, moveTo, fusionType...
    // How a Weaviate query wrote it, to show it so: the argument (`nearImage`, `nearObject`) and the field
    // its query was read from (`image`, `id` or `beacon`); empty for a search not written as one (a
    // structured query's). How it was written, not part of its structure (not reflected, not compared).
    std::string_view argument;
    std::string_view query_field;
    QDIFF_REFLECT(v("search", s.search); v("query", s.query); v("properties", s.properties); v("options", s.options);)
};

struct OrderItem : Node {
    QDIFF_NODE_CLASS(OrderItem, Node)
    Expr* expr = nullptr;
    SortDir dir = SortDir::Default;
    NullsOrder nulls = NullsOrder::Default;
    QDIFF_REFLECT(v("expr", s.expr); v("dir", s.dir); v("nulls", s.nulls);)
};

struct SetOp : Node {
    QDIFF_NODE_CLASS(SetOp, Node)
    SetOpKind op = SetOpKind::Union;
    bool all = false;
    Query* query = nullptr;
    QDIFF_REFLECT(v("op", s.op); v("all", s.all); v("query", s.query);)
};

struct WindowFrame : Node {
    QDIFF_NODE_CLASS(WindowFrame, Node)
    FrameUnit unit = FrameUnit::Rows;
    FrameBound start = FrameBound::UnboundedPreceding;
    Expr* start_offset = nullptr;
    FrameBound end = FrameBound::None;
    Expr* end_offset = nullptr;
    FrameExclude exclude = FrameExclude::None;
    QDIFF_REFLECT(v("unit", s.unit); v("start", s.start); v("start_offset", s.start_offset); v("end", s.end);
                  v("end_offset", s.end_offset); v("exclude", s.exclude);)
};

struct WindowSpec : Node {
    QDIFF_NODE_CLASS(WindowSpec, Node)
    Name base;  // OVER w, or OVER (w ORDER BY ...)
    List<Expr*> partition_by;
    List<OrderItem*> order_by;
    WindowFrame* frame = nullptr;
    QDIFF_REFLECT(v("base", s.base); v("partition_by", s.partition_by); v("order_by", s.order_by); v("frame", s.frame);)
};

struct WindowDef : Node {
    QDIFF_NODE_CLASS(WindowDef, Node)
    Name name;
    WindowSpec* spec = nullptr;
    QDIFF_REFLECT(v("name", s.name); v("spec", s.spec);)
};

struct When : Node {
    QDIFF_NODE_CLASS(When, Node)
    Expr* condition = nullptr;
    Expr* result = nullptr;
    QDIFF_REFLECT(v("condition", s.condition); v("result", s.result);)
};

// ROLLUP(...), CUBE(...), GROUPING SETS(...) inside GROUP BY (items of a set are Tuples).
struct GroupingSet : Expr {
    QDIFF_NODE_CLASS(GroupingSet, Expr)
    GroupingKind grouping = GroupingKind::Rollup;
    List<Expr*> items;
    QDIFF_REFLECT(v("grouping", s.grouping); v("items", s.items);)
};

// ---- Expressions --------------------------------------------------------------------------------

// A column (or, in KQL, any bare name) with its qualifiers: path = [schema, table, column].
struct ColumnRef : Expr {
    QDIFF_NODE_CLASS(ColumnRef, Expr)
    List<Name> path;
    QDIFF_REFLECT(v("path", s.path);)
};

// `*`, `t.*`, or a KQL column wildcard such as `Event*` (pattern).
struct Star : Expr {
    QDIFF_NODE_CLASS(Star, Expr)
    List<Name> qualifier;
    std::string_view pattern;
    List<Name> except;          // `* EXCEPT (a)` (BigQuery), `* EXCLUDE (a)` (DuckDB, Snowflake)
    List<SelectItem*> replace;  // `* REPLACE (x + 1 AS a)`
    QDIFF_REFLECT(v("qualifier", s.qualifier); v("pattern", s.pattern); v("except", s.except); v("replace", s.replace);)
};

// `text` is the value, not the spelling: strings unescaped, numbers as written, booleans
// "true"/"false", timespans and datetimes as written inside the literal, intervals "1 year".
struct Literal : Expr {
    QDIFF_NODE_CLASS(Literal, Expr)
    LiteralType type = LiteralType::Null;
    std::string_view text;
    QDIFF_REFLECT(v("type", s.type); v("text", s.text);)
};

// `$1`, `?`, `:name`, `@name`, GraphQL `$var`.
struct Parameter : Expr {
    QDIFF_NODE_CLASS(Parameter, Expr)
    std::string_view text;
    // Weaviate: the field a variable stands in for (`valueInt: $n`, nearText's `concepts: $c`, which
    // `concepts: [$c]` is not), to show it as written; empty elsewhere. How it was written, not part of
    // the structure (not reflected, not compared).
    std::string_view value_field;
    QDIFF_REFLECT(v("text", s.text);)
};

struct FunctionCall : Expr {
    QDIFF_NODE_CLASS(FunctionCall, Expr)
    List<Name> name;
    bool distinct = false;
    List<Expr*> args;            // COUNT(*) has one Star argument
    List<OrderItem*> arg_order;  // string_agg(x, ',' ORDER BY y), WITHIN GROUP (ORDER BY ...)
    Expr* filter = nullptr;      // FILTER (WHERE ...)
    WindowSpec* over = nullptr;
    QDIFF_REFLECT(v("name", s.name); v("distinct", s.distinct); v("args", s.args); v("arg_order", s.arg_order);
                  v("filter", s.filter); v("over", s.over);)
};

struct Unary : Expr {
    QDIFF_NODE_CLASS(Unary, Expr)
    UnaryOp op = UnaryOp::Not;
    Expr* operand = nullptr;
    QDIFF_REFLECT(v("op", s.op); v("operand", s.operand);)
};

struct Binary : Expr {
    QDIFF_NODE_CLASS(Binary, Expr)
    BinaryOp op = BinaryOp::Eq;
    Expr* lhs = nullptr;
    Expr* rhs = nullptr;
    QDIFF_REFLECT(v("op", s.op); v("lhs", s.lhs); v("rhs", s.rhs);)
};

struct Between : Expr {
    QDIFF_NODE_CLASS(Between, Expr)
    bool symmetric = false;
    Expr* expr = nullptr;
    Expr* low = nullptr;
    Expr* high = nullptr;
    QDIFF_REFLECT(v("symmetric", s.symmetric); v("expr", s.expr); v("low", s.low); v("high", s.high);)
};

struct InList : Expr {
    QDIFF_NODE_CLASS(InList, Expr)
    bool case_insensitive = false;  // KQL in~
    Expr* expr = nullptr;
    List<Expr*> items;
    QDIFF_REFLECT(v("case_insensitive", s.case_insensitive); v("expr", s.expr); v("items", s.items);)
};

struct InSubquery : Expr {
    QDIFF_NODE_CLASS(InSubquery, Expr)
    Expr* expr = nullptr;
    Query* query = nullptr;
    QDIFF_REFLECT(v("expr", s.expr); v("query", s.query);)
};

// `x op ANY|ALL (subquery)` or `x op ANY(array)`: rhs is a SubqueryExpr or an array expression.
struct Quantified : Expr {
    QDIFF_NODE_CLASS(Quantified, Expr)
    BinaryOp op = BinaryOp::Eq;
    Quantifier quantifier = Quantifier::Any;
    Expr* lhs = nullptr;
    Expr* rhs = nullptr;
    QDIFF_REFLECT(v("op", s.op); v("quantifier", s.quantifier); v("lhs", s.lhs); v("rhs", s.rhs);)
};

struct Exists : Expr {
    QDIFF_NODE_CLASS(Exists, Expr)
    Query* query = nullptr;
    QDIFF_REFLECT(v("query", s.query);)
};

struct SubqueryExpr : Expr {
    QDIFF_NODE_CLASS(SubqueryExpr, Expr)
    Query* query = nullptr;
    QDIFF_REFLECT(v("query", s.query);)
};

struct Case : Expr {
    QDIFF_NODE_CLASS(Case, Expr)
    Expr* operand = nullptr;  // CASE x WHEN ...
    List<When*> whens;
    Expr* else_ = nullptr;
    QDIFF_REFLECT(v("operand", s.operand); v("whens", s.whens); v("else", s.else_);)
};

// CAST, TRY_CAST, `::`, CONVERT, and typed literals (DATE '2020-01-01').
struct Cast : Expr {
    QDIFF_NODE_CLASS(Cast, Expr)
    Expr* expr = nullptr;
    std::string_view type;  // canonical spelling, as in ColumnDef
    bool try_cast = false;
    QDIFF_REFLECT(v("expr", s.expr); v("type", s.type); v("try_cast", s.try_cast);)
};

// A row constructor `(a, b)` or a KQL list `("a", "b")`.
struct Tuple : Expr {
    QDIFF_NODE_CLASS(Tuple, Expr)
    List<Expr*> items;
    QDIFF_REFLECT(v("items", s.items);)
};

// ARRAY[...] or a JSON/dynamic array built from expressions.
struct Array : Expr {
    QDIFF_NODE_CLASS(Array, Expr)
    List<Expr*> items;
    QDIFF_REFLECT(v("items", s.items);)
};

// base[index] or base[index:upper].
struct Subscript : Expr {
    QDIFF_NODE_CLASS(Subscript, Expr)
    Expr* base = nullptr;
    Expr* index = nullptr;
    Expr* upper = nullptr;
    bool slice = false;
    QDIFF_REFLECT(v("base", s.base); v("index", s.index); v("upper", s.upper); v("slice", s.slice);)
};

// (expr).field in SQL, dynamic.property in KQL.
struct FieldAccess : Expr {
    QDIFF_NODE_CLASS(FieldAccess, Expr)
    Expr* base = nullptr;
    Name field;
    QDIFF_REFLECT(v("base", s.base); v("field", s.field);)
};

// name = value (KQL named arguments and operator options, SQL `f(a => 1)`, Weaviate arguments).
struct NamedArg : Expr {
    QDIFF_NODE_CLASS(NamedArg, Expr)
    Name name;
    Expr* value = nullptr;
    QDIFF_REFLECT(v("name", s.name); v("value", s.value);)
};

// KQL `(a:string, b:long = 1) { body }`: params are ColumnDefs (default in a Default constraint).
struct Lambda : Expr {
    QDIFF_NODE_CLASS(Lambda, Expr)
    List<ColumnDef*> params;
    Node* body = nullptr;  // an Expr or a Query
    QDIFF_REFLECT(v("params", s.params); v("body", s.body);)
};

// ---- KQL operators kept in Query::options, in pipeline order after the block's other parts ------

// `project-away a, b*` / `project-keep ...` / `project-reorder ...` (reorder without asc/desc): the
// columns named (ColumnRef) or matched by a wildcard (Star with its pattern).
struct KqlProjectColumns : Expr {
    QDIFF_NODE_CLASS(KqlProjectColumns, Expr)
    ColumnsOp op = ColumnsOp::Away;
    List<Expr*> columns;
    QDIFF_REFLECT(v("op", s.op); v("columns", s.columns);)
};

// `project-rename new1 = old1, new2 = old2`: names[i] is the new name of the column columns[i] reads.
struct KqlProjectRename : Expr {
    QDIFF_NODE_CLASS(KqlProjectRename, Expr)
    List<Name> names;
    List<ColumnRef*> columns;
    QDIFF_REFLECT(v("names", s.names); v("columns", s.columns);)
};

// One expanded column of mv-expand: `[name =] expr [to typeof(type)]`.
struct KqlExpandColumn : Node {
    QDIFF_NODE_CLASS(KqlExpandColumn, Node)
    Name name;              // empty: the column keeps the name of the column `expr` reads
    Expr* expr = nullptr;   // the array or bag expanded
    std::string_view type;  // `to typeof(type)` as written; empty: dynamic
    QDIFF_REFLECT(v("name", s.name); v("expr", s.expr); v("type", s.type);)
};

// `mv-expand [kind=bag|array] [bagexpansion=..] [with_itemindex=i] [hint.*=..] columns [limit n]`.
struct KqlMvExpand : Expr {
    QDIFF_NODE_CLASS(KqlMvExpand, Expr)
    List<Expr*> parameters;  // NamedArg: kind, bagexpansion, with_itemindex, hints (name as written)
    List<KqlExpandColumn*> columns;
    Expr* limit = nullptr;  // at most this many rows per input row
    QDIFF_REFLECT(v("parameters", s.parameters); v("columns", s.columns); v("limit", s.limit);)
};

// `parse [kind=..] [flags=..] source with pattern` (and parse-where). The pattern's parts in order: a
// Star (`*`: any text), a string Literal (text to match), a ColumnDef (a column captured; its type as
// written, empty when not given: string).
struct KqlParse : Expr {
    QDIFF_NODE_CLASS(KqlParse, Expr)
    bool where = false;      // parse-where: the rows that do not match are dropped
    List<Expr*> parameters;  // NamedArg: kind, flags (name as written)
    Expr* source = nullptr;
    List<Node*> pattern;
    QDIFF_REFLECT(v("where", s.where); v("parameters", s.parameters); v("source", s.source);
                  v("pattern", s.pattern);)
};

#undef QDIFF_NODE_CLASS

// ---- Arena -------------------------------------------------------------------------------------

class Arena {
public:
    Arena() : resource_(initial_, sizeof(initial_)) {}
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;

    template <class T, class... Args>
    T* make(Args&&... args) {
        static_assert(std::is_trivially_destructible_v<T>, "arena nodes are never destroyed");
        void* p = resource_.allocate(sizeof(T), alignof(T));
        return new (p) T(std::forward<Args>(args)...);
    }
    template <class T>
    List<T> list(const std::vector<T>& items) {
        if (items.empty()) return {};
        T* p = static_cast<T*>(resource_.allocate(sizeof(T) * items.size(), alignof(T)));
        std::uninitialized_copy(items.begin(), items.end(), p);
        return List<T>(p, static_cast<uint32_t>(items.size()));
    }
    std::string_view copy(std::string_view text) {
        if (text.empty()) return {};
        char* p = static_cast<char*>(resource_.allocate(text.size(), 1));
        std::memcpy(p, text.data(), text.size());
        return {p, text.size()};
    }

private:
    alignas(std::max_align_t) std::byte initial_[4096];
    std::pmr::monotonic_buffer_resource resource_;
};

// ---- Generic operations over the reflected fields ------------------------------------------------

// Calls f(const Node&) for every child in field order.
template <class F>
void for_each_child(const Node& n, F&& f);

bool equal(const Node* a, const Node* b);  // structural, ignores spans
size_t hash(const Node* n);                // consistent with equal

// Calls v(name, field) for every field of the node.
template <class V>
void visit_fields(const Node& n, V&& v) {
    switch (n.kind) {
#define QDIFF_NODE(Class)                                \
    case Kind::Class:                                    \
        Class::reflect(static_cast<const Class&>(n), v); \
        break;
#include "qdiff/ast_nodes.def"
#undef QDIFF_NODE
    }
}

namespace detail {
template <class T>
struct is_node_ptr : std::false_type {};
template <class T>
struct is_node_ptr<T*> : std::is_base_of<Node, T> {};
template <class T>
struct is_node_list : std::false_type {};
template <class T>
struct is_node_list<List<T*>> : std::is_base_of<Node, T> {};
}  // namespace detail

template <class F>
void for_each_child(const Node& n, F&& f) {
    visit_fields(n, [&](std::string_view, const auto& field) {
        using T = std::decay_t<decltype(field)>;
        if constexpr (detail::is_node_ptr<T>::value) {
            if (field) f(static_cast<const Node&>(*field));
        } else if constexpr (detail::is_node_list<T>::value) {
            for (auto* child : field) f(static_cast<const Node&>(*child));
        }
    });
}

}  // namespace qdiff::ast
