#include "support/json_dump_writer.hpp"

#include <array>
#include <charconv>
#include <cmath>

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

JsonDumpWriter& JsonDumpWriter::value(double d) {
    prefix();
    if (!std::isfinite(d)) {
        out_ += "null";
        return *this;
    }
    // dump's own formatter (serializer::dump_float), so that every double prints as the DOM printed it.
    char buffer[64];
    char* end = nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, d);
    out_.append(buffer, static_cast<size_t>(end - buffer));
    return *this;
}

void JsonDumpWriter::write_digits(uint64_t magnitude, bool negative) {
    char buffer[24];
    char* begin = buffer;
    if (negative) *begin++ = '-';
    char* end = std::to_chars(begin, buffer + sizeof buffer, magnitude).ptr;
    out_.append(buffer, static_cast<size_t>(end - buffer));
}

void JsonDumpWriter::write_string(std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    out_ += '"';
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
        out_.append(s.data() + run, i - run);
        out_ += '\\';
        switch (c) {
            case '"': out_ += '"'; break;
            case '\\': out_ += '\\'; break;
            case '\b': out_ += 'b'; break;
            case '\t': out_ += 't'; break;
            case '\n': out_ += 'n'; break;
            case '\f': out_ += 'f'; break;
            case '\r': out_ += 'r'; break;
            default:
                out_ += "u00";
                out_ += kHex[c >> 4];
                out_ += kHex[c & 15];
        }
        run = ++i;
    }
    out_.append(s.data() + run, s.size() - run);
    out_ += '"';
}

}  // namespace qdiff::support
