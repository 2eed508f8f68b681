#include "stages/results/kql/judge.hpp"

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>

#include "qdiff/schema.hpp"
#include "stages/results/kql/databases.hpp"
#include "stages/results/synth/shrink.hpp"
#include "stages/results/synth/stage_source.hpp"
#include "support/strings.hpp"

namespace qdiff::results::kql {

namespace {

using synth::Counterexample;
using synth::SynthOutcome;
using synth::Verdict;

struct Pair {
    KqlRunResult expected, generated;
};

Pair run_both(const KqlDatabase& db, const ParseResult& expected, const ParseResult& generated,
              const synth::SynthOptions& options, int64_t now) {
    KqlRunOptions run_options;
    run_options.now_ticks = now;
    run_options.limits = options.limits;
    return {run_kql(expected, db, run_options), run_kql(generated, db, run_options)};
}

bool same_rows(const ResultSet& a, const ResultSet& b) {
    if (a.columns.size() != b.columns.size() || a.rows.size() != b.rows.size()) return false;
    for (size_t i = 0; i < a.rows.size(); ++i)
        if (!(a.rows[i] == b.rows[i])) return false;
    return true;
}

size_t row_count(const KqlDatabase& db) {
    size_t n = 0;
    for (const KqlTable& t : db.tables) n += t.rows.size();
    return n;
}

// Deletes chunks of rows (halves, quarters, ... single rows, each table in turn) while the two
// queries still disagree; at most max_shrink_runs pairs or max_shrink_seconds.
KqlDatabase shrink(KqlDatabase db, const ParseResult& expected, const ParseResult& generated,
                   const synth::Judging& judging, const synth::SynthOptions& options, int64_t now, Pair& last) {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(options.max_shrink_seconds));
    size_t runs = 0;
    auto still_differs = [&](const KqlDatabase& candidate, Pair& out) {
        ++runs;
        out = run_both(candidate, expected, generated, options, now);
        return out.expected.exec.status == ExecStatus::Ok && out.generated.exec.status == ExecStatus::Ok &&
               synth::separates(out.expected.exec.result, out.generated.exec.result, judging).has_value();
    };
    for (size_t t = 0; t < db.tables.size(); ++t) {
        for (size_t chunk = std::max<size_t>(1, db.tables[t].rows.size() / 2); chunk >= 1; chunk /= 2) {
            for (size_t start = 0; start < db.tables[t].rows.size();) {
                if (runs >= options.max_shrink_runs || std::chrono::steady_clock::now() >= deadline) return db;
                KqlDatabase candidate = db;
                auto& rows = candidate.tables[t].rows;
                rows.erase(rows.begin() + long(start), rows.begin() + long(std::min(rows.size(), start + chunk)));
                Pair result;
                if (still_differs(candidate, result)) {
                    db = std::move(candidate);
                    last = std::move(result);
                } else {
                    start += chunk;
                }
            }
            if (chunk == 1) break;
        }
    }
    return db;
}

// One database: nullopt when the two agree, else the outcome (different, error, or undecided when the
// expected query fails). `kind`: what a synthesized database is for (named in the reason, as the SQL
// path does); none for the given tables.
std::optional<SynthOutcome> judge_one(const KqlDatabase& db, size_t index, const std::string& where,
                                      std::optional<synth::DataKind> kind, const ParseResult& expected,
                                      const ParseResult& generated, const synth::Judging& judging,
                                      const synth::SynthOptions& options, int64_t now, Pair& results) {
    results = run_both(db, expected, generated, options, now);
    SynthOutcome out;
    if (results.expected.exec.status != ExecStatus::Ok) {
        out.verdict = Verdict::Undecided;
        out.reason = "the expected query fails on " + where + ": " + results.expected.exec.error;
        return out;
    }
    if (results.generated.exec.status != ExecStatus::Ok) {
        out.verdict = Verdict::Error;
        out.timed_out = results.generated.exec.status == ExecStatus::Timeout;
        out.reason = "the generated query fails on " + where + ": " + results.generated.exec.error;
        return out;
    }
    auto why = synth::separates(results.expected.exec.result, results.generated.exec.result, judging);
    if (!why) return std::nullopt;
    Pair last = results;
    KqlDatabase small = shrink(db, expected, generated, judging, options, now, last);
    Counterexample c;
    c.database = index;
    synth::LiteralHints hints;
    synth::collect_hints(expected, hints);
    synth::collect_hints(generated, hints);
    c.data = synth::involved_tables(to_synth_database(small), hints);
    c.expected = last.expected.exec.result;
    c.generated = last.generated.exec.result;
    c.explanation = *synth::separates(c.expected, c.generated, judging);
    out.verdict = Verdict::Different;
    std::string what;
    // A plain difference that only a take (LIMIT) of one query makes is the LIMIT's cut, as on the SQL path.
    if (kind == synth::DataKind::Plain && synth::cut_by_one_limit(c, expected, generated)) kind = synth::DataKind::LimitCut;
    if (kind) {
        out.kind = *kind;
        what =
            std::string(synth::kind_name(*kind)) + (*kind != synth::DataKind::Plain ? ": edge cases only" : "") + ", ";
    }
    out.reason = "different on " + where + " (" + what + "shrunk to " + support::counted(row_count(small), "row") +
                 "): " + c.explanation;
    out.counterexample = std::move(c);
    return out;
}

}  // namespace

SynthOutcome compare_kql_on_synthesized(const Schema& schema, const ParseResult& expected, const ParseResult& generated,
                                        bool ordered, const std::vector<size_t>& order_keys,
                                        const synth::SynthOptions& options, int64_t now) {
    SynthOutcome out;
    synth::LiteralHints hints;
    synth::collect_hints(expected, hints);
    synth::collect_hints(generated, hints);
    add_kql_hints(expected, hints, now);
    add_kql_hints(generated, hints, now);
    const synth::Judging judging = synth::judging_for(ordered, order_keys, options);
    // Only the tables the queries name are filled (Kusto schemas hold dozens of wide tables).
    Schema named;
    for (const qdiff::Table& t : schema.tables)
        for (const std::string& name : hints.tables)
            if (support::iequals(t.name, name)) {
                named.tables.push_back(t);
                break;
            }
    const Schema& used = named.tables.empty() ? schema : named;
    const KqlHints typed = kql_hints_for(used, std::move(hints));
    std::optional<ResultSet> first_expected;
    bool expected_varies = false;
    for (size_t i = 0; i < options.databases; ++i) {
        KqlDatabase db = synthesize_kql(used, typed, options.seed, i, now);
        Pair results;
        auto decided = judge_one(db, i, "synthesized database " + std::to_string(i), kql_database_kind(typed, i),
                                 expected, generated, judging, options, now, results);
        ++out.databases_run;
        if (decided) {
            decided->databases_run = out.databases_run;
            decided->nonempty_results = out.nonempty_results;
            decided->edge_cases_only = decided->verdict == Verdict::Different && decided->kind != synth::DataKind::Plain;
            return *decided;
        }
        const ResultSet& e = results.expected.exec.result;
        if (!e.rows.empty() || !results.generated.exec.result.rows.empty()) ++out.nonempty_results;
        if (!first_expected)
            first_expected = e;
        else if (!same_rows(*first_expected, e))
            expected_varies = true;
    }
    if (out.nonempty_results == 0) {
        out.verdict = Verdict::Undecided;
        out.reason = "both results are empty on all " + std::to_string(out.databases_run) +
                     " synthesized databases: nothing was tested";
    } else if (!expected_varies && out.databases_run > 1) {
        out.verdict = Verdict::Undecided;
        out.reason = "the results agree, but the expected result is the same on all " +
                     std::to_string(out.databases_run) + " synthesized databases: the data never reached it";
    } else {
        out.verdict = Verdict::Equal;
        out.reason = "the results agree on all " + std::to_string(out.databases_run) + " synthesized databases";
    }
    return out;
}

SynthOutcome compare_kql_on_tables(const KqlDatabase& db, const ParseResult& expected, const ParseResult& generated,
                                   bool ordered, const std::vector<size_t>& order_keys,
                                   const synth::SynthOptions& options, int64_t now) {
    const synth::Judging judging = synth::judging_for(ordered, order_keys, options);
    Pair results;
    auto decided =
        judge_one(db, 0, "the given tables", std::nullopt, expected, generated, judging, options, now, results);
    if (decided) {
        decided->databases_run = 1;
        return *decided;
    }
    SynthOutcome out;
    out.databases_run = 1;
    if (results.expected.exec.result.rows.empty() && results.generated.exec.result.rows.empty()) {
        out.verdict = Verdict::Undecided;
        out.reason = "both results are empty on the given tables: nothing was tested";
    } else {
        out.nonempty_results = 1;
        out.verdict = Verdict::Equal;
        out.reason = "the results agree on the given tables";
    }
    return out;
}

bool handles(const Case& c, const std::string& db) {
    if (!c.expected_result.empty() || !c.generated_result.empty() || c.expected.empty()) return false;
    Language language = c.language == Language::Auto ? detect_language(c.expected) : c.language;
    return language == Language::Kql && (synth::is_synth_db(db) || is_tables_db(db));
}

StageResult evaluate_case(const Case& c, const StageContext& context, const std::string& db,
                          const ResultsOptions& options) {
    StageResult r;
    ParseOptions parse_options{.language = Language::Kql, .dialect = c.dialect};
    std::optional<ParseResult> own_expected, own_generated;
    const ParseResult* expected = context.expected;
    const ParseResult* generated = context.generated;
    if (!expected || expected->language() != Language::Kql) expected = &own_expected.emplace(parse(c.expected, parse_options));
    if (!generated || generated->language() != Language::Kql)
        generated = &own_generated.emplace(parse(c.generated, parse_options));
    ResultOrder order = result_order(*expected);
    bool ordered = c.expected_ordered || order.ordered;

    if (is_tables_db(db)) {
        // Like SQL on a real database: both results, compared in the stage's mode.
        KqlDatabase tables;
        std::string error;
        if (!load_tables_dir(db.substr(7), tables, error)) {
            r.status = StageStatus::Error;
            r.reason = error;
            return r;
        }
        MatchMode mode;
        if (!parse_match_mode(options.mode, mode)) {
            r.status = StageStatus::Error;
            r.reason = unknown_match_mode(options.mode);
            return r;
        }
        KqlRunOptions run_options;
        run_options.limits = {options.timeout_seconds, options.row_cap};
        KqlRunResult e = run_kql(*expected, tables, run_options);
        if (e.exec.status != ExecStatus::Ok) {
            r.status = StageStatus::Error;
            r.reason = "expected result unavailable: " + e.exec.error;
            return r;
        }
        KqlRunResult g = run_kql(*generated, tables, run_options);
        r.details["generated_seconds"] = nlohmann::json(g.exec.seconds).dump();
        if (g.exec.status != ExecStatus::Ok) {
            r.status = g.exec.status == ExecStatus::Timeout ? StageStatus::Timeout : StageStatus::Error;
            r.reason = "generated query: " + g.exec.error;
            return r;
        }
        Comparison cmp = compare_results(e.exec.result, g.exec.result, ordered, mode, options.tolerance, order.keys,
                                         options.positional_columns);
        compared(r, cmp, options.mode, ordered, e.exec.result.truncated || g.exec.result.truncated);
        return r;
    }

    synth::SynthOptions synth_options;
    std::string error;
    if (!synth::stage_synth_options(db, options, synth_options, error)) {
        r.status = StageStatus::Error;
        r.reason = error;
        return r;
    }
    std::optional<SchemaLoadResult> loaded;
    const Schema* schema = synth::case_schema(c, context, loaded, r.reason);
    if (!schema) return r;
    SynthOutcome outcome = compare_kql_on_synthesized(*schema, *expected, *generated, ordered, order.keys,
                                                      synth_options, kDefaultNowTicks);
    StageResult verdict = synth::outcome_result(outcome, synth_options.seed);
    verdict.details.insert(r.details.begin(), r.details.end());
    return verdict;
}

}  // namespace qdiff::results::kql
