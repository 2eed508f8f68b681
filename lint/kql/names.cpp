// Kusto's default column names (see names.hpp).
#include "lint/kql/names.hpp"

#include <algorithm>
#include <cctype>

#include "lint/kql/analysis.hpp"
#include "lint/sql/analysis.hpp"
#include "support/strings.hpp"

namespace qdiff::linting::kql {
namespace {

using namespace ast;

// The prefix of an aggregate's default name where it differs from the function's name.
std::string_view aggregate_prefix(std::string_view f) {
    if (f == "make_set" || f == "makeset" || f == "make_set_if") return "set";
    if (f == "make_list" || f == "makelist" || f == "make_list_if") return "list";
    if (f == "make_bag" || f == "make_bag_if") return "bag";
    if (f == "percentiles" || f == "percentile") return "percentile";
    return f;
}

// The column a simple expression is about: `X`, `X.y` (dynamic access: X_y).
std::string column_name(const Expr* e) {
    auto* ref = dyn_cast<ColumnRef>(e);
    if (!ref || ref->path.empty()) return "";
    std::string name(ref->path[0].text);
    for (uint32_t i = 1; i < ref->path.size(); ++i) name += "_" + std::string(ref->path[i].text);
    return name;
}

}  // namespace

std::string suggest(std::string_view name, const std::vector<std::string_view>& candidates) {
    return sql::nearest_name(name, candidates, /*case_variants=*/true);
}

bool is_named(const FunctionCall& call, std::string_view name) {
    return call.name.size() == 1 && call.name[0].text == name;
}

bool returns_its_arguments(const FunctionCall& call) {
    return is_named(call, "arg_max") || is_named(call, "arg_min") || is_named(call, "take_any") ||
           is_named(call, "any") || is_named(call, "take_anyif") || is_named(call, "anyif");
}

std::vector<std::string> default_names(const Expr* e, int position) {
    std::vector<std::string> names;
    if (std::string c = column_name(e); !c.empty()) {
        names.push_back(c);
        return names;
    }
    if (auto* call = dyn_cast<FunctionCall>(e); call && !call->name.empty() && !call->args.empty()) {
        std::string inner = column_name(call->args[0]);
        // by bin(T, 1h) and its relatives keep the column's name.
        if (!inner.empty() && (is_named(*call, "bin") || is_named(*call, "floor") || is_named(*call, "bin_at")))
            return {inner};
        if (!inner.empty()) {
            names.push_back(std::string(call->name.back().text) + "_" + inner);
            names.push_back(inner);
        }
    }
    names.push_back("Column" + std::to_string(position > 0 ? position : 1));
    return names;
}

std::vector<std::string> aggregate_names(const Expr* e) {
    auto* call = dyn_cast<FunctionCall>(e);
    if (!call || call->name.empty()) return {"Column1"};
    std::string prefix(aggregate_prefix(call->name.back().text));
    std::string inner = call->args.empty() ? "" : column_name(call->args[0]);
    if (is_named(*call, "percentiles") || is_named(*call, "percentile")) {
        std::vector<std::string> names;
        for (uint32_t i = 1; i < call->args.size(); ++i)
            if (auto* p = dyn_cast<Literal>(call->args[i])) {
                std::string value(p->text);
                for (char& c : value)
                    if (c == '.') c = '_';
                names.push_back(prefix + "_" + inner + "_" + value);
            }
        if (!names.empty()) return names;
    }
    // count() -> count_, countif(p) -> countif_, sum(X) -> sum_X; make_set(X) may also be make_set_X.
    std::vector<std::string> names{prefix + "_" + inner};
    if (prefix != call->name.back().text) names.push_back(std::string(call->name.back().text) + "_" + inner);
    return names;
}

bool wildcard_match(std::string_view pattern, std::string_view name) {
    size_t star = pattern.find('*');
    if (star == std::string_view::npos) return pattern == name;
    std::string_view head = pattern.substr(0, star);
    if (!name.starts_with(head)) return false;
    std::string_view rest = pattern.substr(star + 1);
    for (size_t at = head.size(); at <= name.size(); ++at)
        if (wildcard_match(rest, name.substr(at))) return true;
    return false;
}

ColumnType literal_type(const Literal& lit) {
    switch (lit.type) {
        case LiteralType::Integer: return ColumnType::Integer;
        case LiteralType::Decimal: return ColumnType::Real;
        case LiteralType::String: return ColumnType::Text;
        case LiteralType::Boolean: return ColumnType::Boolean;
        case LiteralType::Datetime: return ColumnType::DateTime;
        case LiteralType::Timespan: return ColumnType::TimeSpan;
        case LiteralType::Guid: return ColumnType::Guid;
        case LiteralType::Dynamic: return ColumnType::Dynamic;
        default: return ColumnType::Unknown;
    }
}

ColumnType kusto_type(std::string_view name) {
    // In KQL `time` is an alias of timespan, not a time of day as in SQL.
    if (support::iequals(name, "time")) return ColumnType::TimeSpan;
    return classify_type(name);
}

}  // namespace qdiff::linting::kql
