// `qdiff serve [--port N] [--host ADDR] [--allow-remote]`: the playground (web/playground.html) and
// the one call it makes, POST /api/analyze, on cpp-httplib. It listens on 127.0.0.1 unless another
// address is asked for with --allow-remote, answers requests for other host names (DNS rebinding)
// with 403, malformed requests with 400, bodies over 4 MiB with 413, and caps what a huge query
// sends back, so that a megabyte of query text is answered in seconds.
#include <httplib.h>

#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/web_assets.hpp"
#include "diff/diff_json.hpp"
#include "qdiff/ast_print.hpp"
#include "qdiff/compare.hpp"
#include "qdiff/dialect.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/lint.hpp"
#include "qdiff/parse.hpp"

namespace qdiff::cli {
namespace {

using ordered_json = nlohmann::ordered_json;

constexpr size_t kMaxBody = 4u << 20;
constexpr size_t kMaxTokens = 5000;  // shown; the count says how many there are
constexpr size_t kMaxTreeBytes = 256u << 10;
constexpr size_t kMaxTreeInput = 64u << 10;
constexpr size_t kMaxAstBytes = 2u << 20;

bool is_loopback(const std::string& host) {
    return host == "localhost" || host == "::1" || host == "[::1]" || host.starts_with("127.");
}

// The name part of a Host header ("127.0.0.1:8080", "[::1]:8080", "localhost").
std::string host_name(const std::string& header) {
    if (header.starts_with("[")) return header.substr(0, header.find(']') + 1);
    return header.substr(0, header.find(':'));
}

struct BadRequest {
    std::string message;
};

std::string string_field(const nlohmann::json& body, const char* key, const std::string& fallback) {
    if (!body.contains(key) || body[key].is_null()) return fallback;
    if (!body[key].is_string()) throw BadRequest{std::string("\"") + key + "\" must be a string"};
    return body[key].get<std::string>();
}

ParseOptions parse_options(const nlohmann::json& body, const char* lang_key, const std::string& name) {
    ParseOptions options;
    std::string lang = string_field(body, lang_key, string_field(body, "lang", "auto"));
    auto language = parse_language_name(lang);
    if (!language) throw BadRequest{"unknown language '" + lang + "'"};
    std::string dialect_text = string_field(body, "dialect", "generic");
    auto dialect = parse_dialect_name(dialect_text);
    if (!dialect) throw BadRequest{"unknown dialect '" + dialect_text + "'"};
    options.language = *language;
    options.dialect = *dialect;
    options.source_name = name;
    return options;
}

// One query: tokens, the grammar's parse tree, the AST and the diagnostics (syntax and the
// schema-free lint rules, with fix-its), each capped; the parse is kept for the diff.
struct Analysis {
    ordered_json json;
    ParseResult parsed;
};

Analysis analyze_query(const std::string& text, const ParseOptions& options) {
    ordered_json j;
    SourceText source(text, options.source_name);
    TokensResult tokens = tokenize(source, options);
    ordered_json& list = j["tokens"] = ordered_json::array();
    for (size_t i = 0; i < tokens.tokens.size() && i < kMaxTokens; ++i) {
        const TokenInfo& t = tokens.tokens[i];
        list.push_back({{"type", t.type},
                        {"text", t.text},
                        {"offset", t.span.begin},
                        {"length", t.span.size()},
                        {"hidden", t.hidden}});
    }
    j["token_count"] = tokens.tokens.size();
    // The grammar's tree of a long query is megabytes of text nobody reads in a browser, and a
    // second full parse: past kMaxTreeInput only `qdiff tree` prints it.
    if (text.size() <= kMaxTreeInput) {
        TreeResult tree = parse_tree(source, options);
        j["tree_bytes"] = tree.tree.size();
        if (tree.tree.size() > kMaxTreeBytes) tree.tree.resize(kMaxTreeBytes);
        j["tree"] = std::move(tree.tree);
    } else {
        j["tree_bytes"] = nullptr;
        j["tree"] =
            "(not shown for a query over " + std::to_string(kMaxTreeInput >> 10) + " KiB: qdiff tree prints it)";
    }
    ParseResult parsed = parse(text, options);
    LintOptions lint_options;
    lint_options.dialect = options.dialect;
    LintResult linted = lint(parsed, lint_options);
    j["language"] = language_name(parsed.language());
    j["ok"] = parsed.ok();
    j["valid"] = linted.valid;
    j["confidence"] = linted.confidence;
    j["diagnostics"] = ordered_json::parse(render_json(linted.diagnostics, parsed.source()));
    std::string ast = parsed.script() ? to_json(*parsed.script(), {.spans = true}) : "null";
    j["ast_bytes"] = ast.size();
    j["ast"] = ast.size() <= kMaxAstBytes ? ordered_json::parse(ast) : ordered_json(nullptr);
    return {std::move(j), std::move(parsed)};
}

// The diff under the options the body gives by their shared names (compare_options.def): "profile" (a
// built-in one: serve reads no files) and "normalize_off" (a list or a comma-separated string).
ordered_json diff_queries(ParseResult expected, ParseResult generated, const nlohmann::json& body, Dialect dialect) {
    CompareOptions options;
    options.dialect = dialect;
    for (const auto& [key, value] : body.items()) {
        const CompareOptionInfo* info = find_compare_option(key);
        // The languages and the dialect were read for the parse; a null is an option not given.
        if (!info || value.is_null() || info->option == CompareOption::Language ||
            info->option == CompareOption::ExpectedLanguage || info->option == CompareOption::Dialect)
            continue;
        if (info->option == CompareOption::Profile && value.is_string()) {  // serve reads no files
            try {
                options.profile = builtin_profile(value.get<std::string>());
            } catch (const std::exception& e) {
                throw BadRequest{"\"" + key + "\": " + e.what()};
            }
            continue;
        }
        // A string, or a list of strings for an option that may repeat (normalize_off).
        std::vector<std::string> texts;
        if (value.is_string()) texts.push_back(value.get<std::string>());
        for (const nlohmann::json& item : value.is_array() ? value : nlohmann::json::array()) {
            if (!item.is_string()) throw BadRequest{"\"" + key + "\" must be a string or a list of strings"};
            texts.push_back(item.get<std::string>());
        }
        if (!value.is_string() && !value.is_array())
            throw BadRequest{"\"" + key + "\" must be a string or a list of strings"};
        for (const std::string& text : texts)
            if (std::string error = set_compare_option(options, info->option, text); !error.empty())
                throw BadRequest{"\"" + key + "\": " + error};
    }
    return comparison_json(compare(std::move(expected), std::move(generated), options));
}

// {"query", "expected", and the shared options: "lang", "expected_lang", "dialect", "profile", "normalize_off"}
// → {"generated": analysis, "expected":
// analysis or null, "diff": the diff or null}.
std::string analyze(const std::string& body_text) {
    nlohmann::json body = nlohmann::json::parse(body_text, nullptr, false);
    if (!body.is_object()) throw BadRequest{"the body must be a JSON object"};
    if (!body.contains("query") || !body["query"].is_string()) throw BadRequest{"\"query\" (a string) is required"};
    std::string query = body["query"].get<std::string>();
    std::string expected_text = string_field(body, "expected", "");
    // Every other field of the body is a shared option (compare_options.def): a misspelt one is an error,
    // not silently ignored.
    for (const auto& [key, value] : body.items())
        if (key != "query" && key != "expected" && !find_compare_option(key))
            throw BadRequest{"unknown field \"" + key + "\""};
    ParseOptions generated_options = parse_options(body, "lang", "<generated>");
    ParseOptions expected_options = parse_options(body, "expected_lang", "<expected>");
    Analysis generated = analyze_query(query, generated_options);
    ordered_json j;
    if (expected_text.empty()) {
        j["generated"] = std::move(generated.json);
        j["expected"] = nullptr;
        j["diff"] = nullptr;
    } else {
        Analysis expected = analyze_query(expected_text, expected_options);
        j["diff"] = diff_queries(std::move(expected.parsed), std::move(generated.parsed), body, generated_options.dialect);
        j["generated"] = std::move(generated.json);
        j["expected"] = std::move(expected.json);
    }
    return j.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

void reply_error(httplib::Response& response, int status, const std::string& message) {
    response.status = status;
    response.set_content(ordered_json{{"error", message}}.dump(), "application/json");
}

}  // namespace

int run_serve(const std::vector<std::string>& argv) {
    Args args(
        "serve", "Serves the playground: tokens, parse tree, AST, diagnostics and diff as you type.", argv,
        {{"port", "N: the port (8080; 0 picks a free one)"}, {"host", "ADDR: the address to listen on (127.0.0.1)"}},
        {{"allow-remote", "allow --host to be an address other machines can reach"}}, "");
    std::string host = args.get_or("host", "127.0.0.1");
    bool allow_remote = args.flag("allow-remote");
    if (!is_loopback(host) && !allow_remote)
        throw UsageError{"refusing to listen on " + host +
                         ": the playground is for this machine (127.0.0.1); "
                         "pass --allow-remote to listen on another address"};
    int port = 8080;
    if (auto text = args.get("port")) {
        try {
            size_t used = 0;
            port = std::stoi(*text, &used);
            if (used != text->size()) port = -1;
        } catch (const std::exception&) {
            port = -1;
        }
        if (port < 0 || port > 65535) throw UsageError{"--port must be a number from 0 (any free port) to 65535"};
    }

    httplib::Server server;
    server.set_payload_max_length(kMaxBody);
    server.set_read_timeout(10, 0);
    server.set_write_timeout(10, 0);
    server.set_keep_alive_timeout(5);
    const std::string page = inline_page("playground.html");
    server.set_pre_routing_handler([allow_remote](const httplib::Request& request, httplib::Response& response) {
        if (allow_remote || is_loopback(host_name(request.get_header_value("Host"))))
            return httplib::Server::HandlerResponse::Unhandled;
        reply_error(response, 403, "this server answers requests for 127.0.0.1 and localhost only");
        return httplib::Server::HandlerResponse::Handled;
    });
    server.Get("/", [&page](const httplib::Request&, httplib::Response& response) {
        response.set_content(page, "text/html; charset=utf-8");
    });
    server.Get("/api/options", [](const httplib::Request&, httplib::Response& response) {
        ordered_json options = {{"languages", {"auto"}}, {"dialects", ordered_json::array()}};
        for (const LanguageTraits& l : all_languages()) options["languages"].push_back(std::string(l.name));
        for (const DialectTraits& d : all_dialects()) options["dialects"].push_back(std::string(d.name));
        response.set_content(options.dump(), "application/json");
    });
    server.Post("/api/analyze", [](const httplib::Request& request, httplib::Response& response) {
        try {
            response.set_content(analyze(request.body), "application/json");
        } catch (const BadRequest& e) {
            reply_error(response, 400, e.message);
        } catch (const std::exception& e) {
            reply_error(response, 500, std::string("internal error: ") + e.what());
        }
    });
    server.set_error_handler([](const httplib::Request&, httplib::Response& response) {
        if (response.body.empty())
            reply_error(response, response.status, "HTTP status " + std::to_string(response.status));
    });

    int bound = port == 0 ? server.bind_to_any_port(host) : (server.bind_to_port(host, port) ? port : -1);
    if (bound < 0) throw UsageError{"cannot listen on " + host + ":" + std::to_string(port)};
    std::string shown_host = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    std::cout << "qdiff serve: http://" << shown_host << ":" << bound << "/" << std::endl;
    return server.listen_after_bind() ? 0 : 2;
}

}  // namespace qdiff::cli
