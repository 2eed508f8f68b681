// Shrinking a counterexample: rows are deleted while both queries still disagree (shrink.cpp).
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "stages/results/synth/synth.hpp"

namespace qdiff::results::synth {

// How two results are compared (the expected query's order and the tolerance).
struct Judging {
    bool ordered = false;
    std::vector<size_t> order_keys;
    double tolerance = 1e-6;
    bool as_sets = false;     // the results mode is `set` (BIRD): duplicates and order never count
    bool positional = false;  // columns pair by position
};
// The comparison `options` ask for (tolerance, sets, positional columns), with the expected query's order.
Judging judging_for(bool ordered, const std::vector<size_t>& order_keys, const SynthOptions& options);

// Why `generated` is not the same result as `expected`, or nullopt when it is (judge.cpp).
std::optional<std::string> separates(const ResultSet& expected, const ResultSet& generated, const Judging& judging);

// Deletes rows of `c.data` (halves, then quarters, ... then single rows, each table in turn) while
// the two queries still disagree and no remaining row loses the row its foreign key refers to; the
// results and explanation are those of the smallest database kept. At most
// options.max_shrink_runs databases are tried. `no_difference`, when given, says that results which
// `separates` tells apart are still no difference on that data (each query's result is another cut of the
// other's ties at its ORDER BY .. LIMIT): such a database is not kept.
using NoDifference =
    std::function<bool(const SynthDatabase& data, const ResultSet& expected, const ResultSet& generated)>;
void shrink(Counterexample& c, const Schema& schema, const std::string& expected_sql, const std::string& generated_sql,
            const Judging& judging, const SynthOptions& options, const NoDifference& no_difference = {});

// Only the tables the queries name (`hints.tables`), for a counterexample; all of them when no name matches.
SynthDatabase involved_tables(const SynthDatabase& db, const LiteralHints& hints);

}  // namespace qdiff::results::synth
