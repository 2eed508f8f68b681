// JSON and S-expression printers, generic over the reflected fields. Fields holding their default
// (null, empty, false) are left out, so the output shows what the query says.
#include "qdiff/ast_print.hpp"
#include "support/json_writer.hpp"

namespace qdiff {
namespace {

using namespace ast;

template <class T>
bool is_default(const T& field) {
    if constexpr (detail::is_node_ptr<T>::value)
        return field == nullptr;
    else if constexpr (std::is_same_v<T, Name> || std::is_same_v<T, std::string_view>)
        return field.empty();
    else if constexpr (std::is_same_v<T, bool>)
        return !field;
    else if constexpr (std::is_enum_v<T>)
        return false;  // an enum's first value is meaningful (Add, Inner...)
    else
        return field.empty();  // lists
}

class JsonPrinter {
public:
    JsonPrinter(std::string& out, const PrintOptions& options) : w_(out, options.pretty), options_(options) {}

    void node(const Node& n) {
        w_.begin_object().field("kind", kind_name(n.kind));
        if (options_.spans) w_.key("span").begin_array().value(n.span.begin).value(n.span.end).end_array();
        visit_fields(n, [&](std::string_view key, const auto& field) {
            if (is_default(field)) return;
            w_.key(key);
            value(field);
        });
        w_.end_object();
    }

private:
    template <class T>
    void value(const T& field) {
        if constexpr (detail::is_node_ptr<T>::value) {
            node(*field);
        } else if constexpr (detail::is_node_list<T>::value) {
            w_.begin_array();
            for (auto* c : field) node(*c);
            w_.end_array();
        } else if constexpr (std::is_same_v<T, List<Name>>) {
            w_.begin_array();
            for (const Name& n : field) name(n);
            w_.end_array();
        } else if constexpr (std::is_same_v<T, Name>) {
            name(field);
        } else if constexpr (std::is_same_v<T, std::string_view> || std::is_same_v<T, bool>) {
            w_.value(field);
        } else {
            w_.value(enum_name(field));
        }
    }
    void name(const Name& n) {
        if (n.quoted)
            w_.begin_object().field("text", n.text).field("quoted", true).end_object();
        else
            w_.value(n.text);
    }

    support::JsonWriter w_;
    const PrintOptions& options_;
};

class SexprPrinter {
public:
    SexprPrinter(std::string& out, const PrintOptions& options) : out_(out), options_(options) {}

    void node(const Node& n) {
        out_ += '(';
        out_ += kind_name(n.kind);
        if (options_.spans) out_ += " @" + std::to_string(n.span.begin) + ".." + std::to_string(n.span.end);
        ++depth_;
        visit_fields(n, [&](std::string_view key, const auto& field) {
            if (is_default(field)) return;
            separate();
            out_ += ':';
            out_ += key;
            out_ += ' ';
            value(field);
        });
        --depth_;
        out_ += ')';
    }

private:
    void separate() {
        if (!options_.pretty) {
            out_ += ' ';
            return;
        }
        out_ += '\n';
        out_.append(depth_ * 2, ' ');
    }
    template <class T>
    void value(const T& field) {
        if constexpr (detail::is_node_ptr<T>::value) {
            node(*field);
        } else if constexpr (detail::is_node_list<T>::value) {
            // Pretty: one element per line, indented under the field.
            out_ += '(';
            ++depth_;
            bool first = true;
            for (auto* c : field) {
                if (options_.pretty) {
                    if (!first || field.size() > 1) separate();
                } else if (!first) {
                    out_ += ' ';
                }
                first = false;
                node(*c);
            }
            --depth_;
            out_ += ')';
        } else if constexpr (std::is_same_v<T, List<Name>>) {
            out_ += '(';
            for (uint32_t i = 0; i < field.size(); ++i) {
                if (i) out_ += ' ';
                name(field[i]);
            }
            out_ += ')';
        } else if constexpr (std::is_same_v<T, Name>) {
            name(field);
        } else if constexpr (std::is_same_v<T, std::string_view>) {
            string(field);
        } else if constexpr (std::is_same_v<T, bool>) {
            out_ += field ? "#t" : "#f";
        } else {
            out_ += enum_name(field);
        }
    }
    void name(const Name& n) {
        bool plain = !n.quoted && !n.text.empty();
        for (char c : n.text)
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80))
                plain = false;
        if (plain)
            out_ += n.text;
        else
            string(n.text);
    }
    void string(std::string_view s) {
        out_ += '"';
        support::JsonWriter::escape(out_, s);
        out_ += '"';
    }

    std::string& out_;
    const PrintOptions& options_;
    int depth_ = 0;
};

}  // namespace

std::string to_json(const ast::Node& node, const PrintOptions& options) {
    std::string out;
    JsonPrinter(out, options).node(node);
    return out;
}

std::string to_sexpr(const ast::Node& node, const PrintOptions& options) {
    std::string out;
    SexprPrinter(out, options).node(node);
    return out;
}

}  // namespace qdiff
