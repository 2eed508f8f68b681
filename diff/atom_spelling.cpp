// Atoms as their query's language writes them (diff/atom_spelling.hpp): KQL through the KQL printer,
// Weaviate in the GraphQL arguments a user writes (`limit: 5`, `{path: ["wordCount"], operator:
// GreaterThan, valueInt: 100}`, `wordCount { mean }`).
#include "diff/atom_spelling.hpp"

#include <algorithm>

#include "ast/semantics/operators.hpp"
#include "diff/matching.hpp"
#include "qdiff/ast_print.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace {

using namespace ast;

// ---- Weaviate ----

class WeaviateSpeller {
public:
    explicit WeaviateSpeller(const std::vector<std::string>& collections) : collections_(collections) {}

    // A property path without the collection the normalizer qualified it with: ["wordCount"],
    // ["inPublication", "Publication", "name"].
    std::string path(const ColumnRef& c) const {
        std::string out = "[";
        for (uint32_t i = first_property(c); i < c.path.size(); ++i) {
            if (out.size() > 1) out += ", ";
            quoted(out, c.path[i].text);
        }
        return out + "]";
    }

    // A property as a Get selection writes it: `title`, `inPublication { ... on Publication { name } }`.
    std::string selection(const ColumnRef& c) const {
        uint32_t first = first_property(c);
        if (first >= c.path.size()) return "";
        std::string out(c.path[first].text);
        std::string closing;
        for (uint32_t i = first + 1; i < c.path.size(); ++i) {
            bool reference_class = i + 1 < c.path.size();
            out += reference_class ? " { ... on " : " { ";
            out += c.path[i].text;
            if (reference_class) {
                ++i;
                out += " { ";
                out += c.path[i].text;
                closing += " }";
            }
            closing += " }";
        }
        return out + closing;
    }

    // A value as GraphQL writes it; "" for what a Weaviate argument cannot hold.
    std::string value(const Expr* e) const {
        if (!e) return "";
        if (auto* l = dyn_cast<Literal>(e)) {
            std::string out;
            switch (l->type) {
                case LiteralType::String:
                case LiteralType::Datetime: quoted(out, l->text); return out;
                default: return std::string(l->text);
            }
        }
        if (auto* p = dyn_cast<Parameter>(e)) return std::string(p->text);
        if (auto* c = dyn_cast<ColumnRef>(e)) {
            std::string out;
            quoted(out, selection(*c));
            return out;
        }
        if (auto* a = dyn_cast<Array>(e)) return list("[", a->items, "]");
        if (auto* t = dyn_cast<Tuple>(e)) return list("{", t->items, "}");
        if (auto* n = dyn_cast<NamedArg>(e)) {
            std::string v = value(n->value);
            return v.empty() ? "" : std::string(n->name.text) + ": " + v;
        }
        if (auto* b = dyn_cast<Binary>(e); b && b->op == BinaryOp::BitXor) {  // a bm25 property's boost
            auto* c = dyn_cast<ColumnRef>(b->lhs);
            auto* boost = dyn_cast<Literal>(b->rhs);
            if (!c || !boost) return "";
            std::string out;
            quoted(out, selection(*c) + "^" + std::string(boost->text));
            return out;
        }
        return "";
    }

    // A where operand: {path: [...], operator: ..., valueInt: ...}; {operator: Not, operands: [...]}.
    std::string filter(const Expr& e) const {
        if (auto* u = dyn_cast<Unary>(&e)) {
            if (u->op == UnaryOp::IsNull) return is_null(u->operand, true);
            if (u->op == UnaryOp::Not) {
                if (auto* i = dyn_cast<Unary>(u->operand); i && i->op == UnaryOp::IsNull) return is_null(i->operand, false);
                std::string inner = filter(*u->operand);
                return inner.empty() ? "" : "{operator: Not, operands: [" + inner + "]}";
            }
            return "";
        }
        auto* b = dyn_cast<Binary>(&e);
        if (!b) return "";
        if (b->op == BinaryOp::And || b->op == BinaryOp::Or) {
            std::string lhs = filter(*b->lhs), rhs = filter(*b->rhs);
            if (lhs.empty() || rhs.empty()) return "";
            return std::string("{operator: ") + (b->op == BinaryOp::And ? "And" : "Or") + ", operands: [" + lhs + ", " +
                   rhs + "]}";
        }
        const Expr* column = b->lhs;
        const Expr* operand = b->rhs;
        BinaryOp op = b->op;
        if (!isa<ColumnRef>(column) && isa<ColumnRef>(operand)) {  // the normalizer may order `5 < x`
            auto flipped = semantics::flipped(op);
            if (!flipped) return "";
            std::swap(column, operand);
            op = *flipped;
        }
        auto* c = dyn_cast<ColumnRef>(column);
        std::string_view name = semantics::binary_operator(op).weaviate_spelling;
        std::string v = value(operand);
        std::string_view field = op == BinaryOp::WithinGeoRange ? "valueGeoRange" : value_field(operand);
        if (!c || name.empty() || v.empty() || field.empty()) return "";
        return "{path: " + path(*c) + ", operator: " + std::string(name) + ", " + std::string(field) + ": " + v + "}";
    }

    std::string aggregate(const FunctionCall& f) const {
        if (f.name.size() != 1 || f.args.empty()) return "";
        std::string metric(f.name[0].text);
        std::string arguments;
        for (uint32_t i = 1; i < f.args.size(); ++i) {
            std::string v = value(f.args[i]);
            if (v.empty()) return "";
            arguments += (arguments.empty() ? "" : ", ") + v;
        }
        if (!arguments.empty()) metric += "(" + arguments + ")";
        if (isa<Star>(f.args[0])) return "meta { " + metric + " }";
        auto* c = dyn_cast<ColumnRef>(f.args[0]);
        std::string property = c ? selection(*c) : "";
        return property.empty() ? "" : property + " { " + metric + " }";
    }

    std::string order(const OrderItem& o) const {
        auto* c = dyn_cast<ColumnRef>(o.expr);
        if (!c) return "";
        std::string out = "sort: {path: " + path(*c);
        if (o.dir != SortDir::Default) out += o.dir == SortDir::Asc ? ", order: asc" : ", order: desc";
        return out + "}";
    }

    std::string search(const Search& s) const {
        std::string_view argument = s.argument, field = s.query_field;
        if (argument.empty()) {  // a structured query's search: the argument that says the same
            if (s.search == SearchKind::Media) return "";
            const WeaviateSearchArgument known = weaviate_search_argument(s.search);
            argument = known.argument, field = known.field;
        }
        // The fields as written: the query (none where another field says what to search for, e.g.
        // nearVector's vectorPerTarget), the properties searched, the options.
        std::vector<std::string> fields;
        if (s.query) {
            std::string query = value(s.query);
            if (query.empty()) return "";
            // nearText's concepts are a list; one concept was kept as the value itself, a variable standing
            // in for the whole list (`concepts: $c`) says so
            auto* variable = dyn_cast<Parameter>(s.query);
            bool whole_list = isa<Array>(s.query) || (variable && !variable->value_field.empty());
            if (s.search == SearchKind::Text && !whole_list) query = "[" + query + "]";
            fields.push_back(std::string(field) + ": " + query);
        }
        if (!s.properties.empty()) {
            std::string properties = list("[", s.properties, "]");
            if (properties.empty()) return "";
            fields.push_back("properties: " + properties);
        }
        for (const Expr* o : s.options) {
            fields.push_back(value(o));
            if (fields.back().empty()) return "";
        }
        std::string out = std::string(argument) + ": {";
        for (size_t i = 0; i < fields.size(); ++i) out += (i ? ", " : "") + fields[i];
        return out + "}";
    }

private:
    const std::vector<std::string>& collections_;

    static void quoted(std::string& out, std::string_view text) { support::append_double_quoted(out, text); }

    uint32_t first_property(const ColumnRef& c) const {
        bool qualified = c.path.size() > 1 && std::find(collections_.begin(), collections_.end(),
                                                        std::string_view(c.path[0].text)) != collections_.end();
        return qualified ? 1 : 0;
    }

    std::string list(std::string_view open, const List<Expr*>& items, std::string_view close) const {
        std::string out(open);
        for (uint32_t i = 0; i < items.size(); ++i) {
            std::string v = value(items[i]);
            if (v.empty()) return "";
            if (i) out += ", ";
            out += v;
        }
        return out + std::string(close);
    }

    // valueInt, valueText...: the field Weaviate reads a value of this type from (a list: its items').
    static std::string_view value_field(const Expr* e) {
        if (auto* a = dyn_cast<Array>(e)) return a->items.empty() ? std::string_view() : value_field(a->items[0]);
        if (auto* p = dyn_cast<Parameter>(e)) return p->value_field;  // `valueInt: $n`
        auto* l = dyn_cast<Literal>(e);
        if (!l) return "";
        switch (l->type) {
            case LiteralType::Integer: return "valueInt";
            case LiteralType::Decimal: return "valueNumber";
            case LiteralType::String: return "valueText";
            case LiteralType::Boolean: return "valueBoolean";
            case LiteralType::Datetime: return "valueDate";
            default: return "";
        }
    }

    std::string is_null(const Expr* operand, bool null) const {
        auto* c = dyn_cast<ColumnRef>(operand);
        if (!c) return "";
        return "{path: " + path(*c) + ", operator: IsNull, valueBoolean: " + (null ? "true" : "false") + "}";
    }
};

// The table a KQL pipeline reads first, whose columns it names unqualified ("" when it reads no table
// or several): `DeviceLogonEvents | where ActionType == "x"` in a join's right side, not
// `DeviceLogonEvents.ActionType`.
std::string_view input_table(const Relation& relation) {
    if (auto* t = dyn_cast<TableRef>(&relation)) return t->name.size() == 1 ? t->name[0].text : std::string_view();
    auto* d = dyn_cast<DerivedTable>(&relation);
    if (!d || !d->query || d->query->sources.size() != 1) return "";
    return input_table(*d->query->sources[0]);
}

std::string_view input_table(const Query& query) {
    return query.sources.size() == 1 ? input_table(*query.sources[0]) : std::string_view();
}

}  // namespace

AtomSpelling::AtomSpelling(Language language, const Query* block) : language_(language) {
    if (language == Language::Sql || !block) return;
    for (const Relation* r : block->sources)
        if (auto* t = dyn_cast<TableRef>(r); t && t->name.size() == 1) collections_.emplace_back(t->name[0].text);
}

std::string AtomSpelling::kql(const Node& node) const {
    if (!kql_prints(node)) return "";
    return to_kql(node, collections_.size() == 1 ? std::string_view(collections_[0]) : std::string_view());
}

std::string AtomSpelling::filter(const Expr& leaf) const {
    if (language_ == Language::Weaviate) return WeaviateSpeller(collections_).filter(leaf);
    return expression(leaf);
}

std::string AtomSpelling::expression(const Node& node) const {
    if (language_ == Language::Kql) return kql(node);
    if (language_ == Language::Weaviate)
        if (auto* c = dyn_cast<ColumnRef>(&node)) return WeaviateSpeller(collections_).selection(*c);
    return "";
}

std::string AtomSpelling::aggregate(const FunctionCall& call) const {
    if (language_ == Language::Weaviate) return WeaviateSpeller(collections_).aggregate(call);
    return expression(call);
}

std::string AtomSpelling::group_key(const Expr& key) const {
    if (language_ == Language::Weaviate)
        if (auto* c = dyn_cast<ColumnRef>(&key)) return "groupBy: " + WeaviateSpeller(collections_).path(*c);
    return expression(key);
}

std::string AtomSpelling::distinct() const { return language_ == Language::Kql ? "distinct" : ""; }

std::string AtomSpelling::bound(std::string_view bound, const Expr& value, bool sorted) const {
    if (language_ == Language::Kql) {  // KQL has no OFFSET: the canonical text
        std::string count = bound == "limit" ? kql(value) : "";
        return count.empty() ? "" : (sorted ? "top " : "take ") + count;
    }
    if (language_ == Language::Weaviate) {
        std::string v = WeaviateSpeller(collections_).value(&value);
        return v.empty() ? "" : std::string(bound) + ": " + v;
    }
    return "";
}

std::string AtomSpelling::option(const NamedArg& option) const {
    if (language_ == Language::Weaviate) return WeaviateSpeller(collections_).value(&option);
    if (language_ == Language::Kql) {
        if (!option.value) return std::string(option.name.text);
        std::string value = kql(*option.value);
        return value.empty() ? "" : std::string(option.name.text) + " " + value;
    }
    return "";
}

std::string AtomSpelling::order(const OrderItem& item) const {
    if (language_ == Language::Weaviate) return WeaviateSpeller(collections_).order(item);
    return expression(item);
}

// A join as the KQL printer writes it, its condition's columns qualified by their side ($left.id == $right.uid).
std::string AtomSpelling::join(const Join& join) const {
    if (language_ != Language::Kql) return expression(join);
    return join.right && kql_prints(join) ? to_kql(join, input_table(*join.right)) : "";
}

std::string AtomSpelling::cross_source(const Relation& relation) const {
    if (language_ != Language::Kql || !kql_prints(relation)) return "";
    std::string source = to_kql(relation, input_table(relation));
    return "join kind=inner " + (isa<TableRef>(&relation) ? source : "(" + source + ")");
}

std::string AtomSpelling::set_operation(const SetOp& op) const { return expression(op); }

std::string AtomSpelling::search(const Search& search) const {
    if (language_ == Language::Weaviate) return WeaviateSpeller(collections_).search(search);
    return expression(search);
}

std::string AtomSpelling::query(const Query& query) const {
    if (language_ != Language::Kql) return expression(query);
    return kql_prints(query) ? to_kql(query, input_table(query)) : "";
}

std::string AtomSpelling::value(const Expr& value) const {
    if (language_ == Language::Weaviate) return WeaviateSpeller(collections_).value(&value);
    return expression(value);
}

std::string placement(std::string_view context, Language language) {
    if (context.empty()) return "alone";
    // a sort key's position, counted from 1 as a reader counts them
    if (std::all_of(context.begin(), context.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return "sort key " + std::to_string(std::stoul(std::string(context)) + 1);
    if (language != Language::Kql && language != Language::Weaviate) return "under " + std::string(context);
    bool kql = language == Language::Kql;
    // a block read by the top one (the subqueries): KQL's `let`, or a query the pipeline reads from
    if (kql && context == "WITH") return "as a let";
    if (kql && context == "FROM") return "as a subquery";
    // a filter leaf's connectives, outermost first: "AND/OR"
    auto connective = [kql](std::string_view part) -> std::string_view {
        if (part == "AND") return kql ? "and" : "operator: And";
        if (part == "OR") return kql ? "or" : "operator: Or";
        return part;
    };
    std::string out = "under ";
    for (size_t begin = 0; begin <= context.size();) {
        size_t end = std::min(context.find('/', begin), context.size());
        if (begin > 0) out += kql ? "/" : " / ";
        out += connective(context.substr(begin, end - begin));
        begin = end + 1;
    }
    return out;
}

std::string placement_note(std::string_view context, Language language) {
    return " (" + placement(context, language) + ")";
}

namespace {

// A value's type as the notes name it: the literal type's name, or ago() for a point in time.
std::string value_type_name(ValueType type) {
    if (type == ValueType::None) return "expression";
    if (type == ValueType::Ago) return "ago()";
    return std::string(ast::enum_name(static_cast<ast::LiteralType>(static_cast<uint8_t>(type) - 1)));
}

}  // namespace

WeaviateSearchArgument weaviate_search_argument(ast::SearchKind kind) {
    switch (kind) {
        case ast::SearchKind::Text: return {"nearText", "concepts"};
        case ast::SearchKind::Keyword: return {"bm25", "query"};
        case ast::SearchKind::Hybrid: return {"hybrid", "query"};
        case ast::SearchKind::Vector: return {"nearVector", "vector"};
        case ast::SearchKind::Object: return {"nearObject", "id"};
        case ast::SearchKind::Ask: return {"ask", "question"};
        case ast::SearchKind::Media: return {"nearMedia", ""};
    }
    return {"search", ""};
}

SideNotes same_text_notes(const AtomPair& pair) {
    const Atom &e = pair.expected, &g = pair.generated;
    if (e.shown() != g.shown() || !e.key || !g.key) return {};
    const AtomKey &ek = *e.key, &gk = *g.key;
    if (ek.context != gk.context) return {placement(ek.context, e.language), placement(gk.context, g.language)};
    // the language shows less than the canonical text: a KQL column unqualified, a Weaviate path without its
    // collection
    if (e.text != g.text) return {"normalized as " + e.text, "normalized as " + g.text};
    if (ek.value_type != gk.value_type)
        return {"a value of type " + value_type_name(ek.value_type), "a value of type " + value_type_name(gk.value_type)};
    if (ek.op != gk.op) return {"operator " + ek.op, "operator " + gk.op};
    return {};
}

std::string written_text(const Atom& atom, const SourceText& source) {
    if (atom.language == Language::Sql || atom.span.end <= atom.span.begin) return "";
    std::string written = support::fold_whitespace(source.slice(atom.span));
    // Compared without white space and parentheses and with one quote: `join (U)` is `join U`, `'x'` is `"x"`
    // to a reader.
    auto plain = [](std::string_view text) {
        std::string out;
        for (char c : text)
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '(' && c != ')') out += c == '\'' ? '"' : c;
        return out;
    };
    std::string w = plain(written), s = plain(atom.shown());
    // One inside the other: the span holds only part of what is shown (`3` of `take 3`, `count` of
    // `count()`) or more than it (`c = a + b`, a whole pipeline for its `distinct`): nothing to add.
    if (w.empty() || s.find(w) != std::string::npos || w.find(s) != std::string::npos) return "";
    return written;
}

}  // namespace qdiff
