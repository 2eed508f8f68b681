// KQL name resolution: replays each pipeline block's operators in the order parsers/kql folded them
// (see analysis.hpp) and records what every table and column reference resolved to.
#include <algorithm>
#include <cctype>

#include "lint/kql/analysis.hpp"
#include "lint/kql/names.hpp"
#include "lint/sql/analysis.hpp"
#include "support/strings.hpp"

namespace qdiff::linting::kql {
namespace {

using namespace ast;

// Let-bound names visible to a statement: tabular expressions (with their columns), scalars and
// functions (whose result columns are unknown).
struct Env {
    std::vector<std::pair<std::string, Columns>> tabular;
    std::vector<std::string> scalars;
    std::vector<std::string> functions;

    const Columns* find_tabular(std::string_view name) const {
        for (auto it = tabular.rbegin(); it != tabular.rend(); ++it)
            if (it->first == name) return &it->second;
        return nullptr;
    }
    bool is_scalar(std::string_view name) const {
        return std::find(scalars.begin(), scalars.end(), name) != scalars.end();
    }
    bool is_function(std::string_view name) const {
        return std::find(functions.begin(), functions.end(), name) != functions.end();
    }
};

// The input of a join condition: `$left.x` and `$right.y` resolve against one side each.
struct JoinSides {
    const Columns* left = nullptr;
    const Columns* right = nullptr;
};

class Resolver {
public:
    Resolver(Analysis& out, const SourceText& source, const LintOptions& options)
        : out_(out), source_(source), text_(source.text()), schema_(options.schema) {}

    void script(const Script& s) {
        Env env;
        for (const Statement* st : s.statements) {
            if (auto* q = dyn_cast<Query>(st)) {
                query(*q, env);
                out_.results.push_back(q);  // the outermost block runs the pipeline's last operators
            } else if (auto* let = dyn_cast<Let>(st)) {
                bind(*let, env);
            }
        }
    }

private:
    void bind(const Let& let, Env& env) {
        std::string name(let.name.text);
        if (auto* q = dyn_cast<Query>(let.value)) {
            env.tabular.emplace_back(name, query(*q, env));
        } else if (auto* lambda = dyn_cast<Lambda>(let.value)) {
            function_body(*lambda, env);
            env.functions.push_back(name);
        } else if (auto* call = dyn_cast<FunctionCall>(let.value); call && is_named(*call, "view")) {
            for (const Expr* a : call->args)
                if (auto* lambda = dyn_cast<Lambda>(a)) function_body(*lambda, env);
            env.functions.push_back(name);
        } else if (auto* e = dyn_cast<Expr>(let.value)) {
            Columns none;
            expr(e, none, env, Clause::Other);
            env.scalars.push_back(name);
        }
    }

    // A function's parameters are scalars of its body (a tabular parameter's columns are unknown).
    void function_body(const Lambda& lambda, const Env& outer) {
        Env env = outer;
        for (const ColumnDef* p : lambda.params) env.scalars.emplace_back(p->name.text);
        if (auto* q = dyn_cast<Query>(lambda.body)) {
            query(*q, env);
        } else if (auto* s = dyn_cast<Script>(lambda.body)) {
            for (const Statement* st : s->statements) {
                if (auto* bq = dyn_cast<Query>(st))
                    query(*bq, env);
                else if (auto* let = dyn_cast<Let>(st))
                    bind(*let, env);
            }
        } else if (auto* e = dyn_cast<Expr>(lambda.body)) {
            Columns open;
            open.open = true;
            expr(e, open, env, Clause::Other);
        }
    }

    Columns query(const Query& q, const Env& outer) {
        out_.blocks.push_back(&q);
        Env env = outer;
        for (const Cte* cte : q.ctes)
            if (cte->query) env.tabular.emplace_back(std::string(cte->name.text), query(*cte->query, env));

        Columns cur;
        for (size_t i = 0; i < q.sources.size(); ++i) {
            Columns c = relation(*q.sources[i], env);
            if (i == 0)
                cur = std::move(c);
            else
                merge(cur, c);
        }
        for (const Join* j : q.joins) join(*j, cur, env);
        for (const Search* s : q.search) {
            if (q.sources.empty()) {  // search across the database: any table's columns
                out_.all_table_scans.push_back(s);
                cur.open = true;
            }
            expr(s->query, cur, env, Clause::Filter);
        }
        expr(q.filter, cur, env, Clause::Filter);
        if (!q.aggregations.empty() || !q.group_by.empty()) summarize(q, cur, env);
        expr(q.having, cur, env, Clause::Filter);
        if (!q.projection.empty()) project(q, cur, env);
        for (const SetOp* op : q.set_ops)
            if (op->query) merge(cur, query(*op->query, env));
        for (const OrderItem* o : q.order_by) expr(o->expr, cur, env, Clause::Other);
        for (const Expr* option : q.options) {
            if (auto* pick = dyn_cast<KqlProjectColumns>(option))
                project_columns(*pick, cur, env);
            else if (auto* rename = dyn_cast<KqlProjectRename>(option))
                project_rename(*rename, cur, env);
            else if (auto* expand = dyn_cast<KqlMvExpand>(option))
                mv_expand(*expand, cur, env);
            else if (auto* parse = dyn_cast<KqlParse>(option))
                parse_operator(*parse, cur, env);
            else if (auto* named = dyn_cast<NamedArg>(option))
                operator_option(*named, cur, env);
        }
        return cur;
    }

    Columns relation(const Relation& r, const Env& env) {
        if (auto* t = dyn_cast<TableRef>(&r)) return table(*t, env);
        if (auto* d = dyn_cast<DerivedTable>(&r)) return d->query ? query(*d->query, env) : open_columns();
        if (auto* v = dyn_cast<ValuesTable>(&r)) {
            Columns c;
            for (const ColumnDef* def : v->columns)
                c.add({std::string(def->name.text), kusto_type(def->type), nullptr});
            return c;
        }
        if (auto* f = dyn_cast<TableFunction>(&r)) return table_function(*f, env);
        return open_columns();
    }

    Columns table(const TableRef& t, const Env& env) {
        if (t.name.empty()) return open_columns();
        std::string_view name = t.name.back().text;
        if (name.find('*') != std::string_view::npos) {
            if (name == "*") out_.all_table_scans.push_back(&t);  // Device* reads some tables, * all
            return open_columns();
        }
        // cluster("c").database("d").T may name another database: its tables are not in the schema.
        if (t.name.size() > 1) return open_columns();
        if (const Columns* let = env.find_tabular(name)) return *let;
        if (env.is_function(name) || env.is_scalar(name)) return open_columns();  // a function's tabular parameter
        if (schema_ == nullptr) return open_columns();
        TableUse use;
        use.ref = &t;
        for (const Table& candidate : schema_->tables)
            if (candidate.name == name) use.table = &candidate;
        if (use.table == nullptr) {
            use.unknown = true;
            std::vector<std::string_view> names;
            for (const Table& candidate : schema_->tables) names.push_back(candidate.name);
            for (const auto& let : env.tabular) names.push_back(let.first);
            use.suggestion = suggest(name, names);
        }
        out_.tables.push_back(use);
        if (use.table == nullptr) return open_columns();
        Columns c;
        for (const Column& col : use.table->columns) c.add({col.name, col.type, use.table});
        return c;
    }

    Columns table_function(const TableFunction& f, const Env& env) {
        if (f.call == nullptr) return open_columns();
        Columns none;
        // materialize(T | ...): the inner pipeline's columns.
        if (is_named(*f.call, "materialize") && f.call->args.size() == 1) {
            if (auto* sub = dyn_cast<SubqueryExpr>(f.call->args[0]); sub && sub->query) return query(*sub->query, env);
            if (auto* q = dyn_cast<Query>(static_cast<const Node*>(f.call->args[0]))) return query(*q, env);
        }
        // range x from a to b step c: one column x.
        if (is_named(*f.call, "range") && !f.call->args.empty()) {
            Columns c;
            if (auto* x = dyn_cast<ColumnRef>(f.call->args[0]); x && x->path.size() == 1)
                c.add({std::string(x->path[0].text), ColumnType::Unknown, nullptr});
            for (size_t i = 1; i < f.call->args.size(); ++i) expr(f.call->args[i], none, env, Clause::Other);
            return c;
        }
        for (const Expr* a : f.call->args) expr(a, none, env, Clause::Other, /*report=*/false);
        return open_columns();
    }

    void join(const Join& j, Columns& left, const Env& env) {
        Columns right = j.right ? relation(*j.right, env) : open_columns();
        bool lookup = has_option(j.options, "lookup");
        for (const Name& key : j.using_columns) {
            Span at = key_span(key, j);
            name_use(key.text, at, left, env, Clause::JoinCondition);
            name_use(key.text, at, right, env, Clause::JoinCondition);
        }
        JoinSides sides{&left, &right};
        Columns both = left;
        merge(both, right);
        expr(j.condition, both, env, Clause::JoinCondition, true, &sides);

        Span op = operator_span(j.span.begin, j.span.end);
        switch (j.join) {
            case JoinKind::Semi:
            case JoinKind::Anti: return;  // the left side's rows and columns
            case JoinKind::RightSemi:
            case JoinKind::RightAnti:
                for (const FlowColumn& c : left.list)
                    if (!right.find(c.name)) right.dropped.push_back({c.name, operator_name(op), op});
                right.dropped.insert(right.dropped.end(), left.dropped.begin(), left.dropped.end());
                left = std::move(right);
                return;
            default: break;
        }
        // Both sides' columns; a right column whose name the left has gets the suffix 1 (a lookup
        // drops the right side's keys instead).
        std::vector<std::string_view> keys;
        for (const Name& key : j.using_columns) keys.push_back(key.text);
        for (const FlowColumn& c : right.list) {
            bool is_key = std::find(keys.begin(), keys.end(), c.name) != keys.end();
            if (lookup && is_key) continue;
            FlowColumn added = c;
            if (left.find(c.name)) added.name += "1";
            left.add(std::move(added));
        }
        left.open = left.open || right.open;
    }

    void summarize(const Query& q, Columns& cur, const Env& env) {
        Columns out;
        Span op = operator_span(first_begin(q), last_end(q));
        for (size_t i = 0; i < q.group_by.size(); ++i) {
            expr(q.group_by[i], cur, env, Clause::GroupBy);
            key_columns(q.group_by[i], cur, out);
        }
        for (const SelectItem* item : q.aggregations) {
            expr(item->expr, cur, env, Clause::Other);
            aggregate_columns(*item, cur, out);
        }
        std::string by = operator_name(op);
        for (const FlowColumn& c : cur.list)
            if (!out.find(c.name)) out.dropped.push_back({c.name, by, op});
        out.dropped.insert(out.dropped.end(), cur.dropped.begin(), cur.dropped.end());
        out.open = out.open || (cur.open && has_star_argument(q));
        cur = std::move(out);
    }

    // project a, b = x (replaces the columns) or extend x = ... (a Star first keeps them).
    void project(const Query& q, Columns& cur, const Env& env) {
        bool extend = std::any_of(q.projection.begin(), q.projection.end(), [](const SelectItem* item) {
            auto* star = dyn_cast<Star>(item->expr);
            return star && star->pattern.empty();
        });
        Columns out;
        if (extend)
            out = cur;
        else
            out.dropped = cur.dropped;
        int unnamed = 0;
        for (const SelectItem* item : q.projection) {
            if (auto* star = dyn_cast<Star>(item->expr)) {
                if (!star->pattern.empty()) keep_matching(star->pattern, cur, out);
                continue;
            }
            // extend sees the columns it has just computed (extend a = 1, b = a + 1).
            expr(item->expr, extend ? out : cur, env, Clause::Other);
            out.add({output_name(*item, ++unnamed), type_of_expr(item->expr, extend ? out : cur),
                     origin_of(item->expr, cur)});
        }
        if (!extend) {
            Span op = operator_span(q.projection.front()->span.begin, q.projection.back()->span.end);
            std::string by = operator_name(op);
            for (const FlowColumn& c : cur.list)
                if (!out.find(c.name)) out.dropped.push_back({c.name, by, op});
        }
        out.open = out.open || cur.open;
        cur = std::move(out);
    }

    // project-away/-keep/-reorder: the columns named or matched by a wildcard.
    void project_columns(const KqlProjectColumns& pick, Columns& cur, const Env& env) {
        Span op = operator_span(pick.span.begin, pick.span.end);
        std::string by = operator_name(op);
        Columns named;
        for (const Expr* item : pick.columns) {
            if (auto* star = dyn_cast<Star>(item))
                keep_matching(star->pattern, cur, named);
            else if (auto* ref = dyn_cast<ColumnRef>(item)) {
                expr(ref, cur, env, Clause::Other);
                if (const FlowColumn* c = cur.find(ref->path[0].text)) named.add(*c);
            }
        }
        if (pick.op == ColumnsOp::Away) {
            for (const FlowColumn& c : named.list) cur.remove(c.name, by, op);
        } else if (pick.op == ColumnsOp::Keep) {
            std::vector<std::string> gone;
            for (const FlowColumn& c : cur.list)
                if (!named.find(c.name)) gone.push_back(c.name);
            for (const std::string& g : gone) cur.remove(g, by, op);
        }
    }

    void project_rename(const KqlProjectRename& rename, Columns& cur, const Env& env) {
        Span op = operator_span(rename.span.begin, rename.span.end);
        std::string by = operator_name(op);
        for (uint32_t i = 0; i < rename.columns.size(); ++i) {
            const ColumnRef* old = rename.columns[i];
            expr(old, cur, env, Clause::Other);
            FlowColumn renamed{std::string(rename.names[i].text), ColumnType::Unknown, nullptr};
            if (const FlowColumn* c = cur.find(old->path[0].text)) renamed = {renamed.name, c->type, c->origin};
            cur.remove(old->path[0].text, by, op);
            cur.add(std::move(renamed));
        }
    }

    // mv-expand: each column is replaced by (or named after) its expanded elements, dynamic unless
    // `to typeof(T)` says otherwise. An unnamed expression other than a plain column (a path such as
    // parse_json(F).x becomes F_x, which we do not model) lets any column follow.
    void mv_expand(const KqlMvExpand& expand, Columns& cur, const Env& env) {
        for (const Expr* p : expand.parameters) {
            const auto& named = cast<NamedArg>(*p);
            if (named.name.text == "with_itemindex")
                if (auto* index = dyn_cast<ColumnRef>(named.value); index && index->path.size() == 1)
                    cur.add({std::string(index->path[0].text), ColumnType::Integer, nullptr});
        }
        expr(expand.limit, cur, env, Clause::Other);
        for (const KqlExpandColumn* column : expand.columns) {
            expr(column->expr, cur, env, Clause::Other);
            ColumnType type = column->type.empty() ? ColumnType::Dynamic : kusto_type(column->type);
            auto* ref = dyn_cast<ColumnRef>(column->expr);
            if (!column->name.empty())
                cur.add({std::string(column->name.text), type, nullptr});
            else if (ref && ref->path.size() == 1)
                cur.add({std::string(ref->path[0].text), type, nullptr});
            else
                cur.open = true;
        }
    }

    // parse / parse-where: the source is read, the pattern's columns are added with their types.
    void parse_operator(const KqlParse& parse, Columns& cur, const Env& env) {
        expr(parse.source, cur, env, Clause::Other);
        for (const Node* part : parse.pattern)
            if (auto* column = dyn_cast<ColumnDef>(part))
                cur.add({std::string(column->name.text),
                         column->type.empty() ? ColumnType::Text : kusto_type(column->type), nullptr});
    }

    // The other operators lowered to options: serialize, getschema, union parameters, evaluate, ...
    void operator_option(const NamedArg& option, Columns& cur, const Env& env) {
        std::string_view name = option.name.text;
        auto* items = dyn_cast<Tuple>(option.value);
        if (name == "serialize" && items) {
            for (const Expr* item : items->items) {
                expr(item, cur, env, Clause::Other);
                if (auto* named = dyn_cast<NamedArg>(item))
                    cur.add({std::string(named->name.text), ColumnType::Unknown, nullptr});
            }
        } else if (name == "getschema") {
            cur = Columns{};
            for (const char* c : {"ColumnName", "ColumnOrdinal", "DataType", "ColumnType"})
                cur.add({c, ColumnType::Unknown, nullptr});
        } else if (name.ends_with(".withsource") || name.ends_with(".WithSource")) {
            // union withsource=T: the name of each row's table, as a column.
            if (auto* column = dyn_cast<ColumnRef>(option.value); column && column->path.size() == 1)
                cur.add({std::string(column->path[0].text), ColumnType::Text, nullptr});
        } else if (name == "as" || name == "render" || name == "sample" || name.find('.') != std::string_view::npos) {
            return;  // no change to the columns
        } else {
            // evaluate, invoke, make-series, mv-apply, top-nested, ...: not analysed, any column may follow.
            if (auto* call = dyn_cast<FunctionCall>(option.value))
                for (const Expr* a : call->args) expr(a, cur, env, Clause::Other, /*report=*/false);
            cur.open = true;
        }
    }

    // ---- expressions ----

    void expr(const Node* n, const Columns& cols, const Env& env, Clause clause, bool report = true,
              const JoinSides* sides = nullptr) {
        if (n == nullptr) return;
        if (auto* q = dyn_cast<Query>(n)) {
            query(*q, env);
            return;
        }
        if (auto* lambda = dyn_cast<Lambda>(n)) {
            function_body(*lambda, env);
            return;
        }
        if (auto* ref = dyn_cast<ColumnRef>(n)) {
            if (report) column_ref(*ref, cols, env, clause, sides);
            return;
        }
        if (auto* call = dyn_cast<FunctionCall>(n); call && is_named(*call, "typeof")) return;
        for_each_child(*n, [&](const Node& child) { expr(&child, cols, env, clause, report, sides); });
    }

    void column_ref(const ColumnRef& ref, const Columns& cols, const Env& env, Clause clause, const JoinSides* sides) {
        if (ref.path.empty()) return;
        std::string_view first = ref.path[0].text;
        const Columns* scope = &cols;
        std::string_view name = first;
        if (sides && ref.path.size() > 1 && (first == "$left" || first == "$right")) {
            scope = first == "$left" ? sides->left : sides->right;
            name = ref.path[1].text;
        }
        size_t index = name_use(name, sql::name_span(source_, ref.span, name), *scope, env, clause);
        out_.column_index[&ref] = index;
    }

    size_t name_use(std::string_view name, Span span, const Columns& cols, const Env& env, Clause clause) {
        ColumnUse use;
        use.name = name;
        use.span = span;
        use.clause = clause;
        if (const FlowColumn* c = cols.find(name)) {
            use.status = Resolved::Column;
            use.column = *c;
            if (clause == Clause::Filter && c->type == ColumnType::DateTime && c->origin) mark_time_filtered(c->origin);
        } else if (env.is_scalar(name) || env.find_tabular(name) || is_bool_literal(name)) {
            use.status = Resolved::Scalar;
        } else if (cols.open) {
            use.status = Resolved::Unchecked;
        } else if (auto dropped = std::find_if(cols.dropped.rbegin(), cols.dropped.rend(),
                                               [&](const DroppedColumn& d) { return d.name == name; });
                   dropped != cols.dropped.rend()) {
            use.status = Resolved::Dropped;
            out_.dropped_storage.push_back(std::make_unique<DroppedColumn>(*dropped));
            use.dropped = out_.dropped_storage.back().get();
        } else {
            use.status = Resolved::Unknown;
            std::vector<std::string_view> names;
            for (const FlowColumn& c : cols.list) names.push_back(c.name);
            use.suggestion = suggest(name, names);
        }
        out_.columns.push_back(std::move(use));
        return out_.columns.size() - 1;
    }

    // A column named in operator text the front end keeps as text (parse's source expression).
    void mark_time_filtered(const Table* t) {
        if (std::find(out_.time_filtered.begin(), out_.time_filtered.end(), t) == out_.time_filtered.end())
            out_.time_filtered.push_back(t);
    }

    // ---- output columns ----

    void key_columns(const Expr* key, const Columns& cur, Columns& out) {
        if (auto* named = dyn_cast<NamedArg>(key)) {
            out.add({std::string(named->name.text), type_of_expr(named->value, cur), origin_of(named->value, cur)});
            return;
        }
        for (std::string& name : default_names(key, 0))
            out.add({std::move(name), type_of_expr(key, cur), origin_of(key, cur)});
    }

    void aggregate_columns(const SelectItem& item, const Columns& cur, Columns& out) {
        auto* call = dyn_cast<FunctionCall>(item.expr);
        // arg_max(t, a, b) / arg_min / take_any(a, b): one column per argument (* = every input column).
        if (call && returns_its_arguments(*call)) {
            bool first = true;
            for (const Expr* a : call->args) {
                if (isa<Star>(a)) {
                    for (const FlowColumn& c : cur.list) out.add(c);
                } else if (first && !item.alias.empty()) {
                    out.add({std::string(item.alias.text), type_of_expr(a, cur), origin_of(a, cur)});
                } else {
                    for (std::string& name : default_names(a, 0))
                        out.add({std::move(name), type_of_expr(a, cur), origin_of(a, cur)});
                }
                first = false;
            }
            return;
        }
        if (!item.alias.empty()) {
            out.add({std::string(item.alias.text), aggregate_type(item.expr, cur), nullptr});
            return;
        }
        for (std::string& name : aggregate_names(item.expr))
            out.add({std::move(name), aggregate_type(item.expr, cur), nullptr});
    }

    std::string output_name(const SelectItem& item, int position) {
        if (!item.alias.empty()) return std::string(item.alias.text);
        std::vector<std::string> names = default_names(item.expr, position);
        return names.empty() ? "Column" + std::to_string(position) : names.front();
    }

    ColumnType type_of_expr(const Expr* e, const Columns& cols) const {
        if (auto* ref = dyn_cast<ColumnRef>(e); ref && ref->path.size() == 1)
            if (const FlowColumn* c = cols.find(ref->path[0].text)) return c->type;
        if (auto* lit = dyn_cast<Literal>(e)) return literal_type(*lit);
        if (auto* call = dyn_cast<FunctionCall>(e); call && is_named(*call, "bin") && !call->args.empty())
            return type_of_expr(call->args[0], cols);
        return ColumnType::Unknown;
    }

    ColumnType aggregate_type(const Expr* e, const Columns& cols) const {
        auto* call = dyn_cast<FunctionCall>(e);
        if (!call) return ColumnType::Unknown;
        std::string_view f = call->name.back().text;
        if (f == "count" || f == "dcount" || f == "countif" || f == "dcountif") return ColumnType::Integer;
        if ((f == "min" || f == "max") && call->args.size() == 1) return type_of_expr(call->args[0], cols);
        return ColumnType::Unknown;
    }

    // A column keeps its table while it keeps its values (a plain reference or bin() of one).
    const Table* origin_of(const Expr* e, const Columns& cols) const {
        if (auto* call = dyn_cast<FunctionCall>(e); call && is_named(*call, "bin") && !call->args.empty())
            return origin_of(call->args[0], cols);
        if (auto* ref = dyn_cast<ColumnRef>(e); ref && ref->path.size() == 1)
            if (const FlowColumn* c = cols.find(ref->path[0].text)) return c->origin;
        return nullptr;
    }

    // Kusto spells the bool literals true, True and TRUE; the front end reads the latter two as names.
    static bool is_bool_literal(std::string_view name) {
        return name == "True" || name == "TRUE" || name == "False" || name == "FALSE";
    }

    static bool has_star_argument(const Query& q) {
        for (const SelectItem* item : q.aggregations)
            if (auto* call = dyn_cast<FunctionCall>(item->expr))
                for (const Expr* a : call->args)
                    if (isa<Star>(a) && returns_its_arguments(*call)) return true;
        return false;
    }

    static void keep_matching(std::string_view pattern, const Columns& from, Columns& to) {
        for (const FlowColumn& c : from.list)
            if (wildcard_match(pattern, c.name)) to.add(c);
    }

    static void merge(Columns& into, const Columns& from) {
        for (const FlowColumn& c : from.list)
            if (!into.find(c.name)) into.add(c);
        into.open = into.open || from.open;
    }

    static Columns open_columns() {
        Columns c;
        c.open = true;
        return c;
    }

    static bool has_option(const List<Expr*>& options, std::string_view name) {
        return std::any_of(options.begin(), options.end(), [&](const Expr* e) {
            auto* n = dyn_cast<NamedArg>(e);
            return n && n->name.text == name;
        });
    }

    // ---- spans ----

    // Names carry no span: the key's last occurrence in the join's text (the `on` list ends it).
    Span key_span(const Name& key, const Join& j) const {
        std::string_view join_text = text_.substr(j.span.begin, j.span.end - j.span.begin);
        auto name_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
        size_t at = join_text.rfind(key.text);
        while (at != std::string_view::npos &&
               ((at > 0 && name_char(join_text[at - 1])) ||
                (at + key.text.size() < join_text.size() && name_char(join_text[at + key.text.size()]))))
            at = at == 0 ? std::string_view::npos : join_text.rfind(key.text, at - 1);
        if (at == std::string_view::npos) return j.span;
        return {uint32_t(j.span.begin + at), uint32_t(j.span.begin + at + key.text.size())};
    }

    // From the operator's keyword (after the `|` before `begin`) to `end`.
    Span operator_span(uint32_t begin, uint32_t end) const {
        size_t bar = text_.rfind('|', begin > 0 ? begin - 1 : 0);
        size_t start = bar == std::string_view::npos || bar >= begin ? begin : bar + 1;
        while (start < begin &&
               (text_[start] == ' ' || text_[start] == '\t' || text_[start] == '\n' || text_[start] == '\r'))
            ++start;
        return {uint32_t(start), std::max(end, uint32_t(start))};
    }

    // The operator's first word as written: "project", "summarize", "project-away", "join"...
    std::string operator_name(Span op) const {
        size_t i = op.begin;
        while (i < op.end && (std::isalnum(static_cast<unsigned char>(text_[i])) || text_[i] == '-' || text_[i] == '_'))
            ++i;
        return i > op.begin ? std::string(text_.substr(op.begin, i - op.begin)) : std::string("an operator");
    }

    static uint32_t first_begin(const Query& q) {
        uint32_t b = UINT32_MAX;
        for (const SelectItem* i : q.aggregations) b = std::min(b, i->span.begin);
        for (const Expr* e : q.group_by) b = std::min(b, e->span.begin);
        return b;
    }
    static uint32_t last_end(const Query& q) {
        uint32_t e = 0;
        for (const SelectItem* i : q.aggregations) e = std::max(e, i->span.end);
        for (const Expr* x : q.group_by) e = std::max(e, x->span.end);
        return e;
    }

    Analysis& out_;
    const SourceText& source_;
    std::string_view text_;
    const Schema* schema_;
};

}  // namespace

const FlowColumn* Columns::find(std::string_view name) const {
    for (const FlowColumn& c : list)
        if (c.name == name) return &c;
    return nullptr;
}

void Columns::add(FlowColumn c) {
    std::erase_if(dropped, [&](const DroppedColumn& d) { return d.name == c.name; });
    for (FlowColumn& existing : list)
        if (existing.name == c.name) {
            existing = std::move(c);
            return;
        }
    list.push_back(std::move(c));
}

void Columns::remove(std::string_view name, const std::string& by, Span at) {
    auto it = std::find_if(list.begin(), list.end(), [&](const FlowColumn& c) { return c.name == name; });
    if (it == list.end()) return;
    dropped.push_back({it->name, by, at});
    list.erase(it);
}

const ColumnUse* Analysis::use(const ast::ColumnRef& ref) const {
    auto it = column_index.find(&ref);
    return it == column_index.end() ? nullptr : &columns[it->second];
}

ColumnType Analysis::type_of(const ast::Expr* e) const {
    if (auto* ref = ast::dyn_cast<ast::ColumnRef>(e)) {
        const ColumnUse* u = use(*ref);
        return u && u->status == Resolved::Column && ref->path.size() == 1 ? u->column.type : ColumnType::Unknown;
    }
    if (auto* lit = ast::dyn_cast<ast::Literal>(e)) return literal_type(*lit);
    return ColumnType::Unknown;
}

Analysis analyze(const ast::Script& script, const SourceText& source, const LintOptions& options) {
    Analysis out;
    Resolver(out, source, options).script(script);
    return out;
}

}  // namespace qdiff::linting::kql
