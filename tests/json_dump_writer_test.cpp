// The direct JSON writer (support/json_dump_writer): byte for byte what nlohmann's dump prints for the
// same values, which batch records rely on.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "support/json_dump_writer.hpp"

using qdiff::support::JsonDumpWriter;
using ordered_json = nlohmann::ordered_json;

namespace {

std::string dump(const ordered_json& j) { return j.dump(-1, ' ', false, ordered_json::error_handler_t::replace); }

template <class T>
std::string written(const T& v) {
    std::string out;
    JsonDumpWriter(out).value(v);
    return out;
}

// Whether dump, without repairs, takes `s` as it is.
bool dump_accepts(const std::string& s) {
    try {
        (void)ordered_json(s).dump(-1, ' ', false, ordered_json::error_handler_t::strict);
        return true;
    } catch (const nlohmann::json::type_error&) {
        return false;
    }
}

}  // namespace

TEST_CASE("json dump writer: doubles print as dump prints them", "[json_dump_writer]") {
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> values = {0.0,     -0.0,    1.0,     0.1,       1.0 / 3,   2.0 / 3,  1e-300, 5e-324,
                                  1e-5,    2.5e-5,  1e-4,    123.456,   -42.125,   1e15,     1e16,   1e17,
                                  1e21,    1e22,    9007199254740993.0, 1.7976931348623157e308,
                                  2.2250738585072014e-308, 0.9, 0.64, 0.2159956115544861, std::nan(""), inf, -inf};
    for (double whole = 1; whole < 1e17; whole *= 10)  // whole numbers, around where the short form ends
        for (double d : {whole, whole - 1, whole + 1, -whole, 3 * whole, whole / 1024}) values.push_back(d);
    for (int n = -1000; n <= 1000; ++n) values.push_back(n);
    values.push_back(std::ldexp(1.0, 53));
    values.push_back(999999999999999.0);
    values.push_back(1e15);
    std::mt19937_64 random(32);
    for (int i = 0; i < 20000; ++i) {
        uint64_t bits = random();
        double d;
        std::memcpy(&d, &bits, sizeof d);
        values.push_back(d);  // any bit pattern: subnormals, huge and tiny exponents, NaNs
        values.push_back(std::ldexp(double(bits >> 11), -53));  // in [0, 1), as scores are
        values.push_back(std::round(std::ldexp(double(bits >> 11), -static_cast<int>(bits % 64))));  // whole numbers
    }
    for (double d : values) {
        INFO(d);
        REQUIRE(written(d) == dump(ordered_json(d)));
    }
    CHECK(written(std::nan("")) == "null");
    CHECK(written(1.0) == "1.0");
}

TEST_CASE("json dump writer: integers of every width print as dump prints them", "[json_dump_writer]") {
    CHECK(written(0) == dump(ordered_json(0)));
    CHECK(written(-1) == dump(ordered_json(-1)));
    CHECK(written(std::numeric_limits<int64_t>::min()) == dump(ordered_json(std::numeric_limits<int64_t>::min())));
    CHECK(written(std::numeric_limits<uint64_t>::max()) == dump(ordered_json(std::numeric_limits<uint64_t>::max())));
    CHECK(written(uint32_t{4294967295u}) == "4294967295");
    CHECK(written(size_t{1034}) == dump(ordered_json(size_t{1034})));
    CHECK(written(true) == "true");
    CHECK(written(false) == "false");
}

TEST_CASE("json dump writer: strings are escaped as dump escapes them", "[json_dump_writer]") {
    std::string every_ascii;
    for (int c = 0; c < 128; ++c) every_ascii += static_cast<char>(c);
    for (const std::string& s : {every_ascii, std::string("plain"), std::string(""), std::string("a\"b\\c/d"),
                                 std::string("\x7f del"), std::string("\xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
                                 std::string("\xef\xbf\xbd"), std::string("\xf4\x8f\xbf\xbf"), std::string("\xed\x9f\xbf")}) {
        INFO(s);
        std::string out;
        JsonDumpWriter w(out);
        w.value(s);
        w.finish();
        CHECK(out == dump(ordered_json(s)));
        CHECK(w.valid());
        CHECK(JsonDumpWriter::is_utf8(s));
    }
    // Strings are checked eight bytes at a time: a byte to escape at every place of a word and its tail.
    for (const std::string& special : {std::string("\""), std::string("\\"), std::string("\x01"), std::string("\x1f"),
                                       std::string(" "), std::string("\x7f"), std::string("\xc3\xa9")}) {
        for (size_t length = 0; length <= 20; ++length) {
            for (size_t at = 0; at <= length; ++at) {
                std::string s = std::string(at, 'x') + special + std::string(length - at, 'y');
                std::string out = "[1";  // written after what the string already has
                {
                    JsonDumpWriter w(out);
                    w.begin_object().key(s).value(s).end_object();
                }
                REQUIRE(out == "[1{" + dump(ordered_json(s)) + ":" + dump(ordered_json(s)) + "}");
            }
        }
    }
}

TEST_CASE("json dump writer: what is not well-formed UTF-8 is what dump would repair", "[json_dump_writer]") {
    for (const std::string& s : {std::string("\x80"), std::string("a\xc3"), std::string("\xc0\xaf"),
                                 std::string("\xe0\x80\xaf"), std::string("\xed\xa0\x80"), std::string("\xf4\x90\x80\x80"),
                                 std::string("\xf5\x80\x80\x80"), std::string("\xff"), std::string("\xe2\x82")}) {
        INFO(s);
        std::string out;
        JsonDumpWriter w(out);
        w.value(s);
        w.finish();
        CHECK_FALSE(w.valid());
        CHECK_FALSE(JsonDumpWriter::is_utf8(s));
        CHECK_FALSE(dump_accepts(s));
    }
    // Random strings over the bytes where UTF-8's ranges begin and end: the writer's notion of
    // well-formed is dump's, and what it takes it prints as dump does.
    const unsigned char edges[] = {'a',  '"',  0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0,
                                   0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0,
                                   0xf1, 0xf3, 0xf4, 0xf5, 0xff};
    std::mt19937 random(32);
    size_t valid = 0;
    for (int i = 0; i < 50000; ++i) {
        std::string s;
        for (size_t n = 1 + random() % 6; n > 0; --n) s += static_cast<char>(edges[random() % sizeof edges]);
        std::string out;
        JsonDumpWriter w(out);
        w.value(s);
        w.finish();
        INFO(ordered_json(s).dump(-1, ' ', true, ordered_json::error_handler_t::replace));
        REQUIRE(JsonDumpWriter::is_utf8(s) == dump_accepts(s));
        REQUIRE(w.valid() == dump_accepts(s));
        if (w.valid()) {
            REQUIRE(out == dump(ordered_json(s)));
            ++valid;
        }
    }
    CHECK(valid > 1000);  // both kinds were drawn
}

TEST_CASE("json dump writer: nested containers, keys and raw values as dump prints them", "[json_dump_writer]") {
    ordered_json dom;
    dom["line"] = size_t{7};
    dom["a \"key\"\n"] = "value";
    dom["empty_object"] = ordered_json::object();
    dom["empty_array"] = ordered_json::array();
    dom["nested"] = {{1, 2, {3, ordered_json::array()}}, {{"x", nullptr}}};
    dom["null"] = nullptr;
    dom["raw"] = ordered_json::parse(R"({"b":[1.5,true]})");

    std::string out;
    JsonDumpWriter w(out);
    w.begin_object()
        .field("line", size_t{7})
        .field("a \"key\"\n", "value")
        .key("empty_object")
        .begin_object()
        .end_object()
        .key("empty_array")
        .begin_array()
        .end_array()
        .key("nested")
        .begin_array()
        .begin_array()
        .value(1)
        .value(2)
        .begin_array()
        .value(3)
        .begin_array()
        .end_array()
        .end_array()
        .end_array()
        .begin_object()
        .key("x")
        .null()
        .end_object()
        .end_array()
        .key("null")
        .null()
        .key("raw")
        .raw(R"({"b":[1.5,true]})")
        .end_object();
    w.finish();
    CHECK(out == dump(dom));
    CHECK(w.valid());
}
