// Batch input lines and output records (stages/pipeline_record.hpp).
#include "stages/pipeline_record.hpp"

#include <algorithm>
#include <filesystem>

#include "diagnostics/suggest.hpp"
#include "diff/diff_json.hpp"
#include "qdiff/compare.hpp"
#include "qdiff/schema.hpp"
#include "support/json_dump_writer.hpp"

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
    j["edge_cases_weighed"] = out.evidence.results.edge_cases_weighed;
    j["databases"] = out.evidence.results.databases;
    j["lint_errors"] = out.evidence.lint_errors;
    j["judge"] = out.evidence.judge ? Record(*out.evidence.judge) : Record(nullptr);
    return j;
}

bool stage_failed(const StageResult& r) { return r.status == StageStatus::Error || r.status == StageStatus::Timeout; }

// The failed stages the reasons do not already name: a case with status error says which error even
// when its verdict gave no reason (an expected result file that cannot be read, beside an equivalent pair).
std::vector<std::string> failed_stage_reasons(const CaseOutcome& out) {
    std::vector<std::string> added;
    for (const StageResult& r : out.stages) {
        if (!stage_failed(r)) continue;
        bool named = !out.total.pass &&
                     std::any_of(out.total.reasons.begin(), out.total.reasons.end(),
                                 [&](const std::string& reason) { return reason.find(r.reason) != std::string::npos; });
        if (!named)
            added.push_back("error: the " + std::string(stage_kind_name(r.stage)) + " stage failed: " + r.reason);
    }
    return added;
}

// The reason a case's schema adds when it did not load, with why (the file, what is wrong with it).
std::string schema_error_reason(const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Error) return "error: the schema could not be loaded: " + d.message;
    return "error: the schema could not be loaded";
}

}  // namespace

namespace {

// The text of a JSON string that starts after its opening quote at line[i], with the escapes of one
// character; i is left after the closing quote. Nothing for what read_flat_object declines.
std::optional<std::string> flat_string(std::string_view line, size_t& i) {
    std::string text;
    size_t run = i;
    for (; i < line.size(); ++i) {
        char c = line[i];
        if (c == '"') {
            text.append(line.data() + run, i - run);
            ++i;
            return text;
        }
        if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;  // not JSON
        if (c != '\\') continue;
        text.append(line.data() + run, i - run);
        if (++i == line.size()) return std::nullopt;
        switch (line[i]) {
            case '"': text += '"'; break;
            case '\\': text += '\\'; break;
            case '/': text += '/'; break;
            case 'b': text += '\b'; break;
            case 'f': text += '\f'; break;
            case 'n': text += '\n'; break;
            case 'r': text += '\r'; break;
            case 't': text += '\t'; break;
            default: return std::nullopt;  // \u (surrogate pairs and all) is left to nlohmann
        }
        run = i + 1;
    }
    return std::nullopt;
}

}  // namespace

std::optional<nlohmann::json> read_flat_object(std::string_view line) {
    // Outside strings JSON is ASCII; inside, nlohmann takes exactly the well-formed UTF-8.
    if (!support::JsonDumpWriter::is_utf8(line)) return std::nullopt;
    size_t i = 0;
    auto skip_space = [&] {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\n' || line[i] == '\r')) ++i;
    };
    auto literal = [&](std::string_view word) {
        if (line.substr(i, word.size()) != word) return false;
        i += word.size();
        return true;
    };
    skip_space();
    if (!literal("{")) return std::nullopt;
    json object = json::object();
    skip_space();
    if (literal("}")) {
        skip_space();
        return i == line.size() ? std::optional<json>(std::move(object)) : std::nullopt;
    }
    for (;;) {
        if (!literal("\"")) return std::nullopt;
        std::optional<std::string> key = flat_string(line, i);
        if (!key) return std::nullopt;
        skip_space();
        if (!literal(":")) return std::nullopt;
        skip_space();
        json value;
        if (literal("\"")) {
            std::optional<std::string> text = flat_string(line, i);
            if (!text) return std::nullopt;
            value = std::move(*text);
        } else if (literal("true")) {
            value = true;
        } else if (literal("false")) {
            value = false;
        } else if (!literal("null")) {
            return std::nullopt;  // a number, array or object
        }
        object[*key] = std::move(value);  // a repeated key: the last value, as nlohmann's parse keeps
        skip_space();
        if (literal(",")) {
            skip_space();
            continue;
        }
        if (!literal("}")) return std::nullopt;
        skip_space();
        return i == line.size() ? std::optional<json>(std::move(object)) : std::nullopt;
    }
}

std::string default_case_id(size_t line) { return "line " + std::to_string(line); }

std::vector<std::string> misspelt_case_fields(const std::string& line) {
    static const std::vector<std::string_view> known = [] {
        std::vector<std::string_view> names;
        for (const CaseField& f : kCaseFields) names.push_back(f.name);
        return names;
    }();
    std::optional<json> flat = read_flat_object(line);
    json j = flat ? std::move(*flat) : json::parse(line, nullptr, false);
    std::vector<std::string> out;
    if (!j.is_object()) return out;
    for (const auto& [key, value] : j.items()) {
        if (std::find(known.begin(), known.end(), key) != known.end()) continue;
        // At most two edits: "question_id" is not a typo of "question".
        diagnostics::SuggestOptions options{.max_distance = std::min<size_t>(2, diagnostics::typo_limit(key))};
        if (std::string meant = diagnostics::closest_name(key, known, options); !meant.empty())
            out.push_back("\"" + key + "\" (did you mean \"" + meant + "\"?)");
    }
    return out;
}

namespace {

// The name of a field read_case reads: only a name of kCaseFields compiles (the constructor is
// consteval), so that whatever read_case reads, misspelt_case_fields knows.
struct CaseFieldName {
    std::string_view name;
    consteval CaseFieldName(const char* text) : name(text) {  // NOLINT: implicit, from a literal
        bool known = false;
        for (const CaseField& f : kCaseFields) known = known || f.name == name;
        if (!known) throw "read_case names a field that is not in kCaseFields (pipeline_record.hpp)";
    }
};

}  // namespace

std::variant<Case, BadLine> read_case(const std::string& line, size_t line_number, const CaseDefaults& defaults) {
    std::string where = "line " + std::to_string(line_number) + ": ";
    std::optional<json> flat = read_flat_object(line);
    json j;
    try {
        j = flat ? std::move(*flat) : json::parse(line);
    } catch (const json::exception& e) {  // parse_error, and out_of_range for a number like 1e999
        return BadLine{"", where + "not valid JSON (" + e.what() + ")"};
    }
    if (!j.is_object()) return BadLine{"", where + "expected a JSON object, got " + std::string(j.type_name())};

    // A field's value, or null when the line has none or gives it as null (but an "id": null is an error);
    // by_name for the loops over a kind of kCaseFields.
    auto by_name = [&](std::string_view name, bool null_too = false) -> const json* {
        auto it = j.find(std::string(name));
        return it == j.end() || (it->is_null() && !null_too) ? nullptr : &*it;
    };
    auto field = [&](CaseFieldName f) { return by_name(f.name); };
    auto quoted = [](std::string_view name) { return "\"" + std::string(name) + "\""; };

    Case c;
    c.id = default_case_id(line_number);
    if (const json* id = by_name(CaseFieldName("id").name, true)) {
        if (id->is_string())
            c.id = id->get<std::string>();
        else if (id->is_number_integer())
            c.id = id->dump();
        else
            return BadLine{"", where + "\"id\" must be a string or an integer"};
    }
    auto fail = [&](const std::string& why) { return BadLine{c.id, where + why}; };
    // The queries first: a line without one is said to lack it, whatever else is wrong with it.
    for (const CaseField& f : kCaseFields) {
        if (f.kind != CaseFieldKind::Query) continue;
        const json* value = by_name(f.name);
        if (!value) return fail("missing string field " + quoted(f.name));
        if (!value->is_string()) return fail(quoted(f.name) + " must be a string, not " + value->type_name());
    }
    for (const CaseField& f : kCaseFields)
        if (const json* value = f.kind == CaseFieldKind::Text ? by_name(f.name) : nullptr; value && !value->is_string())
            return fail(quoted(f.name) + " must be a string");
    c.expected = field("expected")->get<std::string>();
    c.generated = field("generated")->get<std::string>();
    auto text = [&](CaseFieldName f) {
        const json* value = field(f);
        return value && value->is_string() ? value->get<std::string>() : "";
    };

    c.question = text("question");
    CompareOptions shared;
    shared.language = defaults.language;
    shared.dialect = defaults.dialect;
    for (const auto& [value, option] :
         {std::pair{text("lang"), CompareOption::Language}, {text("dialect"), CompareOption::Dialect}})
        if (!value.empty())
            if (std::string error = set_compare_option(shared, option, value); !error.empty()) return fail(error);
    c.language = shared.language;
    c.dialect = shared.dialect;
    c.schema = resolve_schema(text("schema"), defaults.base_dir);
    c.db = resolve_db(text("db"), defaults.base_dir);
    // The first label field given decides (label, then BIRD's res).
    for (const CaseField& f : kCaseFields) {
        const json* v = f.kind == CaseFieldKind::Label ? by_name(f.name) : nullptr;
        if (!v) continue;
        if (v->is_boolean())
            c.label = v->get<bool>();
        else if (v->is_number() && (v->get<double>() == 0 || v->get<double>() == 1))
            c.label = v->get<double>() == 1;
        else
            return fail(quoted(f.name) + " must be true, false, 1 or 0");
        break;
    }
    for (const CaseField& f : kCaseFields)
        if (const json* v = f.kind == CaseFieldKind::Tag ? by_name(f.name) : nullptr;
            v && (v->is_string() || v->is_number()))
            c.tags.emplace_back(std::string(f.name), v->is_string() ? v->get<std::string>() : v->dump());
    if (const json* result = field("expected_result")) c.expected_result = result_field(*result, defaults.base_dir);
    if (const json* result = field("generated_result")) c.generated_result = result_field(*result, defaults.base_dir);
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
    // A schema that did not load is said here only, and a failed stage unless the total's reasons name it.
    if (has_errors(out.schema_diagnostics)) reasons.push_back(schema_error_reason(out.schema_diagnostics));
    for (std::string& reason : failed_stage_reasons(out)) reasons.push_back(std::move(reason));
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

namespace {

// The direct form of outcome_record: each function writes what its DOM counterpart above builds, in
// the same order, so that the text is that DOM's dump (support/json_dump_writer.hpp). Where the DOM
// would merge a repeated key, `unique` turns false and the caller takes the DOM path.
class RecordWriter {
public:
    RecordWriter(std::string& text, RecordFacts& facts) : w_(text), facts_(facts) {}

    bool write(size_t line_number, const Case& c, const CaseOutcome& out);

private:
    void optional_number(std::string_view key, const std::optional<double>& v) {
        w_.key(key);
        if (v)
            w_.value(*v);
        else
            w_.null();
    }
    void strings(std::string_view key, const std::vector<std::string>& list) {
        w_.key(key).begin_array();
        for (const std::string& s : list) w_.value(s);
        w_.end_array();
    }
    void score(std::string name, double value) { facts_.scores.emplace_back(std::move(name), value); }
    // features_json (diff/diff_json.cpp)
    // Evidence terms carry their coefficient; the structure's features only their contribution.
    void features(const std::vector<FeatureContribution>& list, bool with_coefficient);
    void evidence(const CaseOutcome& out);
    // diff_record_json (diff/diff_json.cpp)
    void structural(const DiffResult& diff);
    void diagnostics(const std::optional<ParseResult>& parsed, const std::vector<Diagnostic>* lint);
    void stage(const StageResult& r);

    support::JsonDumpWriter w_;
    RecordFacts& facts_;
    bool unique_ = true;
};

// Whether names[i] is one of the names before it (lists of a few names: a scan is cheapest).
template <class List, class Name>
bool repeats_earlier(const List& list, size_t i, Name name) {
    for (size_t k = 0; k < i; ++k)
        if (name(list[k]) == name(list[i])) return true;
    return false;
}

void RecordWriter::features(const std::vector<FeatureContribution>& list, bool with_coefficient) {
    w_.begin_array();
    for (const FeatureContribution& f : list) {
        w_.begin_object().field("name", f.name).field("value", f.value);
        if (with_coefficient) w_.field("coefficient", f.coefficient);
        w_.field("contribution", f.contribution).field("detail", f.detail).end_object();
    }
    w_.end_array();
}

void RecordWriter::evidence(const CaseOutcome& out) {
    const scoring::Verdict& v = out.verdict;
    w_.key("evidence").begin_object();
    optional_number("structural_probability", v.structural_probability);
    w_.key("terms");
    features(v.evidence, true);
    strings("reasons", v.reasons);
    w_.field("results", scoring::results_evidence_kind_name(out.evidence.results.kind))
        .field("synthesized", out.evidence.results.synthesized)
        .field("separating_kind", out.evidence.results.separating_kind)
        .field("edge_cases_weighed", out.evidence.results.edge_cases_weighed)
        .field("databases", out.evidence.results.databases)
        .field("lint_errors", out.evidence.lint_errors);
    optional_number("judge", out.evidence.judge);
    w_.end_object();
}

void RecordWriter::structural(const DiffResult& diff) {
    w_.begin_object().field("score", diff.score).field("gated", diff.gated).field("profile", diff.profile);
    score("structural", diff.score);
    w_.key("components").begin_object();
    auto pairs = [&](std::string_view key, const std::vector<AtomPair>& list) {
        w_.key(key).begin_array();
        for (const AtomPair& p : list)
            w_.begin_array()
                .value(p.expected.span.begin)
                .value(p.expected.span.end)
                .value(p.generated.span.begin)
                .value(p.generated.span.end)
                .end_array();
        w_.end_array();
    };
    auto singles = [&](std::string_view key, const std::vector<Atom>& list) {
        w_.key(key).begin_array();
        for (const Atom& a : list) w_.begin_array().value(a.span.begin).value(a.span.end).end_array();
        w_.end_array();
    };
    auto texts = [&](std::string_view key, const std::vector<Atom>& list) {
        w_.key(key).begin_array();
        for (const Atom& a : list) w_.value(a.shown());
        w_.end_array();
    };
    for (size_t i = 0; i < diff.components.size(); ++i) {
        const ComponentResult& c = diff.components[i];
        std::string_view name = component_name(c.component);
        unique_ &= !repeats_earlier(diff.components, i, [](const ComponentResult& r) { return r.component; });
        w_.key(name).begin_object().field("score", c.score);
        if (std::optional<double> contribution = log_odds_contribution(diff, c.component))
            w_.key("weight").null().field("contribution", *contribution);
        else
            w_.field("weight", c.weight);
        if (c.absent) {
            w_.field("absent", true).end_object();
            continue;
        }
        score("structural." + std::string(name), c.score);
        w_.field("matched", c.matched.size());
        texts("missing", c.missing);
        texts("extra", c.extra);
        w_.key("changed").begin_array();
        for (const AtomPair& p : c.changed)
            w_.begin_object()
                .field("expected", p.expected.shown())
                .field("generated", p.generated.shown())
                .field("similarity", p.similarity)
                .end_object();
        w_.end_array();
        w_.key("spans").begin_object();
        pairs("matched", c.matched);
        pairs("changed", c.changed);
        singles("missing", c.missing);
        singles("extra", c.extra);
        w_.end_object().end_object();
    }
    w_.end_object();
    if (diff.log_odds) {
        w_.field("log_odds", *diff.log_odds).key("features");
        features(diff.features, false);
    }
    w_.end_object();
}

// render_json's text is what its parse dumps back when it is compact (it is), has well-formed UTF-8
// and no DEL (which it escapes as \u007f and dump prints as it is): then it is written as it is.
// Otherwise its DOM is parsed and dumped here, exactly as the record's DOM would be (which may throw,
// as the DOM path does).
void RecordWriter::diagnostics(const std::optional<ParseResult>& parsed, const std::vector<Diagnostic>* lint) {
    if (!parsed) {
        w_.begin_array().end_array();
        return;
    }
    const std::vector<Diagnostic>& list = lint ? *lint : parsed->diagnostics();
    for (const Diagnostic& d : list) facts_.diagnostic_codes.emplace_back(d.code());
    std::string text = render_json(list, parsed->source());
    if (text.find("\\u007f") == std::string::npos && support::JsonDumpWriter::is_utf8(text))
        w_.raw(text);
    else
        w_.raw(Record::parse(text).dump(-1, ' ', false, Record::error_handler_t::replace));
}

void RecordWriter::stage(const StageResult& r) {
    w_.begin_object().field("status", stage_status_name(r.status));
    if (r.status == StageStatus::Ok) {
        w_.field("score", r.score);
        score(std::string(stage_kind_name(r.stage)), r.score);
    }
    if (!r.reason.empty()) w_.field("reason", r.reason);
    if (!r.details.empty()) {
        w_.key("details").begin_object();
        // As stage_json: a detail that is JSON is that value as dump prints it, another is a string.
        for (const auto& [key, text] : r.details) {
            w_.key(key);
            if (Record::accept(text))
                w_.raw(Record::parse(text).dump(-1, ' ', false, Record::error_handler_t::replace));
            else
                w_.value(text);
        }
        w_.end_object();
    }
    w_.field("seconds", r.seconds).end_object();
}

bool RecordWriter::write(size_t line_number, const Case& c, const CaseOutcome& out) {
    bool failed_stage = has_errors(out.schema_diagnostics);
    for (const StageResult& r : out.stages) failed_stage |= stage_failed(r);
    bool error = !out.error.empty() || failed_stage;
    bool pass = out.total.pass && !error;
    facts_.id = c.id;
    facts_.pass = pass;
    facts_.error = error;
    facts_.total = out.total.total;
    score("total", out.total.total);
    score("query_similarity", out.total.query_similarity);
    if (out.total.results_match) score("results_match", *out.total.results_match);

    w_.begin_object()
        .field("line", line_number)
        .field("id", c.id)
        .field("status", error ? "error" : "ok")
        .field("pass", pass)
        .field("total", out.total.total)
        .field("query_similarity", out.total.query_similarity)
        .field("query_similarity_source", out.total.query_similarity_source);
    optional_number("results_match", out.total.results_match);
    w_.field("basis", out.total.basis)
        .field("verdict", scoring::verdict_kind_name(out.verdict.kind))
        .field("probability", out.verdict.probability)
        .field("pass_threshold", out.total.pass_threshold)
        .field("seed_total", out.total.seed_total);
    // The reasons as outcome_record adds to them.
    w_.key("reasons").begin_array();
    for (const std::string& reason : out.total.reasons) w_.value(reason);
    if (has_errors(out.schema_diagnostics)) w_.value(schema_error_reason(out.schema_diagnostics));
    for (const std::string& reason : failed_stage_reasons(out)) w_.value(reason);
    w_.end_array();
    evidence(out);
    w_.key("structural");
    if (out.diff)
        structural(*out.diff);
    else
        w_.null();
    w_.key("language")
        .begin_object()
        .field("expected", out.expected ? language_name(out.expected->language()) : "?")
        .field("generated", out.generated ? language_name(out.generated->language()) : "?")
        .end_object();
    w_.key("confidence");
    if (out.lint) {
        w_.value(out.lint->confidence);
        score("confidence", out.lint->confidence);
    } else {
        w_.null();
    }
    w_.key("diagnostics").begin_object().key("expected");
    diagnostics(out.expected, nullptr);
    w_.key("generated");
    diagnostics(out.generated, out.lint && out.generated ? &out.lint->diagnostics : nullptr);
    if (!out.schema_diagnostics.empty()) {
        w_.key("schema").begin_array();
        for (const Diagnostic& d : out.schema_diagnostics) {
            facts_.diagnostic_codes.emplace_back(d.code());
            w_.begin_object()
                .field("code", d.code())
                .field("severity", severity_name(d.severity))
                .field("message", d.message)
                .end_object();
        }
        w_.end_array();
    }
    w_.end_object();
    w_.key("stages").begin_object();
    for (size_t i = 0; i < out.stages.size(); ++i) {
        unique_ &= !repeats_earlier(out.stages, i, [](const StageResult& r) { return r.stage; });
        w_.key(stage_kind_name(out.stages[i].stage));
        stage(out.stages[i]);
    }
    w_.end_object();
    w_.key("timings").begin_object();
    for (size_t i = 0; i < out.timings.size(); ++i) {
        unique_ &= !repeats_earlier(out.timings, i, [](const auto& t) -> const std::string& { return t.first; });
        w_.field(out.timings[i].first, out.timings[i].second);
    }
    w_.end_object();
    if (!out.error.empty()) w_.field("error", out.error);
    w_.key("queries")
        .begin_object()
        .field("question", c.question)
        .field("expected", c.expected)
        .field("generated", c.generated)
        .end_object();
    if (c.label) w_.field("label", *c.label);
    if (!c.tags.empty()) {
        w_.key("tags").begin_object();
        for (size_t i = 0; i < c.tags.size(); ++i) {
            unique_ &= !repeats_earlier(c.tags, i, [](const auto& t) -> const std::string& { return t.first; });
            w_.field(c.tags[i].first, c.tags[i].second);
        }
        w_.end_object();
    }
    w_.end_object();
    w_.finish();
    return unique_ && w_.valid();
}

}  // namespace

bool write_outcome_record(std::string& text, RecordFacts& facts, size_t line_number, const Case& c,
                          const CaseOutcome& outcome) {
    facts = RecordFacts{};
    return RecordWriter(text, facts).write(line_number, c, outcome);
}

std::string outcome_record_text(size_t line_number, const Case& c, const CaseOutcome& outcome) {
    std::string text;
    RecordFacts facts;
    if (write_outcome_record(text, facts, line_number, c, outcome)) return text;
    return outcome_record(line_number, c, outcome).dump(-1, ' ', false, Record::error_handler_t::replace);
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
