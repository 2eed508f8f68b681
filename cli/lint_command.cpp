// `qdiff lint [--lang ...] [--dialect ...] [--schema FILE[#NAME]] [--format text|json|sarif]
//             [--disable CODE[,CODE...]] [--severity CODE=error|warning|note] [--text Q | --batch FILE|- | FILE|-]`
// Exit 0 when no error is reported, 1 when one is, 2 on usage errors, an unreadable input or schema.
// --batch: JSONL in (the query in --field, default "query"; `id`, `lang`, `dialect` per line), one
// record out per line: {"index", "id", "valid", "confidence", "diagnostics"}.
#include <iostream>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/query_lines.hpp"
#include "qdiff/lint.hpp"
#include "qdiff/schema.hpp"
#include "support/json_writer.hpp"

namespace qdiff::cli {
namespace {

const DiagInfo& known_code(const std::string& code, const std::string& option) {
    const DiagInfo* info = find_diag(code);
    if (!info) throw UsageError{"--" + option + ": unknown diagnostic code '" + code + "'"};
    return *info;
}

std::vector<std::string> split_codes(const std::string& list) {
    std::vector<std::string> out;
    size_t begin = 0;
    while (begin <= list.size()) {
        size_t end = std::min(list.find(',', begin), list.size());
        if (end > begin) out.push_back(list.substr(begin, end - begin));
        begin = end + 1;
    }
    return out;
}

Severity severity_named(const std::string& name) {
    if (name == "error") return Severity::Error;
    if (name == "warning") return Severity::Warning;
    if (name == "note") return Severity::Note;
    throw UsageError{"--severity: '" + name + "' is not error, warning or note"};
}

std::string render_json_result(const LintResult& r, const SourceText& source) {
    std::string out;
    support::JsonWriter w(out);
    w.begin_object().field("valid", r.valid).field("confidence", r.confidence);
    w.key("diagnostics").raw(render_json(r.diagnostics, source));
    w.end_object();
    return out;
}

}  // namespace

// `--schema FILE#NAME`: NAME picks one database of a multi-database file.
Schema load_schema_option(const std::string& spec) {
    SchemaSpec split = split_schema_spec(spec);
    SchemaLoadResult loaded = load_schema(split.path, split.selector);
    if (!loaded.schema) {
        std::string message = "cannot load the schema " + spec;
        for (const Diagnostic& d : loaded.diagnostics) message += "\n  " + d.message;
        throw UsageError{message};
    }
    return std::move(*loaded.schema);
}

int run_lint(const std::vector<std::string>& argv) {
    Args args("lint", "Lints a query, against a schema when given, and reports its confidence.", argv,
              {lang_option(),
               dialect_option(),
               {"schema", "FILE[#NAME]: the schema (NAME picks a database of a multi-database file)"},
               {"format", "text|json|sarif: output format (text)"},
               {"disable", "CODE[,CODE...]: rules to switch off (repeatable)"},
               {"severity", "CODE=error|warning|note: another severity for a rule (repeatable)"},
               text_option(),
               {"batch", "FILE|-: JSONL in, one JSONL record out per line"},
               {"field", "NAME: the field of a --batch line that holds the query (query)"}},
              {});
    const bool batch = args.get("batch").has_value();
    if (batch && (!args.positionals().empty() || args.get("text")))
        throw UsageError{"--batch takes its input from the option, not a positional file or --text"};
    std::string format = args.choice("format", "text", {"text", "json", "sarif"});
    if (batch && format != "json" && args.get("format"))
        throw UsageError{"--batch writes JSONL records: --format json only"};

    LintOptions options;
    options.dialect = args.dialect();
    for (const std::string& list : args.get_all("disable"))
        for (const std::string& code : split_codes(list))
            options.disabled.insert(std::string(known_code(code, "disable").code));
    for (const std::string& spec : args.get_all("severity")) {
        size_t eq = spec.find('=');
        if (eq == std::string::npos) throw UsageError{"--severity takes CODE=error|warning|note, got '" + spec + "'"};
        options.severity[std::string(known_code(spec.substr(0, eq), "severity").code)] =
            severity_named(spec.substr(eq + 1));
    }
    std::optional<Schema> schema;
    if (auto spec = args.get("schema")) {
        schema = load_schema_option(*spec);
        options.schema = &*schema;
    }

    ParseOptions parse_options;
    parse_options.language = args.language();
    parse_options.dialect = options.dialect;
    if (batch) {
        parse_options.source_name = "<record>";
        bool any_invalid = false;
        for_each_query_line(args, parse_options, [&](const QueryLine& line) {
            if (!line.query) {
                any_invalid = true;
                std::cout << bad_line_record(line, "valid") << '\n';
                return;
            }
            ParseResult parsed = parse(*line.query, line.options);
            LintOptions line_options = options;
            line_options.dialect = line.options.dialect;
            LintResult result = lint(parsed, line_options);
            any_invalid |= !result.valid;
            std::string out;
            support::JsonWriter w(out);
            w.begin_object().field("index", static_cast<uint64_t>(line.index));
            if (!line.id_json.empty()) w.key("id").raw(line.id_json);
            w.field("valid", result.valid).field("confidence", result.confidence);
            w.key("diagnostics").raw(render_json(result.diagnostics, parsed.source())).end_object();
            std::cout << out << '\n';
        });
        return any_invalid ? 1 : 0;
    }
    QueryInput input = query_input(args);
    parse_options.source_name = input.name;
    ParseResult parsed = parse(std::move(input.text), parse_options);
    LintResult result = lint(parsed, options);

    if (format == "json") {
        std::cout << render_json_result(result, parsed.source()) << '\n';
    } else if (format == "sarif") {
        std::cout << render_sarif({{&parsed.source(), &result.diagnostics}});
    } else {
        // The findings are diagnostics (standard error, as every command's); the verdict is the result.
        std::cerr << render_text(result.diagnostics, parsed.source());
        std::cout << parsed.source().name() << ": " << (result.valid ? "valid" : "invalid") << ", confidence "
                  << result.confidence << "\n";
    }
    return result.valid ? 0 : 1;
}

}  // namespace qdiff::cli
