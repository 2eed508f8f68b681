// Actions and control of the GraphQL grammar: build the positioned GqlDocument.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "document.hpp"
#include "graphql_grammar.hpp"
#include "text_support.hpp"

namespace qdiff::weaviate {
namespace {

namespace pegtl = tao::pegtl;
namespace g = graphql_grammar;

constexpr std::size_t max_input_bytes = std::size_t{1} << 30;

struct GqlState {
    const char* origin = nullptr;
    std::uint32_t base = 0;
    std::string_view text;

    GqlDocument document;
    std::vector<GqlNode> nodes;  // open operations / fragments / fields, innermost last
    std::vector<GqlValue> values;
    std::vector<std::uint32_t> list_marks;
    std::vector<GqlObjectField> fields;
    std::vector<std::uint32_t> object_marks;
    std::vector<GqlDirective> directives;  // open directives (their arguments are being parsed)

    // Pending pieces of the construct being parsed.
    std::string alias;
    std::uint32_t alias_begin = 0;
    bool has_alias = false;
    bool in_variable_definition = false;
    GqlVariableDefinition variable_definition;
    bool has_default = false;

    std::size_t depth = 0;
    std::size_t max_depth = max_nesting_depth;
    std::vector<Diagnostic> diagnostics;
    DiagId failure_kind = DiagId::SyntaxError;

    template <typename Input>
    Span span(const Input& in) const {
        return {base + static_cast<std::uint32_t>(in.begin() - origin),
                base + static_cast<std::uint32_t>(in.end() - origin)};
    }
    GqlNode& top() { return nodes.back(); }
};

std::string_view leading_name(std::string_view s) {
    std::size_t n = 0;
    while (n < s.size() && (std::isalnum(static_cast<unsigned char>(s[n])) || s[n] == '_')) ++n;
    return s.substr(0, n);
}

template <typename Rule>
struct gql_action : pegtl::nothing<Rule> {};

// --- values ------------------------------------------------------------------------------------
template <>
struct gql_action<g::variable> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlValue& v = st.values.emplace_back();
        v.kind = GqlValue::Kind::variable;
        v.span = st.span(in);
        v.text = in.string().substr(1);
    }
};

template <>
struct gql_action<g::number> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        const std::string_view t = in.string_view();
        GqlValue& v = st.values.emplace_back();
        v.span = st.span(in);
        v.text = std::string(t);
        if (t.find_first_of(".eE") == std::string_view::npos) {
            if (std::from_chars(t.data(), t.data() + t.size(), v.integer).ec == std::errc()) {
                v.kind = GqlValue::Kind::integer;
                v.number = static_cast<double>(v.integer);
                return;
            }
            v.kind = GqlValue::Kind::floating;
            v.number = std::strtod(v.text.c_str(), nullptr);
            st.diagnostics.push_back(
                diagnostic(DiagId::NumberOutOfRange, Severity::Warning, v.span,
                           fmt::format("integer {} does not fit in 64 bits; kept as a floating-point number", t)));
            return;
        }
        v.kind = GqlValue::Kind::floating;
        if (std::from_chars(t.data(), t.data() + t.size(), v.number).ec == std::errc::result_out_of_range) {
            v.number = std::strtod(v.text.c_str(), nullptr);
            if (std::isinf(v.number)) {
                st.diagnostics.push_back(diagnostic(DiagId::NumberOutOfRange, Severity::Error, v.span,
                                                    fmt::format("number {} is out of the range of a double", t)));
            }
        }
    }
};

template <>
struct gql_action<g::string_value> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlValue& v = st.values.emplace_back();
        v.kind = GqlValue::Kind::string;
        v.span = st.span(in);
        const std::string_view lit = in.string_view();
        const std::string_view body = lit.substr(1, lit.size() - 2);
        std::uint32_t bad = 0;
        if (!detail::decode_escaped(body, v.text, bad)) {
            const std::uint32_t at = v.span.begin + 1 + bad;
            st.diagnostics.push_back(diagnostic(DiagId::BadEscape, Severity::Error, {at, at + 6},
                                                "unpaired UTF-16 surrogate in \\u escape"));
        }
    }
};

/// GraphQL BlockStringValue(): drop the common indentation and the leading/trailing blank lines.
std::string block_string_value(std::string_view raw) {
    std::vector<std::string> lines;
    std::string cur;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c == '\\' && raw.substr(i, 4) == "\\\"\"\"") {
            cur += "\"\"\"";
            i += 3;
        } else if (c == '\r' || c == '\n') {
            if (c == '\r' && i + 1 < raw.size() && raw[i + 1] == '\n') ++i;
            lines.push_back(std::move(cur));
            cur.clear();
        } else {
            cur.push_back(c);
        }
    }
    lines.push_back(std::move(cur));
    auto indent = [](const std::string& l) { return l.find_first_not_of(" \t"); };
    std::size_t common = std::string::npos;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const auto n = indent(lines[i]);
        if (n != std::string::npos) common = std::min(common, n);
    }
    if (common != std::string::npos) {
        for (std::size_t i = 1; i < lines.size(); ++i) lines[i].erase(0, std::min(common, lines[i].size()));
    }
    std::size_t first = 0;
    std::size_t last = lines.size();
    while (first < last && indent(lines[first]) == std::string::npos) ++first;
    while (last > first && indent(lines[last - 1]) == std::string::npos) --last;
    std::string out;
    for (std::size_t i = first; i < last; ++i) {
        if (i != first) out.push_back('\n');
        out += lines[i];
    }
    return out;
}

template <>
struct gql_action<g::block_string> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlValue& v = st.values.emplace_back();
        v.kind = GqlValue::Kind::string;
        v.block_string = true;
        v.span = st.span(in);
        const std::string_view lit = in.string_view();
        v.text = block_string_value(lit.substr(3, lit.size() - 6));
    }
};

template <typename Rule, GqlValue::Kind K, bool B>
struct gql_literal_action {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlValue& v = st.values.emplace_back();
        v.kind = K;
        v.boolean = B;
        v.span = st.span(in);
    }
};
template <>
struct gql_action<g::kw_true> : gql_literal_action<g::kw_true, GqlValue::Kind::boolean, true> {};
template <>
struct gql_action<g::kw_false> : gql_literal_action<g::kw_false, GqlValue::Kind::boolean, false> {};
template <>
struct gql_action<g::kw_null> : gql_literal_action<g::kw_null, GqlValue::Kind::null, false> {};

template <>
struct gql_action<g::enum_value> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlValue& v = st.values.emplace_back();
        v.kind = GqlValue::Kind::enumeration;
        v.span = st.span(in);
        v.text = in.string();
    }
};

template <>
struct gql_action<g::list_open> {
    template <typename Input>
    static void apply(const Input&, GqlState& st) {
        st.list_marks.push_back(static_cast<std::uint32_t>(st.values.size()));
    }
};

template <>
struct gql_action<g::list_value> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlValue v;
        v.kind = GqlValue::Kind::list;
        v.span = st.span(in);
        detail::take_since_mark(st.values, st.list_marks, v.items);
        st.values.push_back(std::move(v));
    }
};

template <>
struct gql_action<g::object_open> {
    template <typename Input>
    static void apply(const Input&, GqlState& st) {
        st.object_marks.push_back(static_cast<std::uint32_t>(st.fields.size()));
    }
};

template <>
struct gql_action<g::object_field> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlObjectField& f = st.fields.emplace_back();
        f.name = std::string(leading_name(in.string_view()));
        const Span s = st.span(in);
        f.name_span = {s.begin, s.begin + static_cast<std::uint32_t>(f.name.size())};
        f.value = std::move(st.values.back());
        st.values.pop_back();
    }
};

template <>
struct gql_action<g::object_value> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlValue v;
        v.kind = GqlValue::Kind::object;
        v.span = st.span(in);
        detail::take_since_mark(st.fields, st.object_marks, v.fields);
        st.values.push_back(std::move(v));
    }
};

// --- arguments and directives ------------------------------------------------------------------
template <>
struct gql_action<g::argument> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlArgument a;
        a.name = std::string(leading_name(in.string_view()));
        const Span s = st.span(in);
        a.name_span = {s.begin, s.begin + static_cast<std::uint32_t>(a.name.size())};
        a.value = std::move(st.values.back());
        st.values.pop_back();
        if (!st.directives.empty()) {
            st.directives.back().arguments.push_back(std::move(a));
        } else {
            st.top().arguments.push_back(std::move(a));
        }
    }
};

template <>
struct gql_action<g::directive_name> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        st.directives.emplace_back().name = in.string();
    }
};

template <>
struct gql_action<g::directive> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlDirective d = std::move(st.directives.back());
        st.directives.pop_back();
        d.span = st.span(in);
        if (st.in_variable_definition) {
            st.variable_definition.directives.push_back(std::move(d));
        } else {
            st.top().directives.push_back(std::move(d));
        }
    }
};

// --- selections ----------------------------------------------------------------------------------
template <>
struct gql_action<g::alias> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        st.alias = std::string(leading_name(in.string_view()));
        st.alias_begin = st.span(in).begin;
        st.has_alias = true;
    }
};

template <>
struct gql_action<g::field_name> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlNode& n = st.nodes.emplace_back();
        n.kind = GqlNode::Kind::field;
        n.name = in.string();
        n.name_span = st.span(in);
        if (st.has_alias) {
            n.alias = std::move(st.alias);
            st.has_alias = false;
        }
    }
};

void close_node(GqlState& st, Span s) {
    GqlNode n = std::move(st.nodes.back());
    st.nodes.pop_back();
    n.span = s;
    st.top().selections.push_back(std::move(n));
}

template <>
struct gql_action<g::field> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        close_node(st, st.span(in));
    }
};

template <>
struct gql_action<g::selection_open> {
    template <typename Input>
    static void apply(const Input&, GqlState& st) {
        st.top().has_selection_set = true;
    }
};

template <>
struct gql_action<g::ellipsis> {
    template <typename Input>
    static void apply(const Input&, GqlState& st) {
        st.nodes.emplace_back().kind = GqlNode::Kind::inline_fragment;
    }
};

template <>
struct gql_action<g::type_name> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        st.top().type_condition = in.string();
    }
};

template <>
struct gql_action<g::fragment_spread_body> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlNode& n = st.top();
        n.kind = GqlNode::Kind::fragment_spread;
        n.name = std::string(leading_name(in.string_view()));
        const Span s = st.span(in);
        n.name_span = {s.begin, s.begin + static_cast<std::uint32_t>(n.name.size())};
    }
};

template <>
struct gql_action<g::fragment_selection> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        close_node(st, st.span(in));
    }
};

// --- variable definitions ------------------------------------------------------------------------
template <>
struct gql_action<g::variable_definition_variable> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        st.in_variable_definition = true;
        st.has_default = false;
        st.variable_definition = GqlVariableDefinition{};
        st.variable_definition.name = in.string().substr(1);
    }
};

template <>
struct gql_action<g::variable_definition_type> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        std::string t;
        for (char c : in.string_view()) {
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ',') t.push_back(c);
        }
        st.variable_definition.type = std::move(t);
    }
};

template <>
struct gql_action<g::default_value> {
    template <typename Input>
    static void apply(const Input&, GqlState& st) {
        st.variable_definition.default_value = std::move(st.values.back());
        st.values.pop_back();
    }
};

template <>
struct gql_action<g::variable_definition> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        st.variable_definition.span = st.span(in);
        st.top().variables.push_back(std::move(st.variable_definition));
        st.in_variable_definition = false;
    }
};

// --- definitions -------------------------------------------------------------------------------
template <>
struct gql_action<g::shorthand_begin> {
    template <typename Input>
    static void apply(const Input&, GqlState& st) {
        GqlNode& n = st.nodes.emplace_back();
        n.kind = GqlNode::Kind::operation;
        n.operation_type = "query";
    }
};

template <>
struct gql_action<g::operation_type> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        GqlNode& n = st.nodes.emplace_back();
        n.kind = GqlNode::Kind::operation;
        n.operation_type = in.string();
    }
};

template <>
struct gql_action<g::operation_name> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        st.top().name = in.string();
        st.top().name_span = st.span(in);
    }
};

template <>
struct gql_action<g::kw_fragment> {
    template <typename Input>
    static void apply(const Input&, GqlState& st) {
        st.nodes.emplace_back().kind = GqlNode::Kind::fragment_definition;
    }
};

template <>
struct gql_action<g::fragment_definition_name> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        st.top().name = in.string();
        st.top().name_span = st.span(in);
    }
};

void close_definition(GqlState& st, Span s) {
    GqlNode n = std::move(st.nodes.back());
    st.nodes.pop_back();
    n.span = s;
    st.document.definitions.push_back(std::move(n));
}

template <>
struct gql_action<g::operation_definition> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        close_definition(st, st.span(in));
    }
};

template <>
struct gql_action<g::fragment_definition> {
    template <typename Input>
    static void apply(const Input& in, GqlState& st) {
        close_definition(st, st.span(in));
    }
};

// --- control -------------------------------------------------------------------------------------
template <typename Rule>
inline constexpr DiagId failure_kind = DiagId::SyntaxError;
template <>
inline constexpr DiagId failure_kind<g::escape_body> = DiagId::BadEscape;
template <>
inline constexpr DiagId failure_kind<g::block_close> = DiagId::UnterminatedString;

template <typename Rule>
struct gql_control : pegtl::normal<Rule> {
    template <typename Input, typename... States>
    [[noreturn]] static void raise(const Input& in, States&... st) {
        static_assert(g::error_message<Rule> != nullptr, "every must<> rule needs an error_message<> specialisation");
        ((st.failure_kind = failure_kind<Rule>), ...);
        throw pegtl::parse_error(g::error_message<Rule>, in);
    }

    template <typename Input, typename... States>
    static void start(const Input& in, States&... st) {
        if constexpr (g::is_nesting<Rule>) ((enter(in, st)), ...);
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
    static void enter(const Input& in, GqlState& st) {
        if (++st.depth > st.max_depth) {
            st.failure_kind = DiagId::NestingTooDeep;
            throw pegtl::parse_error(fmt::format("nesting deeper than {} selection sets/lists/objects", st.max_depth),
                                     in);
        }
    }
};

bool only_ignored(std::string_view s) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',') continue;
        if (c == '#') {
            while (i < s.size() && s[i] != '\n' && s[i] != '\r') ++i;
            continue;
        }
        return false;
    }
    return true;
}

}  // namespace

GqlParseResult parse_graphql(std::string_view text, std::uint32_t base, std::size_t max_depth) {
    GqlParseResult result;
    if (text.size() > max_input_bytes) {
        result.diagnostics.push_back(diagnostic(
            DiagId::InputTooLarge, Severity::Error, {base, base},
            fmt::format("input of {} bytes is larger than the limit of {} bytes", text.size(), max_input_bytes)));
        return result;
    }
    GqlState st;
    st.origin = text.data();
    st.base = base;
    st.max_depth = max_depth;
    st.text = text;
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(text.data(), text.size(),
                                                                                         "graphql");
    try {
        pegtl::parse<g::document, gql_action, gql_control>(in, st);
    } catch (const pegtl::parse_error& e) {
        const std::size_t at = e.positions().empty() ? 0 : e.positions().front().byte;
        DiagId kind = st.failure_kind;
        std::string message(e.message());
        if (kind == DiagId::SyntaxError && detail::is_invalid_utf8_at(text, at)) kind = DiagId::InvalidUtf8;
        if (std::string_view(message) == g::error_message<g::string_close>) {
            if (at >= text.size()) {
                kind = DiagId::UnterminatedString;
                message = "unterminated string: end of input before the closing '\"'";
            } else if (text[at] == '\n' || text[at] == '\r') {
                kind = DiagId::UnterminatedString;
                message =
                    "unterminated string: line break before the closing '\"' (use a block string \"\"\"...\"\"\")";
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
        result.diagnostics = std::move(st.diagnostics);
        result.diagnostics.push_back(
            diagnostic(kind, Severity::Error, {pos, pos + (at < text.size() ? 1u : 0u)}, std::move(message)));
        return result;
    }
    const auto consumed = static_cast<std::uint32_t>(in.current() - text.data());
    result.consumed = consumed;
    st.document.span = {base, base + consumed};
    const std::string_view rest = text.substr(consumed);
    if (!only_ignored(rest)) {
        const std::size_t skip = rest.find_first_not_of(" \t\r\n,");
        const auto b = base + consumed + static_cast<std::uint32_t>(skip);
        std::string preview(rest.substr(skip, 40));
        std::replace(preview.begin(), preview.end(), '\n', ' ');
        st.diagnostics.push_back(diagnostic(DiagId::TrailingText, Severity::Warning,
                                            {b, base + static_cast<std::uint32_t>(text.size())},
                                            fmt::format("text after the GraphQL document is ignored: \"{}{}\"", preview,
                                                        rest.size() - skip > 40 ? "..." : "")));
    }
    result.document = std::move(st.document);
    result.diagnostics = std::move(st.diagnostics);
    return result;
}

}  // namespace qdiff::weaviate
