#include "qdiff/source.hpp"

#include <algorithm>

namespace qdiff {

SourceText::SourceText(std::string text, std::string name) : text_(std::move(text)), name_(std::move(name)) {
    line_starts_.push_back(0);
    for (uint32_t i = 0; i < text_.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(text_[i]);
        if (c >= 0x80) ascii_ = false;
        if (c == '\n') line_starts_.push_back(i + 1);
    }
}

std::string_view SourceText::slice(Span s) const {
    uint32_t end = std::min<uint32_t>(s.end, static_cast<uint32_t>(text_.size()));
    uint32_t begin = std::min(s.begin, end);
    return std::string_view(text_).substr(begin, end - begin);
}

static bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

LineCol SourceText::position(uint32_t byte_offset) const {
    byte_offset = std::min<uint32_t>(byte_offset, static_cast<uint32_t>(text_.size()));
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), byte_offset);
    uint32_t line = static_cast<uint32_t>(it - line_starts_.begin());
    uint32_t line_start = line_starts_[line - 1];
    // Columns count code points; counting them from the line start on every call made listing the
    // tokens of one long line quadratic.
    if (ascii_) return {line, byte_offset - line_start + 1};
    const std::vector<uint32_t>& starts = code_point_starts();
    auto code_points_before = [&](uint32_t offset) {
        return static_cast<uint32_t>(std::lower_bound(starts.begin(), starts.end(), offset) - starts.begin());
    };
    return {line, code_points_before(byte_offset) - code_points_before(line_start) + 1};
}

std::string_view SourceText::line_text(uint32_t line) const {
    if (line == 0 || line > line_starts_.size()) return {};
    uint32_t begin = line_starts_[line - 1];
    uint32_t end = line < line_starts_.size() ? line_starts_[line] - 1 : static_cast<uint32_t>(text_.size());
    if (end > begin && text_[end - 1] == '\r') --end;
    return std::string_view(text_).substr(begin, end - begin);
}

const std::vector<uint32_t>& SourceText::code_point_starts() const {
    if (code_point_offsets_.empty()) {
        for (uint32_t i = 0; i < text_.size(); ++i)
            if (!is_continuation(static_cast<unsigned char>(text_[i]))) code_point_offsets_.push_back(i);
        code_point_offsets_.push_back(static_cast<uint32_t>(text_.size()));
    }
    return code_point_offsets_;
}

uint32_t SourceText::byte_offset_of_code_point(size_t index) const {
    if (ascii_) return static_cast<uint32_t>(std::min(index, text_.size()));
    const std::vector<uint32_t>& starts = code_point_starts();
    return index < starts.size() ? starts[index] : static_cast<uint32_t>(text_.size());
}

size_t find_invalid_utf8(std::string_view s) {
    size_t i = 0, n = s.size();
    while (i < n) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        size_t len;
        uint32_t cp;
        if ((c & 0xE0) == 0xC0) {
            len = 2;
            cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            len = 3;
            cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            len = 4;
            cp = c & 0x07;
        } else
            return i;
        if (i + len > n) return i;
        for (size_t k = 1; k < len; ++k) {
            unsigned char cc = static_cast<unsigned char>(s[i + k]);
            if (!is_continuation(cc)) return i;
            cp = (cp << 6) | (cc & 0x3F);
        }
        // Overlong forms, surrogates and values past U+10FFFF are invalid too.
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
            (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
            return i;
        i += len;
    }
    return std::string_view::npos;
}

}  // namespace qdiff
