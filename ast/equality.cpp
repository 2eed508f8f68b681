// Structural equality and hashing over the reflected fields; spans are not fields, so they never count.
#include <functional>

#include "qdiff/ast.hpp"

namespace qdiff::ast {
namespace {

// Visits the fields of two nodes of the same kind in lock step: a field of `b` sits at the same offset
// as the corresponding field of `a`, since both are objects of the same class.
template <class F>
void zip_fields(const Node& a, const Node& b, F&& f) {
    const char* base_a = reinterpret_cast<const char*>(&a);
    const char* base_b = reinterpret_cast<const char*>(&b);
    visit_fields(a, [&](std::string_view, const auto& field) {
        using T = std::decay_t<decltype(field)>;
        const char* at = reinterpret_cast<const char*>(&field);
        f(field, *reinterpret_cast<const T*>(base_b + (at - base_a)));
    });
}

struct FieldEqual {
    bool& same;
    template <class T>
    void operator()(const T& x, const T& y) const {
        if (!same) return;
        if constexpr (detail::is_node_ptr<T>::value) {
            same = equal(x, y);
        } else if constexpr (detail::is_node_list<T>::value) {
            if (x.size() != y.size()) {
                same = false;
                return;
            }
            for (uint32_t i = 0; i < x.size() && same; ++i) same = equal(x[i], y[i]);
        } else if constexpr (std::is_same_v<T, List<Name>>) {
            if (x.size() != y.size()) {
                same = false;
                return;
            }
            for (uint32_t i = 0; i < x.size() && same; ++i) same = x[i] == y[i];
        } else {
            same = x == y;
        }
    }
};

inline void mix(size_t& seed, size_t v) { seed ^= v + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2); }

}  // namespace

bool equal(const Node* a, const Node* b) {
    if (a == b) return true;
    if (!a || !b || a->kind != b->kind) return false;
    bool same = true;
    zip_fields(*a, *b, FieldEqual{same});
    return same;
}

size_t hash(const Node* n) {
    if (!n) return 0x51ed270b;
    size_t seed = static_cast<size_t>(n->kind) + 1;
    visit_fields(*n, [&](std::string_view, const auto& field) {
        using T = std::decay_t<decltype(field)>;
        if constexpr (detail::is_node_ptr<T>::value) {
            mix(seed, hash(field));
        } else if constexpr (detail::is_node_list<T>::value) {
            mix(seed, field.size());
            for (auto* c : field) mix(seed, hash(c));
        } else if constexpr (std::is_same_v<T, List<Name>>) {
            mix(seed, field.size());
            for (const Name& name : field) mix(seed, std::hash<std::string_view>{}(name.text) + name.quoted);
        } else if constexpr (std::is_same_v<T, Name>) {
            mix(seed, std::hash<std::string_view>{}(field.text) + field.quoted);
        } else if constexpr (std::is_same_v<T, std::string_view>) {
            mix(seed, std::hash<std::string_view>{}(field));
        } else {
            mix(seed, static_cast<size_t>(field));
        }
    });
    return seed;
}

}  // namespace qdiff::ast
