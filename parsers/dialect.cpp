// The dialect table, built from dialects.def, and the lookups every list and check uses.
#include "qdiff/dialect.hpp"

#include <array>
#include <initializer_list>

namespace qdiff {

namespace {

constexpr uint64_t bit(DialectFeature f) { return uint64_t{1} << static_cast<unsigned>(f); }

constexpr uint64_t all_features = [] {
    uint64_t all = 0;
#define QDIFF_DIALECT_FEATURE(id, what) all |= bit(DialectFeature::id);
#include "qdiff/dialect_features.def"
#undef QDIFF_DIALECT_FEATURE
    return all;
}();

constexpr uint64_t feature_bits(std::initializer_list<DialectFeature> features) {
    uint64_t out = 0;
    for (DialectFeature f : features) out |= bit(f);
    return out;
}

// bits(A, B) in dialects.def names DialectFeature ids.
namespace feature_ids {
#define QDIFF_DIALECT_FEATURE(id, what) constexpr DialectFeature id = DialectFeature::id;
#include "qdiff/dialect_features.def"
#undef QDIFF_DIALECT_FEATURE
}  // namespace feature_ids

#define bits(...)                           \
    [] {                                    \
        using namespace feature_ids;        \
        return feature_bits({__VA_ARGS__}); \
    }()

constexpr DialectTraits kDialects[] = {
#define QDIFF_DIALECT(id, ...) DialectTraits{.dialect = Dialect::id, __VA_ARGS__},
#include "qdiff/dialects.def"
#undef QDIFF_DIALECT
};
#undef bits

constexpr bool table_in_enum_order() {
    for (size_t i = 0; i < std::size(kDialects); ++i)
        if (static_cast<size_t>(kDialects[i].dialect) != i) return false;
    return true;
}
static_assert(table_in_enum_order());

constexpr std::string_view kFeatureDescriptions[] = {
#define QDIFF_DIALECT_FEATURE(id, what) what,
#include "qdiff/dialect_features.def"
#undef QDIFF_DIALECT_FEATURE
};
static_assert(std::size(kFeatureDescriptions) <= 64, "features are bits of a uint64_t");

}  // namespace

const DialectTraits& traits(Dialect d) { return kDialects[static_cast<size_t>(d)]; }

std::span<const DialectTraits> all_dialects() { return kDialects; }

std::string_view feature_description(DialectFeature f) { return kFeatureDescriptions[static_cast<size_t>(f)]; }

std::string_view dialect_name(Dialect d) {
    return static_cast<size_t>(d) < std::size(kDialects) ? traits(d).name : "?";
}

std::optional<Dialect> parse_dialect_name(std::string_view name) {
    for (const DialectTraits& t : kDialects)
        if (t.name == name) return t.dialect;
    for (const DialectTraits& t : kDialects) {
        std::string_view aliases = t.aliases;
        while (!aliases.empty()) {
            size_t comma = aliases.find(',');
            if (aliases.substr(0, comma) == name) return t.dialect;
            aliases = comma == std::string_view::npos ? std::string_view{} : aliases.substr(comma + 1);
        }
    }
    return std::nullopt;
}

Dialect guess_dialect(std::string_view sql, std::string_view* evidence) {
    std::string upper(sql);
    for (char& c : upper)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    Dialect best = Dialect::Generic;
    size_t best_hits = 0;
    for (const DialectTraits& t : kDialects) {
        if (!t.guessed) continue;
        size_t hits = 0;
        std::string_view first;
        for (std::string_view markers = t.markers; !markers.empty();) {
            size_t bar = markers.find('|');
            std::string_view marker = markers.substr(0, bar);
            markers = bar == std::string_view::npos ? std::string_view{} : markers.substr(bar + 1);
            if (marker.empty() || upper.find(marker) == std::string::npos) continue;
            if (!hits++) first = marker;
        }
        if (hits > best_hits) {
            best = t.dialect;
            best_hits = hits;
            if (evidence) *evidence = first;
        }
    }
    return best;
}

std::string dialect_names(std::string_view separator) {
    std::string out;
    for (const DialectTraits& t : kDialects) {
        if (!out.empty()) out += separator;
        out += t.name;
    }
    return out;
}

}  // namespace qdiff
