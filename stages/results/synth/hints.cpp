// The literals of both queries, as values for the generator (the test-suite insight: data drawn from
// the queries' own constants makes their filters select something). A comparison `x > 30` gives 29,
// 30 and 31 for every column named x, so that both sides of the boundary exist; BETWEEN gives both
// bounds and their neighbours; a LIKE pattern gives strings it matches (the wildcards filled two
// ways); IN lists give their items. Columns are keyed by name alone: aliases (T1.x) are not resolved,
// and a value that reaches a same-named column of another table only adds variety.
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "qdiff/ast.hpp"
#include "stages/results/synth/synth.hpp"
#include "support/strings.hpp"

namespace qdiff::results::synth {
namespace {

bool is_comparison(ast::BinaryOp op) {
    using ast::BinaryOp;
    return op == BinaryOp::Eq || op == BinaryOp::NotEq || op == BinaryOp::Lt || op == BinaryOp::LtEq ||
           op == BinaryOp::Gt || op == BinaryOp::GtEq || op == BinaryOp::IsDistinctFrom;
}

bool is_pattern(ast::BinaryOp op) {
    return op == ast::BinaryOp::Like || op == ast::BinaryOp::ILike || op == ast::BinaryOp::Glob;
}

// The column an operand is about: itself, or the one inside lower(x), CAST(x AS ...), -x.
const ast::ColumnRef* column_of(const ast::Expr* e) {
    for (int depth = 0; e && depth < 4; ++depth) {
        if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(e)) return ref->path.empty() ? nullptr : ref;
        if (const auto* call = ast::dyn_cast<ast::FunctionCall>(e); call && call->args.size() >= 1 && !call->over)
            e = call->args[0];
        else if (const auto* cast = ast::dyn_cast<ast::Cast>(e))
            e = cast->expr;
        else if (const auto* unary = ast::dyn_cast<ast::Unary>(e))
            e = unary->operand;
        else
            return nullptr;
    }
    return nullptr;
}

std::optional<Value> literal_value(const ast::Expr* e) {
    // LOWER('%New York%'), UPPER(...), TRIM(...): the literal inside is what the data needs.
    if (const auto* call = ast::dyn_cast<ast::FunctionCall>(e); call && call->args.size() == 1 && !call->name.empty()) {
        std::string_view name = call->name.back().text;
        if (support::iequals(name, "lower") || support::iequals(name, "upper") || support::iequals(name, "trim"))
            e = call->args[0];
    }
    bool negate = false;
    if (const auto* unary = ast::dyn_cast<ast::Unary>(e); unary && unary->op == ast::UnaryOp::Negate) {
        negate = true;
        e = unary->operand;
    }
    // SQLite reads a double-quoted name that is no column as a string ("JetBlue Airways" in Spider's
    // gold): as a hint it costs nothing when it is a column after all.
    if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(e);
        ref && !negate && ref->path.size() == 1 && ref->path[0].quoted)
        return Value(std::string(ref->path[0].text));
    const auto* literal = ast::dyn_cast<ast::Literal>(e);
    if (!literal) return std::nullopt;
    std::string text(literal->text);
    switch (literal->type) {
        case ast::LiteralType::Integer: {
            char* end = nullptr;
            long long v = std::strtoll(text.c_str(), &end, 10);
            if (end == text.c_str() || *end) return std::nullopt;
            return Value(int64_t(negate ? -v : v));
        }
        case ast::LiteralType::Decimal: {
            char* end = nullptr;
            double v = std::strtod(text.c_str(), &end);
            if (end == text.c_str()) return std::nullopt;
            return Value(negate ? -v : v);
        }
        case ast::LiteralType::Boolean: return Value(int64_t(support::iequals(text, "true") ? 1 : 0));
        case ast::LiteralType::String:
        case ast::LiteralType::Datetime: return negate ? std::nullopt : std::optional<Value>(Value(text));
        default: return std::nullopt;
    }
}

// v and the values just around it.
std::vector<Value> with_neighbours(const Value& v, bool ordering) {
    if (const auto* i = std::get_if<int64_t>(&v)) {
        // At the ends of the range a neighbour would overflow: it is left out.
        std::vector<Value> out;
        if (*i > INT64_MIN) out.push_back(*i - 1);
        out.push_back(*i);
        if (*i < INT64_MAX) out.push_back(*i + 1);
        return out;
    }
    if (const auto* d = std::get_if<double>(&v)) return {*d - 0.5, *d, *d + 0.5};
    if (const auto* s = std::get_if<std::string>(&v); s && ordering) return {*s, *s + "a"};
    return {v};
}

// Two strings a LIKE (or GLOB) pattern matches: the wildcards left empty, and filled.
std::vector<Value> pattern_matches(const std::string& pattern, bool glob) {
    std::string empty, filled;
    for (char c : pattern) {
        bool many = glob ? c == '*' : c == '%';
        bool one = glob ? c == '?' : c == '_';
        if (many)
            filled += "x";
        else if (one)
            empty += "a", filled += "b";
        else
            empty += c, filled += c;
    }
    return {empty, filled};
}

bool is_date_function(std::string_view name) {
    static const char* const names[] = {"strftime", "date", "datetime", "julianday", "time",       "year",
                                        "month",    "day",  "extract",  "date_part", "date_trunc", "unixepoch"};
    return std::any_of(std::begin(names), std::end(names), [&](const char* n) { return support::iequals(name, n); });
}

class Collector {
public:
    explicit Collector(LiteralHints& hints) : hints_(hints) {}

    void walk(const ast::Node& n) {
        visit(n);
        ast::for_each_child(n, [&](const ast::Node& child) { walk(child); });
    }

private:
    void add(const ast::ColumnRef* column, const std::vector<Value>& values) {
        if (!column) return;
        std::string name = support::to_lower(column->path.back().text);
        auto it = std::find_if(hints_.by_column.begin(), hints_.by_column.end(),
                               [&](const auto& p) { return p.first == name; });
        if (it == hints_.by_column.end()) it = hints_.by_column.insert(hints_.by_column.end(), {name, {}});
        for (const Value& v : values)
            if (std::find(it->second.begin(), it->second.end(), v) == it->second.end()) it->second.push_back(v);
    }

    void visit(const ast::Node& n) {
        if (const auto* literal = ast::dyn_cast<ast::Literal>(&n)) {
            if (auto v = literal_value(literal); v && hints_.loose.size() < 64) hints_.loose.push_back(*v);
        } else if (const auto* table = ast::dyn_cast<ast::TableRef>(&n); table && !table->name.empty()) {
            hints_.tables.push_back(support::to_lower(table->name.back().text));
        } else if (const auto* binary = ast::dyn_cast<ast::Binary>(&n)) {
            bool ordering = binary->op != ast::BinaryOp::Eq && binary->op != ast::BinaryOp::NotEq;
            if (is_comparison(binary->op)) {
                if (auto v = literal_value(binary->rhs)) add(column_of(binary->lhs), with_neighbours(*v, ordering));
                if (auto v = literal_value(binary->lhs)) add(column_of(binary->rhs), with_neighbours(*v, ordering));
            } else if (is_pattern(binary->op)) {
                auto v = literal_value(binary->rhs);
                if (const auto* s = v ? std::get_if<std::string>(&*v) : nullptr)
                    add(column_of(binary->lhs), pattern_matches(*s, binary->op == ast::BinaryOp::Glob));
            }
        } else if (const auto* between = ast::dyn_cast<ast::Between>(&n)) {
            std::vector<Value> values;
            for (const ast::Expr* bound : {between->low, between->high})
                if (auto v = literal_value(bound))
                    for (Value& x : with_neighbours(*v, true)) values.push_back(std::move(x));
            add(column_of(between->expr), values);
        } else if (const auto* in = ast::dyn_cast<ast::InList>(&n)) {
            std::vector<Value> values;
            for (const ast::Expr* item : in->items)
                if (auto v = literal_value(item)) values.push_back(*v);
            add(column_of(in->expr), values);
        } else if (const auto* call = ast::dyn_cast<ast::FunctionCall>(&n);
                   call && !call->name.empty() && is_date_function(call->name.back().text)) {
            for (const ast::Expr* arg : call->args)
                if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(arg); ref && !ref->path.empty())
                    hints_.date_columns.push_back(support::to_lower(ref->path.back().text));
        }
    }

    LiteralHints& hints_;
};

}  // namespace

const std::vector<Value>* LiteralHints::find(const std::string& column) const {
    for (const auto& [name, values] : by_column)
        if (support::iequals(name, column)) return &values;
    return nullptr;
}

bool LiteralHints::is_date_column(const std::string& column) const {
    return std::any_of(date_columns.begin(), date_columns.end(),
                       [&](const std::string& c) { return support::iequals(c, column); });
}

void collect_hints(const ParseResult& parsed, LiteralHints& hints) {
    if (!parsed.ok() || !parsed.script()) return;
    Collector(hints).walk(*parsed.script());
}

}  // namespace qdiff::results::synth
