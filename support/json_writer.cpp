#include "support/json_writer.hpp"

#include <cmath>
#include <cstdio>

namespace qdiff::support {

JsonWriter& JsonWriter::value(double d) {
    value_prefix();
    if (!std::isfinite(d)) {
        out_ += "null";
        return *this;
    }
    char buf[32];
    int n = std::snprintf(buf, sizeof buf, "%.10g", d);
    out_.append(buf, static_cast<size_t>(n));
    return *this;
}

void JsonWriter::escape(std::string& out, std::string_view s) {
    static const char* hex = "0123456789abcdef";
    for (char ch : s) {
        unsigned char c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            default:
                if (c < 0x20 || c == 0x7f) {
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 15];
                } else {
                    out += ch;
                }
        }
    }
}

}  // namespace qdiff::support
