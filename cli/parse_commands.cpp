// `qdiff parse`, `qdiff parse --batch`, `qdiff tokens`, `qdiff tree`.
#include <cerrno>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"
#include "support/json_writer.hpp"

namespace qdiff::cli {
namespace {

ParseOptions options_from(const Args& args, const std::string& source_name) {
    ParseOptions options;
    options.language = args.language();
    options.dialect = args.dialect();
    options.source_name = source_name;
    return options;
}

void print_result_json(const ParseResult& result) {
    std::string out;
    support::JsonWriter w(out);
    w.begin_object()
        .field("ok", result.ok())
        .field("language", language_name(result.language()))
        .key("diagnostics")
        .raw(render_json(result.diagnostics(), result.source()))
        .key("ast");
    if (result.script())
        w.raw(to_json(*result.script(), {.spans = true}));
    else
        w.null();
    w.end_object();
    std::cout << out << '\n';
}

void print_result_text(const ParseResult& result, bool compact) {
    if (!result.script()) return;
    size_t n = 0;
    for (const ast::Statement* statement : result.script()->statements) {
        if (compact) {
            std::cout << to_sexpr(*statement) << '\n';
            continue;
        }
        std::cout << "-- statement " << ++n << " (" << language_name(result.language()) << ")\n"
                  << to_sql(*statement, {.dialect = result.dialect()}) << "\n"
                  << to_sexpr(*statement, {.pretty = true}) << "\n\n";
    }
}

// One JSONL record per input line; a line that is not a JSON object with the field becomes an
// error record, and the rest go on.
int run_batch(const Args& args) {
    std::string path = *args.get("batch");
    std::string field = args.get_or("field", "query");
    std::ifstream file;
    std::istream* in = &std::cin;
    if (path != "-") {
        errno = 0;
        file.open(path);
        if (!file) throw_unreadable(path);
        in = &file;
    }
    ParseOptions base = options_from(args, "<record>");
    bool any_failed = false;
    std::string line;
    for (size_t index = 0; std::getline(*in, line); ++index) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::string out;
        support::JsonWriter w(out);
        w.begin_object().field("index", static_cast<uint64_t>(index));
        nlohmann::json record = nlohmann::json::parse(line, nullptr, false);
        const nlohmann::json* query = record.is_object() && record.contains(field) ? &record[field] : nullptr;
        if (record.is_object() && record.contains("id")) w.key("id").raw(record["id"].dump());
        if (!query || !query->is_string()) {
            std::string why = record.is_discarded()
                                  ? "line " + std::to_string(index + 1) + " is not valid JSON"
                                  : "line " + std::to_string(index + 1) + " has no string field '" + field + "'";
            Diagnostic d = make_diagnostic(DiagId::BadRecord, {0, 0}, {why});
            w.field("ok", false)
                .key("diagnostics")
                .begin_array()
                .begin_object()
                .field("code", d.code())
                .field("severity", severity_name(d.severity))
                .field("message", d.message)
                .field("line", static_cast<uint64_t>(index + 1))
                .field("column", 1u)
                .end_object()
                .end_array();
            any_failed = true;
        } else {
            ParseOptions options = base;
            if (record.contains("lang") && record["lang"].is_string())
                if (auto l = parse_language_name(record["lang"].get<std::string>())) options.language = *l;
            if (record.contains("dialect") && record["dialect"].is_string())
                if (auto d = parse_dialect_name(record["dialect"].get<std::string>())) options.dialect = *d;
            ParseResult result = parse(query->get<std::string>(), options);
            any_failed |= !result.ok();
            w.field("ok", result.ok())
                .field("language", language_name(result.language()))
                .key("diagnostics")
                .raw(render_json(result.diagnostics(), result.source()));
        }
        w.end_object();
        std::cout << out << '\n';
    }
    return any_failed ? 1 : 0;
}

}  // namespace

int run_parse(const std::vector<std::string>& argv) {
    Args args("parse", "Parses a query into the unified AST and prints it with its diagnostics.", argv,
              {lang_option(),
               dialect_option(),
               {"format", "text|json|sexpr: output format (text)"},
               {"batch", "FILE|-: JSONL in, one JSONL record out per line"},
               {"field", "NAME: the field of a --batch line that holds the query (query)"}},
              {});
    if (args.get("batch")) {
        if (!args.positionals().empty())
            throw UsageError{"--batch takes its input from the option, not a positional file"};
        return run_batch(args);
    }
    std::string format = args.choice("format", "text", {"text", "json", "sexpr"});
    std::string path = input_name(args);
    std::string text = read_input(path);
    ParseResult result = parse(std::move(text), options_from(args, display_name(path)));
    // The output rule of every command: with --format json the diagnostics are only in the document.
    if (format == "json") {
        print_result_json(result);
    } else {
        print_result_text(result, format == "sexpr");
        std::cerr << render_text(result.diagnostics(), result.source());
    }
    return result.ok() ? 0 : 1;
}

int run_tokens(const std::vector<std::string>& argv) {
    Args args("tokens", "Prints the token stream of a query.", argv,
              {lang_option(), dialect_option(), {"format", "text|json: output format (text)"}}, {});
    std::string format = args.choice("format", "text", {"text", "json"});
    std::string path = input_name(args);
    SourceText source(read_input(path), display_name(path));
    TokensResult result = tokenize(source, options_from(args, source.name()));
    std::string out;
    if (format == "json") {
        support::JsonWriter w(out);
        w.begin_object().field("ok", !has_errors(result.diagnostics)).key("tokens").begin_array();
        for (const TokenInfo& t : result.tokens) {
            LineCol at = source.position(t.span.begin);
            w.begin_object()
                .field("type", t.type)
                .field("text", t.text)
                .field("line", at.line)
                .field("column", at.column)
                .field("offset", t.span.begin)
                .field("length", t.span.size())
                .field("hidden", t.hidden)
                .end_object();
        }
        w.end_array().key("diagnostics").raw(render_json(result.diagnostics, source)).end_object();
        out += '\n';
    } else {
        for (const TokenInfo& t : result.tokens) {
            LineCol at = source.position(t.span.begin);
            std::string shown = t.text;
            for (char& c : shown)
                if (c == '\n') c = ' ';
            out += std::to_string(at.line) + ":" + std::to_string(at.column) + "\t" + t.type + "\t'" + shown + "'" +
                   (t.hidden ? "\thidden" : "") + "\n";
        }
    }
    std::cout << out;
    if (format != "json") std::cerr << render_text(result.diagnostics, source);
    return has_errors(result.diagnostics) ? 1 : 0;
}

int run_tree(const std::vector<std::string>& argv) {
    Args args("tree", "Prints the grammar's parse tree of a query.", argv, {lang_option(), dialect_option()}, {});
    std::string path = input_name(args);
    SourceText source(read_input(path), display_name(path));
    TreeResult result = parse_tree(source, options_from(args, source.name()));
    std::cout << result.tree;
    std::cerr << render_text(result.diagnostics, source);
    return has_errors(result.diagnostics) ? 1 : 0;
}

}  // namespace qdiff::cli
