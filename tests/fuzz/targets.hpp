// The fuzz targets, callable from libFuzzer (libfuzzer_main.cpp) and from the test suite, which
// replays the seed and crash corpora through them (tests/fuzz_replay_test.cpp).
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>

#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"

namespace qdiff::fuzz {

#define QDIFF_FUZZ_TARGET(name) void run_##name(std::string_view data);
#include "tests/fuzz/targets.def"
#undef QDIFF_FUZZ_TARGET

struct Target {
    const char* name;
    void (*run)(std::string_view data);
};
inline constexpr Target kTargets[] = {
#define QDIFF_FUZZ_TARGET(name) {#name, &run_##name},
#include "tests/fuzz/targets.def"
#undef QDIFF_FUZZ_TARGET
};

// A property the code promises (print → parse gives an equal tree, ...) does not hold: libFuzzer
// reports it as a crash, the replay test as a failure.
struct PropertyViolation : std::logic_error {
    using std::logic_error::logic_error;
};
[[noreturn]] void violated(const std::string& what, std::string_view input);

// Inputs whose first byte chooses a mode: the byte (modulo `modes`) and the rest of the text.
struct Selected {
    unsigned mode = 0;
    std::string_view text;
};
Selected select(std::string_view data, unsigned modes);

// Every SQL dialect of qdiff/dialects.def, by index in declaration order (so a dialect byte keeps its
// meaning when a dialect is appended there). Auto is not a dialect: the last entry, left out.
inline constexpr unsigned kDialects = static_cast<unsigned>(Dialect::Auto);
inline constexpr unsigned kDialectEntries = 0
#define QDIFF_DIALECT(id, ...) +1
#include "qdiff/dialects.def"
#undef QDIFF_DIALECT
    ;
static_assert(kDialects + 1 == kDialectEntries, "Dialect::Auto must stay the last entry of dialects.def");
Dialect dialect_at(unsigned index);

// The first byte of the roundtrip and normalize targets: SQL in each dialect (the dialect's index),
// then KQL, then Weaviate. Adding a dialect moves these two: scripts/fuzz_seeds.py reads dialects.def,
// and the hand-written seeds' bytes are listed in tests/fuzz/README.md.
inline constexpr unsigned kKqlMode = kDialects;
inline constexpr unsigned kWeaviateMode = kDialects + 1;
inline constexpr unsigned kLanguageModes = kDialects + 2;
ParseOptions language_mode(unsigned mode);

// A schema with SQL tables (Spider's concert_singer), a Kusto table (StormEvents) and a Weaviate
// collection (Article), so that every language's schema rules run.
const Schema& fixed_schema();

// Checks the invariants every parse result keeps: diagnostics' spans inside the text, a tree only
// without errors, and the printers and the normalizer accept every tree handed out.
void exercise(const ParseResult& parsed);

}  // namespace qdiff::fuzz
