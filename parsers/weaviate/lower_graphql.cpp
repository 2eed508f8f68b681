// Lowering of Weaviate GraphQL (Get / Aggregate / Explore) to the unified AST.
#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>

#include "diagnostics/suggest.hpp"
#include "lower_support.hpp"

namespace qdiff::weaviate::lowering {
namespace {

using ast::Expr;
using VK = GqlValue::Kind;

bool is_search_argument(std::string_view n) {
    static const std::set<std::string_view> names = {
        "nearText",  "nearVector", "nearObject", "bm25",        "hybrid",  "ask",      "nearImage",
        "nearAudio", "nearVideo",  "nearDepth",  "nearThermal", "nearIMU", "nearMedia"};
    return names.count(n) != 0;
}

class GraphqlLowering {
public:
    GraphqlLowering(const WeaviateDocument& doc, Builder& b) : doc_(doc), b_(b) {}

    ast::Script* run() {
        const GqlDocument& g = *doc_.graphql;
        const GqlNode* op = select_operation(g);
        if (!op) return nullptr;
        op_ = op;
        if (op->operation_type != "query") {
            b_.error(DiagId::WeaviateOperation, op->span,
                     fmt::format("Weaviate's GraphQL API only answers queries, not a {}", op->operation_type));
            return nullptr;
        }
        std::vector<ast::Statement*> statements;
        for_each_selection(op->selections, [&](const GqlNode& root) { lower_root(root, statements); });
        auto* script = b_.make<ast::Script>(op->span);
        script->statements = b_.list(statements);
        return script;
    }

private:
    const WeaviateDocument& doc_;
    Builder& b_;
    const GqlNode* op_ = nullptr;
    std::deque<GqlValue> owned_;  // values converted from the request's JSON variables
    std::vector<std::string> fragment_stack_;
    std::size_t spreads_ = 0;  // fragment spreads expanded so far (guards "billion laughs" documents)
    static constexpr std::size_t max_spreads = 10000;

    /// False (with one diagnostic) once the document expands too many fragment spreads.
    bool spread_budget(const GqlNode& s) {
        if (++spreads_ <= max_spreads) return true;
        if (spreads_ == max_spreads + 1) {
            b_.error(DiagId::NestingTooDeep, s.span,
                     fmt::format("fragment spreads expand to more than {} copies; the document is not lowered",
                                 max_spreads));
        }
        return false;
    }

    // --- operations, fragments, directives ---------------------------------------------------------
    const GqlNode* select_operation(const GqlDocument& g) {
        std::vector<const GqlNode*> ops;
        for (const auto& d : g.definitions) {
            if (d.kind == GqlNode::Kind::operation) ops.push_back(&d);
        }
        if (ops.empty()) {
            b_.error(DiagId::WeaviateOperation, g.span, "the document defines fragments but no operation");
            return nullptr;
        }
        if (!doc_.operation_name.empty()) {
            for (const auto* o : ops) {
                if (o->name == doc_.operation_name) return o;
            }
            b_.error(DiagId::WeaviateOperation, g.span,
                     fmt::format("operationName \"{}\" names no operation of the document", doc_.operation_name));
            return nullptr;
        }
        if (ops.size() > 1) {
            b_.warning(DiagId::WeaviateOperation, ops[1]->span,
                       "the document has several operations and no operationName; the first one is used");
        }
        return ops.front();
    }

    bool skipped(const GqlNode& n) {
        for (const auto& d : n.directives) {
            if (d.name != "skip" && d.name != "include") continue;
            for (const auto& a : d.arguments) {
                const GqlValue* v = resolve(a.value);
                if (a.name == "if" && v && v->kind == VK::boolean) {
                    if (d.name == "skip" && v->boolean) return true;
                    if (d.name == "include" && !v->boolean) return true;
                }
            }
        }
        return false;
    }

    /// Calls f for every field of `selections`, expanding fragment spreads and type-less inline fragments.
    template <class F>
    void for_each_selection(const std::vector<GqlNode>& selections, F&& f) {
        for (const auto& s : selections) {
            if (skipped(s)) continue;
            if (s.kind == GqlNode::Kind::field) {
                f(s);
            } else if (s.kind == GqlNode::Kind::fragment_spread) {
                const GqlNode* frag = doc_.graphql->fragment(s.name);
                if (!frag) continue;  // reported by the front end
                if (std::find(fragment_stack_.begin(), fragment_stack_.end(), s.name) != fragment_stack_.end()) {
                    b_.error(DiagId::WeaviateBadArgument, s.span,
                             fmt::format("fragment \"{}\" spreads itself", s.name));
                    continue;
                }
                if (!spread_budget(s)) continue;
                fragment_stack_.push_back(s.name);
                for_each_selection(frag->selections, f);
                fragment_stack_.pop_back();
            } else {
                for_each_selection(s.selections, f);
            }
        }
    }

    // --- values --------------------------------------------------------------------------------------
    const GqlValue* from_json(const JsonValue& j) {
        GqlValue v;
        v.span = j.span;
        switch (j.kind) {
            case JsonKind::null: v.kind = VK::null; break;
            case JsonKind::boolean:
                v.kind = VK::boolean;
                v.boolean = j.boolean;
                break;
            case JsonKind::integer:
                v.kind = VK::integer;
                v.integer = j.integer;
                v.number = j.number;
                v.text = std::to_string(j.integer);
                break;
            case JsonKind::number:
                v.kind = VK::floating;
                v.number = j.number;
                v.text = fmt::format("{}", j.number);
                break;
            case JsonKind::string:
                v.kind = VK::string;
                v.text = j.string;
                break;
            case JsonKind::array:
                v.kind = VK::list;
                for (const auto& i : j.items) v.items.push_back(*from_json(i));
                break;
            case JsonKind::object:
                v.kind = VK::object;
                for (const auto& m : j.members)
                    v.fields.push_back(GqlObjectField{m.key, m.key_span, *from_json(m.value)});
                break;
        }
        owned_.push_back(std::move(v));
        return &owned_.back();
    }

    /// A variable's value (request variables, then the declared default), else the variable itself.
    const GqlValue* resolve(const GqlValue& v) {
        if (v.kind != VK::variable) return &v;
        if (doc_.variables) {
            if (const JsonValue* j = doc_.variables->find(v.text)) return from_json(*j);
        }
        if (op_) {
            for (const auto& d : op_->variables) {
                if (d.name == v.text && d.default_value) return &*d.default_value;
            }
        }
        return &v;
    }

    Expr* value(const GqlValue& in) {
        const GqlValue& v = *resolve(in);
        const Span s = in.span;
        switch (v.kind) {
            case VK::variable: {
                auto* p = b_.make<ast::Parameter>(s);
                p->text = b_.copy("$" + v.text);
                return p;
            }
            case VK::integer: return b_.literal(ast::LiteralType::Integer, v.text, s);
            case VK::floating: return b_.literal(ast::LiteralType::Decimal, v.text, s);
            case VK::string: return b_.literal(ast::LiteralType::String, v.text, s);
            case VK::boolean: return b_.literal(ast::LiteralType::Boolean, v.boolean ? "true" : "false", s);
            case VK::null: return b_.literal(ast::LiteralType::Null, "null", s);
            case VK::enumeration: return b_.literal(ast::LiteralType::Keyword, v.text, s);
            case VK::list: {
                auto* a = b_.make<ast::Array>(s);
                std::vector<Expr*> items;
                for (const auto& i : v.items) items.push_back(value(i));
                a->items = b_.list(items);
                return a;
            }
            case VK::object: {
                auto* t = b_.make<ast::Tuple>(s);
                std::vector<Expr*> items;
                for (const auto& f : v.fields)
                    items.push_back(b_.named(f.name, value(f.value), {f.name_span.begin, f.value.span.end}));
                t->items = b_.list(items);
                return t;
            }
        }
        return nullptr;
    }

    /// Text of a string or enum value (after variable substitution), else empty.
    std::string_view word(const GqlValue& in) {
        const GqlValue& v = *resolve(in);
        return v.kind == VK::string || v.kind == VK::enumeration ? std::string_view(v.text) : std::string_view();
    }

    /// A `path` argument: ["a", "B", "c"] or "a".
    std::vector<std::string_view> path_of(const GqlValue& in) {
        const GqlValue& v = *resolve(in);
        std::vector<std::string_view> out;
        if (v.kind == VK::string) {
            out.push_back(v.text);
        } else if (v.kind == VK::list) {
            for (const auto& i : v.items) {
                const GqlValue& r = *resolve(i);
                if (r.kind == VK::string) out.push_back(r.text);
            }
        }
        return out;
    }

    // --- where ---------------------------------------------------------------------------------------
    Expr* filter(const GqlValue& in) {
        const GqlValue& w = *resolve(in);
        if (w.kind != VK::object) {
            b_.error(DiagId::WeaviateBadArgument, in.span,
                     "a where filter must be an object {operator, path, value...}");
            return nullptr;
        }
        const GqlValue* opv = w.find("operator");
        const std::string_view op = opv ? word(*opv) : std::string_view();
        if (op.empty()) {
            b_.error(DiagId::WeaviateBadArgument, w.span, "a where filter needs an operator");
            return nullptr;
        }
        if (op == "And" || op == "Or" || op == "Not") {
            const GqlValue* operands = w.find("operands");
            const GqlValue* ov = operands ? resolve(*operands) : nullptr;
            std::vector<const GqlValue*> items;
            if (ov && ov->kind == VK::list) {
                for (const auto& i : ov->items) items.push_back(&i);
            } else if (ov && ov->kind == VK::object) {
                items.push_back(ov);  // a single operand without brackets (GraphQL list coercion)
            }
            if (items.empty()) {
                b_.error(DiagId::WeaviateBadArgument, opv->span, fmt::format("operator {} needs operands", op));
                return nullptr;
            }
            if (op == "Not") {
                auto* u = b_.make<ast::Unary>(w.span);
                u->op = ast::UnaryOp::Not;
                u->operand = filter(*items[0]);
                if (items.size() > 1)
                    b_.error(DiagId::WeaviateBadArgument, opv->span, "operator Not takes one operand");
                return u->operand ? u : nullptr;
            }
            std::vector<Expr*> terms;
            terms.reserve(items.size());
            for (const auto* i : items) {
                Expr* e = filter(*i);
                if (!e) return nullptr;
                terms.push_back(e);
            }
            return b_.chain(op == "And" ? ast::BinaryOp::And : ast::BinaryOp::Or, terms, w.span);
        }
        const GqlValue* pathv = w.find("path");
        if (!pathv || path_of(*pathv).empty()) {
            b_.error(DiagId::WeaviateBadArgument, w.span, "a where operand needs a path");
            return nullptr;
        }
        const GqlValue& pv = *resolve(*pathv);
        Expr* column = b_.column(path_of(*pathv), pathv->span);
        (void)pv;
        const GqlObjectField* valuef = nullptr;
        for (const auto& f : w.fields) {
            if (f.name.rfind("value", 0) == 0) valuef = &f;
        }
        if (op == "IsNull") {
            auto* isnull = b_.make<ast::Unary>(w.span);
            isnull->op = ast::UnaryOp::IsNull;
            isnull->operand = column;
            const GqlValue* bv = valuef ? resolve(valuef->value) : nullptr;
            if (bv && bv->kind == VK::boolean && !bv->boolean) {
                auto* n = b_.make<ast::Unary>(w.span);
                n->op = ast::UnaryOp::Not;
                n->operand = isnull;
                return n;
            }
            return isnull;
        }
        ast::BinaryOp bop;
        if (!weaviate_operator(op, bop)) {
            unknown_operator(op, *opv);
            return nullptr;
        }
        if (!valuef) {
            b_.error(
                DiagId::WeaviateBadArgument, w.span,
                fmt::format("operator {} needs a value (valueText, valueInt, valueNumber, valueBoolean, valueDate...)",
                            op));
            return nullptr;
        }
        auto* bin = b_.make<ast::Binary>(w.span);
        bin->op = bop;
        bin->lhs = column;
        bin->rhs = typed_value(*valuef);
        return bin;
    }

    void unknown_operator(std::string_view op, const GqlValue& where) {
        static constexpr std::string_view known[] = {"Equal",       "NotEqual",
                                                     "GreaterThan", "GreaterThanEqual",
                                                     "LessThan",    "LessThanEqual",
                                                     "Like",        "WithinGeoRange",
                                                     "IsNull",      "ContainsAny",
                                                     "ContainsAll", "ContainsNone",
                                                     "And",         "Or",
                                                     "Not"};
        // Common model spellings first, then the closest known name by edit distance.
        static constexpr std::pair<std::string_view, std::string_view> aliases[] = {
            {"Equals", "Equal"},
            {"NotEquals", "NotEqual"},
            {"GreaterThanOrEqual", "GreaterThanEqual"},
            {"LessThanOrEqual", "LessThanEqual"},
            {"Contains", "ContainsAny"},
            {"Has", "ContainsAny"}};
        std::string best;
        for (const auto& [from, to] : aliases) {
            if (from == op) best = to;
        }
        if (best.empty()) best = diagnostics::closest_name(op, known);
        std::string message = fmt::format("unknown where operator '{}'", op);
        if (!best.empty()) message += fmt::format("; did you mean '{}'?", best);
        b_.error(DiagId::WeaviateUnknownOperator, where.span, std::move(message));
        if (!best.empty()) b_.last_fixit(where.span, std::string(best));
    }

    /// valueText/valueInt/... -> a literal typed by the field name (as Weaviate reads it).
    Expr* typed_value(const GqlObjectField& f) {
        std::string_view suffix = std::string_view(f.name).substr(5);
        const bool array = suffix.size() > 5 && suffix.substr(suffix.size() - 5) == "Array";
        if (array) suffix.remove_suffix(5);
        ast::LiteralType type = ast::LiteralType::String;
        VK expected = VK::string;
        if (suffix == "Text" || suffix == "String") {
            type = ast::LiteralType::String;
        } else if (suffix == "Int") {
            type = ast::LiteralType::Integer;
            expected = VK::integer;
        } else if (suffix == "Number") {
            type = ast::LiteralType::Decimal;
            expected = VK::floating;
        } else if (suffix == "Boolean") {
            type = ast::LiteralType::Boolean;
            expected = VK::boolean;
        } else if (suffix == "Date") {
            type = ast::LiteralType::Datetime;
        } else {
            return value(f.value);  // valueGeoRange and future kinds: generic
        }
        auto one = [&](const GqlValue& in) -> Expr* {
            const GqlValue& v = *resolve(in);
            if (v.kind == VK::variable) {
                Expr* variable = value(in);
                if (auto* p = ast::dyn_cast<ast::Parameter>(variable)) p->value_field = b_.copy(f.name);
                return variable;
            }
            const bool ok = v.kind == expected || (expected == VK::floating && v.kind == VK::integer);
            // An error: Weaviate refuses the query (valueInt: "10" is not an Int), so it must not score
            // as if it ran, e.g. 1.0 against valueInt: 10.
            if (!ok) {
                b_.error(DiagId::WeaviateValueType, in.span,
                           fmt::format("{} expects {}, found {}; Weaviate rejects this value", f.name,
                                       expected == VK::string     ? "a string"
                                       : expected == VK::integer  ? "an integer"
                                       : expected == VK::floating ? "a number"
                                                                  : "a boolean",
                                       v.kind == VK::string     ? "a string"
                                       : v.kind == VK::integer  ? "an integer"
                                       : v.kind == VK::floating ? "a number"
                                       : v.kind == VK::boolean  ? "a boolean"
                                       : v.kind == VK::list     ? "a list"
                                                                : "another kind of value"));
            }
            if (v.kind == VK::list || v.kind == VK::object || v.kind == VK::null) return value(in);
            const std::string text = v.kind == VK::boolean ? (v.boolean ? "true" : "false") : v.text;
            return b_.literal(type, text, in.span);
        };
        const GqlValue& v = *resolve(f.value);
        if (v.kind == VK::list) {  // ContainsAny/ContainsAll take lists, with or without the *Array suffix
            auto* a = b_.make<ast::Array>(f.value.span);
            std::vector<Expr*> items;
            for (const auto& i : v.items) items.push_back(one(i));
            a->items = b_.list(items);
            return a;
        }
        return one(f.value);
    }

    // --- search ----------------------------------------------------------------------------------------
    Expr* property(const GqlValue& in) {
        const GqlValue& v = *resolve(in);
        if (v.kind != VK::string) return value(in);
        const auto caret = v.text.find('^');
        if (caret == std::string::npos) return b_.column({v.text}, in.span);
        auto* bin = b_.make<ast::Binary>(in.span);
        bin->op = ast::BinaryOp::BitXor;
        bin->lhs = b_.column({std::string_view(v.text).substr(0, caret)}, in.span);
        const std::string boost = v.text.substr(caret + 1);
        bin->rhs =
            b_.literal(boost.find('.') == std::string::npos ? ast::LiteralType::Integer : ast::LiteralType::Decimal,
                       boost, in.span);
        return bin;
    }

    ast::Search* search(const GqlArgument& arg) {
        auto* s = b_.make<ast::Search>({arg.name_span.begin, arg.value.span.end});
        const GqlValue& v = *resolve(arg.value);
        std::string_view query_field;
        if (arg.name == "nearText") {
            s->search = ast::SearchKind::Text;
            query_field = "concepts";
        } else if (arg.name == "bm25") {
            s->search = ast::SearchKind::Keyword;
            query_field = "query";
        } else if (arg.name == "hybrid") {
            s->search = ast::SearchKind::Hybrid;
            query_field = "query";
        } else if (arg.name == "nearVector") {
            s->search = ast::SearchKind::Vector;
            query_field = "vector";
        } else if (arg.name == "nearObject") {
            s->search = ast::SearchKind::Object;
            query_field = v.find("id") ? "id" : "beacon";
        } else if (arg.name == "ask") {
            s->search = ast::SearchKind::Ask;
            query_field = "question";
        } else {
            s->search = ast::SearchKind::Media;
            std::string media = arg.name.substr(4);  // nearImage -> image, nearIMU -> imu
            for (char& c : media) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            query_field = b_.copy(media);
            if (!v.find(query_field) && v.find("media")) query_field = "media";
        }
        s->argument = b_.copy(arg.name);
        s->query_field = query_field;
        if (v.kind != VK::object) {
            b_.error(DiagId::WeaviateBadArgument, arg.value.span, fmt::format("{} must be an object", arg.name));
            return s;
        }
        std::vector<Expr*> properties;
        std::vector<Expr*> options;
        for (const auto& f : v.fields) {
            if (f.name == query_field) {
                const GqlValue& q = *resolve(f.value);
                if (arg.name == "nearText" && q.kind == VK::list && q.items.size() == 1) {
                    s->query = value(q.items[0]);
                } else {
                    s->query = value(f.value);
                    // a variable standing in for the whole field (`concepts: $c`, not `concepts: [$c]`)
                    if (auto* p = ast::dyn_cast<ast::Parameter>(s->query)) p->value_field = b_.copy(f.name);
                }
            } else if (f.name == "properties" &&
                       (s->search == ast::SearchKind::Keyword || s->search == ast::SearchKind::Hybrid ||
                        s->search == ast::SearchKind::Ask)) {
                const GqlValue& p = *resolve(f.value);
                if (p.kind == VK::list) {
                    for (const auto& i : p.items) properties.push_back(property(i));
                } else {
                    properties.push_back(property(f.value));
                }
            } else {
                options.push_back(b_.named(f.name, value(f.value), {f.name_span.begin, f.value.span.end}));
            }
        }
        s->properties = b_.list(properties);
        s->options = b_.list(options);
        return s;
    }

    // --- class-level arguments -------------------------------------------------------------------------
    void arguments(const GqlNode& cls, ast::Query* q, bool aggregate) {
        std::vector<ast::Search*> searches;
        std::vector<Expr*> options;
        std::vector<Expr*> group_by;
        std::vector<ast::OrderItem*> order;
        for (const auto& a : cls.arguments) {
            const Span as{a.name_span.begin, a.value.span.end};
            if (is_search_argument(a.name)) {
                searches.push_back(search(a));
            } else if (a.name == "where") {
                q->filter = filter(a.value);
            } else if (a.name == "limit") {
                q->limit = value(a.value);
            } else if (a.name == "offset") {
                q->offset = value(a.value);
            } else if (a.name == "groupBy") {
                const GqlValue& g = *resolve(a.value);
                if (aggregate || g.kind != VK::object) {
                    const auto path = path_of(a.value);
                    if (path.empty()) {
                        b_.error(DiagId::WeaviateBadArgument, a.value.span, "groupBy needs a property path");
                    } else {
                        group_by.push_back(b_.column(path, a.value.span));
                    }
                } else {
                    for (const auto& f : g.fields) {
                        if (f.name == "path") {
                            group_by.push_back(b_.column(path_of(f.value), f.value.span));
                        } else {
                            options.push_back(b_.named(f.name, value(f.value), {f.name_span.begin, f.value.span.end}));
                        }
                    }
                }
            } else if (a.name == "sort") {
                const GqlValue& sv = *resolve(a.value);
                std::vector<const GqlValue*> items;
                if (sv.kind == VK::list) {
                    for (const auto& i : sv.items) items.push_back(resolve(i));
                } else {
                    items.push_back(&sv);
                }
                for (const GqlValue* i : items) {
                    if (i->kind != VK::object || !i->find("path")) {
                        b_.error(DiagId::WeaviateBadArgument, i->span, "a sort item needs a path");
                        continue;
                    }
                    auto* o = b_.make<ast::OrderItem>(i->span);
                    o->expr = b_.column(path_of(*i->find("path")), i->find("path")->span);
                    if (const GqlValue* ord = i->find("order")) {
                        const auto w = word(*ord);
                        o->dir = w == "desc"  ? ast::SortDir::Desc
                                 : w == "asc" ? ast::SortDir::Asc
                                              : ast::SortDir::Default;
                    }
                    order.push_back(o);
                }
            } else {
                options.push_back(b_.named(a.name, value(a.value), as));  // autocut, after, tenant, objectLimit...
            }
        }
        q->search = b_.list(searches);
        q->options = b_.list(options);
        q->group_by = b_.list(group_by);
        q->order_by = b_.list(order);
    }

    // --- selections --------------------------------------------------------------------------------------
    ast::SelectItem* item(Expr* e, const GqlNode& f) {
        auto* si = b_.make<ast::SelectItem>(f.span);
        si->expr = e;
        if (!f.alias.empty()) si->alias = b_.name(f.alias);
        return si;
    }

    void projection(const std::vector<GqlNode>& selections, std::vector<std::string_view>& prefix,
                    std::vector<ast::SelectItem*>& out) {
        for (const auto& s : selections) {
            if (skipped(s)) continue;
            if (s.kind == GqlNode::Kind::fragment_spread) {
                const GqlNode* frag = doc_.graphql->fragment(s.name);
                if (!frag || std::find(fragment_stack_.begin(), fragment_stack_.end(), s.name) != fragment_stack_.end())
                    continue;
                if (!spread_budget(s)) continue;
                fragment_stack_.push_back(s.name);
                projection(frag->selections, prefix, out);
                fragment_stack_.pop_back();
                continue;
            }
            if (s.kind == GqlNode::Kind::inline_fragment) {
                if (!s.type_condition.empty()) prefix.push_back(s.type_condition);
                projection(s.selections, prefix, out);
                if (!s.type_condition.empty()) prefix.pop_back();
                continue;
            }
            prefix.push_back(s.name);
            if (!s.arguments.empty()) {
                std::vector<Expr*> args;
                for (const auto& a : s.arguments)
                    args.push_back(b_.named(a.name, value(a.value), {a.name_span.begin, a.value.span.end}));
                auto* fn = b_.call(prefix, args, s.span);
                if (s.selections.empty()) {
                    out.push_back(item(fn, s));
                } else {
                    for_each_selection(s.selections, [&](const GqlNode& leaf) {
                        auto* fa = b_.make<ast::FieldAccess>(leaf.span);
                        fa->base = fn;
                        fa->field = b_.name(leaf.name);
                        out.push_back(item(fa, leaf));
                    });
                }
            } else if (s.has_selection_set) {
                projection(s.selections, prefix, out);
            } else {
                out.push_back(item(b_.column(prefix, s.name_span), s));
            }
            prefix.pop_back();
        }
    }

    /// Aggregate selections: prop { metric ... } -> metric(prop); meta { count } -> count(*).
    void aggregate_fields(const GqlNode& cls, std::vector<ast::SelectItem*>& aggs,
                          std::vector<ast::SelectItem*>& proj) {
        for_each_selection(cls.selections, [&](const GqlNode& prop) {
            if (prop.name == "groupedBy" || prop.name == "__typename" || !prop.has_selection_set) {
                std::vector<std::string_view> prefix;
                projection(std::vector<GqlNode>{prop}, prefix, proj);
                return;
            }
            for_each_selection(prop.selections, [&](const GqlNode& metric) {
                if (metric.name == "__typename") return;
                std::vector<Expr*> args;
                if (prop.name == "meta") {
                    args.push_back(b_.make<ast::Star>(prop.name_span));
                } else {
                    args.push_back(b_.column({prop.name}, prop.name_span));
                }
                for (const auto& a : metric.arguments) {
                    args.push_back(b_.named(a.name, value(a.value), {a.name_span.begin, a.value.span.end}));
                }
                auto* si = b_.make<ast::SelectItem>(metric.span);
                si->expr = b_.call({metric.name}, args, {prop.span.begin, prop.span.end});
                if (!metric.alias.empty()) si->alias = b_.name(metric.alias);
                aggs.push_back(si);
            });
        });
    }

    // --- roots -----------------------------------------------------------------------------------------
    void lower_root(const GqlNode& root, std::vector<ast::Statement*>& out) {
        if (root.name == "__typename" || root.name == "__schema" || root.name == "__type") return;
        if (root.name == "Get" || root.name == "Aggregate") {
            const bool aggregate = root.name == "Aggregate";
            if (!root.arguments.empty()) {
                b_.error(
                    DiagId::WeaviateBadArgument, root.arguments[0].name_span,
                    fmt::format("{} takes no arguments: put them on the class, e.g. {} {{ Class(limit: 1) {{ ... }} }}",
                                root.name, root.name));
            }
            if (!root.has_selection_set) {
                b_.error(DiagId::WeaviateUnknownRoot, root.span, fmt::format("{} needs a class selection", root.name));
                return;
            }
            for_each_selection(root.selections, [&](const GqlNode& cls) {
                if (cls.name == "__typename") return;
                auto* q = b_.make<ast::Query>(cls.span);
                auto* t = b_.make<ast::TableRef>(cls.name_span);
                t->name = b_.list(std::vector<ast::Name>{b_.name(cls.name)});
                if (!cls.alias.empty()) t->alias = b_.name(cls.alias);
                q->sources = b_.list(std::vector<ast::Relation*>{t});
                arguments(cls, q, aggregate);
                std::vector<ast::SelectItem*> proj;
                if (aggregate) {
                    std::vector<ast::SelectItem*> aggs;
                    aggregate_fields(cls, aggs, proj);
                    q->aggregations = b_.list(aggs);
                } else {
                    std::vector<std::string_view> prefix;
                    projection(cls.selections, prefix, proj);
                }
                q->projection = b_.list(proj);
                out.push_back(q);
            });
            return;
        }
        if (root.name == "Explore") {
            auto* q = b_.make<ast::Query>(root.span);
            arguments(root, q, false);
            std::vector<ast::SelectItem*> proj;
            std::vector<std::string_view> prefix;
            projection(root.selections, prefix, proj);
            q->projection = b_.list(proj);
            out.push_back(q);
            return;
        }
        b_.error(DiagId::WeaviateUnknownRoot, root.name_span,
                 fmt::format("unknown top-level field '{}': a Weaviate query starts with Get, Aggregate or Explore",
                             root.name));
    }
};

}  // namespace

ast::Script* lower_graphql(const WeaviateDocument& doc, Builder& b) { return GraphqlLowering(doc, b).run(); }

}  // namespace qdiff::weaviate::lowering
