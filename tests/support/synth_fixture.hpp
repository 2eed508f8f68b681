// Tests of the synthesized databases: a schema from DDL, SQLite text parsed, and two queries judged on
// the synthesized databases as `qdiff batch` judges them (ordered when the expected query orders).
#pragma once
#include <string>

#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"
#include "stages/results/synth/synth.hpp"

namespace qdiff::testing {

// The schema `ddl` declares (a test failure when it does not load); `name` names it in messages.
Schema schema_from_ddl(const char* ddl, const std::string& name);
ParseResult sqlite(const std::string& text);
// Both queries must parse (a test failure otherwise).
results::synth::SynthOutcome judge_on_synth(const Schema& schema, const std::string& expected,
                                            const std::string& generated, results::synth::SynthOptions options = {});
// The literal hints of one or two queries, as the stage collects them from both.
results::synth::LiteralHints hints_of(const std::string& a, const std::string& b = "");
const results::synth::SynthTable& table(const results::synth::SynthDatabase& db, const std::string& name);
// The pair differs, with a counterexample, on a database of `kind` (an edge case unless plain) for seed 1
// and for at least four of seeds 2..6, and no seed shows it on a plain database when the kind is not
// plain. Rows compare as sets (BIRD's comparison) or as bags.
void check_separated_by(const Schema& schema, const std::string& expected, const std::string& generated,
                        results::synth::DataKind kind, bool as_sets = true);

}  // namespace qdiff::testing
