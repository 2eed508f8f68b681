// Extraction of the scored components of a normalized query (SCORING.md, "Components").
#include <algorithm>
#include <charconv>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

#include "ast/functions.hpp"
#include "ast/semantics/scope.hpp"
#include "diff/atom_spelling.hpp"
#include "diff/matching.hpp"
#include "qdiff/ast_print.hpp"
#include "qdiff/diff.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace {

using namespace ast;

std::string join_names(const List<Name>& names) {
    std::string out;
    for (const Name& n : names) {
        if (!out.empty()) out += '.';
        out += n.text;
    }
    return out;
}

// An atom whose property is its whole text (a relation, a column of the select list, a block).
Atom make_atom(std::string text, Span span, AtomKey key = {}) {
    key.property = text;
    return make_keyed_atom(std::move(text), span, std::move(key));
}

// Seconds of a canonical time literal: a timespan ("3600s") or a calendar interval ("1 month", taken
// as an average Gregorian month of 30.436875 days, so it is close to but never equal to 30d).
std::optional<double> seconds(const Literal& l) {
    double v = 0;
    auto r = std::from_chars(l.text.data(), l.text.data() + l.text.size(), v);
    if (r.ec != std::errc()) return std::nullopt;
    std::string_view unit(r.ptr, l.text.data() + l.text.size() - r.ptr);
    if (l.type == LiteralType::Timespan && unit == "s") return v;
    if (l.type == LiteralType::Interval && unit == " month") return v * 2629746;
    return std::nullopt;
}

void set_value(AtomKey& a, const Expr* v) {
    if (!v) return;
    if (auto* l = dyn_cast<Literal>(v)) {
        a.value = std::string(l->text);
        a.value_type = value_type_of(l->type);
        if (l->type == LiteralType::Integer || l->type == LiteralType::Decimal) {
            double d = 0;
            auto r = std::from_chars(l->text.data(), l->text.data() + l->text.size(), d);
            if (r.ec == std::errc()) a.number = d;
        } else {
            a.number = seconds(*l);
        }
        return;
    }
    a.value = to_sql(*v);
    // ago(t): a point in time, compared with another ago() by the length of t
    if (auto* f = dyn_cast<FunctionCall>(v);
        f && f->name.size() == 1 && f->name[0].text == "ago" && f->args.size() == 1)
        if (auto* l = dyn_cast<Literal>(f->args[0]))
            if (auto s = seconds(*l)) {
                a.number = *s;
                a.value_type = ValueType::Ago;
            }
}

// A search's parameters (the properties searched, certainty, distance, alpha...) choose which objects
// come back as much as its query does: `; name=value`, sorted by name.
std::string search_options(const Search& s) {
    std::vector<std::string> options;
    if (!s.properties.empty()) {
        std::vector<std::string> properties;
        for (const Expr* p : s.properties) properties.push_back(to_sql(*p));
        std::sort(properties.begin(), properties.end());
        std::string joined;
        for (const std::string& p : properties) joined += (joined.empty() ? "" : ", ") + p;
        options.push_back("properties=[" + joined + "]");
    }
    for (const Expr* o : s.options)
        if (auto* named = dyn_cast<NamedArg>(o); named && named->value)
            options.push_back(std::string(named->name.text) + "=" + to_sql(*named->value));
    std::sort(options.begin(), options.end());
    std::string out;
    for (const std::string& o : options) out += "; " + o;
    return out;
}

class Extractor {
public:
    Components out;

    explicit Extractor(Language language) : language_(language), spell_(language, nullptr) {}

    // Weaviate's `autocut`, `after` (a cursor), `objectLimit` and a grouped Get's `groups` and
    // `objectsPerGroup` bound the objects returned like a limit does, and `tenant` picks whose objects
    // they are: atoms of those components. KQL's operators kept whole are shaping_option_text's; operator
    // hints and `render` do not choose rows and stay out.
    void row_bound_option(const Expr* option) {
        auto* named = dyn_cast<NamedArg>(option);
        if (!named || !named->value) return;
        const std::string name(named->name.text);
        Component component;
        if (name == "autocut" || name == "after" || name == "objectLimit" || name == "groups" ||
            name == "objectsPerGroup")
            component = Component::Limit;
        else if (name == "tenant")
            component = Component::Collection;
        else
            return;
        AtomKey a;
        a.property = name;
        a.op = name;
        set_value(a, named->value);
        std::string text = name + " " + a.value;
        add(component, make_keyed_atom(std::move(text), named->span, std::move(a)), spell_.option(*named));
    }

    // A KQL operator the front end keeps whole in a block's options that shapes what the block returns
    // (project-away/project-keep, parse, top-nested, make-series, ...): its canonical text, so that two
    // blocks differing only there are not equal; "" for a hint (`hint.strategy`, a dotted name), `render`
    // (a chart of the same rows) and the row-bounding options row_bound_option reads.
    static std::string shaping_option_text(const Node& option) {
        if (auto* named = dyn_cast<NamedArg>(&option)) {
            std::string_view name = named->name.text;
            if (name.find('.') != std::string_view::npos || name == "render" || name == "autocut" ||
                name == "after" || name == "objectLimit" || name == "groups" || name == "objectsPerGroup" ||
                name == "tenant")
                return "";
        }
        return to_sexpr(option);
    }

    // The shaping options of `q` and of the blocks it reads (to_sql does not print them), for the atom of a
    // CTE body or derived table.
    static std::string nested_options_text(const Node& node) {
        std::string text;
        if (auto* q = dyn_cast<Query>(&node))
            for (const Expr* o : q->options) text += shaping_option_text(*o);
        for_each_child(node, [&](const Node& child) { text += nested_options_text(child); });
        return text;
    }

    void run(const Statement* statement) {
        if (!statement) return;
        const Query* q = dyn_cast<Query>(statement);
        if (!q) {
            statement_atoms(*statement);
            return;
        }
        spell_ = AtomSpelling(language_, q);
        std::set<std::string> cte_names;
        collect_relations(*q, cte_names);
        std::set<std::string> seen;
        auto& coll = out[Component::Collection];
        std::vector<Atom> unique;
        for (auto& a : coll)
            if (seen.insert(a.text).second) unique.push_back(a);
        coll = unique;

        // The blocks the top block reads from: each CTE body and derived table, whole (the other
        // components see only the top block).
        for (auto* cte : q->ctes)
            if (cte->query) {
                add(Component::Subqueries,
                    make_atom(to_sql(*cte->query) + nested_options_text(*cte->query), cte->span, {.context = "WITH"}),
                    spell_.query(*cte->query));
            }
        for (const semantics::FromItem& item : semantics::from_items(*q))
            if (auto* d = dyn_cast<DerivedTable>(item.relation); d && d->query) {
                add(Component::Subqueries,
                    make_atom(to_sql(*d->query) + nested_options_text(*d->query), d->span, {.context = "FROM"}),
                    spell_.query(*d->query));
            }

        for (auto* s : q->search) {
            AtomKey a;
            a.op = std::string(enum_name(s->search));
            a.property = "search";
            set_value(a, s->query);
            if (std::string options = search_options(*s); !options.empty()) {
                a.value += options;
                a.number.reset();
            }
            std::string text = a.op + "(" + a.value + ")";
            add(Component::Search, make_keyed_atom(std::move(text), s->span, std::move(a)), spell_.search(*s));
        }
        for (const Expr* o : q->options) {
            row_bound_option(o);
            if (std::string text = shaping_option_text(*o); !text.empty()) {
                auto* named = dyn_cast<NamedArg>(o);
                add(Component::Projection, make_atom(std::move(text), o->span, {.context = "operator"}),
                    named ? spell_.option(*named) : spell_.expression(*o));
            }
        }
        if (q->filter) filter_atoms(q->filter, "", out[Component::Filters]);
        // QUALIFY filters the rows after the block's windows: a filter of its own kind (its conjuncts never
        // match WHERE's), and compared, so that `QUALIFY RANK() .. = 1` is not `QUALIFY ROW_NUMBER() .. = 1`.
        if (q->qualify) filter_atoms(q->qualify, "QUALIFY", out[Component::Filters]);
        if (q->having) filter_atoms(q->having, "", out[Component::Having]);

        std::set<std::string> agg_seen;
        auto add_aggs = [&](const Node& n) { find_aggregates(n, agg_seen, WeaviateSlot::None); };
        for (auto* item : q->aggregations) find_aggregates(*item, agg_seen, weaviate_slot(item->alias.text));
        for (auto* item : q->projection) add_aggs(*item);
        if (q->having) add_aggs(*q->having);
        for (auto* o : q->order_by) add_aggs(*o);

        for (auto* g : q->group_by) add(Component::GroupBy, make_atom(to_sql(*g), g->span), spell_.group_key(*g));

        // DISTINCT ON (keys) keeps one row per key, not one per distinct row: its keys are part of the atom.
        if (q->distinct == DistinctKind::DistinctOn) {
            std::string keys;
            for (const Expr* k : q->distinct_on) keys += (keys.empty() ? "" : ", ") + to_sql(*k);
            out[Component::Projection].push_back(make_atom("DISTINCT ON (" + keys + ")", q->span));
        } else if (q->distinct != DistinctKind::None) {
            add(Component::Projection, make_atom("DISTINCT", q->span), spell_.distinct());
        }
        for (auto* item : q->projection)
            add(Component::Projection, make_atom(to_sql(*item->expr), item->span), spell_.expression(*item->expr));

        for (size_t i = 1; i < q->sources.size(); ++i) {
            std::string relation = relation_name(q->sources[i]);
            std::string text = "cross " + relation;
            add(Component::Joins,
                make_keyed_atom(std::move(text), q->sources[i]->span, {.property = std::move(relation), .op = "cross"}),
                spell_.cross_source(*q->sources[i]));
        }
        for (auto* j : q->joins) {
            AtomKey a;
            a.property = relation_name(j->right);
            a.op = std::string(enum_name(j->join)) + (j->natural ? " natural" : "");
            // KQL's lookup drops the right side's key columns that a join keeps (`id1`): other columns.
            for (const Expr* option : j->options)
                if (auto* named = dyn_cast<NamedArg>(option); named && named->name.text == "lookup") a.op += " lookup";
            if (j->condition) a.value = to_sql(*j->condition);
            if (!j->using_columns.empty()) a.value = "USING " + join_names(j->using_columns);
            std::string text = a.op + " " + a.property + " ON " + a.value;
            add(Component::Joins, make_keyed_atom(std::move(text), j->span, std::move(a)), spell_.join(*j));
        }
        for (size_t i = 0; i < q->order_by.size(); ++i) {
            auto* o = q->order_by[i];
            AtomKey a;
            a.property = to_sql(*o->expr);
            a.op = std::string(enum_name(o->dir));
            a.value = std::string(enum_name(o->nulls));
            a.context = std::to_string(i);
            std::string text = a.property + " " + a.op + (o->nulls == NullsOrder::Default ? "" : " nulls " + a.value);
            add(Component::Order, make_keyed_atom(std::move(text), o->span, std::move(a)), spell_.order(*o));
        }
        // LIMIT and OFFSET are both atoms of the limit component.
        for (auto [bound, name, keyword] :
             {std::tuple{q->limit, "limit", "LIMIT "}, {q->offset, "offset", "OFFSET "}}) {
            if (!bound) continue;
            AtomKey a;
            a.property = name;
            a.op = name;
            set_value(a, bound);
            std::string text = keyword + a.value;
            // A share of the rows or ties kept are SQL's alone: their atoms keep the canonical text.
            std::string spelled = q->limit_percent || q->limit_with_ties
                                      ? std::string()
                                      : spell_.bound(name, *bound, !q->order_by.empty());
            // TOP 10 PERCENT / FETCH FIRST 10 PERCENT is a share of the rows, not 10 of them; WITH TIES
            // returns the rows that tie with the last one too.
            if (bound == q->limit && q->limit_percent) {
                a.op = "limit percent";
                text += " PERCENT";
            }
            if (bound == q->limit && q->limit_with_ties) {
                a.op += " with ties";
                text += " WITH TIES";
            }
            add(Component::Limit, make_keyed_atom(std::move(text), bound->span, std::move(a)), std::move(spelled));
        }
        for (auto* s : q->set_ops) {
            AtomKey a;
            a.op = std::string(enum_name(s->op)) + (s->all ? " all" : "");
            a.value = s->query ? to_sql(*s->query) : "";
            a.property = a.op;
            std::string text = a.op + " " + a.value;
            add(Component::SetOperations, make_keyed_atom(std::move(text), s->span, std::move(a)),
                spell_.set_operation(*s));
        }
    }

private:
    Language language_;
    AtomSpelling spell_;  // for the statement being extracted

    // An atom, with how its query's language writes it ("" when that is its canonical text).
    void add(Component component, Atom atom, std::string spelled) {
        atom.spelled = std::move(spelled);
        out[component].push_back(std::move(atom));
    }

    // A statement other than a query (INSERT, UPDATE, DELETE, DDL): its relations, its WHERE, and the
    // whole statement as one projection atom.
    void statement_atoms(const Statement& st) {
        std::set<std::string> cte_names;
        collect_relations(st, cte_names);
        auto add_table = [&](const List<Name>& name) {
            if (!name.empty()) out[Component::Collection].push_back(make_atom(join_names(name), st.span));
        };
        if (auto* i = dyn_cast<Insert>(&st)) add_table(i->table);
        if (auto* c = dyn_cast<CreateIndex>(&st)) add_table(c->table);
        std::set<std::string> seen;
        std::vector<Atom> unique;
        for (auto& a : out[Component::Collection])
            if (seen.insert(a.text).second) unique.push_back(a);
        out[Component::Collection] = unique;
        const Expr* filter = nullptr;
        if (auto* u = dyn_cast<Update>(&st)) filter = u->filter;
        if (auto* d = dyn_cast<Delete>(&st)) filter = d->filter;
        if (filter) filter_atoms(filter, "", out[Component::Filters]);
        add(Component::Projection, make_atom(to_sql(st), st.span, {.op = std::string(kind_name(st.kind))}),
            spell_.expression(st));
    }

    std::string relation_name(const Relation* r) {
        if (auto* t = dyn_cast<TableRef>(r)) return join_names(t->name);
        if (auto* d = dyn_cast<DerivedTable>(r)) return "(" + (d->query ? to_sql(*d->query) : "") + ")";
        return to_sql(*r);
    }

    // Every base relation of the query, its subqueries, set operations and CTE bodies; CTE names
    // are not base relations.
    void collect_relations(const Node& n, std::set<std::string>& cte_names) {
        if (auto* q = dyn_cast<Query>(&n))
            for (auto* c : q->ctes) cte_names.insert(std::string(c->name.text));
        if (auto* t = dyn_cast<TableRef>(&n)) {
            std::string name = join_names(t->name);
            if (!name.empty() && !cte_names.count(name)) out[Component::Collection].push_back(make_atom(name, t->span));
        }
        for_each_child(n, [&](const Node& c) { collect_relations(c, cte_names); });
    }

    // A structured Weaviate query names the slot it used as the item's alias
    // (parsers/weaviate/lower_structured.cpp).
    static WeaviateSlot weaviate_slot(std::string_view alias) {
        constexpr std::string_view suffix = "_property_aggregation";
        if (alias.size() <= suffix.size() || !alias.ends_with(suffix)) return WeaviateSlot::None;
        alias.remove_suffix(suffix.size());
        if (alias == "integer") return WeaviateSlot::Integer;
        if (alias == "text") return WeaviateSlot::Text;
        if (alias == "boolean") return WeaviateSlot::Boolean;
        return WeaviateSlot::Other;
    }

    void find_aggregates(const Node& n, std::set<std::string>& seen, WeaviateSlot slot) {
        if (isa<Query>(&n)) return;  // a subquery's aggregates are its own
        // an aggregate of the function catalogue in any language: the two queries may be of two
        if (auto* f = dyn_cast<FunctionCall>(&n);
            f && f->name.size() == 1 && !f->over && is_aggregate_call(f->name[0].text, f->args.size())) {
            std::string text = to_sql(*f);
            if (!seen.insert(text).second) return;
            std::string spelled = spell_.aggregate(*f);
            AtomKey a;
            a.op = std::string(f->name[0].text);
            for (auto* arg : f->args) {
                if (!a.property.empty()) a.property += ", ";
                a.property += to_sql(*arg);
            }
            a.value = f->distinct ? "distinct" : "";
            a.slot = slot;
            add(Component::Aggregations, make_keyed_atom(std::move(text), f->span, std::move(a)), std::move(spelled));
            return;
        }
        for_each_child(n, [&](const Node& c) { find_aggregates(c, seen, slot); });
    }

    void filter_atoms(const Expr* e, const std::string& context, std::vector<Atom>& atoms) {
        if (auto* b = dyn_cast<Binary>(e); b && (b->op == BinaryOp::And || b->op == BinaryOp::Or)) {
            std::string ctx =
                context.empty() ? std::string(enum_name(b->op)) : context + "/" + std::string(enum_name(b->op));
            // a flattened chain keeps one context level
            if (!context.empty() && context.size() >= enum_name(b->op).size() &&
                context.substr(context.size() - enum_name(b->op).size()) == enum_name(b->op))
                ctx = context;
            filter_atoms(b->lhs, ctx, atoms);
            filter_atoms(b->rhs, ctx, atoms);
            return;
        }
        AtomKey a;
        a.context = context;
        std::string text = to_sql(*e);
        if (auto* b = dyn_cast<Binary>(e)) {
            a.property = to_sql(*b->lhs);
            a.op = std::string(enum_name(b->op));
            set_value(a, b->rhs);
        } else if (auto* u = dyn_cast<Unary>(e)) {
            if (u->op == UnaryOp::Not) {
                std::vector<Atom> inner;
                filter_atoms(u->operand, context, inner);
                if (inner.size() == 1) {
                    a = *inner[0].key;
                    a.op = "NOT " + a.op;
                } else {
                    a.property = to_sql(*u->operand);
                    a.op = "NOT";
                }
            } else {
                a.property = to_sql(*u->operand);
                a.op = std::string(enum_name(u->op));
            }
        } else if (auto* in = dyn_cast<InList>(e)) {
            a.property = to_sql(*in->expr);
            a.op = "IN";
            a.items.reserve(in->items.size());
            for (auto* item : in->items) {
                a.items.push_back(to_sql(*item));
                a.value += (a.value.empty() ? "" : ", ") + a.items.back();
            }
        } else if (auto* in = dyn_cast<InSubquery>(e)) {
            a.property = to_sql(*in->expr);
            a.op = "IN";
            a.value = to_sql(*in->query);
        } else {
            a.property = text;
            a.op = std::string(kind_name(e->kind));
        }
        atoms.push_back(make_keyed_atom(std::move(text), e->span, std::move(a)));
        atoms.back().spelled = spell_.filter(*e);
    }
};

}  // namespace

Atom make_keyed_atom(std::string text, Span span, AtomKey key) {
    return Atom{std::move(text), span, 0, Language::Sql, std::make_shared<const AtomKey>(std::move(key)), {}};
}

Components extract_components(const ast::Statement* normalized, Language language) {
    Extractor x(language);
    x.run(normalized);
    if (language != Language::Sql)  // (an atom's language is SQL unless said)
        for (std::vector<Atom>& atoms : x.out.values)
            for (Atom& a : atoms) a.language = language;
    return std::move(x.out);
}

Components extract_components(const ast::Script& normalized, Language language) {
    return extract_components(normalized.statements.empty() ? nullptr : normalized.statements[0], language);
}

}  // namespace qdiff
