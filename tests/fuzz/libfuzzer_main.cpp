// The libFuzzer entry point of one target, chosen at compile time (QDIFF_FUZZ_TARGET_NAME, set by
// tests/fuzz/CMakeLists.txt). A violated property is reported and aborts, which libFuzzer records as
// a crash with its input.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "tests/fuzz/targets.hpp"

#define QDIFF_FUZZ_CONCAT2(a, b) a##b
#define QDIFF_FUZZ_CONCAT(a, b) QDIFF_FUZZ_CONCAT2(a, b)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        QDIFF_FUZZ_CONCAT(qdiff::fuzz::run_, QDIFF_FUZZ_TARGET_NAME)
        (std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const qdiff::fuzz::PropertyViolation& e) {
        std::fprintf(stderr, "property violated: %s\n", e.what());
        std::abort();
    }
    return 0;
}
