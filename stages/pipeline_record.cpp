// Batch input lines and output records (stages/pipeline_record.hpp).
#include "stages/pipeline_record.hpp"

#include <filesystem>

#include "diff/diff_json.hpp"
#include "qdiff/compare.hpp"
#include "qdiff/schema.hpp"

namespace qdiff::stages {
namespace {

using json = nlohmann::json;

std::string resolve(const std::string& path, const std::string& base_dir) {
    if (path.empty() || base_dir.empty() || std::filesystem::path(path).is_absolute()) return path;
    return (std::filesystem::path(base_dir) / path).lexically_normal().string();
}

// "sqlite:PATH" takes a relative PATH from the cases file's folder; other engines are URIs.
std::string resolve_db(const std::string& db, const std::string& base_dir) {
    const std::string prefix = "sqlite:";
    if (!db.starts_with(prefix)) return db;
    return prefix + resolve(db.substr(prefix.size()), base_dir);
}

std::string resolve_schema(const std::string& schema, const std::string& base_dir) {
    SchemaSpec spec = split_schema_spec(schema);
    std::string path = resolve(spec.path, base_dir);
    return schema.size() > spec.path.size() ? path + "#" + spec.selector : path;
}

// A result set is a file path, or inline JSON (a string starting with [ or {, or a JSON value).
std::string result_field(const json& value, const std::string& base_dir) {
    if (!value.is_string()) return value.dump();
    std::string text = value.get<std::string>();
    size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && (text[first] == '[' || text[first] == '{')) return text;
    return resolve(text, base_dir);
}

Record diagnostics_json(const std::optional<ParseResult>& parsed) {
    if (!parsed) return Record::array();
    return Record::parse(render_json(parsed->diagnostics(), parsed->source()));
}

Record stage_json(const StageResult& r) {
    Record j{{"status", stage_status_name(r.status)}};
    if (r.status == StageStatus::Ok) j["score"] = r.score;
    if (!r.reason.empty()) j["reason"] = r.reason;
    if (!r.details.empty()) {
        Record details = Record::object();
        // Details are JSON values as text; one that is not valid JSON is kept as a string so that
        // the record stays valid.
        for (const auto& [key, text] : r.details)
            details[key] = Record::accept(text) ? Record::parse(text) : Record(text);
        j["details"] = std::move(details);
    }
    j["seconds"] = r.seconds;
    return j;
}

// The fields of a case that a report breaks agreement down by, kept in its record.
constexpr const char* kTagFields[] = {"db_id", "difficulty", "hardness", "category", "setup", "source"};

Record evidence_json(const CaseOutcome& out) {
    const scoring::Verdict& v = out.verdict;
    Record j;
    j["structural_probability"] = v.structural_probability ? Record(*v.structural_probability) : Record(nullptr);
    j["terms"] = features_json(v.evidence);
    j["reasons"] = v.reasons;
    // The evidence as `qdiff calibrate` reads it back.
    j["results"] = scoring::results_evidence_kind_name(out.evidence.results.kind);
    j["synthesized"] = out.evidence.results.synthesized;
    j["separating_kind"] = out.evidence.results.separating_kind;
    j["databases"] = out.evidence.results.databases;
    j["lint_errors"] = out.evidence.lint_errors;
    j["judge"] = out.evidence.judge ? Record(*out.evidence.judge) : Record(nullptr);
    return j;
}

bool stage_failed(const StageResult& r) { return r.status == StageStatus::Error || r.status == StageStatus::Timeout; }

}  // namespace

std::string default_case_id(size_t line) { return "line " + std::to_string(line); }

std::variant<Case, BadLine> read_case(const std::string& line, size_t line_number, const CaseDefaults& defaults) {
    std::string where = "line " + std::to_string(line_number) + ": ";
    json j;
    try {
        j = json::parse(line);
    } catch (const json::exception& e) {  // parse_error, and out_of_range for a number like 1e999
        return BadLine{"", where + "not valid JSON (" + e.what() + ")"};
    }
    if (!j.is_object()) return BadLine{"", where + "expected a JSON object, got " + std::string(j.type_name())};

    Case c;
    c.id = default_case_id(line_number);
    if (j.contains("id")) {
        const json& id = j["id"];
        if (id.is_string())
            c.id = id.get<std::string>();
        else if (id.is_number_integer())
            c.id = id.dump();
        else
            return BadLine{"", where + "\"id\" must be a string or an integer"};
    }
    auto fail = [&](const std::string& why) { return BadLine{c.id, where + why}; };
    for (const char* required : {"expected", "generated"})
        if (!j.contains(required) || !j[required].is_string())
            return fail("missing string field \"" + std::string(required) + "\"");
    c.expected = j["expected"].get<std::string>();
    c.generated = j["generated"].get<std::string>();
    for (const char* text_field : {"question", "lang", "dialect", "schema", "db"})
        if (j.contains(text_field) && !j[text_field].is_string() && !j[text_field].is_null())
            return fail("\"" + std::string(text_field) + "\" must be a string");
    auto text = [&](const char* field) {
        return j.contains(field) && j[field].is_string() ? j[field].get<std::string>() : "";
    };

    c.question = text("question");
    CompareOptions shared;
    shared.language = defaults.language;
    shared.dialect = defaults.dialect;
    for (auto [field, option] : {std::pair{"lang", CompareOption::Language}, {"dialect", CompareOption::Dialect}})
        if (std::string value = text(field); !value.empty())
            if (std::string error = set_compare_option(shared, option, value); !error.empty()) return fail(error);
    c.language = shared.language;
    c.dialect = shared.dialect;
    c.schema = resolve_schema(text("schema"), defaults.base_dir);
    c.db = resolve_db(text("db"), defaults.base_dir);
    for (const char* label_field : {"label", "res"}) {
        if (!j.contains(label_field) || j[label_field].is_null()) continue;
        const json& v = j[label_field];
        if (v.is_boolean())
            c.label = v.get<bool>();
        else if (v.is_number() && (v.get<double>() == 0 || v.get<double>() == 1))
            c.label = v.get<double>() == 1;
        else
            return fail("\"" + std::string(label_field) + "\" must be true, false, 1 or 0");
        break;
    }
    for (const char* tag : kTagFields)
        if (j.contains(tag) && (j[tag].is_string() || j[tag].is_number()))
            c.tags.emplace_back(tag, j[tag].is_string() ? j[tag].get<std::string>() : j[tag].dump());
    if (j.contains("expected_result") && !j["expected_result"].is_null())
        c.expected_result = result_field(j["expected_result"], defaults.base_dir);
    if (j.contains("generated_result") && !j["generated_result"].is_null())
        c.generated_result = result_field(j["generated_result"], defaults.base_dir);
    return c;
}

Record outcome_record(size_t line_number, const Case& c, const CaseOutcome& out) {
    bool failed_stage = has_errors(out.schema_diagnostics);
    for (const StageResult& r : out.stages) failed_stage |= stage_failed(r);
    Record j;
    j["line"] = line_number;
    j["id"] = c.id;
    bool error = !out.error.empty() || failed_stage;
    j["status"] = error ? "error" : "ok";
    // An error never passes: what failed may be what would have failed the case.
    std::vector<std::string> reasons = out.total.reasons;
    // The total's reasons already name a failed stage; a schema that did not load is said here only.
    if (has_errors(out.schema_diagnostics)) reasons.push_back("error: the schema could not be loaded");
    if (error && out.total.pass) {
        for (const StageResult& r : out.stages)
            if (stage_failed(r))
                reasons.push_back("error: the " + std::string(stage_kind_name(r.stage)) + " stage failed: " + r.reason);
    }
    j["pass"] = out.total.pass && !error;
    j["total"] = out.total.total;
    j["query_similarity"] = out.total.query_similarity;
    j["query_similarity_source"] = out.total.query_similarity_source;
    j["results_match"] = out.total.results_match ? Record(*out.total.results_match) : Record(nullptr);
    j["basis"] = out.total.basis;
    j["verdict"] = scoring::verdict_kind_name(out.verdict.kind);
    j["probability"] = out.verdict.probability;
    j["pass_threshold"] = out.total.pass_threshold;
    j["seed_total"] = out.total.seed_total;
    j["reasons"] = std::move(reasons);
    j["evidence"] = evidence_json(out);
    if (out.diff) {
        j["structural"] = diff_record_json(*out.diff);
    } else {
        j["structural"] = nullptr;
    }
    j["language"] = {{"expected", out.expected ? language_name(out.expected->language()) : "?"},
                     {"generated", out.generated ? language_name(out.generated->language()) : "?"}};
    j["confidence"] = out.lint ? Record(out.lint->confidence) : Record(nullptr);
    Record generated_diagnostics = out.lint && out.generated
                                       ? Record::parse(render_json(out.lint->diagnostics, out.generated->source()))
                                       : diagnostics_json(out.generated);
    j["diagnostics"] = {{"expected", diagnostics_json(out.expected)}, {"generated", std::move(generated_diagnostics)}};
    if (!out.schema_diagnostics.empty()) {
        // About a file, not a query: its location is in the message.
        Record schema = Record::array();
        for (const Diagnostic& d : out.schema_diagnostics)
            schema.push_back({{"code", d.code()}, {"severity", severity_name(d.severity)}, {"message", d.message}});
        j["diagnostics"]["schema"] = std::move(schema);
    }
    Record stages = Record::object();
    for (const StageResult& r : out.stages) stages[std::string(stage_kind_name(r.stage))] = stage_json(r);
    j["stages"] = std::move(stages);
    Record timings = Record::object();
    for (const auto& [step, seconds] : out.timings) timings[step] = seconds;
    j["timings"] = std::move(timings);
    if (!out.error.empty()) j["error"] = out.error;
    // The case's own texts, so that a record explains itself (`qdiff report` shows and highlights
    // them); nested, so that readers of case lines (calibrate) do not take a record for a case.
    j["queries"] = {{"question", c.question}, {"expected", c.expected}, {"generated", c.generated}};
    if (c.label) j["label"] = *c.label;
    if (!c.tags.empty()) {
        Record tags = Record::object();
        for (const auto& [name, value] : c.tags) tags[name] = value;
        j["tags"] = std::move(tags);
    }
    return j;
}

Record bad_line_record(size_t line_number, const BadLine& bad) {
    Diagnostic d = make_diagnostic(DiagId::BadRecord, {0, 0}, {bad.message});
    Record j;
    j["line"] = line_number;
    j["id"] = bad.id.empty() ? default_case_id(line_number) : bad.id;
    j["status"] = "error";
    j["pass"] = false;
    j["total"] = 0.0;
    j["reasons"] = {bad.message};
    j["diagnostics"] = {{"input",
                         {{{"code", d.code()},
                           {"severity", severity_name(d.severity)},
                           {"message", d.message},
                           {"line", line_number},
                           {"column", 1}}}}};
    j["error"] = bad.message;
    return j;
}

namespace {

const char* const kCsvColumns[] = {"line",
                                   "id",
                                   "status",
                                   "pass",
                                   "total",
                                   "query_similarity",
                                   "query_similarity_source",
                                   "structural",
                                   "results_match",
                                   "basis",
                                   "confidence",
                                   "diagnostics",
                                   "reasons",
                                   "error",
                                   "renamed_from"};

// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string csv_value(const Record& record, const std::string& column) {
    auto it = record.find(column);
    if (column == "structural" && it != record.end() && it->is_object()) return csv_value(*it, "score");
    if (column == "diagnostics" && it != record.end() && it->is_object()) {
        std::string codes;
        for (const auto& [side, list] : it->items())
            for (const Record& d : list)
                if (d.contains("code") && d["code"].is_string()) {
                    if (!codes.empty()) codes += ' ';
                    codes += d["code"].get<std::string>();
                }
        return codes;
    }
    if (column == "reasons" && it != record.end() && it->is_array()) {
        std::string joined;
        for (const Record& reason : *it)
            if (reason.is_string()) {
                if (!joined.empty()) joined += "; ";
                joined += reason.get<std::string>();
            }
        return joined;
    }
    if (it == record.end() || it->is_null()) return "";
    if (it->is_string()) return it->get<std::string>();
    return it->dump(-1, ' ', false, Record::error_handler_t::replace);
}

}  // namespace

std::string csv_header() {
    std::string out;
    for (const char* column : kCsvColumns) {
        if (!out.empty()) out += ',';
        out += column;
    }
    return out + "\n";
}

std::string csv_row(const Record& record) {
    std::string out;
    bool first = true;
    for (const char* column : kCsvColumns) {
        if (!first) out += ',';
        first = false;
        out += csv_field(csv_value(record, column));
    }
    return out + "\n";
}

}  // namespace qdiff::stages
