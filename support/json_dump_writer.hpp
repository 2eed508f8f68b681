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
#include <cstring>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace qdiff::support {

// The writer appends to its string through a pointer into spare room it keeps at the end (one
// capacity check per token instead of one per character): the string has its final length once the
// writer is finished (finish(), or its destructor). Do not read or change the string before that.
class JsonDumpWriter {
public:
    explicit JsonDumpWriter(std::string& out) : out_(out), size_(out.size()) { out_.resize(out_.capacity()); }
    ~JsonDumpWriter() { finish(); }
    JsonDumpWriter(const JsonDumpWriter&) = delete;
    JsonDumpWriter& operator=(const JsonDumpWriter&) = delete;

    // Gives the string its length; the writer is not used after.
    void finish() {
        if (finished_) return;
        finished_ = true;
        out_.resize(size_);
    }

    JsonDumpWriter& begin_object() { return open('{'); }
    JsonDumpWriter& end_object() { return close('}'); }
    JsonDumpWriter& begin_array() { return open('['); }
    JsonDumpWriter& end_array() { return close(']'); }

    JsonDumpWriter& key(std::string_view k) {
        bool comma = !(empty_ & top());
        empty_ &= ~top();
        write_string(k, comma, ':');
        after_key_ = true;
        return *this;
    }
    JsonDumpWriter& value(std::string_view s) {
        write_string(s, prefix(), '\0');
        return *this;
    }
    JsonDumpWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonDumpWriter& value(const std::string& s) { return value(std::string_view(s)); }
    JsonDumpWriter& value(bool b) {
        put(prefix(), b ? std::string_view("true") : std::string_view("false"));
        return *this;
    }
    template <std::integral T>
        requires(!std::same_as<T, bool> && !std::same_as<T, char>)
    JsonDumpWriter& value(T n) {
        bool comma = prefix();
        if constexpr (std::is_signed_v<T>) {
            if (n < 0) {
                write_digits(comma, uint64_t{0} - static_cast<uint64_t>(n), true);
                return *this;
            }
        }
        write_digits(comma, static_cast<uint64_t>(n), false);
        return *this;
    }
    JsonDumpWriter& value(double d);
    JsonDumpWriter& null() {
        put(prefix(), "null");
        return *this;
    }
    // Inserts a value that is already serialised (as dump would print it).
    JsonDumpWriter& raw(std::string_view json) {
        put(prefix(), json);
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
    // Room for n more characters; returns where they go.
    char* room(size_t n) {
        if (size_ + n > out_.size()) grow(n);
        return out_.data() + size_;
    }
    void grow(size_t n);
    // An optional comma, then `text`.
    void put(bool comma, std::string_view text) {
        char* p = room(text.size() + 1);
        *p = ',';
        p += comma;
        std::memcpy(p, text.data(), text.size());
        size_ += comma + text.size();
    }
    JsonDumpWriter& open(char c) {
        bool comma = prefix();
        char* p = room(2);
        p[0] = ',';
        p[comma] = c;
        size_ += comma + 1;
        if (++depth_ == 64) throw std::length_error("JSON nested deeper than 63 levels");
        empty_ |= top();
        return *this;
    }
    JsonDumpWriter& close(char c) {
        --depth_;
        *room(1) = c;
        ++size_;
        return *this;
    }
    // Before a value: whether a comma goes first (not after a key, nor before a container's first element).
    bool prefix() {
        if (after_key_) {
            after_key_ = false;
            return false;
        }
        if (depth_ == 0) return false;
        bool comma = !(empty_ & top());
        empty_ &= ~top();
        return comma;
    }
    // An optional comma, the quoted string, then `suffix` unless it is '\0'.
    void write_string(std::string_view s, bool comma, char suffix);
    void write_escaped(std::string_view s);
    void write_digits(bool comma, uint64_t magnitude, bool negative);

    std::string& out_;
    size_t size_;  // of what was written: out_ beyond it is spare room
    unsigned depth_ = 0;
    uint64_t empty_ = 0;  // bit d: the container open at depth d has no element yet
    bool after_key_ = false;
    bool valid_ = true;
    bool finished_ = false;
};

}  // namespace qdiff::support
