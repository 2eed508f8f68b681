// Compact JSON written byte for byte as nlohmann::json's dump(-1, ' ', false, error_handler_t::replace)
// prints the same values, without building the document: batch records are written this way, since
// building and dumping a DOM of each cost more than the rest of the record (issue 32).
//
// The contract is byte-identity with that dump:
// - integers in decimal; doubles by nlohmann's own formatter (the shortest text that reads back, what
//   dump calls), non-finite doubles as null;
// - strings with '"', '\\' and the control characters (< 0x20) escaped as dump escapes them (\b \t \n \f
//   \r by name, the others \u00xx), every other byte as it is (DEL and non-ASCII UTF-8 included);
// - "," and ":" without spaces.
// A string that is not well-formed UTF-8 is the one thing written differently (dump replaces each bad
// sequence with U+FFFD): it is written as it is and valid() turns false, so that the caller can print
// that document another way (the batch record then takes its DOM path).
#pragma once
#include <concepts>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace qdiff::support {

class JsonDumpWriter {
public:
    explicit JsonDumpWriter(std::string& out) : out_(out) {}

    JsonDumpWriter& begin_object() { return open('{'); }
    JsonDumpWriter& end_object() { return close('}'); }
    JsonDumpWriter& begin_array() { return open('['); }
    JsonDumpWriter& end_array() { return close(']'); }

    JsonDumpWriter& key(std::string_view k) {
        if (!(empty_ & top())) out_ += ',';
        empty_ &= ~top();
        write_string(k);
        out_ += ':';
        after_key_ = true;
        return *this;
    }
    JsonDumpWriter& value(std::string_view s) {
        prefix();
        write_string(s);
        return *this;
    }
    JsonDumpWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonDumpWriter& value(const std::string& s) { return value(std::string_view(s)); }
    JsonDumpWriter& value(bool b) {
        prefix();
        out_ += b ? "true" : "false";
        return *this;
    }
    template <std::integral T>
        requires(!std::same_as<T, bool> && !std::same_as<T, char>)
    JsonDumpWriter& value(T n) {
        prefix();
        write_integer(n);
        return *this;
    }
    JsonDumpWriter& value(double d);
    JsonDumpWriter& null() {
        prefix();
        out_ += "null";
        return *this;
    }
    // Inserts a value that is already serialised (as dump would print it).
    JsonDumpWriter& raw(std::string_view json) {
        prefix();
        out_ += json;
        return *this;
    }
    template <class T>
    JsonDumpWriter& field(std::string_view k, const T& v) {
        key(k);
        return value(v);
    }

    // False once a string that is not well-formed UTF-8 was written.
    bool valid() const { return valid_; }

    // Whether `s` is well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no surrogates, nothing
    // past U+10FFFF), which is what dump copies unchanged.
    static bool is_utf8(std::string_view s);

private:
    uint64_t top() const { return uint64_t{1} << depth_; }
    JsonDumpWriter& open(char c) {
        prefix();
        out_ += c;
        if (++depth_ == 64) throw std::length_error("JSON nested deeper than 63 levels");
        empty_ |= top();
        return *this;
    }
    JsonDumpWriter& close(char c) {
        --depth_;
        out_ += c;
        return *this;
    }
    // Before a value: nothing after a key, else a comma unless it is the container's first element.
    void prefix() {
        if (after_key_) {
            after_key_ = false;
            return;
        }
        if (depth_ == 0) return;
        if (!(empty_ & top())) out_ += ',';
        empty_ &= ~top();
    }
    void write_string(std::string_view s);
    void write_digits(uint64_t magnitude, bool negative);
    template <std::integral T>
    void write_integer(T n) {
        if constexpr (std::is_signed_v<T>) {
            if (n < 0) return write_digits(uint64_t{0} - static_cast<uint64_t>(n), true);
        }
        write_digits(static_cast<uint64_t>(n), false);
    }

    std::string& out_;
    unsigned depth_ = 0;
    uint64_t empty_ = 0;  // bit d: the container open at depth d has no element yet
    bool after_key_ = false;
    bool valid_ = true;
};

}  // namespace qdiff::support
