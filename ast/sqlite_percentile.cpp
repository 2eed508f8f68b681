#include "ast/sqlite_percentile.hpp"

namespace qdiff::sqlite_percentile {

std::string of_rows(const Percentile& p) {
    // The values that are not NULL with their 1-based position in order (ties in any order: equal values) and
    // their set's count.
    std::string keys, partition, match;
    for (size_t i = 0; i < p.keys.size(); ++i) {
        const std::string column = "qdiff_k" + std::to_string(i);
        keys += "(" + p.keys[i] + ") AS " + column + ", ";
        partition += (i ? ", " : "") + p.keys[i];
        match += std::string(i ? " AND " : " WHERE ") + "qdiff_percentile." + column + " IS (" + p.keys[i] + ")";
    }
    const std::string window = "(" + (partition.empty() ? std::string() : "PARTITION BY " + partition + " ");
    const std::string ranked = "SELECT " + keys + "(" + p.value + ") AS qdiff_v, row_number() OVER " + window +
                               "ORDER BY " + p.value + (p.descending ? " DESC" : "") + ") AS qdiff_rn, count(*) OVER " +
                               (partition.empty() ? "()" : window.substr(0, window.size() - 1) + ")") + " AS qdiff_n" + p.from +
                               " WHERE " + (p.where.empty() ? "" : "(" + p.where + ") AND ") + "(" + p.value +
                               ") IS NOT NULL";
    auto at = [](const std::string& position) { return "max(CASE WHEN qdiff_rn = " + position + " THEN qdiff_v END)"; };
    std::string percentile;
    if (p.kind == Kind::Discrete) {
        // The first 1-based position k with k >= p * n: ceil(p * n), at least 1 (CAST truncates a share >= 0).
        const std::string share = "(CAST(" + p.fraction + " AS REAL) * qdiff_n)";
        const std::string whole = "CAST(" + share + " AS INTEGER)";
        percentile = at("max(1, " + whole + " + (" + share + " > " + whole + "))");
    } else {
        // Position p * (n - 1), 0-based: the value below it plus the fraction of the way to the value above.
        const std::string position = "(CAST(" + p.fraction + " AS REAL) * (qdiff_n - 1))";
        const std::string below = "CAST(" + position + " AS INTEGER)";
        percentile = "(" + at(below + " + 1") + " + max(" + position + " - " + below + ") * (" +
                     at(below + " + 1 + (" + position + " > " + below + ")") + " - " + at(below + " + 1") + "))";
    }
    std::string group_by;
    for (size_t i = 0; i < p.keys.size(); ++i) group_by += std::string(i ? ", " : " GROUP BY ") + "qdiff_k" + std::to_string(i);
    std::string key_columns;
    for (size_t i = 0; i < p.keys.size(); ++i) key_columns += "qdiff_k" + std::to_string(i) + ", ";
    return "(SELECT qdiff_p FROM (SELECT " + key_columns + percentile + " AS qdiff_p FROM (" + ranked +
           ")" + group_by + ") AS qdiff_percentile" + match + ")";
}

}  // namespace qdiff::sqlite_percentile
