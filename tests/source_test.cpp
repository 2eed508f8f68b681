// Source text: line/column lookup, code points, UTF-8 validation.
#include <catch2/catch.hpp>

#include "qdiff/source.hpp"

using namespace qdiff;

TEST_CASE("positions are 1-based lines and code-point columns", "[source]") {
    SourceText s("SELECT a\nFROM t\r\nWHERE é = 'x'");
    CHECK(s.line_count() == 3);
    CHECK(s.position(0).line == 1);
    CHECK(s.position(0).column == 1);
    CHECK(s.position(9).line == 2);
    CHECK(s.position(9).column == 1);
    CHECK(s.line_text(2) == "FROM t");
    // "WHERE é = ": the '=' is the 9th code point on line 3 although it is the 10th byte.
    uint32_t eq = static_cast<uint32_t>(s.text().find('='));
    CHECK(s.position(eq).line == 3);
    CHECK(s.position(eq).column == 9);
    CHECK_FALSE(s.is_ascii());
    // Code point 23 is 'é' (line 1 has 9, line 2 has 8 with \r\n, "WHERE " 6): its byte offset is 23.
    CHECK(s.byte_offset_of_code_point(23) == 23);
    CHECK(s.byte_offset_of_code_point(24) == 25);
    CHECK(s.slice({0, 6}) == "SELECT");
    CHECK(s.slice({100, 200}).empty());
}

TEST_CASE("columns count code points on long non-ASCII lines", "[source]") {
    // Two-byte 'é' before every ASCII letter: the n-th 'x' is code point 2n (1-based) of its line.
    std::string line;
    for (int i = 0; i < 1000; ++i) line += "\xC3\xA9x";
    SourceText s("first\n" + line);
    uint32_t start = 6;
    CHECK(s.position(start + 2).column == 2);               // the first 'x'
    CHECK(s.position(start + 3 * 999 + 2).column == 2000);  // the last 'x'
    CHECK(s.position(start + 1).column == 2);               // inside 'é': counts as past its first byte
    CHECK(s.position(static_cast<uint32_t>(s.text().size())).column == 2001);
}

TEST_CASE("invalid UTF-8 is found at its first byte", "[source]") {
    CHECK(find_invalid_utf8("plain ascii") == std::string_view::npos);
    CHECK(find_invalid_utf8("caf\xC3\xA9") == std::string_view::npos);
    CHECK(find_invalid_utf8("ab\xFF"
                            "cd") == 2);
    CHECK(find_invalid_utf8("ab\xC3") == 2);                                          // truncated sequence
    CHECK(find_invalid_utf8("\xC0\x80") == 0);                                        // overlong NUL
    CHECK(find_invalid_utf8("x\xED\xA0\x80") == 1);                                   // surrogate
    CHECK(find_invalid_utf8(std::string_view("a\0b", 3)) == std::string_view::npos);  // NUL is valid UTF-8
}
