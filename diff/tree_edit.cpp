// Zhang–Shasha tree edit distance over AST nodes (unit costs; a node's label is its kind and its
// scalar fields, so `x > 5` and `x < 5` differ by one relabel).
#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "diff/atom_spelling.hpp"
#include "diff/tree_diff.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace {

using namespace ast;

template <class T>
void append_scalar(std::string& out, const T& field) {
    using U = std::decay_t<T>;
    if constexpr (detail::is_node_ptr<U>::value || detail::is_node_list<U>::value) {
        // children are not part of the label
    } else if constexpr (std::is_same_v<U, Name>) {
        out += ' ';
        out += field.text;
    } else if constexpr (std::is_same_v<U, List<Name>>) {
        out += ' ';
        out += dotted(field);
    } else if constexpr (std::is_same_v<U, std::string_view>) {
        out += ' ';
        out += field;
    } else if constexpr (std::is_same_v<U, bool>) {
        out += field ? " 1" : " 0";
    } else if constexpr (std::is_enum_v<U>) {
        out += ' ';
        out += enum_name(field);
    } else if constexpr (std::is_arithmetic_v<U>) {
        out += ' ';
        out += std::to_string(field);
    }
}

struct Flat {
    std::vector<std::string> label;  // by postorder index
    std::vector<Span> span;
    std::vector<const Node*> node;
    std::vector<int> leftmost;  // leftmost leaf descendant, postorder index
    std::vector<int> keyroots;
};

int flatten(const Node& n, Flat& f) {
    int first_leaf = -1;
    for_each_child(n, [&](const Node& c) {
        int l = flatten(c, f);
        if (first_leaf < 0) first_leaf = l;
    });
    std::string label(kind_name(n.kind));
    visit_fields(n, [&](std::string_view, const auto& field) { append_scalar(label, field); });
    int index = static_cast<int>(f.label.size());
    f.label.push_back(std::move(label));
    f.span.push_back(n.span);
    f.node.push_back(&n);
    f.leftmost.push_back(first_leaf < 0 ? index : f.leftmost[first_leaf]);
    return first_leaf < 0 ? index : f.leftmost[first_leaf];
}

Flat flat(const Node& root) {
    Flat f;
    flatten(root, f);
    // keyroots: the highest node of each distinct leftmost leaf
    std::vector<int> seen(f.label.size(), -1);
    for (int i = static_cast<int>(f.label.size()) - 1; i >= 0; --i)
        if (seen[f.leftmost[i]] < 0) seen[f.leftmost[i]] = i;
    for (int i = 0; i < static_cast<int>(f.label.size()); ++i)
        if (seen[f.leftmost[i]] == i) f.keyroots.push_back(i);
    return f;
}

}  // namespace

size_t tree_size(const ast::Node& n) {
    size_t count = 1;
    for_each_child(n, [&](const Node& c) { count += tree_size(c); });
    return count;
}

namespace {

struct Distances {
    Flat A, B;
    std::vector<int> a_id, b_id;  // labels as small integers: the inner loop compares these
    std::vector<int> td;
    int n = 0, m = 0;
    int& TD(int i, int j) { return td[static_cast<size_t>(i) * m + j]; }
};

// Forest distances between the subtree of A rooted at i and that of B rooted at j (rows li-1..i,
// columns lj-1..j); fills TD for the subtree pairs on both leftmost paths.
std::vector<int> forest(Distances& d, int i, int j) {
    const int li = d.A.leftmost[i], lj = d.B.leftmost[j];
    const int rows = i - li + 2, cols = j - lj + 2;
    std::vector<int> fd(static_cast<size_t>(rows) * cols, 0);
    auto FD = [&](int x, int y) -> int& { return fd[static_cast<size_t>(x) * cols + y]; };
    for (int x = 1; x < rows; ++x) FD(x, 0) = FD(x - 1, 0) + 1;
    for (int y = 1; y < cols; ++y) FD(0, y) = FD(0, y - 1) + 1;
    for (int x = 1; x < rows; ++x) {
        const int ii = li + x - 1;
        for (int y = 1; y < cols; ++y) {
            const int jj = lj + y - 1;
            if (d.A.leftmost[ii] == li && d.B.leftmost[jj] == lj) {
                int relabel = d.a_id[ii] == d.b_id[jj] ? 0 : 1;
                FD(x, y) = std::min({FD(x - 1, y) + 1, FD(x, y - 1) + 1, FD(x - 1, y - 1) + relabel});
                d.TD(ii, jj) = FD(x, y);
            } else {
                const int px = d.A.leftmost[ii] - li, py = d.B.leftmost[jj] - lj;
                FD(x, y) = std::min({FD(x - 1, y) + 1, FD(x, y - 1) + 1, FD(px, py) + d.TD(ii, jj)});
            }
        }
    }
    return fd;
}

Distances distances(const ast::Node& a, const ast::Node& b) {
    Distances d{flat(a), flat(b), {}, {}, {}, 0, 0};
    d.n = static_cast<int>(d.A.label.size());
    d.m = static_cast<int>(d.B.label.size());
    std::unordered_map<std::string_view, int> ids;
    for (auto& l : d.A.label) d.a_id.push_back(ids.emplace(l, static_cast<int>(ids.size())).first->second);
    for (auto& l : d.B.label) d.b_id.push_back(ids.emplace(l, static_cast<int>(ids.size())).first->second);
    d.td.assign(static_cast<size_t>(d.n) * d.m, 0);
    for (int i : d.A.keyroots)
        for (int j : d.B.keyroots) forest(d, i, j);
    return d;
}

}  // namespace

namespace {

// One step of an optimal script: postorder indices into A and B (-1 for the side a step has no node on).
struct Step {
    EditKind op;
    int a = -1, b = -1;
};

// The script behind TD(n-1, m-1), recovered by backtracking through the forest distances.
std::vector<Step> script(Distances& d) {
    std::vector<Step> steps;
    std::vector<std::pair<int, int>> pending = {{d.n - 1, d.m - 1}};
    while (!pending.empty()) {
        auto [i, j] = pending.back();
        pending.pop_back();
        const int li = d.A.leftmost[i], lj = d.B.leftmost[j];
        const int cols = j - lj + 2;
        std::vector<int> fd = forest(d, i, j);
        auto FD = [&](int x, int y) { return fd[static_cast<size_t>(x) * cols + y]; };
        int x = i - li + 1, y = j - lj + 1;
        while (x > 0 || y > 0) {
            const int ii = li + x - 1, jj = lj + y - 1;
            if (x > 0 && FD(x, y) == FD(x - 1, y) + 1) {
                steps.push_back({EditKind::Delete, ii, -1});
                --x;
            } else if (y > 0 && FD(x, y) == FD(x, y - 1) + 1) {
                steps.push_back({EditKind::Insert, -1, jj});
                --y;
            } else if (d.A.leftmost[ii] == li && d.B.leftmost[jj] == lj) {
                if (d.A.label[ii] != d.B.label[jj]) steps.push_back({EditKind::Relabel, ii, jj});
                --x;
                --y;
            } else {
                pending.emplace_back(ii, jj);
                x = d.A.leftmost[ii] - li;
                y = d.B.leftmost[jj] - lj;
            }
        }
    }
    return steps;
}

TreeEdit edit_of(const Step& s, const Flat& A, const Flat& B) {
    TreeEdit e{.op = s.op};
    if (s.a >= 0) e.expected_label = A.label[s.a], e.expected = A.span[s.a];
    if (s.b >= 0) e.generated_label = B.label[s.b], e.generated = B.span[s.b];
    return e;
}

// The scalar fields of a node, as its label holds them, each with its name: what tells apart two nodes
// whose words read the same.
std::vector<std::string> scalar_fields(const Node& n) {
    std::vector<std::string> out;
    visit_fields(n, [&](std::string_view name, const auto& field) {
        std::string value;
        append_scalar(value, field);
        if (!value.empty()) out.push_back(std::string(name) + ":" + value);
    });
    return out;
}

// The words of each side's nodes in its query's language (AtomSpelling::node). A relabel whose two nodes
// still read alike (a field the words leave out) names the fields that differ, so that the two sides of
// a printed relabel never read the same.
class EditWords {
public:
    EditWords(const Node* a, Language la, const Node* b, Language lb)
        : a_(la, dyn_cast<Query>(a)), b_(lb, dyn_cast<Query>(b)) {}

    // A value can be megabytes long (a string literal): the words are cut to one readable line, after
    // they are compared.
    void fill(TreeEdit& e, const Node* a, const Node* b) const {
        constexpr size_t kFieldShown = 80;
        std::string expected = a ? a_.node(*a) : "", generated = b ? b_.node(*b) : "";
        const bool alike = a && b && expected == generated && a->kind == b->kind;
        e.expected_shown = support::shorten(expected);
        e.generated_shown = support::shorten(generated);
        if (!alike) return;
        std::vector<std::string> fa = scalar_fields(*a), fb = scalar_fields(*b);
        std::string da, db;
        for (size_t i = 0; i < fa.size() && i < fb.size(); ++i)
            if (fa[i] != fb[i]) {
                da += (da.empty() ? "" : ", ") + support::shorten(fa[i], kFieldShown);
                db += (db.empty() ? "" : ", ") + support::shorten(fb[i], kFieldShown);
            }
        if (da.empty()) return;
        e.expected_shown += " (" + da + ")";
        e.generated_shown += " (" + db + ")";
    }

private:
    AtomSpelling a_, b_;
};

}  // namespace

std::vector<TreeEdit> tree_edit_script(const ast::Node& a, const ast::Node& b) {
    Distances d = distances(a, b);
    std::vector<TreeEdit> edits;
    for (const Step& s : script(d)) edits.push_back(edit_of(s, d.A, d.B));
    return edits;
}

TreeDiff tree_diff(const ast::Node* a, Language a_language, const ast::Node* b, Language b_language) {
    TreeDiff out;
    if (!a && !b) return out;
    EditWords words(a, a_language, b, b_language);
    if (!a || !b) {  // a statement only one side has: all of it is inserted or deleted
        Flat f = flat(a ? *a : *b);
        out.distance = out.larger = f.label.size();
        for (size_t i = 0; i < f.label.size() && i < kMaxTreeEdits; ++i) {
            TreeEdit e = a ? TreeEdit{.op = EditKind::Delete, .expected_label = f.label[i], .expected = f.span[i]}
                           : TreeEdit{.op = EditKind::Insert, .generated_label = f.label[i], .generated = f.span[i]};
            words.fill(e, a ? f.node[i] : nullptr, a ? nullptr : f.node[i]);
            out.edits.push_back(std::move(e));
        }
        out.truncated = f.label.size() > kMaxTreeEdits;
        return out;
    }
    const size_t na = tree_size(*a), nb = tree_size(*b);
    out.larger = std::max(na, nb);
    if (ast::equal(a, b)) return out;  // the common case of a correct prediction: nothing to compute
    if (na * nb > kMaxTreeEditCells) {
        // Too large for O(|a|·|b|) memory and more time: a mapping keeps at most the labels both have.
        std::vector<std::string> la = flat(*a).label, lb = flat(*b).label;
        std::sort(la.begin(), la.end());
        std::sort(lb.begin(), lb.end());
        std::vector<std::string> common;
        std::set_intersection(la.begin(), la.end(), lb.begin(), lb.end(), std::back_inserter(common));
        out.distance = out.larger - common.size();
        out.exact = false;
        out.truncated = out.distance > 0;
        return out;
    }
    Distances d = distances(*a, *b);
    std::vector<Step> steps = script(d);
    out.distance = steps.size();
    out.truncated = steps.size() > kMaxTreeEdits;
    for (size_t i = 0; i < steps.size() && i < kMaxTreeEdits; ++i) {
        TreeEdit e = edit_of(steps[i], d.A, d.B);
        words.fill(e, steps[i].a >= 0 ? d.A.node[steps[i].a] : nullptr, steps[i].b >= 0 ? d.B.node[steps[i].b] : nullptr);
        out.edits.push_back(std::move(e));
    }
    return out;
}

size_t tree_edit_distance(const ast::Node& a, const ast::Node& b) {
    Distances d = distances(a, b);
    return static_cast<size_t>(d.TD(d.n - 1, d.m - 1));
}

}  // namespace qdiff
