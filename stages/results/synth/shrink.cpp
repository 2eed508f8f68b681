// Counterexample shrinking (shrink.hpp): a delta-debugging pass over rows, chunk sizes halving.
#include "stages/results/synth/shrink.hpp"

#include <chrono>

#include "support/strings.hpp"

namespace qdiff::results::synth {
namespace {

size_t index_of(const std::vector<std::string>& names, std::string_view name) {
    for (size_t i = 0; i < names.size(); ++i)
        if (support::iequals(names[i], name)) return i;
    return size_t(-1);
}

const SynthTable* find(const SynthDatabase& db, std::string_view name) {
    for (const SynthTable& t : db.tables)
        if (support::iequals(t.name, name)) return &t;
    return nullptr;
}

// Every non-NULL foreign key of every row still finds its referenced row.
bool references_hold(const SynthDatabase& db, const Schema& schema) {
    for (const SynthTable& t : db.tables) {
        const Table* table = schema.find_table(t.name);
        if (!table) continue;
        for (const ForeignKey& fk : table->foreign_keys) {
            const SynthTable* target = find(db, fk.referenced_table);
            const Table* target_schema = schema.find_table(fk.referenced_table);
            if (!target || !target_schema) continue;
            std::vector<size_t> from, to;
            for (size_t k = 0; k < fk.columns.size(); ++k) {
                from.push_back(index_of(t.columns, fk.columns[k]));
                std::string referenced = k < fk.referenced_columns.size()        ? fk.referenced_columns[k]
                                         : k < target_schema->primary_key.size() ? target_schema->primary_key[k]
                                                                                 : "";
                to.push_back(index_of(target->columns, referenced));
            }
            bool known = true;
            for (size_t k = 0; k < from.size(); ++k) known &= from[k] != size_t(-1) && to[k] != size_t(-1);
            if (!known) continue;
            for (const auto& row : t.rows) {
                bool null = false;
                for (size_t f : from) null |= std::holds_alternative<Null>(row[f]);
                if (null) continue;
                bool found = false;
                for (const auto& candidate : target->rows) {
                    bool same = true;
                    for (size_t k = 0; k < from.size() && same; ++k) same = candidate[to[k]] == row[from[k]];
                    if (same) {
                        found = true;
                        break;
                    }
                }
                if (!found) return false;
            }
        }
    }
    return true;
}

}  // namespace

void shrink(Counterexample& c, const Schema& schema, const std::string& expected_sql, const std::string& generated_sql,
            const Judging& judging, const SynthOptions& options, const NoDifference& no_difference) {
    size_t runs = 0;
    const auto stop_at =
        std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                               std::chrono::duration<double>(options.max_shrink_seconds));
    // Tries `candidate`; keeps it when the queries still disagree on it.
    auto attempt = [&](SynthDatabase candidate) {
        if (runs >= options.max_shrink_runs || std::chrono::steady_clock::now() >= stop_at) {
            runs = options.max_shrink_runs;
            return false;
        }
        if (!references_hold(candidate, schema)) return false;
        ++runs;
        auto results = run_on(candidate, {expected_sql, generated_sql}, options.limits);
        if (results[0].status != ExecStatus::Ok || results[1].status != ExecStatus::Ok) return false;
        auto why = separates(results[0].result, results[1].result, judging);
        if (!why || (no_difference && no_difference(candidate, results[0].result, results[1].result))) return false;
        c.data = std::move(candidate);
        c.expected = std::move(results[0].result);
        c.generated = std::move(results[1].result);
        c.explanation = *why;
        return true;
    };
    // Whole tables first: most of a schema is not in the queries (an empty table shows nothing).
    for (size_t t = c.data.tables.size(); t-- > 0;) {
        if (c.data.tables[t].rows.empty()) continue;
        SynthDatabase candidate = c.data;
        candidate.tables[t].rows.clear();
        attempt(std::move(candidate));
    }
    size_t largest = 0;
    for (const SynthTable& t : c.data.tables) largest = std::max(largest, t.rows.size());
    for (size_t chunk = std::max<size_t>(1, largest / 2);; chunk /= 2) {
        bool progress = true;
        while (progress && runs < options.max_shrink_runs) {
            progress = false;
            // Referencing tables come later in the schema as often as not: go backwards so that a
            // referencing row goes before the row it needs.
            for (size_t t = c.data.tables.size(); t-- > 0;) {
                for (size_t start = 0; start < c.data.tables[t].rows.size();) {
                    SynthDatabase candidate = c.data;
                    auto& rows = candidate.tables[t].rows;
                    rows.erase(rows.begin() + long(start), rows.begin() + long(std::min(rows.size(), start + chunk)));
                    if (attempt(std::move(candidate)))
                        progress = true;
                    else
                        start += chunk;
                }
            }
        }
        if (chunk == 1 || runs >= options.max_shrink_runs) break;
    }
}

}  // namespace qdiff::results::synth
