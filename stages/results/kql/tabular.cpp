// Tabular operators. A lowered KQL block (ast::Query) holds its operators in a fixed order (the KQL
// front end folds an operator into the block only while that order keeps the pipeline's meaning, see
// parsers/kql/README.md): sources, joins, filter, aggregation, having, projection, distinct, union,
// order, limit, then the operators kept as options, in pipeline order.
#include <algorithm>
#include <numeric>
#include <regex>
#include <unordered_map>
#include <unordered_set>

#include "stages/results/kql/interpreter.hpp"
#include "support/strings.hpp"

namespace qdiff::results::kql {

using namespace ast;

int Table::find(std::string_view name) const {
    for (size_t i = 0; i < columns.size(); ++i)
        if (columns[i].name == name) return int(i);
    return -1;
}

std::string Table::unique_name(std::string base) const {
    if (find(base) < 0) return base;
    for (int n = 1;; ++n)
        if (std::string c = base + std::to_string(n); find(c) < 0) return c;
}

std::string name_text(const Name& n) { return std::string(n.text); }

std::string function_name(const FunctionCall& f) {
    return f.name.empty() ? std::string() : support::to_lower(f.name.back().text);
}

namespace {

bool matches_pattern(std::string_view name, std::string_view pattern) {
    // `*` matches any run of characters (project-away b*, union T*).
    size_t star = pattern.find('*');
    if (star == std::string_view::npos) return name == pattern;
    if (!name.starts_with(pattern.substr(0, star))) return false;
    std::string_view rest = pattern.substr(star + 1);
    name.remove_prefix(star);
    if (rest.empty()) return true;
    for (size_t i = 0; i <= name.size(); ++i)
        if (matches_pattern(name.substr(i), rest)) return true;
    return false;
}

// Column indexes named by project-away/keep/reorder items (names and wildcard patterns).
std::vector<size_t> named_columns(const Table& t, const List<Expr*>& items, std::string_view op) {
    std::vector<size_t> out;
    for (const Expr* item : items) {
        if (const auto* star = dyn_cast<Star>(item)) {
            for (size_t i = 0; i < t.columns.size(); ++i)
                if (matches_pattern(t.columns[i].name, star->pattern) &&
                    std::find(out.begin(), out.end(), i) == out.end())
                    out.push_back(i);
        } else if (const auto* c = dyn_cast<ColumnRef>(item); c && c->path.size() == 1) {
            int i = t.find(c->path[0].text);
            if (i < 0) throw KqlError(std::string(op) + ": no column named '" + name_text(c->path[0]) + "'");
            if (std::find(out.begin(), out.end(), size_t(i)) == out.end()) out.push_back(size_t(i));
        } else {
            throw KqlUnsupported("operator " + std::string(op) + " in this form");
        }
    }
    return out;
}

// The name union withsource= gives the rows of one side: its table's name, or the name `as` gave it.
std::string source_name(const Relation* r);
std::string source_name(const Query& q) {
    for (const Expr* option : q.options)
        if (const auto* named = dyn_cast<NamedArg>(option); named && named->name.text == "as")
            if (const auto* ref = dyn_cast<ColumnRef>(named->value)) return name_text(ref->path.back());
    return q.sources.size() == 1 && q.joins.empty() && q.set_ops.empty() ? source_name(q.sources[0]) : "";
}
std::string source_name(const Relation* r) {
    if (!r) return "";
    if (const auto* t = dyn_cast<TableRef>(r); t && !t->name.empty()) return name_text(t->name.back());
    if (const auto* d = dyn_cast<DerivedTable>(r)) return source_name(*d->query);
    return "";
}

std::string withsource_of(const Query& q) {
    for (const Expr* option : q.options)
        if (const auto* named = dyn_cast<NamedArg>(option); named && named->name.text == "union.withsource")
            if (const auto* ref = dyn_cast<ColumnRef>(named->value)) return name_text(ref->path.back());
    return "";
}

Table with_source_column(Table t, const std::string& column, const std::string& source) {
    if (source.empty()) throw KqlUnsupported("union withsource= over a side without a table name");
    t.columns.insert(t.columns.begin(), KqlColumn{column, KType::String});
    for (Row& r : t.rows) r.insert(r.begin(), KValue::string(source));
    return t;
}

Table select_columns(Table t, const std::vector<size_t>& keep) {
    Table out;
    out.ordered = t.ordered;
    for (size_t i : keep) out.columns.push_back(t.columns[i]);
    out.rows.reserve(t.rows.size());
    for (Row& r : t.rows) {
        Row row;
        row.reserve(keep.size());
        for (size_t i : keep) row.push_back(std::move(r[i]));
        out.rows.push_back(std::move(row));
    }
    return out;
}

}  // namespace

Interpreter::Interpreter(const KqlDatabase& db, const KqlRunOptions& options)
    : db_(db),
      options_(options),
      deadline_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(options.limits.timeout_seconds))) {}

void Interpreter::tick() {
    if ((++steps_ & 1023) == 0 && std::chrono::steady_clock::now() >= deadline_) throw Timeout{};
}

void Interpreter::check_rows(size_t n) const {
    // Intermediate tables may grow past the result's row cap (a join before a summarize), but not
    // without bound.
    size_t cap = std::max<size_t>(options_.limits.row_cap * 10, 1'000'000);
    if (n > cap) throw KqlError("an intermediate result has more than " + std::to_string(cap) + " rows");
}

Table Interpreter::run(const Script& script) {
    const Query* last = nullptr;
    for (const Statement* s : script.statements) {
        if (const auto* let = dyn_cast<Let>(s)) {
            std::string name = name_text(let->name);
            if (const auto* lambda = dyn_cast<Lambda>(let->value)) {
                functions_[name] = lambda;
            } else if (const auto* q = dyn_cast<Query>(let->value)) {
                tables_[name] = eval_query(*q);
            } else if (const auto* call = dyn_cast<FunctionCall>(let->value);
                       call && function_name(*call) == "view" && call->args.size() == 1 && isa<Lambda>(call->args[0])) {
                functions_[name] = static_cast<const Lambda*>(call->args[0]);
            } else if (const auto* e = dyn_cast<Expr>(let->value)) {
                // A tabular expression bound by let (let T = datatable(..)[..] is lowered as a Cte,
                // but `let T = materialize(..)` or a subquery expression arrives here).
                if (const auto* sub = dyn_cast<SubqueryExpr>(e)) {
                    tables_[name] = eval_query(*sub->query);
                } else {
                    scalars_[name] = eval(e, Scope{});
                }
            }
        } else if (const auto* q = dyn_cast<Query>(s)) {
            last = q;
        } else if (const auto* c = dyn_cast<Command>(s)) {
            // `set` options and query parameters change how a cluster runs the query, not its rows;
            // any other statement is refused.
            std::string verb = support::to_lower(c->verb);
            if (verb != "set") throw KqlUnsupported("statement " + verb);
        } else {
            throw KqlUnsupported("statement kind " + std::string(kind_name(s->kind)));
        }
    }
    if (!last) throw KqlError("the query has no tabular expression to run");
    return eval_query(*last);
}

Table Interpreter::eval_relation(const Relation* r) {
    tick();
    if (const auto* t = dyn_cast<TableRef>(r)) {
        if (t->name.size() != 1) throw KqlUnsupported("cluster()/database() references");
        std::string name = name_text(t->name[0]);
        if (auto it = tables_.find(name); it != tables_.end()) return it->second;
        if (auto it = functions_.find(name); it != functions_.end()) return invoke_tabular_lambda(*it->second, {});
        if (name.find('*') != std::string::npos) throw KqlUnsupported("table name wildcards");
        if (const KqlTable* table = db_.find(name)) {
            Table out;
            out.columns = table->columns;
            out.rows = table->rows;
            return out;
        }
        throw KqlError("no table named '" + name + "'");
    }
    if (const auto* d = dyn_cast<DerivedTable>(r)) return eval_query(*d->query);
    if (const auto* v = dyn_cast<ValuesTable>(r)) {
        Table out;
        for (const ColumnDef* c : v->columns) {
            auto type = parse_type_name(c->type);
            if (!type) throw KqlUnsupported("datatable column type " + std::string(c->type));
            out.columns.push_back({name_text(c->name), *type});
        }
        for (const Tuple* row : v->rows) {
            Row values;
            for (size_t i = 0; i < row->items.size() && i < out.columns.size(); ++i) {
                KValue value = eval(row->items[i], Scope{});
                values.push_back(value);
            }
            if (values.size() != out.columns.size()) throw KqlError("datatable: a row has the wrong number of values");
            // A datatable's value converts to its column's type (1 in a real column is 1.0).
            for (size_t i = 0; i < values.size(); ++i) values[i] = convert_to(values[i], out.columns[i].type);
            out.rows.push_back(std::move(values));
        }
        return out;
    }
    if (const auto* f = dyn_cast<TableFunction>(r)) return table_function(*f->call);
    throw KqlUnsupported("source " + std::string(kind_name(r->kind)));
}

Table Interpreter::table_function(const FunctionCall& f) {
    std::string name = function_name(f);
    if (name == "range" && f.args.size() == 4) {
        const auto* column = dyn_cast<ColumnRef>(f.args[0]);
        KValue from = eval(f.args[1], Scope{}), to = eval(f.args[2], Scope{}), step = eval(f.args[3], Scope{});
        if (!column || from.null || to.null || step.null) throw KqlError("range needs a column name and non-null bounds");
        Table out;
        KType type = from.type;
        if (from.is_numeric() && (to.is_real() || step.is_real())) type = KType::Real;
        out.columns.push_back({name_text(column->path.back()), type});
        out.ordered = true;
        auto add = [&](KValue v) {
            check_rows(out.rows.size());
            tick();
            out.rows.push_back(Row{std::move(v)});
        };
        if (from.type == KType::DateTime || from.type == KType::TimeSpan) {
            if (step.type != KType::TimeSpan || step.i == 0) throw KqlError("range: a datetime range needs a timespan step");
            for (int64_t t = from.i; step.i > 0 ? t <= to.i : t >= to.i; t += step.i)
                add(KValue::integer_of(from.type, t));
        } else if (type == KType::Real) {
            double a = from.as_double(), b = to.as_double(), s = step.as_double();
            if (s == 0) throw KqlError("range: step 0");
            for (double x = a; s > 0 ? x <= b : x >= b; x += s) add(KValue::real(x));
        } else if (from.is_integral()) {
            if (step.i == 0) throw KqlError("range: step 0");
            for (int64_t x = from.i; step.i > 0 ? x <= to.i : x >= to.i; x += step.i) add(KValue::integer(x));
        } else {
            throw KqlError("range: bounds must be numbers, datetimes or timespans");
        }
        return out;
    }
    if (auto it = functions_.find(std::string(f.name.back().text)); it != functions_.end()) {
        std::vector<const Expr*> args(f.args.begin(), f.args.end());
        return invoke_tabular_lambda(*it->second, args);
    }
    if (name == "materialize" && f.args.size() == 1) {
        if (const auto* sub = dyn_cast<SubqueryExpr>(f.args[0])) return eval_query(*sub->query);
    }
    if (name == "view" || name == "toscalar") throw KqlUnsupported("function " + name + " as a table");
    throw KqlUnsupported((name == "find" || name == "evaluate" || name == "externaldata" ||
                                  name == "inline_external_table" || name == "macro-expand"
                              ? "operator "
                              : "tabular function ") +
                         name);
}

Table Interpreter::invoke_tabular_lambda(const Lambda& lambda, const std::vector<const Expr*>& args) {
    if (++lambda_depth_ > 32) throw KqlError("functions call each other too deeply");
    struct Depth {
        int& d;
        ~Depth() { --d; }
    } depth{lambda_depth_};
    auto saved_scalars = scalars_;
    auto saved_tables = tables_;
    for (size_t i = 0; i < lambda.params.size(); ++i) {
        const ColumnDef* p = lambda.params[i];
        std::string name = name_text(p->name);
        const Expr* arg = i < args.size() ? args[i] : nullptr;
        if (p->type.starts_with("(")) {
            // A tabular parameter: a table name, a tabular expression or a let-bound table.
            if (!arg) throw KqlError("function called without its table argument '" + name + "'");
            if (const auto* sub = dyn_cast<SubqueryExpr>(arg)) {
                tables_[name] = eval_query(*sub->query);
            } else if (const auto* ref = dyn_cast<ColumnRef>(arg); ref && ref->path.size() == 1) {
                TableRef table;
                table.name = List<Name>(const_cast<Name*>(&ref->path[0]), 1);
                tables_[name] = eval_relation(&table);
            } else {
                throw KqlUnsupported("a tabular argument of this kind");
            }
            continue;
        }
        if (!arg)
            for (const Constraint* c : p->constraints)
                if (c->constraint == ConstraintKind::Default) arg = c->expr;
        if (!arg) throw KqlError("function called without its argument '" + name + "'");
        scalars_[name] = eval(arg, Scope{});
    }
    Table out;
    if (const auto* q = dyn_cast<Query>(lambda.body)) {
        out = eval_query(*q);
    } else if (const auto* s = dyn_cast<Script>(lambda.body)) {
        out = run(*s);
    } else if (const auto* sub = dyn_cast<SubqueryExpr>(lambda.body)) {
        out = eval_query(*sub->query);
    } else {
        throw KqlUnsupported("a scalar function used as a table");
    }
    scalars_ = std::move(saved_scalars);
    tables_ = std::move(saved_tables);
    return out;
}

Table Interpreter::eval_query(const Query& q) {
    tick();
    for (const Cte* cte : q.ctes) {
        std::string name = name_text(cte->name);
        if (!cte->query) throw KqlUnsupported("let of this kind");
        tables_[name] = eval_query(*cte->query);
    }
    if (!q.search.empty()) throw KqlUnsupported("operator search");
    if (q.qualify || !q.windows.empty() || q.offset || q.limit_percent || q.limit_with_ties ||
        q.distinct == DistinctKind::DistinctOn)
        throw KqlUnsupported("SQL clause in a KQL block");

    Table t;
    if (q.sources.empty()) {
        t.rows.push_back({});  // print: one row, no columns yet
    } else if (q.sources.size() == 1) {
        t = eval_relation(q.sources[0]);
    } else {
        throw KqlUnsupported("several sources in one block");
    }
    for (const Join* j : q.joins) t = join(*j, std::move(t));
    if (q.filter) {
        std::vector<Row> kept;
        Scope scope{&t};
        for (Row& r : t.rows) {
            tick();
            scope.row = &r;
            if (eval_predicate(q.filter, scope)) kept.push_back(std::move(r));
        }
        t.rows = std::move(kept);
    }
    if (!q.aggregations.empty() || !q.group_by.empty()) {
        t = summarize(q, std::move(t));
        if (q.having) {
            std::vector<Row> kept;
            Scope scope{&t};
            for (Row& r : t.rows) {
                scope.row = &r;
                if (eval_predicate(q.having, scope)) kept.push_back(std::move(r));
            }
            t.rows = std::move(kept);
        }
    } else if (q.having) {
        throw KqlUnsupported("where after a block without summarize");
    }
    if (!q.projection.empty()) t = project(q, std::move(t));
    if (q.distinct == DistinctKind::Distinct) {
        std::unordered_set<std::string> seen;
        std::vector<Row> kept;
        for (Row& r : t.rows) {
            std::string key;
            for (const KValue& v : r) key += group_key(v) + '\x1f';
            if (seen.insert(key).second) kept.push_back(std::move(r));
        }
        t.rows = std::move(kept);
    }
    if (std::string column = withsource_of(q); !column.empty() && !q.set_ops.empty())
        t = with_source_column(std::move(t), column, source_name(q.sources.empty() ? nullptr : q.sources[0]));
    for (const SetOp* op : q.set_ops) t = union_with(std::move(t), *op, q);
    if (!q.order_by.empty()) {
        std::vector<std::vector<KValue>> keys(t.rows.size());
        Scope scope{&t};
        for (size_t i = 0; i < t.rows.size(); ++i) {
            scope.row = &t.rows[i];
            for (const OrderItem* item : q.order_by) keys[i].push_back(eval(item->expr, scope));
        }
        std::vector<size_t> order(t.rows.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
            for (size_t k = 0; k < q.order_by.size(); ++k) {
                const KValue &x = keys[a][k], &y = keys[b][k];
                bool desc = q.order_by[k]->dir != SortDir::Asc;
                bool nulls_first = q.order_by[k]->nulls == NullsOrder::First ||
                                   (q.order_by[k]->nulls == NullsOrder::Default && !desc);
                if (x.null != y.null) return x.null ? nulls_first : !nulls_first;
                int c = compare_values(x, y);
                if (c != 0) return desc ? c > 0 : c < 0;
            }
            return false;
        });
        std::vector<Row> sorted;
        sorted.reserve(t.rows.size());
        for (size_t i : order) sorted.push_back(std::move(t.rows[i]));
        t.rows = std::move(sorted);
        t.ordered = true;
    }
    if (q.limit) {
        KValue n = eval(q.limit, Scope{});
        if (n.null || !n.is_numeric()) throw KqlError("take/limit needs a number");
        int64_t count = n.is_integral() ? n.i : int64_t(n.d);
        if (count < 0) count = 0;
        if (size_t(count) < t.rows.size()) t.rows.resize(size_t(count));
    }
    for (const Expr* option : q.options) {
        if (const auto* pick = dyn_cast<KqlProjectColumns>(option)) {
            t = project_columns(*pick, std::move(t));
        } else if (const auto* rename = dyn_cast<KqlProjectRename>(option)) {
            t = project_rename(*rename, std::move(t));
        } else if (const auto* expand = dyn_cast<KqlMvExpand>(option)) {
            t = mv_expand(*expand, std::move(t));
        } else if (const auto* parse = dyn_cast<KqlParse>(option)) {
            t = parse_operator(*parse, std::move(t));
        } else {
            const auto* named = dyn_cast<NamedArg>(option);
            if (!named) throw KqlUnsupported("operator option of kind " + std::string(kind_name(option->kind)));
            t = apply_option(*named, std::move(t), q);
        }
    }
    return t;
}

Table Interpreter::project(const Query& q, Table input) {
    // Items are computed in order, a column at a time, so that a later item reads an earlier one
    // (extend a = 1, b = a + 1). extend is [*, items...]: an item named like an existing column replaces
    // it in place; project picks its items in the order written.
    bool has_star = false;
    for (const SelectItem* item : q.projection)
        if (isa<Star>(item->expr)) has_star = true;
    Table work = std::move(input);
    std::vector<size_t> output;
    auto in_output = [&](size_t i) { return std::find(output.begin(), output.end(), i) != output.end(); };
    int unnamed = 0;
    for (const SelectItem* item : q.projection) {
        if (const auto* star = dyn_cast<Star>(item->expr)) {
            if (!star->pattern.empty() || !star->qualifier.empty()) throw KqlUnsupported("project with a wildcard");
            for (size_t i = 0; i < work.columns.size(); ++i)
                if (!in_output(i)) output.push_back(i);
            continue;
        }
        std::string name = name_text(item->alias);
        if (name.starts_with("(")) throw KqlUnsupported("tuple assignment (a, b) = ...");
        const auto* column = dyn_cast<ColumnRef>(item->expr);
        if (name.empty() && column && column->path.size() == 1) {
            int i = work.find(column->path[0].text);
            if (i >= 0) {
                if (in_output(size_t(i))) {
                    if (!has_star) throw KqlError("project: column '" + name_text(column->path[0]) + "' is named twice");
                } else {
                    output.push_back(size_t(i));
                }
                continue;
            }
        }
        if (name.empty()) name = inferred_name(item->expr);
        if (name.empty()) {
            if (q.sources.empty()) {
                name = "print_" + std::to_string(output.size());
            } else {
                do name = "Column" + std::to_string(++unnamed);
                while (work.find(name) >= 0);
            }
        }
        std::vector<KValue> values;
        values.reserve(work.rows.size());
        Scope scope{&work};
        for (const Row& r : work.rows) {
            tick();
            scope.row = &r;
            values.push_back(eval(item->expr, scope));
        }
        KType type = KType::String;
        bool typed = false;
        for (const KValue& v : values)
            if (!v.null) {
                type = v.type;
                typed = true;
                break;
            }
        if (!typed && !values.empty()) type = values.front().type;
        int existing = work.find(name);
        size_t index;
        if (existing >= 0) {
            index = size_t(existing);
            if (!has_star && in_output(index)) throw KqlError("project: column '" + name + "' is named twice");
            work.columns[index].type = type;
            for (size_t r = 0; r < work.rows.size(); ++r) work.rows[r][index] = std::move(values[r]);
        } else {
            index = work.columns.size();
            work.columns.push_back({name, type});
            for (size_t r = 0; r < work.rows.size(); ++r) work.rows[r].push_back(std::move(values[r]));
        }
        if (!in_output(index)) output.push_back(index);
    }
    return select_columns(std::move(work), output);
}

Table Interpreter::union_with(Table left, const SetOp& op, const Query& q) {
    if (op.op != SetOpKind::Union || !op.all) throw KqlUnsupported("set operation " + std::string(enum_name(op.op)));
    std::string kind = "outer", withsource;
    for (const Expr* option : q.options) {
        const auto* named = dyn_cast<NamedArg>(option);
        if (!named || !named->name.text.starts_with("union.")) continue;
        std::string param = std::string(named->name.text.substr(6));
        const auto* value = dyn_cast<ColumnRef>(named->value);
        if (param == "kind" && value) kind = support::to_lower(value->path.back().text);
        else if (param == "withsource" && value) withsource = name_text(value->path.back());
        else if (param != "isfuzzy") throw KqlUnsupported("union parameter " + param);
    }
    Table right = eval_query(*op.query);
    if (!withsource.empty()) right = with_source_column(std::move(right), withsource, source_name(*op.query));
    // KQL splits a column the two sides type differently into name_type columns; not done here.
    for (const KqlColumn& c : left.columns)
        if (int i = right.find(c.name); i >= 0 && right.columns[size_t(i)].type != c.type)
            throw KqlUnsupported("union of a column typed differently on its sides ('" + c.name + "')");
    Table out;
    if (kind == "inner") {
        for (const KqlColumn& c : left.columns)
            if (right.find(c.name) >= 0) out.columns.push_back(c);
    } else {
        out.columns = left.columns;
        for (const KqlColumn& c : right.columns)
            if (out.find(c.name) < 0) out.columns.push_back(c);
    }
    for (const Table* side : {&left, &right}) {
        std::vector<int> map;
        for (const KqlColumn& c : out.columns) map.push_back(side->find(c.name));
        for (const Row& r : side->rows) {
            Row row;
            for (size_t i = 0; i < map.size(); ++i)
                row.push_back(map[i] >= 0 ? r[size_t(map[i])] : KValue::null_of(out.columns[i].type));
            out.rows.push_back(std::move(row));
        }
    }
    check_rows(out.rows.size());
    return out;
}

namespace {

struct JoinKey {
    std::string left, right;
};

void collect_join_keys(const Expr* e, std::vector<JoinKey>& keys) {
    if (const auto* b = dyn_cast<Binary>(e)) {
        if (b->op == BinaryOp::And) {
            collect_join_keys(b->lhs, keys);
            collect_join_keys(b->rhs, keys);
            return;
        }
        if (b->op == BinaryOp::Eq) {
            const auto* l = dyn_cast<ColumnRef>(b->lhs);
            const auto* r = dyn_cast<ColumnRef>(b->rhs);
            if (l && r && l->path.size() == 2 && r->path.size() == 2) {
                std::string ls = support::to_lower(l->path[0].text), rs = support::to_lower(r->path[0].text);
                if (ls == "$left" && rs == "$right") {
                    keys.push_back({name_text(l->path[1]), name_text(r->path[1])});
                    return;
                }
                if (ls == "$right" && rs == "$left") {
                    keys.push_back({name_text(r->path[1]), name_text(l->path[1])});
                    return;
                }
            }
        }
    }
    throw KqlUnsupported("join condition other than equalities of $left and $right columns");
}

}  // namespace

Table Interpreter::join(const Join& j, Table left) {
    bool lookup = false;
    for (const Expr* option : j.options) {
        const auto* named = dyn_cast<NamedArg>(option);
        if (!named) continue;
        std::string n = support::to_lower(named->name.text);
        if (n == "lookup") lookup = true;
        else if (n.starts_with("hint.") || n.find(".hint.") != std::string::npos) continue;
        else if (n == "where") throw KqlUnsupported("join ... where");
        else throw KqlUnsupported("join parameter " + n);
    }
    if (j.natural) throw KqlUnsupported("natural join");
    Table right = eval_relation(j.right);
    std::vector<JoinKey> keys;
    for (const Name& n : j.using_columns) keys.push_back({name_text(n), name_text(n)});
    if (j.condition) collect_join_keys(j.condition, keys);
    if (keys.empty()) throw KqlUnsupported("join without on");
    std::vector<size_t> lk, rk;
    for (const JoinKey& k : keys) {
        int l = left.find(k.left), r = right.find(k.right);
        if (l < 0) throw KqlError("join: the left side has no column '" + k.left + "'");
        if (r < 0) throw KqlError("join: the right side has no column '" + k.right + "'");
        lk.push_back(size_t(l));
        rk.push_back(size_t(r));
    }
    JoinKind kind = j.join;
    auto key_of = [](const Row& r, const std::vector<size_t>& cols, bool& has_null) {
        std::string key;
        for (size_t c : cols) {
            if (r[c].null) has_null = true;
            key += group_key(r[c]) + '\x1f';
        }
        return key;
    };
    // innerunique: one left row per key (the first), then inner.
    if (kind == JoinKind::InnerUnique) {
        std::unordered_set<std::string> seen;
        std::vector<Row> kept;
        for (Row& r : left.rows) {
            bool has_null = false;
            if (seen.insert(key_of(r, lk, has_null)).second) kept.push_back(std::move(r));
        }
        left.rows = std::move(kept);
        kind = JoinKind::Inner;
    }
    // Null keys never match (null == null is not true in KQL).
    std::unordered_map<std::string, std::vector<size_t>> right_index;
    for (size_t i = 0; i < right.rows.size(); ++i) {
        bool has_null = false;
        std::string key = key_of(right.rows[i], rk, has_null);
        if (!has_null) right_index[key].push_back(i);
    }
    std::vector<bool> right_matched(right.rows.size(), false);
    Table out;
    bool semi_or_anti = kind == JoinKind::Semi || kind == JoinKind::Anti || kind == JoinKind::RightSemi ||
                        kind == JoinKind::RightAnti;
    if (kind == JoinKind::Semi || kind == JoinKind::Anti) {
        out.columns = left.columns;
    } else if (kind == JoinKind::RightSemi || kind == JoinKind::RightAnti) {
        out.columns = right.columns;
    } else {
        out.columns = left.columns;
    }
    std::vector<int> right_out;  // output position of each right column, -1 when dropped
    if (!semi_or_anti) {
        for (size_t i = 0; i < right.columns.size(); ++i) {
            bool is_key = std::find(rk.begin(), rk.end(), i) != rk.end();
            if (lookup && is_key) {
                right_out.push_back(-1);
                continue;
            }
            KqlColumn c = right.columns[i];
            c.name = out.unique_name(c.name);
            right_out.push_back(int(out.columns.size()));
            out.columns.push_back(c);
        }
    }
    if (!semi_or_anti && kind != JoinKind::Inner && kind != JoinKind::Left && kind != JoinKind::Right &&
        kind != JoinKind::Full)
        throw KqlUnsupported("join kind " + std::string(enum_name(kind)));
    auto combine = [&](const Row* l, const Row* r) {
        Row row(out.columns.size());
        for (size_t i = 0; i < left.columns.size(); ++i)
            row[i] = l ? (*l)[i] : KValue::null_of(left.columns[i].type);
        for (size_t i = 0; i < right.columns.size(); ++i)
            if (right_out[i] >= 0) row[size_t(right_out[i])] = r ? (*r)[i] : KValue::null_of(right.columns[i].type);
        // lookup and outer joins on `on a`: the key is the left's, or the right's where the left is missing.
        if (!l && r && lookup)
            for (size_t k = 0; k < lk.size(); ++k) row[lk[k]] = (*r)[rk[k]];
        return row;
    };
    for (const Row& l : left.rows) {
        tick();
        bool has_null = false;
        std::string key = key_of(l, lk, has_null);
        const std::vector<size_t>* matches = nullptr;
        if (!has_null)
            if (auto it = right_index.find(key); it != right_index.end()) matches = &it->second;
        if (kind == JoinKind::Semi) {
            if (matches) out.rows.push_back(l);
            continue;
        }
        if (kind == JoinKind::Anti) {
            if (!matches) out.rows.push_back(l);
            continue;
        }
        if (matches) {
            for (size_t i : *matches) {
                right_matched[i] = true;
                if (kind != JoinKind::RightSemi && kind != JoinKind::RightAnti) {
                    out.rows.push_back(combine(&l, &right.rows[i]));
                    check_rows(out.rows.size());
                }
            }
        } else if (kind == JoinKind::Left || kind == JoinKind::Full) {
            out.rows.push_back(combine(&l, nullptr));
        }
    }
    for (size_t i = 0; i < right.rows.size(); ++i) {
        if (kind == JoinKind::RightSemi && right_matched[i]) out.rows.push_back(right.rows[i]);
        if (kind == JoinKind::RightAnti && !right_matched[i]) out.rows.push_back(right.rows[i]);
        if ((kind == JoinKind::Right || kind == JoinKind::Full) && !right_matched[i])
            out.rows.push_back(combine(nullptr, &right.rows[i]));
    }
    return out;
}

Table Interpreter::project_columns(const KqlProjectColumns& pick, Table t) {
    std::string op(enum_name(pick.op));
    std::vector<size_t> named = named_columns(t, pick.columns, op), keep;
    if (pick.op == ColumnsOp::Reorder) {
        keep = named;
        for (size_t i = 0; i < t.columns.size(); ++i)
            if (std::find(keep.begin(), keep.end(), i) == keep.end()) keep.push_back(i);
        return select_columns(std::move(t), keep);
    }
    bool listed_stay = pick.op == ColumnsOp::Keep;
    for (size_t i = 0; i < t.columns.size(); ++i)
        if ((std::find(named.begin(), named.end(), i) != named.end()) == listed_stay) keep.push_back(i);
    return select_columns(std::move(t), keep);
}

Table Interpreter::project_rename(const KqlProjectRename& rename, Table t) {
    for (uint32_t k = 0; k < rename.columns.size(); ++k) {
        const ColumnRef* old = rename.columns[k];
        int i = t.find(old->path.back().text);
        if (i < 0) throw KqlError("project-rename: no column named '" + name_text(old->path.back()) + "'");
        t.columns[size_t(i)].name = name_text(rename.names[k]);
    }
    return t;
}

Table Interpreter::apply_option(const NamedArg& option, Table t, const Query& q) {
    std::string op = std::string(option.name.text);
    if (op.find('.') != std::string::npos) {
        // A parameter of an operator of this block: hints change nothing in the result.
        if (op.find(".hint.") != std::string::npos || op.starts_with("union.")) return t;
        std::string param = op.substr(op.find('.') + 1);
        throw KqlUnsupported("parameter " + op);
    }
    if (op == "as") {
        if (const auto* name = dyn_cast<ColumnRef>(option.value)) tables_[name_text(name->path.back())] = t;
        return t;
    }
    if (op == "render") return t;  // a client-side chart: the rows are unchanged
    if (op == "serialize") {
        t.ordered = true;
        const auto* tuple = dyn_cast<Tuple>(option.value);
        if (tuple && !tuple->items.empty()) throw KqlUnsupported("serialize with columns");
        return t;
    }
    if (op == "getschema") {
        Table out;
        out.columns = {{"ColumnName", KType::String},
                       {"ColumnOrdinal", KType::Int},
                       {"DataType", KType::String},
                       {"ColumnType", KType::String}};
        static const std::map<KType, std::string> system_types = {
            {KType::Bool, "System.SByte"},    {KType::Int, "System.Int32"},      {KType::Long, "System.Int64"},
            {KType::Real, "System.Double"},   {KType::Decimal, "System.Data.SqlTypes.SqlDecimal"},
            {KType::String, "System.String"}, {KType::DateTime, "System.DateTime"},
            {KType::TimeSpan, "System.TimeSpan"}, {KType::Dynamic, "System.Object"}, {KType::Guid, "System.Guid"}};
        for (size_t i = 0; i < t.columns.size(); ++i)
            out.rows.push_back({KValue::string(t.columns[i].name), KValue::integer_of(KType::Int, int64_t(i)),
                                KValue::string(system_types.at(t.columns[i].type)),
                                KValue::string(std::string(type_name(t.columns[i].type)))});
        return out;
    }
    (void)q;
    if (const auto* call = dyn_cast<FunctionCall>(option.value);
        op == "evaluate" && call && !call->name.empty() && support::iequals(call->name.back().text, "bag_unpack"))
        return bag_unpack(*call, std::move(t));
    if (const auto* call = dyn_cast<FunctionCall>(option.value); call && !call->name.empty())
        throw KqlUnsupported("operator " + op + " " + std::string(call->name.back().text));
    throw KqlUnsupported("operator " + op);
}

namespace {

// The capturing groups a regular expression fragment opens: `(` not escaped, not in a class, not `(?`.
size_t capture_groups(const std::string& re) {
    size_t n = 0;
    bool in_class = false;
    for (size_t i = 0; i < re.size(); ++i) {
        if (re[i] == '\\') {
            ++i;
        } else if (in_class) {
            in_class = re[i] != ']';
        } else if (re[i] == '[') {
            in_class = true;
        } else if (re[i] == '(' && (i + 1 >= re.size() || re[i + 1] != '?')) {
            ++n;
        }
    }
    return n;
}

std::string regex_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) out += '\\';
        out += c;
    }
    return out;
}

// A parameter's value as written: `kind=regex` (a name), `flags="Ui"` (a string).
std::string parameter_text(const Expr* value) {
    if (const auto* name = dyn_cast<ColumnRef>(value); name && name->path.size() == 1) return name_text(name->path[0]);
    if (const auto* literal = dyn_cast<Literal>(value)) return std::string(literal->text);
    return "";
}

}  // namespace

Table Interpreter::parse_operator(const KqlParse& parse, Table t) {
    // parse [kind=simple|regex] [flags=..] Column with Pattern: `*`, string delimiters and columns
    // (name[:type]). simple: delimiters match exactly, from the start; regex: delimiters are regular
    // expressions, columns and `*` greedy unless flags has U. A row that does not match gets nulls
    // (parse) or is dropped (parse-where).
    std::string kind = "simple", flags;
    for (const Expr* p : parse.parameters) {
        const auto& named = cast<NamedArg>(*p);
        std::string key = support::to_lower(named.name.text);
        if (key == "kind") kind = support::to_lower(parameter_text(named.value));
        else if (key == "flags") flags = parameter_text(named.value);
        else throw KqlUnsupported("operator parse with " + key + "=");
    }
    if (kind != "simple" && kind != "regex") throw KqlUnsupported("operator parse kind=" + kind);
    for (char f : flags)
        if (f != 'U' && f != 'i') throw KqlUnsupported("operator parse flags=" + flags);
    const auto* column = dyn_cast<ColumnRef>(parse.source);
    if (!column || column->path.size() != 1) throw KqlUnsupported("operator parse of an expression");
    int source = t.find(column->path[0].text);
    if (source < 0) throw KqlError("parse: no column named '" + name_text(column->path[0]) + "'");
    struct Capture {
        std::string name;
        KType type;
        size_t group;  // its group in the whole expression (the regex kind's delimiters may open groups)
    };
    size_t groups = 0;
    std::vector<Capture> captures;
    std::string pattern = kind == "simple" ? "^" : "";
    bool lazy = kind == "simple" || flags.find('U') != std::string::npos;
    for (uint32_t i = 0; i < parse.pattern.size(); ++i) {
        const Node* part = parse.pattern[i];
        bool last = i + 1 == parse.pattern.size();
        if (isa<Star>(part)) {
            pattern += last ? "[\\s\\S]*" : (lazy ? "[\\s\\S]*?" : "[\\s\\S]*");
        } else if (const auto* text = dyn_cast<Literal>(part)) {
            std::string value(text->text);
            pattern += kind == "simple" ? regex_escape(value) : "(?:" + value + ")";
            if (kind != "simple") groups += capture_groups(value);
        } else {
            const auto& def = cast<ColumnDef>(*part);
            KType type = KType::String;
            if (!def.type.empty()) {
                auto parsed_type = parse_type_name(def.type);
                if (!parsed_type) throw KqlUnsupported("operator parse column type " + std::string(def.type));
                type = *parsed_type;
            }
            captures.push_back({name_text(def.name), type, ++groups});
            if (type == KType::Int || type == KType::Long) pattern += "(-?\\d+)";
            else if (type == KType::Real || type == KType::Decimal) pattern += "(-?\\d+(?:\\.\\d*)?(?:[eE][-+]?\\d+)?)";
            else pattern += last ? "([\\s\\S]*)" : (lazy ? "([\\s\\S]*?)" : "([\\s\\S]*)");
        }
    }
    if (captures.empty()) throw KqlUnsupported("operator parse without columns");
    std::regex re;
    try {
        auto options = std::regex::ECMAScript;
        if (flags.find('i') != std::string::npos) options |= std::regex::icase;
        re = std::regex(pattern, options);
    } catch (const std::regex_error&) {
        throw KqlUnsupported("operator parse with this regular expression");
    }
    std::vector<int> target;
    for (const Capture& c : captures) {
        int at = t.find(c.name);
        if (at < 0) {
            at = int(t.columns.size());
            t.columns.push_back({c.name, c.type});
            for (Row& r : t.rows) r.push_back(KValue::null_of(c.type));
        } else {
            t.columns[size_t(at)].type = c.type;
        }
        target.push_back(at);
    }
    std::vector<Row> kept;
    for (Row& r : t.rows) {
        tick();
        std::string value = to_text(r[size_t(source)]);
        if (value.size() > 100000) throw KqlError("parse: the text is too long");
        std::smatch m;
        bool matched = std::regex_search(value, m, re);
        std::vector<KValue> values;
        for (size_t k = 0; matched && k < captures.size(); ++k) {
            KValue v = convert_to(KValue::string(m[captures[k].group].str()), captures[k].type);
            if (v.null && captures[k].type != KType::String) matched = false;  // types must match too
            values.push_back(std::move(v));
        }
        if (!matched) {
            if (parse.where) continue;
            for (size_t k = 0; k < captures.size(); ++k) r[size_t(target[k])] = KValue::null_of(captures[k].type);
        } else {
            for (size_t k = 0; k < captures.size(); ++k) r[size_t(target[k])] = std::move(values[k]);
        }
        kept.push_back(std::move(r));
    }
    t.rows = std::move(kept);
    return t;
}

Table Interpreter::bag_unpack(const FunctionCall& call, Table t) {
    // evaluate bag_unpack(Column [, 'prefix']): a column per property of the bags, the bag column
    // dropped; a property that no bag has is no column, a missing one is null.
    if (call.args.empty() || call.args.size() > 2) throw KqlUnsupported("operator evaluate bag_unpack with these arguments");
    const auto* column = dyn_cast<ColumnRef>(call.args[0]);
    if (!column || column->path.size() != 1) throw KqlUnsupported("operator evaluate bag_unpack of an expression");
    int bag = t.find(column->path[0].text);
    if (bag < 0) throw KqlError("bag_unpack: no column named '" + name_text(column->path[0]) + "'");
    if (t.columns[size_t(bag)].type != KType::Dynamic) throw KqlError("bag_unpack: the column is not dynamic");
    std::string prefix;
    if (call.args.size() == 2) {
        KValue p = eval(call.args[1], Scope{});
        if (p.type != KType::String) throw KqlUnsupported("operator evaluate bag_unpack with these arguments");
        prefix = p.s;
    }
    std::vector<std::string> keys;
    for (const Row& r : t.rows) {
        const KValue& v = r[size_t(bag)];
        if (v.null || v.type != KType::Dynamic || !v.dyn->is_object()) continue;
        for (const auto& [k, e] : v.dyn->items())
            if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
    }
    Table out;
    out.ordered = t.ordered;
    for (size_t i = 0; i < t.columns.size(); ++i)
        if (int(i) != bag) out.columns.push_back(t.columns[i]);
    for (const std::string& k : keys) {
        if (out.find(prefix + k) >= 0) throw KqlError("bag_unpack: property '" + k + "' is also a column");
        out.columns.push_back({prefix + k, KType::Dynamic});
    }
    for (const Row& r : t.rows) {
        Row row;
        for (size_t i = 0; i < r.size(); ++i)
            if (int(i) != bag) row.push_back(r[i]);
        const KValue& v = r[size_t(bag)];
        for (const std::string& k : keys) {
            if (!v.null && v.type == KType::Dynamic && v.dyn->is_object() && v.dyn->contains(k)) {
                const nlohmann::json& e = (*v.dyn)[k];
                row.push_back(e.is_object() || e.is_array() ? KValue::dynamic(e) : from_json_scalar(e));
            } else {
                row.push_back(KValue::null_of(KType::Dynamic));
            }
        }
        out.rows.push_back(std::move(row));
    }
    for (size_t c = t.columns.size() - 1; c < out.columns.size(); ++c)
        for (const Row& r : out.rows)
            if (!r[c].null) {
                out.columns[c].type = r[c].type;
                break;
            }
    return out;
}

Table Interpreter::mv_expand(const KqlMvExpand& expand, Table t) {
    auto fail = [&] { return KqlUnsupported("operator mv-expand in this form"); };
    MvExpandSpec spec;
    for (const Expr* p : expand.parameters) {
        const auto& named = cast<NamedArg>(*p);
        std::string key = support::to_lower(named.name.text), value = parameter_text(named.value);
        if (key == "kind" || key == "bagexpansion") spec.array_kind = support::to_lower(value) == "array";
        else if (key == "with_itemindex") spec.index_column = value;
        else if (!key.starts_with("hint.")) throw fail();
    }
    for (const KqlExpandColumn* column : expand.columns) {
        MvExpandSpec::Target target;
        target.name = column->name.empty() ? inferred_name(column->expr) : name_text(column->name);
        if (target.name.empty()) throw KqlUnsupported("mv-expand of an unnamed expression");
        target.expr = column->expr;
        if (!column->type.empty()) {
            std::string spelled = support::to_lower(column->type);
            auto type = parse_type_name(spelled);
            if (!type) throw fail();
            target.to_type = *type;
        }
        spec.targets.push_back(target);
    }
    if (spec.targets.empty()) throw fail();
    if (expand.limit) {
        KValue n = eval(expand.limit, Scope{});
        if (n.null || !n.is_integral() || n.i < 0) throw fail();
        spec.limit = size_t(n.i);
    }
    return mv_expand(spec, std::move(t));
}

Table Interpreter::mv_expand(const MvExpandSpec& spec, Table t) {
    std::vector<int> columns;
    Table out;
    out.columns = t.columns;
    for (const auto& target : spec.targets) {
        int at = out.find(target.name);
        KType type = target.to_type.value_or(KType::Dynamic);
        if (at < 0) {
            at = int(out.columns.size());
            out.columns.push_back({target.name, type});
        } else {
            out.columns[size_t(at)].type = type;
        }
        columns.push_back(at);
    }
    int index_column = -1;
    if (!spec.index_column.empty()) {
        index_column = int(out.columns.size());
        out.columns.push_back({spec.index_column, KType::Long});
    }
    Scope scope{&t};
    for (const Row& r : t.rows) {
        scope.row = &r;
        std::vector<std::vector<KValue>> expanded;
        size_t longest = 0;
        for (const auto& target : spec.targets) {
            KValue v = target.source >= 0 ? r[size_t(target.source)] : eval(target.expr, scope);
            std::vector<KValue> elements;
            if (!v.null && v.type == KType::Dynamic && v.dyn->is_array()) {
                for (const auto& e : *v.dyn) elements.push_back(KValue::dynamic(e));
            } else if (!v.null && v.type == KType::Dynamic && v.dyn->is_object()) {
                // kind=bag: one-property bags; kind=array: [key, value] pairs.
                for (const auto& [k, e] : v.dyn->items())
                    elements.push_back(KValue::dynamic(spec.array_kind ? nlohmann::json::array({k, e})
                                                                       : nlohmann::json{{k, e}}));
            } else if (!v.null) {
                elements.push_back(v.type == KType::Dynamic ? v : KValue::dynamic(to_json(v)));
            }
            if (target.to_type)
                for (KValue& e : elements) e = convert_to(e, *target.to_type);
            longest = std::max(longest, elements.size());
            expanded.push_back(std::move(elements));
        }
        // A row whose arrays are all empty (or null) expands to no rows.
        longest = std::min(longest, spec.limit);
        for (size_t k = 0; k < longest; ++k) {
            tick();
            Row row = r;
            row.resize(out.columns.size());
            for (size_t i = 0; i < spec.targets.size(); ++i)
                row[size_t(columns[i])] = k < expanded[i].size()
                                              ? expanded[i][k]
                                              : KValue::null_of(spec.targets[i].to_type.value_or(KType::Dynamic));
            if (index_column >= 0) row[size_t(index_column)] = KValue::integer(int64_t(k));
            out.rows.push_back(std::move(row));
            check_rows(out.rows.size());
        }
    }
    return out;
}

const KqlTable* KqlDatabase::find(std::string_view name) const {
    for (const KqlTable& t : tables)
        if (t.name == name) return &t;
    return nullptr;
}

}  // namespace qdiff::results::kql
