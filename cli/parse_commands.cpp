// `qdiff parse`, `qdiff parse --batch`, `qdiff tokens`, `qdiff tree`.
#include <cerrno>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/query_lines.hpp"
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
    bool any_failed = false;
    for_each_query_line(args, options_from(args, "<record>"), [&](const QueryLine& line) {
        if (!line.query) {
            any_failed = true;
            std::cout << bad_line_record(line, "ok") << '\n';
            return;
        }
        ParseResult result = parse(*line.query, line.options);
        any_failed |= !result.ok();
        std::string out;
        support::JsonWriter w(out);
        w.begin_object().field("index", static_cast<uint64_t>(line.index));
        if (!line.id_json.empty()) w.key("id").raw(line.id_json);
        w.field("ok", result.ok())
            .field("language", language_name(result.language()))
            .key("diagnostics")
            .raw(render_json(result.diagnostics(), result.source()))
            .end_object();
        std::cout << out << '\n';
    });
    return any_failed ? 1 : 0;
}

}  // namespace

int run_parse(const std::vector<std::string>& argv) {
    Args args("parse", "Parses a query into the unified AST and prints it with its diagnostics.", argv,
              {lang_option(),
               dialect_option(),
               {"format", "text|json|sexpr: output format (text)"},
               text_option(),
               {"batch", "FILE|-: JSONL in, one JSONL record out per line"},
               {"field", "NAME: the field of a --batch line that holds the query (query)"}},
              {});
    if (args.get("batch")) {
        if (!args.positionals().empty() || args.get("text"))
            throw UsageError{"--batch takes its input from the option, not a positional file or --text"};
        return run_batch(args);
    }
    std::string format = args.choice("format", "text", {"text", "json", "sexpr"});
    QueryInput input = query_input(args);
    ParseResult result = parse(std::move(input.text), options_from(args, input.name));
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
