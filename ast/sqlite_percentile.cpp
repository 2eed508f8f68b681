#include "ast/sqlite_percentile.hpp"

namespace qdiff::sqlite_percentile {

std::string windowed(Kind kind, const std::string& fraction, const std::string& value, bool descending,
                     const std::string& partition) {
    // The partition's values that are not NULL, sorted, as a JSON array (the frame is the whole partition: an
    // ordered window's default frame ends at the current row). JSON keeps a real to 15 significant digits.
    const std::string window = "(" + (partition.empty() ? std::string() : "PARTITION BY " + partition + " ") +
                               "ORDER BY " + value + (descending ? " DESC" : "") +
                               " ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)";
    const std::string sorted = "json_group_array(" + value + ") FILTER (WHERE (" + value + ") IS NOT NULL) OVER " + window;
    const std::string count = "json_array_length(" + sorted + ")";
    auto at = [&](const std::string& index) { return "json_extract(" + sorted + ", '$[' || (" + index + ") || ']')"; };
    if (kind == Kind::Discrete) {
        // The first 1-based position k with k >= p * n: ceil(p * n), at least 1; 0-based, ceil(y) - 1 is
        // floor(y) - 1 for a whole y and floor(y) otherwise (y >= 0, where CAST truncates as floor does).
        const std::string share = "(CAST(" + fraction + " AS REAL) * " + count + ")";
        const std::string whole = "CAST(" + share + " AS INTEGER)";
        return at("max(0, " + whole + " - (" + share + " = " + whole + "))");
    }
    // Position p * (n - 1): the value below it plus the fraction of the way to the value above.
    const std::string position = "(CAST(" + fraction + " AS REAL) * (" + count + " - 1))";
    const std::string below = "CAST(" + position + " AS INTEGER)";
    const std::string low = at(below);
    return "(" + low + " + (" + position + " - " + below + ") * (" + at(below + " + (" + position + " > " + below + ")") +
           " - " + low + "))";
}

}  // namespace qdiff::sqlite_percentile
