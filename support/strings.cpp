#include "support/strings.hpp"

#include "support/edit_distance.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <vector>

namespace qdiff::support {

// ASCII only, as std::tolower is in the "C" locale the program never leaves, without its call.
static char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string to_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = lower(c);
    return out;
}

std::string to_upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

namespace {

// One instantiation per variant, so that the differ's hot loop tests no option per character.
template <bool IgnoreCase, bool Transpositions>
size_t bounded_edit_distance(std::string_view a, std::string_view b, size_t limit) {
    auto same = [](char x, char y) {
        if constexpr (IgnoreCase)
            return lower(x) == lower(y);
        else
            return x == y;
    };
    const size_t beyond = limit == SIZE_MAX ? limit : limit + 1;
    // A common prefix and suffix cost nothing in an optimal alignment (names differ mostly in a part).
    while (!a.empty() && !b.empty() && same(a.front(), b.front())) a.remove_prefix(1), b.remove_prefix(1);
    while (!a.empty() && !b.empty() && same(a.back(), b.back())) a.remove_suffix(1), b.remove_suffix(1);
    size_t n = a.size(), m = b.size();
    if ((n > m ? n - m : m - n) > limit) return beyond;
    if (n == 0 || m == 0) return std::min(n + m, beyond);
    // Three rows; names are short, so they live on the stack.
    constexpr size_t kStackRow = 64;
    size_t stack_rows[3 * (kStackRow + 1)];
    std::vector<size_t> heap_rows;
    size_t* rows = stack_rows;
    if (m > kStackRow) {
        heap_rows.resize(3 * (m + 1));
        rows = heap_rows.data();
    }
    size_t *prev2 = rows, *prev = rows + (m + 1), *cur = rows + 2 * (m + 1);
    for (size_t j = 0; j <= m; ++j) prev[j] = j;
    for (size_t i = 1; i <= n; ++i) {
        cur[0] = i;
        size_t row_min = cur[0];
        for (size_t j = 1; j <= m; ++j) {
            size_t cost = same(a[i - 1], b[j - 1]) ? 0 : 1;
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
            if constexpr (Transpositions) {
                if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]))
                    cur[j] = std::min(cur[j], prev2[j - 2] + 1);
            }
            row_min = std::min(row_min, cur[j]);
        }
        if (row_min > limit) return beyond;
        size_t* oldest = prev2;
        prev2 = prev;
        prev = cur;
        cur = oldest;
    }
    return std::min(prev[m], beyond);
}

}  // namespace

size_t edit_distance(std::string_view a, std::string_view b, size_t limit) {
    return edit_distance(a, b, EditDistanceOptions{.limit = limit});
}

size_t edit_distance(std::string_view a, std::string_view b, EditDistanceOptions o) {
    if (o.ignore_case) {
        return o.transpositions ? bounded_edit_distance<true, true>(a, b, o.limit)
                                : bounded_edit_distance<true, false>(a, b, o.limit);
    }
    return o.transpositions ? bounded_edit_distance<false, true>(a, b, o.limit)
                            : bounded_edit_distance<false, false>(a, b, o.limit);
}

void append_double_quoted(std::string& out, std::string_view s) {
    static const char* hex = "0123456789abcdef";
    out += '"';
    for (char ch : s) {
        auto c = static_cast<unsigned char>(ch);
        switch (ch) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 15];
                } else {
                    out += ch;
                }
        }
    }
    out += '"';
}

std::string fold_whitespace(std::string_view s) {
    std::string out;
    bool space = false;
    for (char c : s) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            space = !out.empty();
        } else {
            if (space) out += ' ';
            space = false;
            out += c;
        }
    }
    return out;
}

std::string shorten(std::string_view s, size_t max_bytes) {
    if (s.size() <= max_bytes) return std::string(s);
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
    return std::string(s.substr(0, cut)) + " ... (" + std::to_string(s.size() - cut) + " more bytes)";
}

std::string counted(size_t n, std::string_view noun) {
    return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

bool option_name_matches(std::string_view name, std::string_view spelling) {
    if (name.size() != spelling.size()) return false;
    for (size_t i = 0; i < name.size(); ++i)
        if (name[i] != spelling[i] && !(name[i] == '-' && spelling[i] == '_')) return false;
    return true;
}

}  // namespace qdiff::support
