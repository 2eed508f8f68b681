// ungrouped-column: in a grouped or aggregated block, a selected (HAVING, ORDER BY) column that is
// neither grouped, nor inside an aggregate, nor functionally dependent on a grouped primary key (as
// MySQL and PostgreSQL accept). SQLite accepts any bare column (it takes the value of an arbitrary row
// of the group), so in the sqlite and generic dialects this is a warning; elsewhere an error.
#include <set>

#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"
#include "support/strings.hpp"

namespace qdiff::linting::rules {
namespace {

class GroupCheck {
public:
    GroupCheck(LintContext& ctx, const sql::Block& block) : ctx_(ctx), q_(*block.query) {}

    void run() {
        bool aggregated = !q_.group_by.empty() || sql::has_aggregate(q_.having);
        for (const ast::SelectItem* item : q_.projection) aggregated = aggregated || sql::has_aggregate(item->expr);
        if (!aggregated) return;
        for (const ast::Expr* g : q_.group_by) add_grouped(g);
        for (const ast::SelectItem* item : q_.projection) check(item->expr);
        check(q_.having);
        for (const ast::OrderItem* o : q_.order_by) check(o->expr);
    }

private:
    void add_grouped(const ast::Expr* g, bool by_position = true) {
        // GROUP BY 2 and GROUP BY alias group by a select-list expression (`SELECT 1 ... GROUP BY 1`
        // groups by the constant: positions are looked up once).
        if (auto* lit = ast::dyn_cast<ast::Literal>(g); by_position && lit && lit->type == ast::LiteralType::Integer) {
            size_t i = std::strtoul(std::string(lit->text).c_str(), nullptr, 10);
            if (i >= 1 && i <= q_.projection.size()) add_grouped(q_.projection[i - 1]->expr, false);
            return;
        }
        grouped_exprs_.push_back(g);
        auto* ref = ast::dyn_cast<ast::ColumnRef>(g);
        if (!ref) return;
        const sql::ColumnResolution* r = ctx_.sql->resolution(*ref);
        if (r && r->status == sql::Resolved::OutputAlias) {
            for (const ast::SelectItem* item : q_.projection)
                if (support::iequals(item->alias.text, ref->path.back().text)) grouped_exprs_.push_back(item->expr);
        } else if (r && r->source) {
            grouped_.insert({r->source, support::to_lower(ref->path.back().text)});
        }
    }

    // The columns of a table whose whole primary key is grouped are determined by the group.
    bool dependent(const sql::Source* s) const {
        if (!s->table) return false;
        std::vector<std::string> key;
        for (const std::string& k : s->table->primary_key) key.push_back(support::to_lower(k));
        if (key.empty())
            for (const Column& c : s->table->columns)
                if (c.primary_key) key.push_back(support::to_lower(c.name));
        if (key.empty()) return false;
        for (const std::string& k : key)
            if (!grouped_.count({s, k})) return false;
        return true;
    }

    void check(const ast::Node* n) {
        if (n == nullptr || ast::isa<ast::Query>(n)) return;
        for (const ast::Expr* g : grouped_exprs_)
            if (ast::equal(g, n)) return;
        if (auto* f = ast::dyn_cast<ast::FunctionCall>(n); f && sql::is_aggregate(*f)) return;
        if (auto* ref = ast::dyn_cast<ast::ColumnRef>(n)) {
            const sql::ColumnResolution* r = ctx_.sql->resolution(*ref);
            if (!r || r->status != sql::Resolved::Column || !r->source) return;
            std::string name = support::to_lower(ref->path.back().text);
            if (grouped_.count({r->source, name}) || dependent(r->source)) return;
            if (!reported_.insert({r->source, name}).second) return;
            Diagnostic d = make_diagnostic(DiagId::LintUngroupedColumn, ref->span, {ctx_.source().slice(ref->span)});
            if (traits(ctx_.dialect()).bare_columns_in_groups) {
                d.severity = Severity::Warning;
                d.notes.push_back({ref->span, "SQLite takes its value from an arbitrary row of the group"});
            }
            // The fix most often meant: group by it too (after the last GROUP BY key).
            if (!q_.group_by.empty() && !ref->span.empty() && !q_.group_by.back()->span.empty()) {
                uint32_t after = q_.group_by.back()->span.end;
                std::string column(ctx_.source().slice(ref->span));
                d.notes.push_back({ref->span, "add '" + column + "' to GROUP BY"});
                d.fixits.push_back({{after, after}, ", " + column});
            }
            ctx_.report(std::move(d));
            return;
        }
        ast::for_each_child(*n, [&](const ast::Node& child) { check(&child); });
    }

    LintContext& ctx_;
    const ast::Query& q_;
    std::vector<const ast::Expr*> grouped_exprs_;
    std::set<std::pair<const sql::Source*, std::string>> grouped_;
    std::set<std::pair<const sql::Source*, std::string>> reported_;
};

}  // namespace

void ungrouped_column(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) GroupCheck(ctx, b).run();
}

}  // namespace qdiff::linting::rules
