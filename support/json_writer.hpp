// A small streaming JSON writer: the AST printers and diagnostics write large documents, and a DOM
// would double their cost. Commas are inserted automatically.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qdiff::support {

class JsonWriter {
public:
    explicit JsonWriter(std::string& out, bool pretty = false) : out_(out), pretty_(pretty) {}

    JsonWriter& begin_object() {
        value_prefix();
        out_ += '{';
        stack_.push_back(true);
        return *this;
    }
    JsonWriter& end_object() {
        close('}');
        return *this;
    }
    JsonWriter& begin_array() {
        value_prefix();
        out_ += '[';
        stack_.push_back(true);
        return *this;
    }
    JsonWriter& end_array() {
        close(']');
        return *this;
    }

    JsonWriter& key(std::string_view k) {
        separator();
        write_string(k);
        out_ += pretty_ ? ": " : ":";
        after_key_ = true;
        return *this;
    }
    JsonWriter& value(std::string_view s) {
        value_prefix();
        write_string(s);
        return *this;
    }
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(bool b) {
        value_prefix();
        out_ += b ? "true" : "false";
        return *this;
    }
    JsonWriter& value(int64_t n) {
        value_prefix();
        out_ += std::to_string(n);
        return *this;
    }
    JsonWriter& value(uint64_t n) {
        value_prefix();
        out_ += std::to_string(n);
        return *this;
    }
    JsonWriter& value(int n) { return value(static_cast<int64_t>(n)); }
    JsonWriter& value(unsigned n) { return value(static_cast<uint64_t>(n)); }
    JsonWriter& value(double d);
    JsonWriter& null() {
        value_prefix();
        out_ += "null";
        return *this;
    }
    // Inserts already-serialised JSON.
    JsonWriter& raw(std::string_view json) {
        value_prefix();
        out_ += json;
        return *this;
    }

    template <class T>
    JsonWriter& field(std::string_view k, const T& v) {
        key(k);
        return value(v);
    }

    static void escape(std::string& out, std::string_view s);

private:
    void write_string(std::string_view s) {
        out_ += '"';
        escape(out_, s);
        out_ += '"';
    }
    void separator() {
        if (stack_.empty()) return;
        if (!stack_.back()) out_ += ',';
        stack_.back() = false;
        newline();
    }
    void value_prefix() {
        if (after_key_) {
            after_key_ = false;
            return;
        }
        separator();
    }
    void close(char c) {
        bool empty = stack_.back();
        stack_.pop_back();
        if (!empty) newline();
        out_ += c;
    }
    void newline() {
        if (!pretty_) return;
        out_ += '\n';
        out_.append(stack_.size() * 2, ' ');
    }

    std::string& out_;
    bool pretty_;
    bool after_key_ = false;
    std::vector<bool> stack_;  // per open container: no element written yet
};

}  // namespace qdiff::support
