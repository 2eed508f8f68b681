#include "stages/results/statement_text.hpp"

#include <cctype>
#include <cstdio>

namespace qdiff::results {

bool only_trivia(std::string_view rest) {
    size_t i = 0;
    while (i < rest.size()) {
        char c = rest[i];
        if (std::isspace((unsigned char)c) || c == ';') {
            ++i;
        } else if (rest.substr(i, 2) == "--") {
            size_t end = rest.find('\n', i);
            i = end == std::string_view::npos ? rest.size() : end + 1;
        } else if (rest.substr(i, 2) == "/*") {
            size_t end = rest.find("*/", i + 2);
            if (end == std::string_view::npos) return false;
            i = end + 2;
        } else {
            return false;
        }
    }
    return true;
}

std::string timed_out_message(double seconds) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "timed out after %g s", seconds);
    return buffer;
}

}  // namespace qdiff::results
