#include "stages/results/compare.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "stages/results/normalize_value.hpp"
#include "support/strings.hpp"

namespace qdiff::results {
namespace {

using Table = std::vector<std::vector<NormalValue>>;  // column-major: table[column][row]

Table normalize(const ResultSet& rs) {
    Table t(rs.columns.size());
    for (size_t c = 0; c < rs.columns.size(); ++c) {
        t[c].reserve(rs.rows.size());
        for (const auto& row : rs.rows) t[c].push_back(c < row.size() ? normalize_value(row[c]) : NormalValue{});
    }
    return t;
}

// Number keys round to one digit more than the tolerance resolves, so keys rarely split equal values;
// values_equal settles the rest.
int key_digits(double tolerance) {
    if (!(tolerance > 0)) return 17;
    return std::clamp(int(std::lround(-std::log10(tolerance))) + 1, 1, 17);
}

size_t value_overlap(const std::vector<NormalValue>& a, const std::vector<NormalValue>& b, int digits) {
    std::unordered_map<std::string, size_t> counts;
    for (const auto& v : a) ++counts[value_key(v, digits)];
    size_t overlap = 0;
    for (const auto& v : b) {
        auto it = counts.find(value_key(v, digits));
        if (it != counts.end() && it->second > 0) {
            --it->second;
            ++overlap;
        }
    }
    return overlap;
}

// pairs[expected column] = generated column, or -1.
std::vector<int> pair_columns(const ResultSet& expected, const ResultSet& generated, const Table& e, const Table& g,
                              int digits, bool positional, std::vector<std::string>& by) {
    std::vector<int> pairs(expected.columns.size(), -1);
    std::vector<bool> taken(generated.columns.size(), false);
    by.assign(expected.columns.size(), "");
    if (positional) {
        for (size_t i = 0; i < pairs.size() && i < generated.columns.size(); ++i) pairs[i] = int(i), by[i] = "position";
        return pairs;
    }
    for (size_t i = 0; i < expected.columns.size(); ++i)
        for (size_t j = 0; j < generated.columns.size(); ++j)
            if (!taken[j] && support::iequals(expected.columns[i], generated.columns[j])) {
                pairs[i] = int(j), taken[j] = true, by[i] = "name";
                break;
            }
    struct Candidate {
        size_t overlap, expected, generated;
    };
    std::vector<Candidate> candidates;
    for (size_t i = 0; i < pairs.size(); ++i)
        if (pairs[i] < 0)
            for (size_t j = 0; j < taken.size(); ++j)
                if (!taken[j])
                    if (size_t overlap = value_overlap(e[i], g[j], digits); overlap > 0)
                        candidates.push_back({overlap, i, j});
    // Most overlap first; on ties the nearer column position.
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        if (a.overlap != b.overlap) return a.overlap > b.overlap;
        auto distance = [](const Candidate& c) {
            return c.expected > c.generated ? c.expected - c.generated : c.generated - c.expected;
        };
        return distance(a) < distance(b);
    });
    for (const auto& c : candidates)
        if (pairs[c.expected] < 0 && !taken[c.generated])
            pairs[c.expected] = int(c.generated), taken[c.generated] = true, by[c.expected] = "values";
    return pairs;
}

// Longest non-decreasing subsequence length (patience sorting).
size_t longest_non_decreasing(const std::vector<size_t>& values) {
    std::vector<size_t> tails;
    for (size_t v : values) {
        auto it = std::upper_bound(tails.begin(), tails.end(), v);
        if (it == tails.end())
            tails.push_back(v);
        else
            *it = v;
    }
    return tails.size();
}

// How many matched rows keep their place: the tie groups of the expected rows (rows equal on the order
// keys share a group; without keys every row is its own group) must not decrease along the generated
// order.
size_t rows_in_order(const std::vector<long>& match, const Table& e, const std::vector<size_t>& keys,
                     double tolerance) {
    std::vector<size_t> group(match.size(), 0);
    for (size_t row = 1; row < match.size(); ++row) {
        bool tie = !keys.empty();
        for (size_t k = 0; k < keys.size() && tie; ++k)
            tie = values_equal(e[keys[k]][row], e[keys[k]][row - 1], tolerance);
        group[row] = group[row - 1] + (tie ? 0 : 1);
    }
    std::vector<std::pair<size_t, size_t>> by_position;  // (generated row, group)
    for (size_t row = 0; row < match.size(); ++row)
        if (match[row] >= 0) by_position.push_back({size_t(match[row]), group[row]});
    std::sort(by_position.begin(), by_position.end());
    std::vector<size_t> groups;
    for (const auto& p : by_position) groups.push_back(p.second);
    return longest_non_decreasing(groups);
}

std::string format_row(const ResultSet& rs, size_t row) {
    std::string out = "(";
    for (size_t c = 0; c < rs.rows[row].size(); ++c) out += (c ? ", " : "") + format_value(rs.rows[row][c]);
    return out + ")";
}

std::string explain(const Comparison& r, const ResultSet& expected, const ResultSet& generated) {
    std::string s = "columns:";
    for (const auto& p : r.paired_columns) s += " " + p.expected + (p.by == "name" ? "=" : "~") + p.generated;
    // "=": paired by name, "~": by values or position; an expected column nothing pairs with says so in words.
    for (const auto& u : r.unpaired_columns) s += " " + u + "=(no generated column)";
    if (r.paired_columns.empty() && r.unpaired_columns.empty()) s += " none";
    s += "; rows: expected " + std::to_string(r.expected_rows) + ", generated " + std::to_string(r.generated_rows) +
         ", found " + std::to_string(r.found) + ", missing " + std::to_string(r.missing) + ", extra " +
         std::to_string(r.extra);
    if (r.ordered) s += ", ordered (" + std::to_string(r.out_of_order) + " out of order)";
    if (!r.missing_examples.empty()) {
        s += "; missing e.g.";
        for (const auto& m : r.missing_examples) s += " " + m;
    }
    if (expected.truncated || generated.truncated)
        s += std::string("; truncated by the row cap:") + (expected.truncated ? " expected" : "") +
             (generated.truncated ? " generated" : "");
    return s;
}

}  // namespace

bool parse_match_mode(std::string_view name, MatchMode& mode) {
    if (name == "exact")
        mode = MatchMode::Exact;
    else if (name == "set")
        mode = MatchMode::Set;
    else if (name == "recall")
        mode = MatchMode::Recall;
    else if (name == "f1")
        mode = MatchMode::F1;
    else
        return false;
    return true;
}

std::string unknown_match_mode(std::string_view name) {
    return "unknown results mode '" + std::string(name) + "': use exact, set, recall or f1";
}

std::string format_value(const Value& v) {
    if (std::holds_alternative<Null>(v)) return "NULL";
    if (auto* i = std::get_if<int64_t>(&v)) return std::to_string(*i);
    if (auto* d = std::get_if<double>(&v)) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.15g", *d);
        return buffer;
    }
    return "'" + std::get<std::string>(v) + "'";
}

namespace {

// The distinct rows of a result, in first-seen order (set comparison).
ResultSet distinct_rows(const ResultSet& rs, int digits) {
    ResultSet out = rs;
    out.rows.clear();
    Table t = normalize(rs);
    std::unordered_set<std::string> seen;
    for (size_t row = 0; row < rs.rows.size(); ++row) {
        std::string key;
        for (const auto& column : t) key += value_key(column[row], digits) + '\x1f';
        if (seen.insert(key).second) out.rows.push_back(rs.rows[row]);
    }
    return out;
}

}  // namespace

Comparison compare_results(const ResultSet& expected, const ResultSet& generated, bool ordered, MatchMode mode,
                           double tolerance, const std::vector<size_t>& order_keys, bool positional) {
    if (mode == MatchMode::Set) {
        // BIRD: set(generated) == set(expected); order and duplicates never count.
        const int digits = key_digits(tolerance);
        Comparison r = compare_results(distinct_rows(expected, digits), distinct_rows(generated, digits), false,
                                       MatchMode::Exact, tolerance, {}, positional);
        r.explanation = "as sets: " + r.explanation;
        return r;
    }
    Comparison r;
    r.ordered = ordered;
    r.expected_rows = expected.rows.size();
    r.generated_rows = generated.rows.size();
    const int digits = key_digits(tolerance);
    Table e = normalize(expected), g = normalize(generated);
    std::vector<std::string> by;
    std::vector<int> pairs = pair_columns(expected, generated, e, g, digits, positional, by);
    for (size_t i = 0; i < pairs.size(); ++i) {
        if (pairs[i] >= 0)
            r.paired_columns.push_back({expected.columns[i], generated.columns[pairs[i]], by[i]});
        else
            r.unpaired_columns.push_back(expected.columns[i]);
    }

    // match[expected row] = generated row, or -1.
    std::vector<long> match(r.expected_rows, -1);
    if (r.unpaired_columns.empty()) {
        auto row_key = [&](const Table& t, size_t row, bool is_expected) {
            std::string key;
            for (size_t i = 0; i < pairs.size(); ++i)
                key += value_key(t[is_expected ? i : size_t(pairs[i])][row], digits) + '\x1f';
            return key;
        };
        // Exact keys first; each key's generated rows are handed out in order, which keeps duplicates
        // in their order for the ordered check.
        std::unordered_map<std::string, std::vector<size_t>> by_key;
        for (size_t row = generated.rows.size(); row-- > 0;) by_key[row_key(g, row, false)].push_back(row);
        std::vector<bool> used(r.generated_rows, false);
        for (size_t row = 0; row < r.expected_rows; ++row) {
            auto it = by_key.find(row_key(e, row, true));
            if (it == by_key.end() || it->second.empty()) continue;
            match[row] = long(it->second.back());
            used[it->second.back()] = true;
            it->second.pop_back();
        }
        // Then the tolerance for what rounding split, while the pairs stay few enough to try them all.
        size_t left_expected = std::count(match.begin(), match.end(), -1);
        size_t left_generated = std::count(used.begin(), used.end(), false);
        if (left_expected * left_generated <= 4'000'000) {
            for (size_t row = 0; row < r.expected_rows; ++row) {
                if (match[row] >= 0) continue;
                for (size_t other = 0; other < r.generated_rows && match[row] < 0; ++other) {
                    if (used[other]) continue;
                    bool equal = true;
                    for (size_t i = 0; i < pairs.size() && equal; ++i)
                        equal = values_equal(e[i][row], g[pairs[i]][other], tolerance);
                    if (equal) match[row] = long(other), used[other] = true;
                }
            }
        }
    }

    const size_t matched = r.expected_rows - std::count(match.begin(), match.end(), -1);
    r.found = matched;
    if (ordered) {
        bool keys_valid =
            std::all_of(order_keys.begin(), order_keys.end(), [&](size_t k) { return k < expected.columns.size(); });
        size_t in_order = rows_in_order(match, e, keys_valid ? order_keys : std::vector<size_t>{}, tolerance);
        r.out_of_order = r.found - in_order;
        r.found = in_order;
    }
    r.missing = r.expected_rows - r.found;
    r.extra_columns = generated.columns.size() - r.paired_columns.size();
    r.extra = r.generated_rows - matched;
    for (size_t row = 0; row < r.expected_rows && r.missing_examples.size() < 3; ++row)
        if (match[row] < 0) r.missing_examples.push_back(format_row(expected, row));

    if (r.expected_rows == 0) {
        r.score = r.generated_rows == 0 ? 1.0 : 0.0;
    } else if (mode == MatchMode::Exact) {
        r.score = r.found == r.expected_rows && r.extra == 0 && r.extra_columns == 0 ? 1.0 : 0.0;
    } else if (r.found > 0) {
        double recall = double(r.found) / double(r.expected_rows);
        double precision = double(r.found) / double(r.generated_rows);
        r.score = mode == MatchMode::Recall ? recall : 2 * precision * recall / (precision + recall);
    }
    r.explanation = explain(r, expected, generated);
    if (mode == MatchMode::Exact && r.extra_columns > 0 && r.expected_rows > 0)
        r.explanation += "; " + std::to_string(r.extra_columns) + " extra generated column(s): not the same rows";
    return r;
}

}  // namespace qdiff::results
