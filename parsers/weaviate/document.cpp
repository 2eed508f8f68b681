#include "document.hpp"

#include <algorithm>

namespace qdiff::weaviate {

const char* json_kind_name(JsonKind kind) noexcept {
    switch (kind) {
        case JsonKind::null: return "null";
        case JsonKind::boolean: return "boolean";
        case JsonKind::integer: return "integer";
        case JsonKind::number: return "number";
        case JsonKind::string: return "string";
        case JsonKind::array: return "array";
        case JsonKind::object: return "object";
    }
    return "?";
}

const JsonMember* JsonValue::find_member(std::string_view k) const noexcept {
    for (const auto& m : members) {
        if (m.key == k) return &m;
    }
    return nullptr;
}

const JsonValue* JsonValue::find(std::string_view k) const noexcept {
    const auto* m = find_member(k);
    return m ? &m->value : nullptr;
}

bool JsonParseResult::ok() const noexcept { return value.has_value() && !has_errors(diagnostics); }
bool GqlParseResult::ok() const noexcept { return document.has_value() && !has_errors(diagnostics); }

std::uint32_t json_string_source_offset(std::string_view raw, std::uint32_t decoded_offset) {
    // raw starts with the opening quote.
    std::uint32_t src = 1;
    std::uint32_t dec = 0;
    while (src < raw.size() && dec < decoded_offset) {
        const char c = raw[src];
        if (c == '"') break;
        if (c != '\\') {
            ++src;
            ++dec;
            continue;
        }
        if (src + 1 >= raw.size()) break;
        if (raw[src + 1] != 'u') {
            src += 2;
            dec += 1;
            continue;
        }
        // \uXXXX (possibly a surrogate pair): count the UTF-8 bytes it decodes to.
        unsigned cp = 0;
        for (std::size_t i = src + 2; i < src + 6 && i < raw.size(); ++i) {
            const char h = raw[i];
            cp = cp * 16 + static_cast<unsigned>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
        }
        src += 6;
        if (cp >= 0xD800 && cp <= 0xDBFF && src + 1 < raw.size() && raw[src] == '\\' && raw[src + 1] == 'u') {
            src += 6;
            dec += 4;
        } else {
            dec += cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
        }
    }
    return src;
}

const GqlValue* GqlValue::find(std::string_view n) const noexcept {
    for (const auto& f : fields) {
        if (f.name == n) return &f.value;
    }
    return nullptr;
}

const GqlArgument* GqlNode::argument(std::string_view n) const noexcept {
    for (const auto& a : arguments) {
        if (a.name == n) return &a;
    }
    return nullptr;
}

const GqlNode* GqlDocument::fragment(std::string_view n) const noexcept {
    for (const auto& d : definitions) {
        if (d.kind == GqlNode::Kind::fragment_definition && d.name == n) return &d;
    }
    return nullptr;
}

}  // namespace qdiff::weaviate
