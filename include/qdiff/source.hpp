// Source text with byte spans and line/column lookup.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qdiff {

// A half-open byte range [begin, end) into a SourceText.
struct Span {
    uint32_t begin = 0;
    uint32_t end = 0;
    uint32_t size() const { return end - begin; }
    bool empty() const { return begin == end; }
    friend bool operator==(Span, Span) = default;
};

// 1-based line and column; the column counts Unicode code points, as editors do.
struct LineCol {
    uint32_t line = 1;
    uint32_t column = 1;
};

class SourceText {
public:
    explicit SourceText(std::string text, std::string name = "<input>");

    const std::string& text() const { return text_; }
    const std::string& name() const { return name_; }
    std::string_view slice(Span s) const;

    LineCol position(uint32_t byte_offset) const;
    // The text of a 1-based line, without its line terminator.
    std::string_view line_text(uint32_t line) const;
    uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }

    // Code point indices (what grammars count) to byte offsets (what spans hold).
    bool is_ascii() const { return ascii_; }
    uint32_t byte_offset_of_code_point(size_t index) const;

private:
    std::string text_;
    std::string name_;
    std::vector<uint32_t> line_starts_;
    bool ascii_ = true;
    mutable std::vector<uint32_t> code_point_offsets_;  // built on first non-ASCII lookup

    // The byte offset of every code point, then the text's size.
    const std::vector<uint32_t>& code_point_starts() const;
};

// Returns the byte offset of the first invalid UTF-8 sequence, or npos when the text is valid.
size_t find_invalid_utf8(std::string_view text);

}  // namespace qdiff
