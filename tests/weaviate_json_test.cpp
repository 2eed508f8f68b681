#include <catch2/catch.hpp>

#include <string>

#include "parsers/weaviate/document.hpp"

using namespace qdiff::weaviate;
using qdiff::DiagId;
using qdiff::Diagnostic;
using qdiff::LineCol;
using qdiff::Severity;
using qdiff::SourceText;

namespace {
const Diagnostic* first_error(const JsonParseResult& r) {
    for (const auto& d : r.diagnostics) {
        if (d.severity == Severity::Error) return &d;
    }
    return nullptr;
}
LineCol where(std::string_view text, const Diagnostic& d) {
    return SourceText(std::string(text)).position(d.span.begin);
}
}  // namespace

TEST_CASE("json: values and byte spans", "[weaviate][json]") {
    const std::string text = R"( {"a": [1, -2.5e3, "x\ny", true, false, null], "b": {"c": "\u00e9\ud83d\ude00"}} )";
    auto r = parse_json(text);
    REQUIRE(r.ok());
    const JsonValue& v = *r.value;
    REQUIRE(v.kind == JsonKind::object);
    CHECK(v.span.begin == 1);
    CHECK(v.span.end == text.size() - 1);
    const JsonValue* a = v.find("a");
    REQUIRE(a);
    REQUIRE(a->items.size() == 6);
    CHECK(a->items[0].kind == JsonKind::integer);
    CHECK(a->items[0].integer == 1);
    CHECK(a->items[1].kind == JsonKind::number);
    CHECK(a->items[1].number == -2500.0);
    CHECK(a->items[2].string == "x\ny");
    CHECK(text.substr(a->items[2].span.begin, a->items[2].span.end - a->items[2].span.begin) == R"("x\ny")");
    CHECK(a->items[3].boolean);
    CHECK(a->items[5].is_null());
    CHECK(v.find("b")->find("c")->string == "\xC3\xA9\xF0\x9F\x98\x80");
    CHECK(v.members[1].key_span.begin == text.find("\"b\""));
}

TEST_CASE("json: syntax errors become diagnostics with line and column", "[weaviate][json]") {
    SECTION("trailing comma in array") {
        const std::string t = "[1,\n 2,\n]";
        auto r = parse_json(t);
        REQUIRE_FALSE(r.ok());
        const auto* d = first_error(r);
        REQUIRE(d);
        CHECK(d->id == DiagId::JsonTrailingComma);
        CHECK(where(t, *d).line == 3);
        CHECK(where(t, *d).column == 1);
    }
    SECTION("trailing comma in object") {
        auto r = parse_json(R"({"a": 1,})");
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::JsonTrailingComma);
        CHECK(first_error(r)->span.begin == 8);
    }
    SECTION("duplicate keys") {
        const std::string t = "{\"a\": 1,\n \"a\": 2}";
        auto r = parse_json(t);
        REQUIRE(r.value);  // the document is kept
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::JsonDuplicateKey);
        CHECK(where(t, *first_error(r)).line == 2);
        CHECK(first_error(r)->message.find("line 1, column 2") != std::string::npos);
    }
    SECTION("duplicate keys after non-ASCII text: the column counts code points, as SourceText does") {
        // The front end's own line index counted bytes and said column 11 here (the 'ü' is two bytes).
        const std::string t = "{\"\\u00fc\": 0, \"k\": 1, \"k\": 2}";  // the key written as a JSON escape
        const std::string u = "{\"\xC3\xBC\": 0, \"k\": 1, \"k\": 2}";
        auto r = parse_json(u);
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::JsonDuplicateKey);
        CHECK(first_error(r)->message.find("line 1, column 10)") != std::string::npos);
        auto escaped = parse_json(t);  // six ASCII characters for the 'ü': five more columns
        REQUIRE(first_error(escaped));
        CHECK(first_error(escaped)->message.find("line 1, column 15)") != std::string::npos);
    }
    SECTION("many keys with a duplicate") {
        std::string t = "{";
        for (int i = 0; i < 100; ++i) t += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + ",";
        t += "\"k7\": 0}";
        auto r = parse_json(t);
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::JsonDuplicateKey);
    }
    SECTION("bad escape") {
        auto r = parse_json(R"(["a\qb"])");
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::BadEscape);
        CHECK(first_error(r)->span.begin == 4);
    }
    SECTION("lone surrogate") {
        auto r = parse_json(R"("\ud800x")");
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::BadEscape);
    }
    SECTION("number out of range") {
        auto r = parse_json("[1e400]");
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::NumberOutOfRange);
        auto big = parse_json("123456789012345678901234567890");
        CHECK(big.ok());  // kept as a double, with a warning
        REQUIRE(big.diagnostics.size() == 1);
        CHECK(big.diagnostics[0].severity == Severity::Warning);
        CHECK(big.value->kind == JsonKind::number);
    }
    SECTION("malformed numbers") {
        for (const char* t : {"-", "1.", "1e", "01", "+1", ".5", "1.e3"}) {
            INFO(t);
            CHECK_FALSE(parse_json(t).ok());
        }
    }
    SECTION("invalid UTF-8 in a string") {
        const std::string t = "[\"ab\xFF\"]";
        auto r = parse_json(t);
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::InvalidUtf8);
        CHECK(first_error(r)->span.begin == 4);
        CHECK(first_error(r)->message.find("0xFF") != std::string::npos);
    }
    SECTION("overlong UTF-8 and encoded surrogates are rejected") {
        CHECK_FALSE(parse_json("\"\xC0\xAF\"").ok());
        CHECK_FALSE(parse_json("\"\xED\xA0\x80\"").ok());
        CHECK(parse_json("\"\xE2\x82\xAC\"").ok());
    }
    SECTION("NUL bytes") {
        const std::string in_string("[\"a\0b\"]", 7);
        auto r = parse_json(in_string);
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::InvalidCharacter);
        CHECK(first_error(r)->message.find("NUL") != std::string::npos);
        const std::string outside("[1,\0]", 5);
        auto r2 = parse_json(outside);
        REQUIRE(first_error(r2));
        CHECK(first_error(r2)->message.find("NUL") != std::string::npos);
    }
    SECTION("unterminated string") {
        auto r = parse_json("[\"abc");
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::UnterminatedString);
    }
    SECTION("raw line break in a string") {
        auto r = parse_json("\"a\nb\"");
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::InvalidCharacter);
    }
    SECTION("text after the value") {
        auto r = parse_json("{} x");
        REQUIRE(first_error(r));
        CHECK(first_error(r)->message.find("after the JSON value") != std::string::npos);
    }
    SECTION("empty input") {
        auto r = parse_json("  ");
        REQUIRE(first_error(r));
        CHECK(first_error(r)->message.find("end of input") != std::string::npos);
    }
}

TEST_CASE("json: hostile input", "[weaviate][json][hostile]") {
    SECTION("100,000 nested brackets") {
        const std::string t(100000, '[');
        auto r = parse_json(t);
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::NestingTooDeep);
        CHECK(first_error(r)->span.begin == max_nesting_depth);
    }
    SECTION("100,000 nested objects") {
        std::string t;
        for (int i = 0; i < 100000; ++i) t += "{\"a\":";
        auto r = parse_json(t);
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::NestingTooDeep);
    }
    SECTION("depth 256 is accepted") {
        const std::string t = std::string(max_nesting_depth, '[') + std::string(max_nesting_depth, ']');
        CHECK(parse_json(t).ok());
    }
    SECTION("10 MB string") {
        std::string t = "{\"s\": \"";
        t.append(10 * 1024 * 1024, 'x');
        t += "\"}";
        auto r = parse_json(t);
        REQUIRE(r.ok());
        CHECK(r.value->find("s")->string.size() == 10u * 1024 * 1024);
    }
    SECTION("10 MB unterminated string") {
        std::string t = "\"";
        t.append(10 * 1024 * 1024, 'y');
        auto r = parse_json(t);
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::UnterminatedString);
    }
    SECTION("random bytes never throw") {
        std::uint32_t seed = 12345;
        for (int i = 0; i < 2000; ++i) {
            std::string t;
            const int n = static_cast<int>(seed % 40);
            for (int k = 0; k < n; ++k) {
                seed = seed * 1103515245u + 12345u;
                const char alphabet[] = "{}[],:\"\\ 0123456789-+.eEtrufalsn\xFF\x00";
                t.push_back(alphabet[(seed >> 16) % (sizeof(alphabet) - 1)]);
            }
            seed = seed * 1103515245u + 12345u;
            CHECK_NOTHROW(parse_json(t));
        }
    }
}

TEST_CASE("json: spans are offset by base", "[weaviate][json]") {
    auto r = parse_json("[true]", 100);
    REQUIRE(r.ok());
    CHECK(r.value->span.begin == 100);
    CHECK(r.value->items[0].span.begin == 101);
}

TEST_CASE("json: string source offsets map back through escapes", "[weaviate][json]") {
    const std::string raw = R"("a\nb\u00e9c")";
    // decoded: a \n b (2 bytes) c
    CHECK(json_string_source_offset(raw, 0) == 1);
    CHECK(json_string_source_offset(raw, 2) == 4);
    CHECK(json_string_source_offset(raw, 3) == 5);
    CHECK(json_string_source_offset(raw, 5) == 11);
}
