// summarize and the aggregate functions. Groups keep the order in which their first row came (KQL
// promises no order; the results comparison treats an unsorted result as a bag).
#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "stages/results/kql/interpreter.hpp"
#include "support/strings.hpp"

namespace qdiff::results::kql {

using namespace ast;

namespace {

const std::unordered_set<std::string>& aggregate_names() {
    static const std::unordered_set<std::string> names = {
        "count",      "countif",    "dcount",      "dcountif",   "sum",          "sumif",
        "avg",        "avgif",      "min",         "max",        "minif",        "maxif",
        "make_list",  "make_list_if", "make_set",  "make_set_if", "arg_max",     "arg_min",
        "percentile", "percentiles", "stdev",      "stdevp",     "variance",     "variancep",
        "take_any",   "any",        "make_bag",    "make_bag_if", "count_distinct", "count_distinctif",
        "take_anyif", "make_list_with_nulls", "percentilew", "percentilesw", "hll", "hll_merge",
        "tdigest",    "tdigest_merge", "makeset", "makelist", "binary_all_and", "binary_all_or", "binary_all_xor",
        "stdevif",    "varianceif", "covariance", "covariancep", "covarianceif", "buildschema", "dcount_hll"};
    return names;
}

// The name summarize gives an unnamed aggregate: count() -> count_, sum(x) -> sum_x.
std::string aggregate_column_name(const FunctionCall& f) {
    std::string name = function_name(f);
    std::string arg = f.args.empty() ? "" : inferred_name(f.args[0]);
    if (name == "count" || name == "countif") return name + "_";
    if (name == "make_list" || name == "make_list_if" || name == "make_list_with_nulls") return "list_" + arg;
    if (name == "make_set" || name == "make_set_if" || name == "makeset") return "set_" + arg;
    if (name == "makelist") return "list_" + arg;
    if (name == "make_bag" || name == "make_bag_if") return "bag_" + arg;
    if (name == "take_any" || name == "any" || name == "take_anyif") return "any_" + arg;
    return name + "_" + arg;
}

std::string percentile_suffix(const KValue& p) {
    std::string text = to_text(p);
    for (char& c : text)
        if (c == '.') c = '_';
    return text;
}

}  // namespace

bool is_aggregate_function(std::string_view name) { return aggregate_names().count(std::string(name)) > 0; }

KValue Interpreter::aggregate(const FunctionCall& f, const Scope& scope) {
    std::string name = function_name(f);
    if (name == "makeset") name = "make_set";    // the older names
    if (name == "makelist") name = "make_list";
    if (!scope.group) throw KqlError("aggregate function " + name + "() outside summarize");
    const std::vector<const Row*>& rows = *scope.group;
    auto arg = [&](size_t i) -> const Expr* {
        if (i >= f.args.size()) throw KqlError(name + "() needs more arguments");
        return f.args[i];
    };
    auto values_of = [&](const Expr* e, const Expr* predicate) {
        std::vector<KValue> out;
        Scope s{scope.table};
        for (const Row* r : rows) {
            tick();
            s.row = r;
            if (predicate && !eval_predicate(predicate, s)) continue;
            out.push_back(eval(e, s));
        }
        return out;
    };
    auto non_null = [](std::vector<KValue> vs) {
        std::vector<KValue> out;
        for (KValue& v : vs)
            if (!v.null && !(v.type == KType::Dynamic && v.dyn->is_null())) out.push_back(std::move(v));
        return out;
    };
    auto constant_arg = [&](size_t i) { return eval(arg(i), Scope{}); };

    if (name == "count" && f.args.empty()) return KValue::integer(int64_t(rows.size()));
    if (name == "count" && f.args.size() == 1 && isa<Star>(f.args[0])) return KValue::integer(int64_t(rows.size()));
    if (name == "count") return KValue::integer(int64_t(non_null(values_of(arg(0), nullptr)).size()));
    if (name == "countif") {
        int64_t n = 0;
        Scope s{scope.table};
        for (const Row* r : rows) {
            s.row = r;
            if (eval_predicate(arg(0), s)) ++n;
        }
        return KValue::integer(n);
    }
    bool conditional = name.ends_with("if") && name != "countif";
    std::string base = conditional ? name.substr(0, name.size() - 2) : name;
    if (base.ends_with("_")) base.pop_back();  // make_list_if -> make_list
    const Expr* predicate = conditional ? arg(1) : nullptr;
    if (base == "dcount" || base == "count_distinct") {
        std::unordered_set<std::string> seen;
        for (const KValue& v : non_null(values_of(arg(0), predicate))) seen.insert(group_key(v));
        return KValue::integer(int64_t(seen.size()));
    }
    if (base == "sum") {
        std::vector<KValue> vs = non_null(values_of(arg(0), predicate));
        KType type = KType::Long;
        for (const KValue& v : vs) {
            if (v.is_real()) type = KType::Real;
            else if (v.type == KType::TimeSpan) type = KType::TimeSpan;
            else if (!v.is_numeric()) throw KqlError("sum() of a " + std::string(type_name(v.type)));
        }
        if (vs.empty()) return KValue::null_of(type == KType::Long ? KType::Long : type);
        if (type == KType::Real) {
            double s = 0;
            for (const KValue& v : vs) s += v.as_double();
            return KValue::real(s);
        }
        int64_t s = 0;
        for (const KValue& v : vs) s += v.i;
        return KValue::integer_of(type, s);
    }
    if (base == "avg") {
        std::vector<KValue> vs = non_null(values_of(arg(0), predicate));
        if (vs.empty()) return KValue::null_of(KType::Real);
        double s = 0;
        for (const KValue& v : vs) {
            if (!v.is_numeric()) throw KqlError("avg() of a " + std::string(type_name(v.type)));
            s += v.as_double();
        }
        return KValue::real(s / double(vs.size()));
    }
    if (base == "min" || base == "max") {
        std::vector<KValue> vs = non_null(values_of(arg(0), predicate));
        if (vs.empty()) {
            std::vector<KValue> all = values_of(arg(0), predicate);
            return KValue::null_of(all.empty() ? KType::Long : all.front().type);
        }
        const KValue* best = &vs.front();
        for (const KValue& v : vs) {
            int c = compare_values(v, *best);
            if (base == "min" ? c < 0 : c > 0) best = &v;
        }
        return *best;
    }
    if (base == "stdev" || base == "stdevp" || base == "variance" || base == "variancep") {
        std::vector<KValue> vs = non_null(values_of(arg(0), predicate));
        bool population = base.ends_with("p");
        if (vs.size() < (population ? 1u : 2u)) return vs.empty() ? KValue::null_of(KType::Real) : KValue::real(0);
        double mean = 0;
        for (const KValue& v : vs) mean += v.as_double();
        mean /= double(vs.size());
        double ss = 0;
        for (const KValue& v : vs) ss += (v.as_double() - mean) * (v.as_double() - mean);
        double var = ss / double(population ? vs.size() : vs.size() - 1);
        return KValue::real(base.starts_with("stdev") ? std::sqrt(var) : var);
    }
    if (base == "make_list" || base == "make_set" || base == "make_list_with_nulls") {
        bool with_nulls = base == "make_list_with_nulls";
        std::vector<KValue> vs = values_of(arg(0), predicate);
        if (!with_nulls) vs = non_null(std::move(vs));
        size_t max_size = 1'048'576;
        size_t max_arg = conditional ? 2 : 1;
        if (f.args.size() > max_arg) {
            KValue m = constant_arg(max_arg);
            if (!m.null && m.is_integral() && m.i >= 0) max_size = size_t(m.i);
        }
        nlohmann::json out = nlohmann::json::array();
        std::unordered_set<std::string> seen;
        for (const KValue& v : vs) {
            if (out.size() >= max_size) break;
            // make_set of arrays makes the set of their elements; make_list keeps arrays as elements.
            if (base == "make_set" && v.type == KType::Dynamic && v.dyn->is_array()) {
                for (const auto& e : *v.dyn) {
                    if (out.size() >= max_size) break;
                    if (seen.insert(group_key(from_json_scalar(e))).second) out.push_back(e);
                }
                continue;
            }
            if (base == "make_set" && !seen.insert(group_key(v)).second) continue;
            out.push_back(to_json(v));
        }
        return KValue::dynamic(std::move(out));
    }
    if (base == "make_bag") {
        nlohmann::json out = nlohmann::json::object();
        for (const KValue& v : non_null(values_of(arg(0), predicate)))
            if (v.type == KType::Dynamic && v.dyn->is_object())
                for (const auto& [k, e] : v.dyn->items())
                    if (!out.contains(k)) out[k] = e;
        return KValue::dynamic(std::move(out));
    }
    if (base == "take_any" || base == "any") {
        if (f.args.size() != 1 || isa<Star>(f.args[0])) throw KqlUnsupported("function " + name + " of several columns");
        std::vector<KValue> vs = values_of(arg(0), predicate);
        for (const KValue& v : vs)
            if (!v.null) return v;
        return vs.empty() ? KValue::null_of(KType::String) : vs.front();
    }
    if (base == "percentile") {
        std::vector<KValue> vs = non_null(values_of(arg(0), nullptr));
        KValue p = constant_arg(1);
        if (vs.empty() || p.null) return KValue::null_of(vs.empty() ? KType::Real : vs.front().type);
        std::sort(vs.begin(), vs.end(), [](const KValue& a, const KValue& b) { return compare_values(a, b) < 0; });
        // Nearest rank: the smallest value with at least p% of the values at or below it.
        double rank = std::ceil(p.as_double() / 100.0 * double(vs.size()));
        size_t index = rank < 1 ? 0 : std::min(vs.size() - 1, size_t(rank) - 1);
        return vs[index];
    }
    throw KqlUnsupported("aggregate function " + name);
}

namespace {

struct OutputColumn {
    std::string name;
    enum class Kind : uint8_t { Expr, ArgExtreme, Percentile } kind = Kind::Expr;
    const Expr* expr = nullptr;            // Expr: the item's expression; ArgExtreme: the value to return
    const FunctionCall* call = nullptr;    // ArgExtreme / Percentile
    size_t item = 0;                       // which aggregation item (ArgExtreme shares one row choice)
    int input_column = -1;                 // ArgExtreme with *: this input column
    KValue percent{};
};

}  // namespace

Table Interpreter::summarize(const Query& q, Table input) {
    struct KeySpec {
        std::string name;
        const Expr* expr;
    };
    std::vector<KeySpec> keys;
    int unnamed = 0;
    for (const Expr* e : q.group_by) {
        if (const auto* named = dyn_cast<NamedArg>(e)) {
            keys.push_back({name_text(named->name), named->value});
            continue;
        }
        std::string name = inferred_name(e);
        if (name.empty())
            if (const auto* call = dyn_cast<FunctionCall>(e); call && !call->args.empty()) {
                // by bin(Timestamp, 1h) is named Timestamp.
                std::string fn = function_name(*call);
                if (fn == "bin" || fn == "floor" || fn == "bin_at" || fn.starts_with("startof") || fn.starts_with("endof"))
                    name = inferred_name(call->args[0]);
            }
        if (name.empty()) name = "Column" + std::to_string(++unnamed);
        keys.push_back({name, e});
    }
    Table out;
    for (const KeySpec& k : keys) out.columns.push_back({k.name, KType::String});
    std::vector<OutputColumn> outputs;
    for (size_t item_index = 0; item_index < q.aggregations.size(); ++item_index) {
        const SelectItem* item = q.aggregations[item_index];
        const auto* call = dyn_cast<FunctionCall>(item->expr);
        std::string fn = call ? function_name(*call) : "";
        std::string alias = name_text(item->alias);
        if (alias.starts_with("(")) throw KqlUnsupported("tuple assignment (a, b) = in summarize");
        if ((fn == "arg_max" || fn == "arg_min") && call->args.size() >= 1) {
            std::string first = alias.empty() ? inferred_name(call->args[0]) : alias;
            if (first.empty()) first = (fn == "arg_max" ? "max_" : "min_");
            outputs.push_back({first, OutputColumn::Kind::ArgExtreme, call->args[0], call, item_index});
            for (size_t a = 1; a < call->args.size(); ++a) {
                if (const auto* star = dyn_cast<Star>(call->args[a])) {
                    if (!star->pattern.empty()) throw KqlUnsupported("arg_max/arg_min with a column pattern");
                    for (size_t c = 0; c < input.columns.size(); ++c) {
                        const std::string& n = input.columns[c].name;
                        bool taken = n == first;
                        for (const KeySpec& k : keys) taken = taken || k.name == n;
                        if (taken) continue;
                        OutputColumn o{n, OutputColumn::Kind::ArgExtreme, nullptr, call, item_index};
                        o.input_column = int(c);
                        outputs.push_back(o);
                    }
                } else {
                    std::string n = inferred_name(call->args[a]);
                    if (const auto* named = dyn_cast<NamedArg>(call->args[a])) n = name_text(named->name);
                    if (n.empty()) n = "Column" + std::to_string(++unnamed);
                    const Expr* value = call->args[a];
                    if (const auto* named = dyn_cast<NamedArg>(value)) value = named->value;
                    outputs.push_back({n, OutputColumn::Kind::ArgExtreme, value, call, item_index});
                }
            }
            continue;
        }
        if (fn == "percentiles" && call->args.size() >= 2) {
            for (size_t a = 1; a < call->args.size(); ++a) {
                KValue p = eval(call->args[a], Scope{});
                OutputColumn o{"percentile_" + inferred_name(call->args[0]) + "_" + percentile_suffix(p),
                               OutputColumn::Kind::Percentile, call->args[0], call, item_index};
                o.percent = p;
                outputs.push_back(o);
            }
            if (!alias.empty()) throw KqlUnsupported("percentiles() with a name");
            continue;
        }
        if (alias.empty()) {
            if (call && is_aggregate_function(fn)) {
                alias = aggregate_column_name(*call);
                // The count operator (`| count`, lowered like summarize count()) names its column Count.
                std::string_view written = call->span.end <= source_text_.size()
                                               ? source_text_.substr(call->span.begin, call->span.size())
                                               : std::string_view();
                if (fn == "count" && call->args.empty() && !written.empty() && written.find('(') == std::string_view::npos)
                    alias = "Count";
                if (fn == "percentile" && call->args.size() == 2)
                    alias += "_" + percentile_suffix(eval(call->args[1], Scope{}));
            } else {
                alias = inferred_name(item->expr);
                if (alias.empty()) alias = "Column" + std::to_string(++unnamed);
            }
        }
        outputs.push_back({alias, OutputColumn::Kind::Expr, item->expr, call, item_index});
    }
    for (OutputColumn& o : outputs) {
        // A name that repeats a key's or an earlier aggregate's gets a number (count_, count_1).
        o.name = out.unique_name(o.name);
        out.columns.push_back({o.name, KType::String});
    }

    // Group the rows.
    std::unordered_map<std::string, size_t> group_of;
    std::vector<Row> key_values;
    std::vector<std::vector<const Row*>> groups;
    Scope scope{&input};
    for (const Row& r : input.rows) {
        tick();
        scope.row = &r;
        Row key;
        std::string text;
        for (const KeySpec& k : keys) {
            key.push_back(eval(k.expr, scope));
            text += group_key(key.back()) + '\x1f';
        }
        auto [it, inserted] = group_of.emplace(text, groups.size());
        if (inserted) {
            groups.emplace_back();
            key_values.push_back(std::move(key));
        }
        groups[it->second].push_back(&r);
    }
    if (keys.empty() && groups.empty()) {
        groups.emplace_back();
        key_values.emplace_back();
    }
    for (size_t g = 0; g < groups.size(); ++g) {
        Row row = key_values[g];
        Scope group_scope{&input, groups[g].empty() ? nullptr : groups[g].front(), &groups[g]};
        std::unordered_map<size_t, const Row*> chosen;  // arg_max/arg_min: the row of each item
        for (const OutputColumn& o : outputs) {
            if (o.kind == OutputColumn::Kind::Expr) {
                row.push_back(eval(o.expr, group_scope));
                continue;
            }
            if (o.kind == OutputColumn::Kind::Percentile) {
                std::vector<KValue> vs;
                Scope s{&input};
                for (const Row* r : groups[g]) {
                    s.row = r;
                    if (KValue v = eval(o.expr, s); !v.null) vs.push_back(v);
                }
                if (vs.empty()) {
                    row.push_back(KValue::null_of(KType::Real));
                    continue;
                }
                std::sort(vs.begin(), vs.end(), [](const KValue& a, const KValue& b) { return compare_values(a, b) < 0; });
                double rank = std::ceil(o.percent.as_double() / 100.0 * double(vs.size()));
                row.push_back(vs[rank < 1 ? 0 : std::min(vs.size() - 1, size_t(rank) - 1)]);
                continue;
            }
            if (!chosen.count(o.item)) {
                const Row* best = nullptr;
                KValue best_value;
                bool is_max = function_name(*o.call) == "arg_max";
                Scope s{&input};
                for (const Row* r : groups[g]) {
                    s.row = r;
                    KValue v = eval(o.call->args[0], s);
                    if (v.null) continue;
                    int c = best ? compare_values(v, best_value) : 0;
                    if (!best || (is_max ? c > 0 : c < 0)) {
                        best = r;
                        best_value = v;
                    }
                }
                // Every value null: the group's first row (with its null).
                if (!best && !groups[g].empty()) best = groups[g].front();
                chosen[o.item] = best;
            }
            const Row* best = chosen[o.item];
            if (o.input_column >= 0) {
                row.push_back(best ? (*best)[size_t(o.input_column)]
                                   : KValue::null_of(input.columns[size_t(o.input_column)].type));
            } else if (best) {
                Scope s{&input, best};
                row.push_back(eval(o.expr, s));
            } else {
                row.push_back(KValue::null_of(KType::String));
            }
        }
        out.rows.push_back(std::move(row));
    }
    for (size_t i = 0; i < out.columns.size(); ++i) {
        for (const Row& r : out.rows)
            if (!r[i].null) {
                out.columns[i].type = r[i].type;
                break;
            }
        if (!out.rows.empty() && out.rows.front()[i].null) {
            bool all_null = true;
            for (const Row& r : out.rows) all_null = all_null && r[i].null;
            if (all_null) out.columns[i].type = out.rows.front()[i].type;
        }
    }
    return out;
}

}  // namespace qdiff::results::kql
