// Helpers shared by the JSON and GraphQL parsers (no PEGTL here).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "document.hpp"

namespace qdiff::weaviate::detail {

void append_utf8(std::string& out, std::uint32_t cp);

/// Decodes the body of a string literal whose escapes the grammar has already validated
/// (\" \\ \/ \b \f \n \r \t \uXXXX). Returns false when a \u escape is an unpaired surrogate
/// (replaced by U+FFFD); `bad_offset` is then its offset inside `body`.
bool decode_escaped(std::string_view body, std::string& out, std::uint32_t& bad_offset);

/// Length of the valid UTF-8 sequence at the start of `s`, or 0.
std::size_t utf8_sequence_length(std::string_view s) noexcept;

/// "end of input", "NUL byte", "invalid UTF-8 byte 0xFF", "'x'", "U+00E9" — what the parser found.
std::string describe_at(std::string_view text, std::size_t offset);

/// Classifies an unexpected byte: NUL/control -> control kind, invalid UTF-8 -> utf8 kind.
bool is_invalid_utf8_at(std::string_view text, std::size_t offset) noexcept;

/// Moves the elements pushed onto `stack` since the last mark into `out` and pops the mark: how the
/// actions build a list or an object from what its elements pushed.
template <class T>
void take_since_mark(std::vector<T>& stack, std::vector<std::uint32_t>& marks, std::vector<T>& out) {
    const std::uint32_t mark = marks.back();
    marks.pop_back();
    out.reserve(stack.size() - mark);
    for (auto it = stack.begin() + mark; it != stack.end(); ++it) out.push_back(std::move(*it));
    stack.resize(mark);
}

}  // namespace qdiff::weaviate::detail
