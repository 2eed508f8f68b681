#include "frontend.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include <fmt/format.h>

namespace qdiff::weaviate {

const char* shape_name(Shape s) noexcept {
    switch (s) {
        case Shape::unknown: return "unknown";
        case Shape::structured_json: return "structured-json";
        case Shape::graphql_request: return "graphql-request";
        case Shape::graphql_text: return "graphql";
    }
    return "?";
}

const char* property_type_name(PropertyType t) noexcept {
    switch (t) {
        case PropertyType::integer: return "integer";
        case PropertyType::text: return "text";
        case PropertyType::boolean: return "boolean";
    }
    return "?";
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::size_t skip_space(std::string_view s, std::size_t i) {
    while (i < s.size() && is_space(s[i])) ++i;
    return i;
}

bool trimmed_empty(std::string_view s) { return skip_space(s, 0) == s.size(); }

Span span_of(std::size_t b, std::size_t e) { return {static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(e)}; }

bool starts_with_keyword(std::string_view s) {
    for (std::string_view kw : {"query", "mutation", "subscription", "fragment"}) {
        if (s.substr(0, kw.size()) == kw &&
            (s.size() == kw.size() ||
             !(std::isalnum(static_cast<unsigned char>(s[kw.size()])) || s[kw.size()] == '_'))) {
            return true;
        }
    }
    return false;
}

}  // namespace

QueryText extract_query_text(std::string_view input) {
    QueryText q;
    q.text = input;
    const std::size_t first = skip_space(input, 0);
    if (first < input.size() && std::isalpha(static_cast<unsigned char>(input[first])) &&
        !starts_with_keyword(input.substr(first))) {
        // Leading prose ("Here is the query:"): skip to the first line that starts with '{'.
        std::size_t line = input.size();
        for (std::size_t nl = input.find('\n', first); nl != std::string_view::npos; nl = input.find('\n', nl + 1)) {
            std::size_t t = nl + 1;
            while (t < input.size() && (input[t] == ' ' || input[t] == '\t')) ++t;
            if (t < input.size() && input[t] == '{') {
                line = t;
                break;
            }
        }
        if (line < input.size() && input[line] == '{') {
            q.diagnostics.push_back(
                diagnostic(DiagId::ProseIgnored, span_of(first, line), "text before the query is ignored"));
            q.text = input.substr(line);
            q.offset = static_cast<std::uint32_t>(line);
        }
    }
    return q;
}

Shape classify(std::string_view text) noexcept {
    const std::size_t i = skip_space(text, 0);
    if (i >= text.size()) return Shape::unknown;
    const char c = text[i];
    if (c == '{') {
        const std::size_t j = skip_space(text, i + 1);
        if (j < text.size() && (text[j] == '"' || text[j] == '}')) {
            // JSON object: request JSON if it has a "query" key, else structured.
            return text.find("\"query\"") != std::string_view::npos &&
                           text.find("\"target_collection\"") == std::string_view::npos
                       ? Shape::graphql_request
                       : Shape::structured_json;
        }
        return Shape::graphql_text;
    }
    if (c == '[' || c == '"') return Shape::unknown;
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '#') return Shape::graphql_text;
    return Shape::unknown;
}

// --- structured query ------------------------------------------------------------------------------

namespace {

struct Reader {
    std::vector<Diagnostic>& diags;

    void wrong_type(const std::string& field, const JsonValue& v, const char* expected) {
        diags.push_back(
            diagnostic(DiagId::JsonWrongType, v.span,
                       fmt::format("field \"{}\" must be {}, found {}", field, expected, json_kind_name(v.kind))));
    }

    /// Returns the string, or nullopt (with a diagnostic unless null is allowed and the value is null).
    std::optional<std::string> string_field(const JsonValue& obj, const char* field, bool required, bool nullable,
                                            Span* where = nullptr) {
        const JsonValue* v = obj.find(field);
        if (!v) {
            if (required) {
                diags.push_back(diagnostic(DiagId::JsonMissingField, {obj.span.begin, obj.span.begin + 1},
                                           fmt::format("missing required field \"{}\"", field)));
            }
            return std::nullopt;
        }
        if (where) *where = v->span;
        if (v->kind == JsonKind::string) return v->string;
        if (v->is_null() && nullable) return std::nullopt;
        wrong_type(field, *v, nullable ? "a string or null" : "a string");
        return std::nullopt;
    }

    bool enum_check(const std::string& field, const std::string& value, Span s,
                    std::initializer_list<std::string_view> allowed) {
        if (std::find(allowed.begin(), allowed.end(), value) != allowed.end()) return true;
        std::string list;
        for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
        diags.push_back(diagnostic(DiagId::JsonBadEnumValue, s,
                                   fmt::format("field \"{}\": \"{}\" is not one of {}", field, value, list)));
        return false;
    }
};

constexpr std::array<std::string_view, 10> known_structured_fields = {
    "target_collection",         "search_query",
    "integer_property_filter",   "text_property_filter",
    "boolean_property_filter",   "integer_property_aggregation",
    "text_property_aggregation", "boolean_property_aggregation",
    "groupby_property",          "corresponding_natural_language_query"};

}  // namespace

std::optional<StructuredQuery> read_structured_query(const JsonValue& root, std::vector<Diagnostic>& diags) {
    Reader r{diags};
    if (root.kind != JsonKind::object) {
        r.wrong_type("(query)", root, "an object");
        return std::nullopt;
    }
    const std::size_t errors_before = static_cast<std::size_t>(
        std::count_if(diags.begin(), diags.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; }));
    StructuredQuery q;
    q.span = root.span;
    for (const auto& m : root.members) {
        if (std::find(known_structured_fields.begin(), known_structured_fields.end(), m.key) ==
            known_structured_fields.end()) {
            diags.push_back(diagnostic(DiagId::JsonUnknownField, m.key_span,
                                       fmt::format("unknown field \"{}\" is ignored", m.key)));
        }
    }
    if (auto c = r.string_field(root, "target_collection", true, false, &q.collection_span)) q.collection = *c;
    q.search_query = r.string_field(root, "search_query", false, true, &q.search_span);
    q.groupby_property = r.string_field(root, "groupby_property", false, true, &q.groupby_span);
    q.natural_language_query = r.string_field(root, "corresponding_natural_language_query", false, true);

    struct FilterSpec {
        const char* field;
        PropertyType type;
        std::initializer_list<std::string_view> ops;
    };
    const FilterSpec filter_specs[] = {
        {"integer_property_filter", PropertyType::integer, {"=", "<", ">", "<=", ">="}},
        {"text_property_filter", PropertyType::text, {"=", "LIKE"}},
        {"boolean_property_filter", PropertyType::boolean, {"=", "!="}},
    };
    for (const auto& spec : filter_specs) {
        const JsonValue* f = root.find(spec.field);
        if (!f || f->is_null()) continue;
        if (f->kind != JsonKind::object) {
            r.wrong_type(spec.field, *f, "an object or null");
            continue;
        }
        StructuredFilter sf;
        sf.type = spec.type;
        sf.span = f->span;
        const std::string prefix = spec.field;
        bool ok = true;
        for (const auto& m : f->members) {
            if (m.key != "property_name" && m.key != "operator" && m.key != "value") {
                diags.push_back(diagnostic(DiagId::JsonUnknownField, m.key_span,
                                           fmt::format("unknown field \"{}.{}\" is ignored", prefix, m.key)));
            }
        }
        if (auto p = r.string_field(*f, "property_name", true, false, &sf.property_span))
            sf.property = *p;
        else
            ok = false;
        if (auto o = r.string_field(*f, "operator", true, false, &sf.op_span)) {
            sf.op = *o;
            ok = r.enum_check(prefix + ".operator", sf.op, sf.op_span, spec.ops) && ok;
        } else {
            ok = false;
        }
        const JsonValue* v = f->find("value");
        if (!v) {
            diags.push_back(diagnostic(DiagId::JsonMissingField, {f->span.begin, f->span.begin + 1},
                                       fmt::format("missing required field \"{}.value\"", prefix)));
            ok = false;
        } else {
            const bool type_ok = spec.type == PropertyType::integer ? v->is_number()
                                 : spec.type == PropertyType::text  ? v->kind == JsonKind::string
                                                                    : v->kind == JsonKind::boolean;
            if (!type_ok) {
                r.wrong_type(prefix + ".value", *v,
                             spec.type == PropertyType::integer ? "a number"
                             : spec.type == PropertyType::text  ? "a string"
                                                                : "a boolean");
                ok = false;
            }
            sf.value = *v;
        }
        if (ok) q.filters.push_back(std::move(sf));
    }

    struct AggSpec {
        const char* field;
        PropertyType type;
        std::initializer_list<std::string_view> metrics;
    };
    const AggSpec agg_specs[] = {
        {"integer_property_aggregation",
         PropertyType::integer,
         {"COUNT", "TYPE", "MIN", "MAX", "MEAN", "MEDIAN", "MODE", "SUM"}},
        {"text_property_aggregation", PropertyType::text, {"COUNT", "TYPE", "TOP_OCCURRENCES"}},
        {"boolean_property_aggregation",
         PropertyType::boolean,
         {"COUNT", "TYPE", "TOTAL_TRUE", "TOTAL_FALSE", "PERCENTAGE_TRUE", "PERCENTAGE_FALSE"}},
    };
    for (const auto& spec : agg_specs) {
        const JsonValue* a = root.find(spec.field);
        if (!a || a->is_null()) continue;
        if (a->kind != JsonKind::object) {
            r.wrong_type(spec.field, *a, "an object or null");
            continue;
        }
        StructuredAggregation sa;
        sa.type = spec.type;
        sa.span = a->span;
        const std::string prefix = spec.field;
        bool ok = true;
        for (const auto& m : a->members) {
            const bool known = m.key == "property_name" || m.key == "metrics" ||
                               (spec.type == PropertyType::text && m.key == "top_occurrences_limit");
            if (!known) {
                diags.push_back(diagnostic(DiagId::JsonUnknownField, m.key_span,
                                           fmt::format("unknown field \"{}.{}\" is ignored", prefix, m.key)));
            }
        }
        if (auto p = r.string_field(*a, "property_name", true, false, &sa.property_span))
            sa.property = *p;
        else
            ok = false;
        if (auto m = r.string_field(*a, "metrics", true, false, &sa.metric_span)) {
            sa.metric = *m;
            ok = r.enum_check(prefix + ".metrics", sa.metric, sa.metric_span, spec.metrics) && ok;
        } else {
            ok = false;
        }
        if (spec.type == PropertyType::text) {
            if (const JsonValue* l = a->find("top_occurrences_limit"); l && !l->is_null()) {
                if (l->kind == JsonKind::integer) {
                    sa.top_occurrences_limit = l->integer;
                } else {
                    r.wrong_type(prefix + ".top_occurrences_limit", *l, "an integer or null");
                    ok = false;
                }
            }
        }
        if (ok) q.aggregations.push_back(std::move(sa));
    }
    const std::size_t errors_after = static_cast<std::size_t>(
        std::count_if(diags.begin(), diags.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; }));
    if (q.collection.empty() && errors_after == errors_before) {
        diags.push_back(
            diagnostic(DiagId::JsonWrongType, q.collection_span, "field \"target_collection\" must not be empty"));
    }
    return q;
}

// --- the document ----------------------------------------------------------------------------------

namespace {

/// Decoded offset -> source offset inside a JSON string literal, with one breakpoint per escape.
class EscapeMap {
public:
    EscapeMap(std::string_view raw_literal, std::uint32_t literal_begin) : begin_(literal_begin) {
        std::uint32_t src = 1;
        std::uint32_t dec = 0;
        points_.push_back({0, 1});
        while (src < raw_literal.size()) {
            const char c = raw_literal[src];
            if (c == '"') break;
            if (c != '\\') {
                ++src;
                ++dec;
                continue;
            }
            if (raw_literal[src + 1] != 'u') {
                src += 2;
                dec += 1;
            } else {
                unsigned cp = 0;
                for (std::size_t i = src + 2; i < src + 6; ++i) {
                    const char h = raw_literal[i];
                    cp = cp * 16 + static_cast<unsigned>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
                }
                src += 6;
                if (cp >= 0xD800 && cp <= 0xDBFF && src + 1 < raw_literal.size() && raw_literal[src] == '\\' &&
                    raw_literal[src + 1] == 'u') {
                    src += 6;
                    dec += 4;
                } else {
                    dec += cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
                }
            }
            points_.push_back({dec, src});
        }
    }
    std::uint32_t map(std::uint32_t decoded) const {
        auto it = std::upper_bound(points_.begin(), points_.end(), decoded,
                                   [](std::uint32_t d, const Point& p) { return d < p.dec; });
        --it;
        return begin_ + it->src + (decoded - it->dec);
    }
    Span map(Span s) const { return {map(s.begin), map(s.end)}; }

private:
    struct Point {
        std::uint32_t dec;
        std::uint32_t src;
    };
    std::uint32_t begin_;
    std::vector<Point> points_;
};

void remap(GqlValue& v, const EscapeMap& m);
void remap(std::vector<GqlObjectField>& fs, const EscapeMap& m) {
    for (auto& f : fs) {
        f.name_span = m.map(f.name_span);
        remap(f.value, m);
    }
}
void remap(GqlValue& v, const EscapeMap& m) {
    v.span = m.map(v.span);
    for (auto& i : v.items) remap(i, m);
    remap(v.fields, m);
}
void remap(std::vector<GqlDirective>& ds, const EscapeMap& m) {
    for (auto& d : ds) {
        d.span = m.map(d.span);
        remap(d.arguments, m);
    }
}
void remap(GqlNode& n, const EscapeMap& m) {
    n.span = m.map(n.span);
    n.name_span = m.map(n.name_span);
    remap(n.arguments, m);
    remap(n.directives, m);
    for (auto& v : n.variables) {
        v.span = m.map(v.span);
        if (v.default_value) remap(*v.default_value, m);
        remap(v.directives, m);
    }
    for (auto& c : n.selections) remap(c, m);
}

void append(std::vector<Diagnostic>& to, std::vector<Diagnostic>&& from) {
    to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

void read_request(WeaviateDocument& doc, std::string_view input, std::size_t max_depth) {
    const JsonValue& root = *doc.json;
    for (const auto& m : root.members) {
        if (m.key != "query" && m.key != "variables" && m.key != "operationName") {
            doc.diagnostics.push_back(
                diagnostic(DiagId::JsonUnknownField, m.key_span,
                           fmt::format("unknown field \"{}\" of a GraphQL request is ignored", m.key)));
        }
    }
    if (const JsonValue* v = root.find("variables"); v && !v->is_null()) {
        if (v->kind == JsonKind::object) {
            doc.variables = *v;
        } else {
            doc.diagnostics.push_back(diagnostic(
                DiagId::JsonWrongType, v->span,
                fmt::format("field \"variables\" must be an object or null, found {}", json_kind_name(v->kind))));
        }
    }
    if (const JsonValue* v = root.find("operationName"); v && !v->is_null()) {
        if (v->kind == JsonKind::string) {
            doc.operation_name = v->string;
        } else {
            doc.diagnostics.push_back(diagnostic(
                DiagId::JsonWrongType, v->span,
                fmt::format("field \"operationName\" must be a string or null, found {}", json_kind_name(v->kind))));
        }
    }
    const JsonValue* q = root.find("query");
    if (!q) {
        doc.diagnostics.push_back(diagnostic(DiagId::GraphqlNoQuery, {root.span.begin, root.span.begin + 1},
                                             "GraphQL request has no \"query\" field"));
        return;
    }
    if (q->kind != JsonKind::string) {
        doc.diagnostics.push_back(
            diagnostic(DiagId::JsonWrongType, q->span,
                       fmt::format("field \"query\" must be a string, found {}", json_kind_name(q->kind))));
        return;
    }
    doc.query_text = q->string;
    const std::string_view raw = input.substr(q->span.begin, q->span.end - q->span.begin);
    auto g = parse_graphql(doc.query_text, 0, max_depth);
    const EscapeMap map(raw, q->span.begin);
    for (auto& d : g.diagnostics) d.span = map.map(d.span);
    if (g.document) {
        for (auto& def : g.document->definitions) remap(def, map);
        g.document->span = map.map(g.document->span);
        doc.graphql = std::move(g.document);
    }
    append(doc.diagnostics, std::move(g.diagnostics));
}

void check_graphql_references(WeaviateDocument& doc) {
    // Undefined fragments and variables are errors (GraphQL validation "Known fragment names" and
    // "All variable uses defined"); variables of a request may also come from "variables".
    const GqlDocument& g = *doc.graphql;
    struct Walker {
        WeaviateDocument& doc;
        const GqlDocument& g;
        const GqlNode* op = nullptr;
        void value(const GqlValue& v) {
            if (v.kind == GqlValue::Kind::variable && op && op->kind == GqlNode::Kind::operation) {
                const bool declared = std::any_of(op->variables.begin(), op->variables.end(),
                                                  [&](const GqlVariableDefinition& d) { return d.name == v.text; });
                if (!declared) {
                    doc.diagnostics.push_back(
                        diagnostic(DiagId::GraphqlUnknownVariable, v.span,
                                   fmt::format("variable \"${}\" is not defined by the operation", v.text)));
                }
            }
            for (const auto& i : v.items) value(i);
            for (const auto& f : v.fields) value(f.value);
        }
        void node(const GqlNode& n) {
            for (const auto& a : n.arguments) value(a.value);
            for (const auto& d : n.directives) {
                for (const auto& a : d.arguments) value(a.value);
            }
            if (n.kind == GqlNode::Kind::fragment_spread && !g.fragment(n.name)) {
                doc.diagnostics.push_back(diagnostic(DiagId::GraphqlUnknownFragment, n.name_span,
                                                     fmt::format("fragment \"{}\" is not defined", n.name)));
            }
            for (const auto& c : n.selections) node(c);
        }
    };
    Walker w{doc, g};
    for (const auto& def : g.definitions) {
        w.op = &def;
        w.node(def);
    }
}

}  // namespace

bool WeaviateDocument::ok() const noexcept {
    const bool has_doc = shape == Shape::structured_json ? structured.has_value() : graphql.has_value();
    return has_doc && std::none_of(diagnostics.begin(), diagnostics.end(),
                                   [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

WeaviateDocument parse_document(std::string_view input, std::size_t max_depth) {
    WeaviateDocument doc;
    QueryText qt = extract_query_text(input);
    doc.diagnostics = std::move(qt.diagnostics);
    if (trimmed_empty(qt.text)) {
        doc.diagnostics.push_back(diagnostic(DiagId::EmptyInput, {qt.offset, qt.offset}, "the input holds no query"));
        return doc;
    }
    Shape shape = classify(qt.text);
    if (shape == Shape::unknown) {
        // Not recognisable from the first tokens: JSON if it parses as JSON, else GraphQL errors.
        const std::size_t i = skip_space(qt.text, 0);
        shape = (qt.text[i] == '[' || qt.text[i] == '"') ? Shape::structured_json : Shape::graphql_text;
    }
    if (shape == Shape::graphql_text) {
        doc.shape = shape;
        auto g = parse_graphql(qt.text, qt.offset, max_depth);
        doc.graphql = std::move(g.document);
        append(doc.diagnostics, std::move(g.diagnostics));
        if (doc.graphql) check_graphql_references(doc);
        return doc;
    }
    auto j = parse_json(qt.text, qt.offset, max_depth);
    append(doc.diagnostics, std::move(j.diagnostics));
    if (!j.value) {
        doc.shape = shape;
        return doc;
    }
    doc.json = std::move(j.value);
    if (doc.json->kind != JsonKind::object) {
        doc.shape = Shape::unknown;
        doc.diagnostics.push_back(
            diagnostic(DiagId::WeaviateUnknownShape, doc.json->span,
                       fmt::format("a JSON {} is not a Weaviate query: expected a structured query object "
                                   "or a GraphQL request {{\"query\": ...}}",
                                   json_kind_name(doc.json->kind))));
        return doc;
    }
    if (doc.json->find("target_collection") || !doc.json->find("query")) {
        doc.shape = Shape::structured_json;
        const bool looks_structured =
            std::any_of(doc.json->members.begin(), doc.json->members.end(), [](const JsonMember& m) {
                return std::find(known_structured_fields.begin(), known_structured_fields.end(), m.key) !=
                       known_structured_fields.end();
            });
        if (!looks_structured) {
            doc.shape = Shape::unknown;
            doc.diagnostics.push_back(
                diagnostic(DiagId::WeaviateUnknownShape, doc.json->span,
                           "JSON object is neither a structured Weaviate query (no \"target_collection\") "
                           "nor a GraphQL request (no \"query\")"));
            return doc;
        }
        doc.structured = read_structured_query(*doc.json, doc.diagnostics);
        return doc;
    }
    doc.shape = Shape::graphql_request;
    read_request(doc, input, max_depth);
    if (doc.graphql) {
        // Variables supplied in the request count as declared only when the operation declares them;
        // GraphQL requires the declaration, so the check is the same.
        check_graphql_references(doc);
    }
    return doc;
}

}  // namespace qdiff::weaviate
