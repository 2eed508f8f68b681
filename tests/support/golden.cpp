#include "support/golden.hpp"

#include <cstdlib>
#include <fstream>

#include "support/corpus.hpp"

namespace qdiff::testing {

bool regenerating_golden() {
    const char* flag = std::getenv("QDIFF_REGENERATE_GOLDEN");
    return flag && std::string(flag) != "0";
}

bool matches_golden(const std::filesystem::path& expected_file, const std::string& actual) {
    if (regenerating_golden()) {
        std::ofstream(expected_file, std::ios::binary) << actual;
        return true;
    }
    return std::filesystem::exists(expected_file) && read_file(expected_file) == actual;
}

}  // namespace qdiff::testing
