// The interpreter behind run_kql (kql_exec.hpp): tabular operators (tabular.cpp), scalar expressions
// and functions (scalar.cpp), aggregates (aggregate.cpp).
#pragma once
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "qdiff/ast.hpp"
#include "stages/results/kql/kql_exec.hpp"

namespace qdiff::results::kql {

using Row = std::vector<KValue>;

struct Table {
    std::vector<KqlColumn> columns;
    std::vector<Row> rows;
    bool ordered = false;  // sorted or serialized: row_number()/prev() would be allowed
    int find(std::string_view name) const;
    std::string unique_name(std::string base) const;  // base, else base1, base2, ...
};

struct Timeout {};

// What a scalar expression reads: a row of a table, or a group of rows (summarize), or the two sides of
// a join condition.
struct Scope {
    const Table* table = nullptr;
    const Row* row = nullptr;
    const std::vector<const Row*>* group = nullptr;  // inside summarize
    const Table* left = nullptr;                      // join ... on $left.x == $right.y
    const Row* left_row = nullptr;
    const Table* right = nullptr;
    const Row* right_row = nullptr;
};

std::string name_text(const ast::Name& n);
// A value converted as tostring()/toint()/todatetime()... convert it (null when it does not convert).
KValue convert_to(const KValue& v, KType type);
// The column name KQL gives an unnamed expression, or "" when it gives ColumnN.
std::string inferred_name(const ast::Expr* e);
// The lower-case last part of a function name.
std::string function_name(const ast::FunctionCall& f);
bool is_aggregate_function(std::string_view name);

class Interpreter {
public:
    Interpreter(const KqlDatabase& db, const KqlRunOptions& options);
    Table run(const ast::Script& script);

    // ---- tabular (tabular.cpp) -------------------------------------------------------------------
    Table eval_query(const ast::Query& q);
    Table eval_relation(const ast::Relation* r);

    // ---- scalar (scalar.cpp) ---------------------------------------------------------------------
    KValue eval(const ast::Expr* e, const Scope& scope);
    bool eval_predicate(const ast::Expr* e, const Scope& scope);
    KValue call_function(const ast::FunctionCall& f, const Scope& scope);
    KValue literal(const ast::Literal& l);

    // ---- aggregates (aggregate.cpp) --------------------------------------------------------------
    // One aggregate call over a group; arg_max/arg_min and percentiles give several columns: `extra`.
    KValue aggregate(const ast::FunctionCall& f, const Scope& scope);
    // The columns `summarize` makes of one aggregation item: names and how to compute each from a group.
    struct AggregateColumns {
        std::vector<std::string> names;
        std::vector<KType> types;
    };

    void tick();  // counts work; throws Timeout past the deadline
    void check_rows(size_t n) const;
    int64_t now_ticks() const { return options_.now_ticks; }

    const KqlDatabase& db_;
    KqlRunOptions options_;
    std::chrono::steady_clock::time_point deadline_;
    uint64_t steps_ = 0;
    std::unordered_map<std::string, KValue> scalars_;                // let x = scalar
    std::unordered_map<std::string, Table> tables_;                  // let T = tabular; as T
    std::unordered_map<std::string, const ast::Lambda*> functions_;  // let f = (..) {..}
    int lambda_depth_ = 0;
    std::string_view source_text_;  // the query's text: tells the count operator from count()

private:
    Table summarize(const ast::Query& q, Table input);
    Table project(const ast::Query& q, Table input);
    Table join(const ast::Join& j, Table left);
    Table apply_option(const ast::NamedArg& option, Table input, const ast::Query& q);
    struct MvExpandSpec {
        struct Target {
            std::string name;
            const ast::Expr* expr = nullptr;  // the array, or
            int source = -1;                  // this input column
            std::optional<KType> to_type;     // to typeof(T)
        };
        std::vector<Target> targets;
        std::string index_column;  // with_itemindex=
        bool array_kind = false;   // kind=array: bags expand to [key, value]
        size_t limit = SIZE_MAX;   // limit N: rows per input row
    };
    Table mv_expand(const ast::KqlMvExpand& expand, Table input);
    Table mv_expand(const MvExpandSpec& spec, Table input);
    Table bag_unpack(const ast::FunctionCall& call, Table input);
    Table parse_operator(const ast::KqlParse& parse, Table input);
    Table project_columns(const ast::KqlProjectColumns& pick, Table input);
    Table project_rename(const ast::KqlProjectRename& rename, Table input);
    Table union_with(Table left, const ast::SetOp& op, const ast::Query& q);
    Table table_function(const ast::FunctionCall& f);
    Table invoke_tabular_lambda(const ast::Lambda& lambda, const std::vector<const ast::Expr*>& args);
};

}  // namespace qdiff::results::kql
