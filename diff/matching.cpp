// Pairing atoms by maximum weighted matching and scoring a component (SCORING.md, "Matching").
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "diff/matching.hpp"
#include "qdiff/diff.hpp"
#include "support/edit_distance.hpp"

namespace qdiff {
namespace {

// Pairs below this similarity are reported as one missing and one invented atom.
constexpr double kChangedThreshold = 0.3;
// Above this many atoms on a side, identical atoms are paired before the Hungarian algorithm.
constexpr size_t kExactPrepassAtoms = 64;

// Hungarian algorithm (Kuhn–Munkres, potentials form) on a square cost matrix; returns, for each
// row, its column. O(n^3).
std::vector<int> hungarian(const std::vector<std::vector<double>>& cost) {
    const int n = static_cast<int>(cost.size());
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> u(n + 1), v(n + 1);
    std::vector<int> p(n + 1), way(n + 1);
    for (int i = 1; i <= n; ++i) {
        p[0] = i;
        int j0 = 0;
        std::vector<double> minv(n + 1, inf);
        std::vector<char> used(n + 1, false);
        do {
            used[j0] = true;
            int i0 = p[j0], j1 = 0;
            double delta = inf;
            for (int j = 1; j <= n; ++j) {
                if (used[j]) continue;
                double cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
                if (cur < minv[j]) {
                    minv[j] = cur;
                    way[j] = j0;
                }
                if (minv[j] < delta) {
                    delta = minv[j];
                    j1 = j;
                }
            }
            for (int j = 0; j <= n; ++j) {
                if (used[j]) {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
        } while (p[j0] != 0);
        do {
            int j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
        } while (j0);
    }
    std::vector<int> row_to_col(n, -1);
    for (int j = 1; j <= n; ++j)
        if (p[j]) row_to_col[p[j] - 1] = j - 1;
    return row_to_col;
}

// What a numeric value measures: a plain number, a length of time, or a point in time (ago(t)).
// Numbers compare by closeness only within one quantity.
int quantity(const AtomKey& a) {
        if (a.value_type == ValueType::Timespan || a.value_type == ValueType::Interval) return 1;
    if (a.value_type == ValueType::Ago) return 2;
    return 0;
}

// KQL `has` matches whole terms, `contains` (≡ LIKE '%v%') any substring: close, not equal.
bool word_and_substring(const std::string& a, const std::string& b) {
    auto pair = [&](const char* x, const char* y) { return (a == x && b == y) || (a == y && b == x); };
    return pair("has", "contains") || pair("has_cs", "contains_cs") || pair("NOT has", "NOT contains") ||
           pair("NOT has_cs", "NOT contains_cs");
}

// Whether letter case can change what a string operand selects: it does for =, <>, <, IN..., not for
// the operators that ignore case (KQL's has/contains/startswith/endswith and =~, ILIKE, and LIKE,
// which ignores case in SQLite and MySQL; in the other dialects the normalizer has made LIKE '%v%'
// the case-sensitive contains_cs already).
bool case_sensitive_operator(std::string_view op) {
    if (op.starts_with("NOT ")) op.remove_prefix(4);
    static const std::unordered_set<std::string_view> ignoring_case = {
        "LIKE", "ILIKE", "=~", "has", "hasprefix", "hassuffix", "has_any", "has_all", "contains", "startswith",
        "endswith", "matches regex", "~*"};
    return !ignoring_case.count(op);
}

// Jaccard similarity of two sets of items, by hashing: linear in the items, where an edit distance
// over the joined text would be quadratic in its length (a 10,000-item IN list).
double set_similarity(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    std::unordered_set<std::string_view> in_a(a.begin(), a.end()), in_b(b.begin(), b.end());
    if (in_a.empty() && in_b.empty()) return 1;
    size_t common = 0;
    for (std::string_view item : in_a) common += in_b.count(item);
    return static_cast<double>(common) / static_cast<double>(in_a.size() + in_b.size() - common);
}

// `singer.age` against `singer.name`: the shared qualifier says nothing about the columns, so only
// what follows the longest common prefix that ends at a `.` is compared.
double column_similarity(std::string_view a, std::string_view b);

}  // namespace

double name_similarity(std::string_view a, std::string_view b) {
    if (a == b) return 1;
    size_t longest = std::max(a.size(), b.size());
    if (longest == 0) return 1;
    size_t distance = support::edit_distance(a, b, {.limit = SIZE_MAX, .ignore_case = true, .transpositions = false});
    return 1.0 - static_cast<double>(distance) / static_cast<double>(longest);
}

namespace {
double column_similarity(std::string_view a, std::string_view b) {
    size_t common = 0;
    while (common < a.size() && common < b.size() && a[common] == b[common]) ++common;
    size_t qualifier = std::string_view(a.data(), common).rfind('.');
    if (qualifier == std::string_view::npos || common == a.size() || common == b.size()) return name_similarity(a, b);
    return name_similarity(a.substr(qualifier + 1), b.substr(qualifier + 1));
}
}  // namespace

namespace {
// Two canonical texts: names are folded already, so texts that differ only in case differ in a string
// literal (`EXISTS (.. colour = 'Blue')` against `'blue'`) or a case-sensitive name: close, not equal.
double text_similarity(std::string_view a, std::string_view b) {
    double s = name_similarity(a, b);
    return s == 1 && a != b ? 0.95 : s;
}
}  // namespace

double atom_similarity(Component component, const Atom& expected, const Atom& generated) {
    const AtomKey& e = *expected.key;
    const AtomKey& g = *generated.key;
    if (expected.text == generated.text && e.context == g.context) return 1;
    if (component == Component::Collection) return expected.text == generated.text ? 1 : 0;  // exact: the gate
    if (component == Component::GroupBy || component == Component::Projection)
        return column_similarity(expected.text, generated.text);
    if (component == Component::Subqueries)
        return (e.context == g.context ? 1.0 : 0.9) * text_similarity(expected.text, generated.text);
    double value;
    if (e.number && g.number && quantity(e) == quantity(g)) {
        double m = std::max(std::fabs(*e.number), std::fabs(*g.number));
        value = m == 0 ? 1 : std::max(0.0, 1.0 - std::fabs(*e.number - *g.number) / m);
    } else if (!e.items.empty() || !g.items.empty()) {
        value = set_similarity(e.items, g.items);
    } else if (e.number.has_value() != g.number.has_value() || quantity(e) != quantity(g)) {
        value = 0.5 * name_similarity(e.value, g.value);
    } else {
        value = name_similarity(e.value, g.value);
        // 'south Bohemia' is not 'South Bohemia' to `=`: a string that differs only in case is close, not equal
        if (value == 1 && e.value != g.value && e.value_type == ValueType::String &&
            g.value_type == ValueType::String &&
            case_sensitive_operator(e.op) && case_sensitive_operator(g.op))
            value = 0.95;
    }
    double op = e.op == g.op ? 1 : word_and_substring(e.op, g.op) ? 0.5 : 0;
    double property = text_similarity(e.property, g.property);
    double s;
    if (component == Component::Order)  // the value is where NULLs go: a key and direction apart from it are close
        s = (0.6 * property + 0.4 * op) * (e.value == g.value ? 1.0 : 0.9);
    else if (component == Component::Limit)
        s = e.op == g.op ? value : 0;
    else if (component == Component::Aggregations)
        s = 0.5 * op + 0.4 * property + 0.1 * (e.value == g.value ? 1 : 0);
    else
        s = 0.4 * property + 0.2 * op + 0.4 * value;
    if (e.context != g.context) s *= 0.9;
    return std::clamp(s, 0.0, 1.0);
}

ComponentResult compare_component(Component component, const std::vector<Atom>& expected,
                                  const std::vector<Atom>& generated) {
    ComponentResult r;
    r.component = component;
    if (expected.empty() && generated.empty()) {
        r.score = 1;
        r.absent = true;
        return r;
    }
    r.absent = false;
    // Many atoms (a chain of thousands of OR terms): identical atoms pair by hashing first, and only
    // the rest go through the cubic Hungarian algorithm.
    std::vector<char> expected_done(expected.size(), false), used(generated.size(), false);
    double total = 0;
    if (std::max(expected.size(), generated.size()) > kExactPrepassAtoms) {
        std::unordered_map<std::string, std::vector<size_t>> by_text;
        for (size_t j = generated.size(); j-- > 0;)
            by_text[generated[j].key->context + '\n' + generated[j].text].push_back(j);
        for (size_t i = 0; i < expected.size(); ++i) {
            auto it = by_text.find(expected[i].key->context + '\n' + expected[i].text);
            if (it == by_text.end() || it->second.empty()) continue;
            size_t j = it->second.back();
            it->second.pop_back();
            expected_done[i] = used[j] = true;
            total += 1;
            r.matched.push_back({expected[i], generated[j], 1});
        }
    }
    std::vector<size_t> rows, cols;
    for (size_t i = 0; i < expected.size(); ++i)
        if (!expected_done[i]) rows.push_back(i);
    for (size_t j = 0; j < generated.size(); ++j)
        if (!used[j]) cols.push_back(j);
    const size_t n = std::max(rows.size(), cols.size());
    std::vector<std::vector<double>> sim(n, std::vector<double>(n, 0.0)), cost(n, std::vector<double>(n, 1.0));
    for (size_t i = 0; i < rows.size(); ++i)
        for (size_t j = 0; j < cols.size(); ++j) {
            double s = atom_similarity(component, expected[rows[i]], generated[cols[j]]);
            if (s < kChangedThreshold) s = 0;
            sim[i][j] = s;
            cost[i][j] = 1.0 - s;
        }
    std::vector<int> assignment = n ? hungarian(cost) : std::vector<int>{};
    for (size_t i = 0; i < rows.size(); ++i) {
        int j = assignment[i];
        if (j < 0 || static_cast<size_t>(j) >= cols.size() || sim[i][j] <= 0) {
            r.missing.push_back(expected[rows[i]]);
            continue;
        }
        used[cols[j]] = true;
        double s = sim[i][j];
        total += s;
        AtomPair pair{expected[rows[i]], generated[cols[j]], s};
        (s >= 1 - 1e-9 ? r.matched : r.changed).push_back(std::move(pair));
    }
    for (size_t j = 0; j < generated.size(); ++j)
        if (!used[j]) r.extra.push_back(generated[j]);
    r.score = 2 * total / static_cast<double>(expected.size() + generated.size());
    return r;
}

}  // namespace qdiff
