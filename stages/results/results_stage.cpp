#include "stages/results/results_stage.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>

#include "qdiff/ast.hpp"
#include "qdiff/parse.hpp"
#include "stages/results/kql/judge.hpp"
#include "stages/results/sqlite_spelling.hpp"
#include "stages/results/synth/stage_source.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace results {

namespace {

// The select-list position an ORDER BY item sorts on, or -1.
long order_key(const ast::Query& q, const ast::Expr* e) {
    if (const auto* literal = ast::dyn_cast<ast::Literal>(e); literal && literal->type == ast::LiteralType::Integer) {
        long position = std::strtol(std::string(literal->text).c_str(), nullptr, 10);
        return position >= 1 && position <= long(q.projection.size()) ? position - 1 : -1;
    }
    const auto* column = ast::dyn_cast<ast::ColumnRef>(e);
    for (size_t i = 0; i < q.projection.size(); ++i) {
        const ast::SelectItem& item = *q.projection[i];
        if (column && column->path.size() == 1 && support::iequals(item.alias.text, column->path[0].text))
            return long(i);
        if (ast::equal(item.expr, e)) return long(i);
        // `ORDER BY name` for `SELECT t.name`.
        const auto* selected = ast::dyn_cast<ast::ColumnRef>(item.expr);
        if (column && selected && item.alias.empty() && column->path.size() == 1 && !selected->path.empty() &&
            support::iequals(selected->path.back().text, column->path[0].text))
            return long(i);
    }
    return -1;
}

}  // namespace

ResultOrder result_order(const std::string& query, Language language, Dialect dialect) {
    ParseOptions options;
    options.language = language;
    options.dialect = dialect;
    return result_order(parse(query, options));
}

ResultOrder result_order(const ParseResult& parsed) {
    if (!parsed.ok() || parsed.script()->statements.empty()) return {};
    const auto* q = ast::dyn_cast<ast::Query>(parsed.script()->statements.back());
    bool wrapped = false;
    // A KQL pipeline keeps its order through later operators, which the lowering may wrap in a new
    // block; an SQL derived table does not promise its order to the outer query.
    while (q && q->order_by.empty() && parsed.language() == Language::Kql && q->sources.size() == 1 &&
           q->joins.empty() && q->group_by.empty() && q->aggregations.empty() && q->set_ops.empty()) {
        const auto* derived = ast::dyn_cast<ast::DerivedTable>(q->sources.front());
        q = derived ? derived->query : nullptr;
        wrapped = true;
    }
    if (!q || q->order_by.empty()) return {};
    ResultOrder order{true, {}};
    bool star = std::any_of(q->projection.begin(), q->projection.end(),
                            [](const ast::SelectItem* item) { return ast::isa<ast::Star>(item->expr); });
    if (wrapped || star || !q->aggregations.empty() || q->projection.empty()) return order;
    for (const ast::OrderItem* item : q->order_by) {
        long key = order_key(*q, item->expr);
        if (key < 0) return {true, {}};
        order.keys.push_back(size_t(key));
    }
    return order;
}

std::optional<Dialect> engine_of(std::string_view db) {
    for (const DialectTraits& t : all_dialects())
        if (!t.engine.empty() && db.size() > t.engine.size() && db.starts_with(t.engine) && db[t.engine.size()] == ':')
            return t.dialect;
    return std::nullopt;
}

ExecResult execute_on(const std::string& db, const std::string& sql, const ExecLimits& limits) {
    if (std::optional<Dialect> engine = engine_of(db)) {
        std::string target = db.substr(traits(*engine).engine.size() + 1);
        if (*engine == Dialect::Sqlite) return execute_sqlite(target, sql, limits);
        if (*engine == Dialect::Postgres) return execute_postgres(target, sql, limits);
    }
    ExecResult r;
    r.status = ExecStatus::Error;
    r.error =
        "unknown database '" + db + "': use sqlite:PATH or postgres:URI (synth needs both queries: the results stage)";
    return r;
}

}  // namespace results

namespace results {

void compared(StageResult& r, const Comparison& cmp, const std::string& mode, bool ordered, bool truncated) {
    r.status = StageStatus::Ok;
    r.score = cmp.score;
    r.reason = cmp.explanation;
    nlohmann::json columns = nlohmann::json::object();
    for (const auto& p : cmp.paired_columns) columns[p.expected] = p.generated;
    for (const auto& u : cmp.unpaired_columns) columns[u] = nullptr;
    r.details["mode"] = nlohmann::json(mode).dump();
    r.details["ordered"] = ordered ? "true" : "false";
    r.details["columns"] = columns.dump();
    r.details["expected_rows"] = std::to_string(cmp.expected_rows);
    r.details["generated_rows"] = std::to_string(cmp.generated_rows);
    r.details["found"] = std::to_string(cmp.found);
    r.details["missing"] = std::to_string(cmp.missing);
    r.details["extra"] = std::to_string(cmp.extra);
    r.details["truncated"] = truncated ? "true" : "false";
    r.details["missing_examples"] = nlohmann::json(cmp.missing_examples).dump();
}

}  // namespace results

namespace {

using namespace results;

class ResultsStage : public Stage {
public:
    explicit ResultsStage(ResultsOptions options) : options_(std::move(options)) {}
    StageKind kind() const override { return StageKind::Results; }

    StageResult run(const Case& c, const StageContext& context) override {
        const auto start = std::chrono::steady_clock::now();
        StageResult r;
        try {
            r = evaluate(c, context);
        } catch (const std::exception& e) {
            r = {};
            r.status = StageStatus::Error;
            r.reason = std::string("results matcher failed: ") + e.what();
        }
        r.stage = StageKind::Results;
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return r;
    }

private:
    // The result of one side, or nullopt when there is no way to get it.
    std::optional<ExecResult> obtain(const Case& c, const std::string& given, const std::string& query,
                                     const std::string& db) const {
        if (!given.empty()) return read_result_file(given);
        Language language = c.language == Language::Auto ? detect_language(query) : c.language;
        if (db.empty() || language != Language::Sql) return std::nullopt;
        return execute_on(db, query, {options_.timeout_seconds, options_.row_cap});
    }

    // The parse error of a query the stage would run ("the generated query does not parse: 1:264: ..."), ""
    // when each parses. A query qdiff cannot parse is not run on any database: SQLite may still read one
    // (nested past qdiff's limit, ...), and the case would then hang on what SQLite makes of it; it reports
    // the parse error instead, as it does without a database.
    static std::string unparsed_query(const Case& c, const StageContext& context) {
        for (auto [which, parsed, text, given] : {std::tuple{"expected", context.expected, &c.expected, &c.expected_result},
                                                  std::tuple{"generated", context.generated, &c.generated,
                                                             &c.generated_result}}) {
            if ((parsed && parsed->ok()) || !given->empty() || text->empty()) continue;
            ParseResult again = parse(*text, ParseOptions{.language = c.language, .dialect = c.dialect});
            if (!again.ok()) return "the " + std::string(which) + " query does not parse: " + again.first_error();
        }
        return "";
    }

    StageResult evaluate(const Case& c, const StageContext& context) const {
        StageResult r;
        MatchMode mode;
        if (!parse_match_mode(options_.mode, mode)) {
            r.status = StageStatus::Error;
            r.reason = unknown_match_mode(options_.mode);
            return r;
        }
        std::string db = c.db.empty() ? options_.db : c.db;
        if (db.empty() && options_.synth_when_schema && !c.schema.empty() && c.expected_result.empty() &&
            c.generated_result.empty() && context.expected && context.expected->language() == Language::Sql)
            db = "synth";
        if (!db.empty())
            if (std::string why = unparsed_query(c, context); !why.empty()) {
                r.reason = why;
                return r;
            }
        // KQL cases run through the KQL executor (stages/results/kql) on tables:DIR or synth.
        if (kql::handles(c, db)) return kql::evaluate_case(c, context, db, options_);
        if (synth::is_synth_db(db) && c.expected_result.empty() && c.generated_result.empty() && !c.expected.empty())
            return evaluate_synthesized(c, context, db);
        // SQLite runs a query of another dialect in SQLite's spelling (sqlite_spelling.hpp); one that uses
        // what SQLite cannot spell (T-SQL's PIVOT on sqlite:PATH) says nothing by failing there.
        std::string expected_sql = c.expected, generated_sql = c.generated;
        if (engine_of(db) == Dialect::Sqlite)
            for (auto [which, parsed, given, sql] :
                 {std::tuple{"expected", context.expected, &c.expected_result, &expected_sql},
                  std::tuple{"generated", context.generated, &c.generated_result, &generated_sql}}) {
                if (!parsed || !given->empty()) continue;
                // (real data: the engine's division by zero, the database's date columns where the query is respelled)
                static const SqliteDateColumns kNoDateColumns;
                const auto date_columns = respelled_for_sqlite(*parsed) ? date_columns_of(db) : nullptr;
                SqliteSpelling lite = sqlite_spelling(*sql, *parsed, /*zero_divisor_fails=*/true,
                                                      date_columns ? *date_columns : kNoDateColumns);
                if (!lite.untranslatable.empty()) {
                    r.reason = untranslatable_reason(which, parsed->dialect(), lite.untranslatable);
                    r.details["undecided_cause"] = "\"dialect\"";
                    return r;
                }
                *sql = std::move(lite.sql);
            }
        auto expected = obtain(c, c.expected_result, expected_sql, db);
        if (!expected) {
            r.reason = db.empty() ? "no database (--db or the case's db) and no expected_result given"
                                  : "the expected query is not SQL: give expected_result";
            // A case with a schema expects the synthesized databases: say why they did not run.
            if (db.empty() && options_.synth_when_schema && !c.schema.empty() && c.expected_result.empty()) {
                if (!context.expected)
                    r.reason += "; the expected query does not parse, so no synthesized database could run it";
                else if (context.expected->language() == Language::Kql)
                    r.reason +=
                        "; synthesized databases run by default for SQL cases only: --db synth runs KQL "
                        "cases on them";
            }
            return r;
        }
        if (expected->status != ExecStatus::Ok) {
            r.status = StageStatus::Error;
            r.reason = "expected result unavailable: " + expected->error;
            return r;
        }
        auto generated = obtain(c, c.generated_result, generated_sql, db);
        if (!generated) {
            r.reason = db.empty() ? "no database (--db or the case's db) and no generated_result given"
                                  : "the generated query is not SQL: give generated_result";
            return r;
        }
        r.details["generated_seconds"] = nlohmann::json(generated->seconds).dump();
        if (generated->status != ExecStatus::Ok) {
            r.status = generated->status == ExecStatus::Timeout ? StageStatus::Timeout : StageStatus::Error;
            r.reason = "generated query: " + generated->error;
            r.details["failed"] = "\"generated\"";
            return r;
        }
        // The expected query as earlier stages parsed it, when they did.
        ResultOrder order = context.expected     ? result_order(*context.expected)
                            : c.expected.empty() ? ResultOrder{}
                                                 : result_order(c.expected, c.language, c.dialect);
        bool ordered = c.expected_ordered || order.ordered;
        Comparison cmp =
            compare_results(expected->result, generated->result, ordered, mode, options_.tolerance, order.keys,
                            options_.positional_columns);
        compared(r, cmp, options_.mode, ordered, expected->result.truncated || generated->result.truncated);
        return r;
    }

    StageResult evaluate_synthesized(const Case& c, const StageContext& context, const std::string& db) const {
        synth::SynthOptions synth_options;
        std::string error;
        if (!synth::stage_synth_options(db, options_, synth_options, error)) {
            StageResult r;
            r.status = StageStatus::Error;
            r.reason = error;
            return r;
        }
        return synth::evaluate_synthesized(c, context, synth_options);
    }

    // The date and timestamp columns of an sqlite:PATH database (for `a - b` of dates in other dialects), read
    // once per database: a batch runs many cases on each.
    std::shared_ptr<const SqliteDateColumns> date_columns_of(const std::string& db) const {
        std::lock_guard lock(date_columns_mutex_);
        auto& columns = date_columns_[db];
        if (!columns)
            columns = std::make_shared<const SqliteDateColumns>(
                sqlite_date_columns(db.substr(std::string_view("sqlite:").size())));
        return columns;
    }

    ResultsOptions options_;
    mutable std::mutex date_columns_mutex_;
    mutable std::map<std::string, std::shared_ptr<const SqliteDateColumns>> date_columns_;
};

}  // namespace

std::unique_ptr<Stage> make_results_stage(const ResultsOptions& options) {
    return std::make_unique<ResultsStage>(options);
}

}  // namespace qdiff
