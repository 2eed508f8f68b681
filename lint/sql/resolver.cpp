// SQL name resolution: builds the blocks (query scopes) and resolves every column reference.
//
// Scoping: a block sees the relations of its FROM clause, as ast/semantics/scope.hpp walks it; a nested query
// (subquery expression, IN/EXISTS, a LATERAL FROM item) also sees its enclosing blocks, nearest first;
// a plain derived table does not see its siblings. CTEs are visible to the query that defines them,
// to later CTEs and to every nested query; a RECURSIVE CTE also to itself. USING and NATURAL join
// columns are coalesced, so they are not ambiguous. Select-list aliases are visible in ORDER BY, and
// in GROUP BY, HAVING and WHERE as far as the dialect allows.
#include <algorithm>

#include "ast/functions.hpp"
#include "ast/semantics/scope.hpp"
#include "diagnostics/suggest.hpp"
#include "lint/sql/analysis.hpp"
#include "support/strings.hpp"

namespace qdiff::linting::sql {
namespace {

using support::iequals;

struct CteEntry {
    std::string_view name;
    std::vector<std::string_view> columns;
    bool columns_known = false;
    const CteEntry* next = nullptr;  // the CTEs visible before this one
};

bool alias_visible(Clause clause, Dialect d) {
    switch (clause) {
        case Clause::OrderBy: return true;
        case Clause::GroupBy: return traits(d).alias_in_group_by;
        case Clause::Having: return traits(d).alias_in_having;
        case Clause::Where: return traits(d).alias_in_where;
        default: return false;
    }
}

class Resolver {
public:
    Resolver(Analysis& out, const SourceText& source, const LintOptions& options)
        : out_(out), text_(source.text()), options_(options) {}

    void statement(const ast::Statement& s) {
        if (auto* q = ast::dyn_cast<ast::Query>(&s)) {
            query(*q, nullptr, nullptr, false);
        } else {
            // Writes are reported by their own rule; their tables and nested queries are still checked.
            for_each_nested(s, nullptr, nullptr);
        }
    }

private:
    // Resolves a query block and returns it.
    Block& query(const ast::Query& q, const Block* parent, const CteEntry* ctes, bool is_subquery) {
        std::deque<CteEntry>& own = cte_storage_.emplace_back();
        for (const ast::Cte* cte : q.ctes) {
            CteEntry& entry = own.emplace_back();
            entry.name = cte->name.text;
            entry.next = ctes;
            entry.columns_known = !cte->columns.empty();
            for (const ast::Name& n : cte->columns) entry.columns.push_back(n.text);
            // A recursive CTE sees itself (with the columns it declares, else any column).
            if (cte->query) {
                Block& body = query(*cte->query, parent, q.recursive ? &entry : ctes, true);
                body.is_cte = true;
                if (cte->columns.empty()) {
                    entry.columns = body.output;
                    entry.columns_known = body.output_known;
                }
            }
            ctes = &entry;
        }

        Block& block = out_.blocks.emplace_back();
        block.query = &q;
        block.parent = parent;
        block.is_subquery = is_subquery;
        std::vector<size_t> join_starts;
        semantics::walk_from(q, from_walker(block, ctes, join_starts));
        output_names(q, block);

        for (const ast::SelectItem* item : q.projection) expr(item->expr, block, ctes, Clause::Select);
        for (const ast::Join* j : q.joins) expr(j->condition, block, ctes, Clause::On);
        expr(q.filter, block, ctes, Clause::Where);
        for (const ast::Expr* e : q.group_by) expr(e, block, ctes, Clause::GroupBy);
        for (const ast::Expr* e : q.distinct_on) expr(e, block, ctes, Clause::Select);
        expr(q.having, block, ctes, Clause::Having);
        expr(q.qualify, block, ctes, Clause::Having);
        for (const ast::WindowDef* w : q.windows) expr(w->spec, block, ctes, Clause::Other);
        for (const ast::SetOp* op : q.set_ops)
            if (op->query) query(*op->query, parent, ctes, is_subquery).is_set_branch = true;
        for (const ast::OrderItem* o : q.order_by) expr(o->expr, block, ctes, Clause::OrderBy);
        expr(q.limit, block, ctes, Clause::Other);
        expr(q.offset, block, ctes, Clause::Other);
        return block;
    }

    // The FROM clause's relations become the block's sources; a join's USING and NATURAL columns are
    // coalesced; the ON conditions of a parenthesised join are resolved where it ends, those of the
    // block's own joins with its other clauses.
    semantics::FromWalker from_walker(Block& block, const CteEntry* ctes, std::vector<size_t>& join_starts) {
        return {
            .relation = [this, &block, ctes](const ast::Relation& r) { relation(r, block, ctes); },
            .join_begins = [&block, &join_starts](const ast::Join&) { join_starts.push_back(block.sources.size()); },
            .join_ends =
                [&block, &join_starts](const ast::Join& j) {
                    size_t before = join_starts.back();
                    join_starts.pop_back();
                    coalesce(j, block, before);
                },
            .group_ends =
                [this, &block, ctes](const ast::JoinedTable& group) {
                    for (const ast::Join* j : group.joins) expr(j->condition, block, ctes, Clause::On);
                },
        };
    }

    // The columns a join names once: USING's, and NATURAL's shared ones (its right side's sources start
    // at `before`).
    static void coalesce(const ast::Join& j, Block& block, size_t before) {
        for (const ast::Name& n : j.using_columns) block.coalesced.push_back(support::to_lower(n.text));
        if (j.natural && before < block.sources.size()) {
            for (size_t r = before; r < block.sources.size(); ++r)
                for (std::string_view c : block.sources[r].columns)
                    for (size_t l = 0; l < before; ++l)
                        if (block.sources[l].has_column(c)) block.coalesced.push_back(support::to_lower(c));
        }
    }

    void relation(const ast::Relation& r, Block& block, const CteEntry* ctes) {
        using namespace ast;
        if (auto* t = dyn_cast<TableRef>(&r)) {
            Source s;
            s.relation = t;
            std::string_view table_name = t->name.empty() ? std::string_view() : t->name.back().text;
            s.name = t->alias.empty() ? table_name : t->alias.text;
            const CteEntry* cte = nullptr;
            if (t->name.size() == 1)
                for (const CteEntry* c = ctes; c; c = c->next)
                    if (iequals(c->name, table_name)) {
                        cte = c;
                        break;
                    }
            if (cte) {
                s.columns = cte->columns;
                s.columns_known = cte->columns_known;
                out_.used_ctes.push_back(cte->name);
            } else if (options_.schema && !table_name.empty()) {
                s.table = options_.schema->find_table(table_name);
                if (s.table) {
                    for (const Column& c : s.table->columns) s.columns.push_back(c.name);
                    s.columns_known = true;
                } else {
                    s.unknown_table = true;
                    std::vector<std::string> names = options_.schema->table_names();
                    out_.unknown_tables.push_back({t, nearest_name(table_name, {names.begin(), names.end()})});
                }
            }
            rename_columns(s, t->column_aliases);
            block.sources.push_back(std::move(s));
        } else if (auto* d = dyn_cast<DerivedTable>(&r)) {
            Source s;
            s.relation = d;
            s.name = d->alias.text;
            if (d->query) {
                Block& inner = query(*d->query, d->lateral ? &block : block.parent, ctes, true);
                s.columns = inner.output;
                s.columns_known = inner.output_known;
            }
            rename_columns(s, d->column_aliases);
            block.sources.push_back(std::move(s));
        } else if (auto* f = dyn_cast<TableFunction>(&r)) {
            Source s;
            s.relation = f;
            s.name = f->alias.text;
            rename_columns(s, f->column_aliases);
            block.sources.push_back(std::move(s));
            expr(f->call, block, ctes, Clause::Other);
        } else if (auto* v = dyn_cast<ValuesTable>(&r)) {
            Source s;
            s.relation = v;
            s.name = v->alias.text;
            rename_columns(s, v->column_aliases);
            block.sources.push_back(std::move(s));
        } else if (auto* sampled = dyn_cast<SampledTable>(&r)) {
            // A sample has its source's columns, under its own alias when it has one.
            if (!sampled->source) return;
            size_t before = block.sources.size();
            std::vector<size_t> join_starts;
            semantics::walk_relation(sampled->source, from_walker(block, ctes, join_starts));
            if (block.sources.size() == before + 1 && !sampled->alias.empty()) {
                block.sources.back().name = sampled->alias.text;
                rename_columns(block.sources.back(), sampled->column_aliases);
            }
        } else if (auto* p = dyn_cast<PivotTable>(&r)) {
            // PIVOT's columns come from the data (the IN values); its expressions read the source's
            // columns, which this block does not see: neither side is checked.
            Source s;
            s.relation = p;
            s.name = p->alias.text;
            rename_columns(s, p->column_aliases);
            block.sources.push_back(std::move(s));
        }
    }

    static void rename_columns(Source& s, const ast::List<ast::Name>& aliases) {
        if (aliases.empty()) return;
        s.columns.clear();
        for (const ast::Name& n : aliases) s.columns.push_back(n.text);
        s.columns_known = true;
    }

    void output_names(const ast::Query& q, Block& block) {
        for (const ast::SelectItem* item : q.projection) {
            if (!item->alias.empty()) {
                block.output.push_back(item->alias.text);
            } else if (auto* c = ast::dyn_cast<ast::ColumnRef>(item->expr); c && !c->path.empty()) {
                block.output.push_back(c->path.back().text);
            } else if (auto* star = ast::dyn_cast<ast::Star>(item->expr)) {
                for (const Source& s : block.sources) {
                    if (!star->qualifier.empty() && !iequals(s.name, star->qualifier.back().text)) continue;
                    if (!s.columns_known) block.output_known = false;
                    for (std::string_view column : s.columns) {
                        // `* EXCEPT (a)` / `* EXCLUDE (a)` leaves a out
                        bool excluded = std::any_of(star->except.begin(), star->except.end(),
                                                    [&](const ast::Name& n) { return iequals(n.text, column); });
                        if (!excluded) block.output.push_back(column);
                    }
                }
            } else {
                // SQLite names it by its text; other databases invent a name. Neither is a usable name.
                block.output.push_back({});
            }
        }
    }

    // Resolves the column references of an expression; nested queries become blocks of their own.
    void expr(const ast::Node* n, Block& block, const CteEntry* ctes, Clause clause) {
        if (n == nullptr) return;
        if (auto* ref = ast::dyn_cast<ast::ColumnRef>(n)) {
            column(*ref, block, clause);
            return;
        }
        if (auto* q = ast::dyn_cast<ast::Query>(n)) {
            query(*q, &block, ctes, true);
            return;
        }
        if (ast::isa<ast::Lambda>(n)) return;
        ast::for_each_child(*n, [&](const ast::Node& child) { expr(&child, block, ctes, clause); });
    }

    // Tables and nested queries of a statement that is not a query (INSERT ... SELECT, UPDATE ...).
    void for_each_nested(const ast::Node& n, const Block* parent, const CteEntry* ctes) {
        ast::for_each_child(n, [&](const ast::Node& child) {
            if (auto* q = ast::dyn_cast<ast::Query>(&child)) {
                query(*q, parent, ctes, false);
            } else if (!ast::isa<ast::Expr>(&child)) {
                for_each_nested(child, parent, ctes);
            }
        });
    }

    void column(const ast::ColumnRef& ref, const Block& block, Clause clause) {
        ColumnResolution r;
        r.ref = &ref;
        r.block = &block;
        r.clause = clause;
        resolve(r, ref, block, clause);
        out_.column_index.emplace(&ref, out_.columns.size());
        out_.columns.push_back(std::move(r));
    }

    void resolve(ColumnResolution& r, const ast::ColumnRef& ref, const Block& block, Clause clause) {
        if (ref.path.empty()) return;
        std::string_view name = ref.path.back().text;
        if (ref.path.size() >= 2) {
            std::string_view qualifier = ref.path[ref.path.size() - 2].text;
            for (const Block* b = &block; b; b = b->parent) {
                const Source* s = b->find_source(qualifier);
                if (!s) continue;
                r.source = s;
                if (!s->columns_known) {
                    r.status = Resolved::Unchecked;
                } else if (s->has_column(name)) {
                    r.status = b == &block ? Resolved::Column : Resolved::OuterColumn;
                    if (s->table) r.column = s->table->find_column(name);
                } else {
                    r.status = Resolved::Unknown;
                    r.suggestion = nearest_name(name, s->columns);
                }
                return;
            }
            r.status = Resolved::UnknownQualifier;
            r.suggestion = nearest_qualifier(qualifier, name, block);
            return;
        }

        bool ordering = clause == Clause::OrderBy;
        if (ordering && is_output_alias(block, name)) {
            r.status = Resolved::OutputAlias;
            return;
        }
        for (const Block* b = &block; b; b = b->parent) {
            bool unchecked = false;
            for (const Source& s : b->sources) {
                if (!s.columns_known) {
                    unchecked = true;
                } else if (s.has_column(name)) {
                    if (r.source == nullptr) r.source = &s;
                    r.matches.push_back(s.name);
                }
            }
            if (r.matches.size() > 1 && !is_coalesced(*b, name)) {
                r.status = Resolved::Ambiguous;
                r.source = nullptr;
                return;
            }
            if (r.source) {
                r.status = b == &block ? Resolved::Column : Resolved::OuterColumn;
                if (r.source->table) r.column = r.source->table->find_column(name);
                r.matches.clear();
                return;
            }
            if (b == &block && alias_visible(clause, options_.dialect) && is_output_alias(block, name)) {
                r.status = Resolved::OutputAlias;
                return;
            }
            if (unchecked) {
                r.status = Resolved::Unchecked;
                return;
            }
        }
        if (double_quoted(ref) && !traits(options_.dialect).double_quotes_name) {
            r.status = Resolved::StringLiteral;
            return;
        }
        r.status = Resolved::Unknown;
        std::vector<std::string_view> in_scope;
        for (const Block* b = &block; b; b = b->parent)
            for (const Source& s : b->sources) in_scope.insert(in_scope.end(), s.columns.begin(), s.columns.end());
        r.suggestion = nearest_name(name, in_scope);
    }

    // For `c.name` where no `c` is in scope: the table or alias in scope the author meant (`cu`), among
    // those that have the column first: close in spelling, or the one whose name starts with it.
    static std::string nearest_qualifier(std::string_view qualifier, std::string_view column, const Block& block) {
        std::vector<std::string_view> with_column, all;
        for (const Block* b = &block; b; b = b->parent)
            for (const Source& s : b->sources) {
                if (s.name.empty()) continue;
                all.push_back(s.name);
                if (s.columns_known && s.has_column(column)) with_column.push_back(s.name);
            }
        auto extending = [&](const std::vector<std::string_view>& names) {
            std::string_view found;
            for (std::string_view n : names) {
                if (n.size() <= qualifier.size() || !iequals(n.substr(0, qualifier.size()), qualifier)) continue;
                if (!found.empty()) return std::string();  // two candidates: no guess
                found = n;
            }
            return std::string(found);
        };
        for (const auto* names : {&with_column, &all}) {
            if (std::string s = nearest_name(qualifier, *names); !s.empty()) return s;
            if (std::string s = extending(*names); !s.empty()) return s;
        }
        return "";
    }

    static bool is_output_alias(const Block& block, std::string_view name) {
        for (const ast::SelectItem* item : block.query->projection)
            if (!item->alias.empty() && iequals(item->alias.text, name)) return true;
        return false;
    }

    static bool is_coalesced(const Block& b, std::string_view name) {
        return std::any_of(b.coalesced.begin(), b.coalesced.end(),
                           [&](const std::string& c) { return iequals(c, name); });
    }

    bool double_quoted(const ast::ColumnRef& ref) const {
        return ref.path.size() == 1 && ref.span.begin < text_.size() && text_[ref.span.begin] == '"';
    }

    Analysis& out_;
    std::string_view text_;
    const LintOptions& options_;
    std::deque<std::deque<CteEntry>> cte_storage_;  // CteEntry addresses stay valid
};

}  // namespace

bool Source::has_column(std::string_view column) const {
    return std::any_of(columns.begin(), columns.end(), [&](std::string_view c) { return iequals(c, column); });
}

const Source* Block::find_source(std::string_view name) const {
    for (const Source& s : sources)
        if (iequals(s.name, name)) return &s;
    // A table referred to by its own name although it has an alias: accepted by SQLite and MySQL.
    for (const Source& s : sources)
        if (auto* t = ast::dyn_cast<ast::TableRef>(s.relation);
            t && !t->name.empty() && iequals(t->name.back().text, name))
            return &s;
    return nullptr;
}

const ColumnResolution* Analysis::resolution(const ast::ColumnRef& ref) const {
    auto it = column_index.find(&ref);
    return it == column_index.end() ? nullptr : &columns[it->second];
}

ColumnType Analysis::type_of(const ast::Expr* e) const {
    if (auto* lit = ast::dyn_cast<ast::Literal>(e)) {
        switch (lit->type) {
            case ast::LiteralType::Integer: return ColumnType::Integer;
            case ast::LiteralType::Decimal: return ColumnType::Real;
            case ast::LiteralType::String: return ColumnType::Text;
            case ast::LiteralType::Boolean: return ColumnType::Boolean;
            default: return ColumnType::Unknown;
        }
    }
    if (auto* ref = ast::dyn_cast<ast::ColumnRef>(e)) {
        const ColumnResolution* r = resolution(*ref);
        if (r && r->column) return r->column->type;
    }
    return ColumnType::Unknown;
}

Analysis analyze(const ast::Script& script, const SourceText& source, const LintOptions& options) {
    Analysis out;
    Resolver resolver(out, source, options);
    for (const ast::Statement* s : script.statements) resolver.statement(*s);
    return out;
}

bool is_aggregate(const ast::FunctionCall& call) {
    return call.over == nullptr && call.name.size() == 1 &&
           ast::is_aggregate_call(call.name.back().text, call.args.size(), Language::Sql);
}

Span name_span(const SourceText& source, Span within, std::string_view name) {
    std::string_view text = source.slice(within);
    if (name.empty() || name.size() > text.size()) return within;
    for (size_t at = text.size() - name.size() + 1; at-- > 0;)
        if (iequals(text.substr(at, name.size()), name))
            return Span{within.begin + static_cast<uint32_t>(at),
                        within.begin + static_cast<uint32_t>(at + name.size())};
    return within;
}

void conjuncts(const ast::Expr* e, std::vector<const ast::Expr*>& out) {
    if (e == nullptr) return;
    if (auto* b = ast::dyn_cast<ast::Binary>(e); b && b->op == ast::BinaryOp::And) {
        conjuncts(b->lhs, out);
        conjuncts(b->rhs, out);
    } else {
        out.push_back(e);
    }
}

bool has_aggregate(const ast::Node* n) {
    bool found = false;
    for_each_in_expr(n, [&](const ast::Node& x) {
        if (auto* f = ast::dyn_cast<ast::FunctionCall>(&x); f && is_aggregate(*f)) found = true;
    });
    return found;
}

bool single_row_aggregate(const ast::Query& q) {
    if (!q.group_by.empty()) return false;  // one row per group
    if (q.having) return true;
    for (const ast::SelectItem* item : q.projection)
        if (has_aggregate(item->expr)) return true;
    return false;
}

std::string_view function_name(const ast::FunctionCall& call) {
    return call.name.empty() ? std::string_view() : call.name.back().text;
}

std::string nearest_name(std::string_view name, const std::vector<std::string_view>& candidates, bool case_variants) {
    std::string best = diagnostics::closest_name(name, candidates, {.case_variants = case_variants});
    if (!best.empty()) return best;
    // Not a typo but a shortened or lengthened name: `customer` for customer_id, `city_name` for city.
    // Only when one candidate alone fits.
    auto extends = [](std::string_view longer, std::string_view shorter) {
        return longer.size() > shorter.size() + 1 && longer.size() <= shorter.size() + 5 &&
               longer[shorter.size()] == '_' && iequals(longer.substr(0, shorter.size()), shorter);
    };
    for (std::string_view c : candidates) {
        if (!extends(c, name) && !extends(name, c)) continue;
        if (!best.empty()) return "";
        best = c;
    }
    return best;
}

}  // namespace qdiff::linting::sql
