#include "text_support.hpp"

#include <fmt/format.h>

namespace qdiff::weaviate::detail {

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

namespace {
unsigned hex_value(char c) noexcept {
    if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
    return static_cast<unsigned>((c | 0x20) - 'a' + 10);
}
unsigned hex4(std::string_view s, std::size_t i) noexcept {
    return (hex_value(s[i]) << 12) | (hex_value(s[i + 1]) << 8) | (hex_value(s[i + 2]) << 4) | hex_value(s[i + 3]);
}
}  // namespace

bool decode_escaped(std::string_view body, std::string& out, std::uint32_t& bad_offset) {
    bool ok = true;
    out.reserve(out.size() + body.size());
    std::size_t i = 0;
    while (i < body.size()) {
        const std::size_t bs = body.find('\\', i);
        if (bs == std::string_view::npos) {
            out.append(body.data() + i, body.size() - i);
            break;
        }
        out.append(body.data() + i, bs - i);
        const char e = body[bs + 1];
        i = bs + 2;
        switch (e) {
            case 'b': out.push_back('\b'); break;
            case 'f': out.push_back('\f'); break;
            case 'n': out.push_back('\n'); break;
            case 'r': out.push_back('\r'); break;
            case 't': out.push_back('\t'); break;
            case 'u': {
                std::uint32_t cp = hex4(body, i);
                i += 4;
                if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= body.size() && body[i] == '\\' && body[i + 1] == 'u') {
                    const std::uint32_t lo = hex4(body, i + 2);
                    if (lo >= 0xDC00 && lo <= 0xDFFF) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                        i += 6;
                        append_utf8(out, cp);
                        break;
                    }
                }
                if (cp >= 0xD800 && cp <= 0xDFFF) {
                    if (ok) bad_offset = static_cast<std::uint32_t>(bs);
                    ok = false;
                    cp = 0xFFFD;
                }
                append_utf8(out, cp);
                break;
            }
            default: out.push_back(e); break;  // " \ /
        }
    }
    return ok;
}

std::size_t utf8_sequence_length(std::string_view s) noexcept {
    if (s.empty()) return 0;
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned c0 = b(0);
    if (c0 < 0x80) return 1;
    std::size_t n = 0;
    std::uint32_t cp = 0;
    if ((c0 & 0xE0) == 0xC0) {
        n = 2;
        cp = c0 & 0x1F;
    } else if ((c0 & 0xF0) == 0xE0) {
        n = 3;
        cp = c0 & 0x0F;
    } else if ((c0 & 0xF8) == 0xF0) {
        n = 4;
        cp = c0 & 0x07;
    } else {
        return 0;
    }
    if (s.size() < n) return 0;
    for (std::size_t i = 1; i < n; ++i) {
        if ((b(i) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b(i) & 0x3F);
    }
    if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF)) {
        return 0;
    }
    return n;
}

bool is_invalid_utf8_at(std::string_view text, std::size_t offset) noexcept {
    return offset < text.size() && static_cast<unsigned char>(text[offset]) >= 0x80 &&
           utf8_sequence_length(text.substr(offset)) == 0;
}

std::string describe_at(std::string_view text, std::size_t offset) {
    if (offset >= text.size()) return "end of input";
    const auto c = static_cast<unsigned char>(text[offset]);
    if (c == 0) return "a NUL byte";
    if (c < 0x20 || c == 0x7F) {
        if (c == '\n') return "a line break";
        if (c == '\t') return "a tab";
        return fmt::format("control character U+{:04X}", c);
    }
    if (c < 0x80) return fmt::format("'{}'", static_cast<char>(c));
    const std::size_t n = utf8_sequence_length(text.substr(offset));
    if (n == 0) return fmt::format("invalid UTF-8 byte 0x{:02X}", c);
    return fmt::format("'{}'", text.substr(offset, n));
}

}  // namespace qdiff::weaviate::detail
