// Where a KQL query's tables come from: `--db tables:DIR` (one CSV or JSON-lines file per table) and
// `--db synth` (a schema's tables filled by the synth generator, with KQL types). Both also give the
// same data as a synth::SynthDatabase, so an SQL query runs on exactly the same rows.
#pragma once
#include <string>
#include <string_view>

#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"
#include "stages/results/kql/kql_exec.hpp"
#include "stages/results/synth/synth.hpp"

namespace qdiff::results::kql {

bool is_tables_db(std::string_view db);  // "tables:DIR"

// Reads DIR/NAME.csv, DIR/NAME.jsonl and DIR/NAME.json (JSON lines: one object per line) as table
// NAME, its columns in the order of the CSV header or of first mention in the JSON lines. A column's type is the narrowest that fits every non-empty value: bool (true/false), long,
// real, datetime (ISO 8601 texts), dynamic (JSON objects and arrays), else string. An empty CSV cell
// is null (an empty string in a string column). False with `error` set when DIR or a file is
// unreadable or malformed.
bool load_tables_dir(const std::string& dir, KqlDatabase& out, std::string& error);

// The KQL type a schema's declared type names (Kusto's own names, SQL's common ones), string otherwise.
KType kql_type_of(const Column& column);

// The queries' hints with `schema`'s datetime columns marked as dates (the generator draws them as
// dates): what synthesize_kql and the kind of each database read. Built once per schema and pair of
// queries, not once per database.
struct KqlHints {
    synth::LiteralHints typed;
};
KqlHints kql_hints_for(const Schema& schema, synth::LiteralHints hints);

// Database `index` of the synth generator for `schema`, typed for KQL: datetime columns are moved so
// that they spread around the ago() windows of `now_ticks` (the last hour, day, week and month), and
// the hints of the queries (their literals) reach the columns they are compared with.
KqlDatabase synthesize_kql(const Schema& schema, const KqlHints& hints, uint64_t seed, size_t index, int64_t now_ticks);
// The kind of database `index` that synthesize_kql builds (plain, nulls, ties, ...): what a difference
// found on it is reported as.
synth::DataKind kql_database_kind(const KqlHints& hints, size_t index);

// Values that separate KQL's operators, added to `hints` (both queries' hints go into one set): for a
// column compared with a string literal (has, contains, startswith, endswith, ==, =~, in, in~, ...),
// the literal in other cases, as a whole term, inside a longer term and at both ends; for a column
// compared with ago(span) or now() +- span, datetimes a minute inside and outside that window.
void add_kql_hints(const ParseResult& parsed, synth::LiteralHints& hints, int64_t now_ticks);

// The same rows as SQLite would hold them (texts for datetimes, JSON texts for dynamic values).
synth::SynthDatabase to_synth_database(const KqlDatabase& db);
// And back: a synthesized database (shrunk counterexample) as KQL tables, typed by `like`.
KqlDatabase from_synth_database(const synth::SynthDatabase& data, const KqlDatabase& like);

}  // namespace qdiff::results::kql
