#include "support/json_dump_writer.hpp"

#include <array>
#include <charconv>
#include <algorithm>
#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

namespace qdiff::support {
namespace {

// The length of the well-formed UTF-8 sequence starting at s[i] (a non-ASCII lead byte), 0 if there is
// none (Unicode 15, table 3-7).
size_t utf8_sequence(std::string_view s, size_t i) {
    auto byte = [&](size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
    auto in = [](unsigned b, unsigned lo, unsigned hi) { return b >= lo && b <= hi; };
    unsigned lead = byte(0);
    if (in(lead, 0xC2, 0xDF)) return in(byte(1), 0x80, 0xBF) ? 2 : 0;
    if (in(lead, 0xE0, 0xEF)) {
        unsigned lo = lead == 0xE0 ? 0xA0 : 0x80, hi = lead == 0xED ? 0x9F : 0xBF;
        return in(byte(1), lo, hi) && in(byte(2), 0x80, 0xBF) ? 3 : 0;
    }
    if (in(lead, 0xF0, 0xF4)) {
        unsigned lo = lead == 0xF0 ? 0x90 : 0x80, hi = lead == 0xF4 ? 0x8F : 0xBF;
        return in(byte(1), lo, hi) && in(byte(2), 0x80, 0xBF) && in(byte(3), 0x80, 0xBF) ? 4 : 0;
    }
    return 0;  // a continuation byte, C0, C1 or F5..FF
}

// What a byte of a string needs: nothing (copied), an escape, or a check of its UTF-8 sequence.
enum class ByteClass : unsigned char { Plain, Escape, NonAscii };
constexpr auto kByteClasses = [] {
    std::array<ByteClass, 256> classes{};
    for (unsigned c = 0; c < 256; ++c)
        classes[c] = c < 0x20 || c == '"' || c == '\\' ? ByteClass::Escape
                     : c >= 0x80                       ? ByteClass::NonAscii
                                                       : ByteClass::Plain;
    return classes;
}();

}  // namespace

bool JsonDumpWriter::is_utf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        if (static_cast<unsigned char>(s[i]) < 0x80) {
            ++i;
            continue;
        }
        size_t n = utf8_sequence(s, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

void JsonDumpWriter::grow(size_t n) {
    out_.resize(std::max(out_.size() * 2, size_ + n + 64));
}

namespace {

// Whether none of the bytes needs more than a copy: no '"', '\\', control character or non-ASCII byte.
// Eight at a time (the tests for a byte below 0x20 and for a zero byte are exact for a whole word); the
// words are loaded with fixed-size copies, which compile to plain loads, the last one overlapping.
bool plain(std::string_view s) {
    constexpr uint64_t ones = 0x0101010101010101, highs = 0x8080808080808080;
    auto flagged = [&](uint64_t x) {
        uint64_t quote = x ^ (ones * '"'), backslash = x ^ (ones * '\\');
        return ((x - ones * 0x20) & ~x & highs) | ((quote - ones) & ~quote & highs) |
               ((backslash - ones) & ~backslash & highs) | (x & highs);
    };
    const char* data = s.data();
    size_t n = s.size();
    if (n < 8) {
        for (size_t i = 0; i < n; ++i)
            if (kByteClasses[static_cast<unsigned char>(data[i])] != ByteClass::Plain) return false;
        return true;
    }
    uint64_t x;
    for (size_t i = 0; i + 8 < n; i += 8) {
        std::memcpy(&x, data + i, 8);
        if (flagged(x)) return false;
    }
    std::memcpy(&x, data + n - 8, 8);
    return !flagged(x);
}

// memcpy for the short strings of a record, without a call for each.
void copy(char* to, const char* from, size_t n) {
    if (n > 32) {
        std::memcpy(to, from, n);
        return;
    }
    if (n >= 8) {
        uint64_t x;
        for (size_t i = 0; i + 8 < n; i += 8) {
            std::memcpy(&x, from + i, 8);
            std::memcpy(to + i, &x, 8);
        }
        std::memcpy(&x, from + n - 8, 8);
        std::memcpy(to + n - 8, &x, 8);
        return;
    }
    for (size_t i = 0; i < n; ++i) to[i] = from[i];
}

}  // namespace

void JsonDumpWriter::write_string(std::string_view s, bool comma, char suffix) {
    if (!plain(s)) {
        char* p = room(2);
        p[0] = ',';
        p[comma] = '"';
        size_ += comma + 1;
        write_escaped(s);
        p = room(2);
        p[0] = '"';
        p[1] = suffix;
        size_ += 1 + (suffix != '\0');
        return;
    }
    char* p = room(s.size() + 4);
    *p = ',';
    p += comma;
    *p++ = '"';
    copy(p, s.data(), s.size());
    p += s.size();
    p[0] = '"';
    p[1] = suffix;
    size_ += comma + s.size() + 2 + (suffix != '\0');
}

JsonDumpWriter& JsonDumpWriter::value(double d) {
    bool comma = prefix();
    if (!std::isfinite(d)) {
        put(comma, "null");
        return *this;
    }
    char* p = room(65);
    *p = ',';
    p += comma;
    // A whole number below 1e15 has its integer digits as its shortest form, which that formatter
    // prints with ".0" (-0.0 is left to it).
    if (d == std::trunc(d) && std::fabs(d) < 1e15 && d != 0) {
        *p = '-';
        p += d < 0;
        char* end = std::to_chars(p, p + 20, static_cast<uint64_t>(std::fabs(d))).ptr;
        std::memcpy(end, ".0", 2);
        size_ = static_cast<size_t>(end + 2 - out_.data());
        return *this;
    }
    // dump's own formatter (serializer::dump_float), so that every double prints as the DOM printed it.
    char* end = nlohmann::detail::to_chars(p, p + 64, d);
    size_ = static_cast<size_t>(end - out_.data());
    return *this;
}

void JsonDumpWriter::write_digits(bool comma, uint64_t magnitude, bool negative) {
    char* p = room(22);
    *p = ',';
    p += comma;
    *p = '-';
    p += negative;
    char* end = std::to_chars(p, p + 20, magnitude).ptr;
    size_ = static_cast<size_t>(end - out_.data());
}

// Byte by byte, for a string with something to escape or non-ASCII text.
void JsonDumpWriter::write_escaped(std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    auto append = [&](const char* text, size_t n) {
        std::memcpy(room(n), text, n);
        size_ += n;
    };
    size_t run = 0;  // the start of the bytes not yet copied
    for (size_t i = 0; i < s.size();) {
        auto c = static_cast<unsigned char>(s[i]);
        switch (kByteClasses[c]) {
            case ByteClass::Plain:
                ++i;
                continue;
            case ByteClass::NonAscii:
                if (size_t n = utf8_sequence(s, i)) {
                    i += n;
                } else {
                    valid_ = false;
                    ++i;
                }
                continue;
            case ByteClass::Escape:
                break;
        }
        append(s.data() + run, i - run);
        char escape[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
        size_t length = 2;
        switch (c) {
            case '"': escape[1] = '"'; break;
            case '\\': escape[1] = '\\'; break;
            case '\b': escape[1] = 'b'; break;
            case '\t': escape[1] = 't'; break;
            case '\n': escape[1] = 'n'; break;
            case '\f': escape[1] = 'f'; break;
            case '\r': escape[1] = 'r'; break;
            default: length = 6;
        }
        append(escape, length);
        run = ++i;
    }
    append(s.data() + run, s.size() - run);
}

}  // namespace qdiff::support
