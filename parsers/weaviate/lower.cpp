// The Weaviate front end: document parsing, lowering, registry entry.
#include "lower.hpp"

#include <cctype>

#include <fmt/format.h>

#include "lower_support.hpp"

namespace qdiff::weaviate {

ast::Script* lower_document(const WeaviateDocument& doc, ast::Arena& arena, std::vector<qdiff::Diagnostic>& diags) {
    lowering::Builder b(arena, diags);
    if (doc.shape == Shape::structured_json && doc.structured) return lowering::lower_structured(*doc.structured, b);
    if (doc.graphql) return lowering::lower_graphql(doc, b);
    return nullptr;
}

namespace {

/// A small lexer for `qdiff tokens`: GraphQL and JSON share punctuators, names, numbers, strings.
std::vector<TokenInfo> lex(std::string_view text) {
    std::vector<TokenInfo> out;
    std::size_t i = 0;
    auto push = [&](const char* type, std::size_t b, std::size_t e, bool hidden = false) {
        out.push_back(TokenInfo{type, std::string(text.substr(b, e - b)),
                                Span{static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(e)}, hidden});
    };
    while (i < text.size()) {
        const char c = text[i];
        const std::size_t b = i;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',') {
            while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
            if (i == b) ++i;
            push(c == ',' && i == b + 1 ? "COMMA" : "WS", b, i, c != ',');
        } else if (c == '#') {
            while (i < text.size() && text[i] != '\n') ++i;
            push("COMMENT", b, i, true);
        } else if (text.substr(i, 3) == "\"\"\"") {
            const std::size_t e = text.find("\"\"\"", i + 3);
            i = e == std::string_view::npos ? text.size() : e + 3;
            push("BLOCK_STRING", b, i);
        } else if (c == '"') {
            ++i;
            while (i < text.size() && text[i] != '"' && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
            i = std::min(i + 1, text.size());
            push("STRING", b, i);
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
            push("NAME", b, i);
        } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '-') {
            ++i;
            while (i < text.size() &&
                   (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '.' ||
                    ((text[i] == '+' || text[i] == '-') && (text[i - 1] == 'e' || text[i - 1] == 'E'))))
                ++i;
            push("NUMBER", b, i);
        } else if (text.substr(i, 3) == "...") {
            i += 3;
            push("SPREAD", b, i);
        } else {
            ++i;
            push(std::string_view("{}[]():=@$!").find(c) != std::string_view::npos ? "PUNCT" : "INVALID", b, i);
        }
    }
    return out;
}

void dump_value(const GqlValue& v, std::string& out, int indent);

void dump_fields(const std::vector<GqlObjectField>& fs, std::string& out, int indent) {
    for (const auto& f : fs) {
        out += std::string(indent * 2, ' ') + f.name + ":\n";
        dump_value(f.value, out, indent + 1);
    }
}

void dump_value(const GqlValue& v, std::string& out, int indent) {
    const std::string pad(indent * 2, ' ');
    static const char* names[] = {"variable", "int", "float", "string", "boolean", "null", "enum", "list", "object"};
    out += pad + names[static_cast<int>(v.kind)];
    if (v.kind == GqlValue::Kind::boolean)
        out += v.boolean ? " true" : " false";
    else if (v.kind != GqlValue::Kind::list && v.kind != GqlValue::Kind::object && v.kind != GqlValue::Kind::null)
        out += " " + v.text;
    out += fmt::format(" [{},{})\n", v.span.begin, v.span.end);
    for (const auto& i : v.items) dump_value(i, out, indent + 1);
    dump_fields(v.fields, out, indent + 1);
}

void dump_node(const GqlNode& n, std::string& out, int indent) {
    static const char* kinds[] = {"operation", "fragment", "field", "spread", "inline-fragment"};
    out += std::string(indent * 2, ' ') + kinds[static_cast<int>(n.kind)];
    if (!n.operation_type.empty()) out += " " + n.operation_type;
    if (!n.alias.empty()) out += " " + n.alias + ":";
    if (!n.name.empty()) out += " " + n.name;
    if (!n.type_condition.empty()) out += " on " + n.type_condition;
    out += fmt::format(" [{},{})\n", n.span.begin, n.span.end);
    for (const auto& a : n.arguments) {
        out += std::string(indent * 2 + 2, ' ') + "(" + a.name + ")\n";
        dump_value(a.value, out, indent + 2);
    }
    for (const auto& d : n.directives) out += std::string(indent * 2 + 2, ' ') + "@" + d.name + "\n";
    for (const auto& c : n.selections) dump_node(c, out, indent + 1);
}

class WeaviateFrontend final : public parsers::Frontend {
public:
    ast::Script* parse(parsers::ParseContext& ctx) const override {
        WeaviateDocument doc = parse_document(ctx.source.text(), ctx.options.max_nesting);
        ctx.diagnostics.insert(ctx.diagnostics.end(), doc.diagnostics.begin(), doc.diagnostics.end());
        if (!doc.ok()) return nullptr;
        return lower_document(doc, ctx.arena, ctx.diagnostics);
    }

    std::vector<TokenInfo> tokens(parsers::ParseContext& ctx) const override {
        const QueryText q = extract_query_text(ctx.source.text());
        std::vector<TokenInfo> toks = lex(q.text);
        for (auto& t : toks) {
            t.span.begin += q.offset;
            t.span.end += q.offset;
        }
        return toks;
    }

    std::string tree(parsers::ParseContext& ctx) const override {
        WeaviateDocument doc = parse_document(ctx.source.text(), ctx.options.max_nesting);
        ctx.diagnostics.insert(ctx.diagnostics.end(), doc.diagnostics.begin(), doc.diagnostics.end());
        std::string out = fmt::format("document {}\n", shape_name(doc.shape));
        if (doc.graphql) {
            for (const auto& def : doc.graphql->definitions) dump_node(def, out, 1);
        } else if (doc.structured) {
            const auto& s = *doc.structured;
            out += "  target_collection " + s.collection + "\n";
            if (s.search_query) out += "  search_query " + *s.search_query + "\n";
            for (const auto& f : s.filters)
                out += fmt::format("  filter {} {} {}\n", property_type_name(f.type), f.property, f.op);
            for (const auto& a : s.aggregations)
                out += fmt::format("  aggregation {} {} {}\n", property_type_name(a.type), a.property, a.metric);
            if (s.groupby_property) out += "  groupby_property " + *s.groupby_property + "\n";
        }
        return out;
    }
};

}  // namespace

const parsers::Frontend& weaviate_frontend() {
    static const WeaviateFrontend frontend;
    return frontend;
}

}  // namespace qdiff::weaviate
