// Actions and control of the JSON grammar: build the positioned JsonValue tree.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <unordered_set>

#include <fmt/format.h>

#include "document.hpp"
#include "json_grammar.hpp"
#include "text_support.hpp"

namespace qdiff::weaviate {
namespace {

namespace pegtl = tao::pegtl;
namespace g = json_grammar;

/// Inputs larger than this are refused (spans are 32-bit).
constexpr std::size_t max_input_bytes = std::size_t{1} << 30;

struct JsonState {
    const char* origin = nullptr;  // first byte of the parsed text
    std::uint32_t base = 0;
    std::string_view text;
    std::vector<JsonValue> values;
    std::vector<JsonMember> members;
    std::vector<std::pair<std::string, Span>> keys;
    std::vector<std::uint32_t> array_marks;
    std::vector<std::uint32_t> object_marks;
    std::size_t depth = 0;
    std::size_t max_depth = max_nesting_depth;
    std::vector<Diagnostic> diagnostics;
    // Set by the control's raise(): what kind of error the thrown parse_error is.
    DiagId failure_kind = DiagId::SyntaxError;
    bool depth_exceeded = false;
    std::optional<SourceText> lines;  // built on the first duplicate key

    template <typename Input>
    Span span(const Input& in) const {
        return {base + static_cast<std::uint32_t>(in.begin() - origin),
                base + static_cast<std::uint32_t>(in.end() - origin)};
    }
    void diag(DiagId kind, Span s, std::string message, Severity sev) {
        diagnostics.push_back(diagnostic(kind, sev, s, std::move(message)));
    }
};

// --- actions -----------------------------------------------------------------------------------

template <typename Rule>
struct json_action : pegtl::nothing<Rule> {};

void decode_into(JsonState& st, std::string_view literal, Span s, std::string& out) {
    const std::string_view body = literal.substr(1, literal.size() - 2);
    if (body.find('\\') == std::string_view::npos) {
        out.assign(body.data(), body.size());
        return;
    }
    std::uint32_t bad = 0;
    if (!detail::decode_escaped(body, out, bad)) {
        const std::uint32_t at = s.begin + 1 + bad;
        st.diag(DiagId::BadEscape, {at, at + 6}, "unpaired UTF-16 surrogate in \\u escape", Severity::Error);
    }
}

template <>
struct json_action<g::string> {
    template <typename Input>
    static void apply(const Input& in, JsonState& st) {
        JsonValue& v = st.values.emplace_back();
        v.kind = JsonKind::string;
        v.span = st.span(in);
        decode_into(st, in.string_view(), v.span, v.string);
    }
};

template <>
struct json_action<g::key> {
    template <typename Input>
    static void apply(const Input& in, JsonState& st) {
        auto& k = st.keys.emplace_back(std::string(), st.span(in));
        decode_into(st, in.string_view(), k.second, k.first);
    }
};

template <>
struct json_action<g::number> {
    template <typename Input>
    static void apply(const Input& in, JsonState& st) {
        const std::string_view t = in.string_view();
        JsonValue& v = st.values.emplace_back();
        v.span = st.span(in);
        const bool is_integer = t.find_first_of(".eE") == std::string_view::npos;
        if (is_integer) {
            const auto r = std::from_chars(t.data(), t.data() + t.size(), v.integer);
            if (r.ec == std::errc()) {
                v.kind = JsonKind::integer;
                v.number = static_cast<double>(v.integer);
                return;
            }
            v.kind = JsonKind::number;
            v.number = std::strtod(std::string(t).c_str(), nullptr);
            st.diag(
                DiagId::NumberOutOfRange, v.span,
                fmt::format("integer {} does not fit in 64 bits; kept as the floating-point number {}", t, v.number),
                Severity::Warning);
            return;
        }
        v.kind = JsonKind::number;
        const auto r = std::from_chars(t.data(), t.data() + t.size(), v.number);
        if (r.ec == std::errc::result_out_of_range) {
            v.number = std::strtod(std::string(t).c_str(), nullptr);
            if (std::isinf(v.number)) {
                st.diag(DiagId::NumberOutOfRange, v.span, fmt::format("number {} is out of the range of a double", t),
                        Severity::Error);
            } else {
                st.diag(DiagId::NumberOutOfRange, v.span, fmt::format("number {} underflows to {}", t, v.number),
                        Severity::Warning);
            }
        }
    }
};

template <>
struct json_action<g::kw_true> {
    template <typename Input>
    static void apply(const Input& in, JsonState& st) {
        JsonValue& v = st.values.emplace_back();
        v.kind = JsonKind::boolean;
        v.boolean = true;
        v.span = st.span(in);
    }
};

template <>
struct json_action<g::kw_false> {
    template <typename Input>
    static void apply(const Input& in, JsonState& st) {
        JsonValue& v = st.values.emplace_back();
        v.kind = JsonKind::boolean;
        v.span = st.span(in);
    }
};

template <>
struct json_action<g::kw_null> {
    template <typename Input>
    static void apply(const Input& in, JsonState& st) {
        st.values.emplace_back().span = st.span(in);
    }
};

template <>
struct json_action<g::begin_array> {
    template <typename Input>
    static void apply(const Input&, JsonState& st) {
        st.array_marks.push_back(static_cast<std::uint32_t>(st.values.size()));
    }
};

template <>
struct json_action<g::array> {
    template <typename Input>
    static void apply(const Input& in, JsonState& st) {
        JsonValue v;
        v.kind = JsonKind::array;
        v.span = st.span(in);
        detail::take_since_mark(st.values, st.array_marks, v.items);
        st.values.push_back(std::move(v));
    }
};

template <>
struct json_action<g::begin_object> {
    template <typename Input>
    static void apply(const Input&, JsonState& st) {
        st.object_marks.push_back(static_cast<std::uint32_t>(st.members.size()));
    }
};

template <>
struct json_action<g::member> {
    template <typename Input>
    static void apply(const Input&, JsonState& st) {
        JsonMember& m = st.members.emplace_back();
        m.key = std::move(st.keys.back().first);
        m.key_span = st.keys.back().second;
        st.keys.pop_back();
        m.value = std::move(st.values.back());
        st.values.pop_back();
    }
};

void check_duplicates(JsonState& st, const std::vector<JsonMember>& members) {
    const std::size_t n = members.size();
    auto report = [&](const JsonMember& dup, const JsonMember& first) {
        if (!st.lines) st.lines.emplace(std::string(st.text));
        const LineCol lc = st.lines->position(first.key_span.begin - st.base);
        st.diag(DiagId::JsonDuplicateKey, dup.key_span,
                fmt::format("duplicate key \"{}\" (first defined at line {}, column {})", dup.key, lc.line, lc.column),
                Severity::Error);
    };
    if (n <= 16) {
        for (std::size_t i = 1; i < n; ++i) {
            for (std::size_t j = 0; j < i; ++j) {
                if (members[i].key == members[j].key) {
                    report(members[i], members[j]);
                    break;
                }
            }
        }
        return;
    }
    std::unordered_set<std::string_view> seen;
    seen.reserve(n * 2);
    for (std::size_t i = 0; i < n; ++i) {
        if (!seen.insert(members[i].key).second) {
            for (std::size_t j = 0; j < i; ++j) {
                if (members[j].key == members[i].key) {
                    report(members[i], members[j]);
                    break;
                }
            }
        }
    }
}

template <>
struct json_action<g::object> {
    template <typename Input>
    static void apply(const Input& in, JsonState& st) {
        JsonValue v;
        v.kind = JsonKind::object;
        v.span = st.span(in);
        detail::take_since_mark(st.members, st.object_marks, v.members);
        if (v.members.size() > 1) check_duplicates(st, v.members);
        st.values.push_back(std::move(v));
    }
};

// --- control: error messages, error kinds, nesting depth ---------------------------------------

template <typename Rule>
inline constexpr DiagId failure_kind = DiagId::SyntaxError;
template <>
inline constexpr DiagId failure_kind<g::escape_body> = DiagId::BadEscape;
template <>
inline constexpr DiagId failure_kind<g::array_no_trailing_comma> = DiagId::JsonTrailingComma;
template <>
inline constexpr DiagId failure_kind<g::object_no_trailing_comma> = DiagId::JsonTrailingComma;

template <typename Rule>
struct json_control : pegtl::normal<Rule> {
    template <typename Input, typename... States>
    [[noreturn]] static void raise(const Input& in, States&... st) {
        static_assert(g::error_message<Rule> != nullptr, "every must<> rule needs an error_message<> specialisation");
        ((st.failure_kind = failure_kind<Rule>), ...);
        throw pegtl::parse_error(g::error_message<Rule>, in);
    }

    template <typename Input, typename... States>
    static void start(const Input& in, States&... st) {
        if constexpr (g::is_nesting<Rule>) {
            ((enter(in, st)), ...);
        }
    }
    template <typename Input, typename... States>
    static void success(const Input&, States&... st) noexcept {
        if constexpr (g::is_nesting<Rule>) ((--st.depth), ...);
    }
    template <typename Input, typename... States>
    static void failure(const Input&, States&... st) noexcept {
        if constexpr (g::is_nesting<Rule>) ((--st.depth), ...);
    }

private:
    template <typename Input>
    static void enter(const Input& in, JsonState& st) {
        if (++st.depth > st.max_depth) {
            st.failure_kind = DiagId::NestingTooDeep;
            st.depth_exceeded = true;
            throw pegtl::parse_error(fmt::format("nesting deeper than {} arrays/objects", st.max_depth), in);
        }
    }
};

}  // namespace

JsonParseResult parse_json(std::string_view text, std::uint32_t base, std::size_t max_depth) {
    JsonParseResult result;
    if (text.size() > max_input_bytes) {
        result.diagnostics.push_back(diagnostic(
            DiagId::InputTooLarge, Severity::Error, {base, base},
            fmt::format("input of {} bytes is larger than the limit of {} bytes", text.size(), max_input_bytes)));
        return result;
    }
    JsonState st;
    st.origin = text.data();
    st.base = base;
    st.max_depth = max_depth;
    st.text = text;
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(text.data(), text.size(),
                                                                                         "json");
    try {
        pegtl::parse<g::text, json_action, json_control>(in, st);
        result.value = std::move(st.values.back());
    } catch (const pegtl::parse_error& e) {
        const std::size_t at = e.positions().empty() ? 0 : e.positions().front().byte;
        DiagId kind = st.failure_kind;
        std::string message(e.message());
        if (kind == DiagId::SyntaxError) {
            if (at < text.size() && text[at] == '\0') {
                kind = DiagId::InvalidCharacter;
            } else if (detail::is_invalid_utf8_at(text, at)) {
                kind = DiagId::InvalidUtf8;
            }
        }
        if (std::string_view(message) == g::error_message<g::string_close>) {
            // Refine: the string ended at something that cannot appear in a JSON string.
            if (at >= text.size()) {
                kind = DiagId::UnterminatedString;
                message = "unterminated string: end of input before the closing '\"'";
            } else if (static_cast<unsigned char>(text[at]) < 0x20) {
                kind = DiagId::InvalidCharacter;
                message = fmt::format("{} inside a string (control characters must be escaped)",
                                      detail::describe_at(text, at));
            } else {
                kind = DiagId::InvalidUtf8;
                message = fmt::format("{} inside a string", detail::describe_at(text, at));
            }
        } else if (kind != DiagId::NestingTooDeep) {
            message += fmt::format(", found {}", detail::describe_at(text, at));
        }
        const auto pos = base + static_cast<std::uint32_t>(at);
        const std::uint32_t len = at < text.size() ? 1 : 0;
        result.diagnostics.insert(result.diagnostics.begin(), st.diagnostics.begin(), st.diagnostics.end());
        result.diagnostics.push_back(diagnostic(kind, Severity::Error, {pos, pos + len}, std::move(message)));
        return result;
    }
    result.diagnostics = std::move(st.diagnostics);
    return result;
}

}  // namespace qdiff::weaviate
