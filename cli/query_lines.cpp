#include "cli/query_lines.hpp"

#include <cerrno>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "support/json_writer.hpp"

namespace qdiff::cli {

OptionSpec text_option() { return {"text", "Q: the query itself, instead of a file"}; }

QueryInput query_input(const Args& args) {
    if (auto text = args.get("text")) {
        if (!args.positionals().empty()) throw UsageError{"--text gives the query: name no input file as well"};
        return {*text, "<text>"};
    }
    std::string path = input_name(args);
    return {read_input(path), display_name(path)};
}

void for_each_query_line(const Args& args, const ParseOptions& base, const std::function<void(const QueryLine&)>& each) {
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
    std::string text;
    for (size_t index = 0; std::getline(*in, text); ++index) {
        if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
        QueryLine line;
        line.index = index;
        line.options = base;
        nlohmann::json record = nlohmann::json::parse(text, nullptr, false);
        if (record.is_object() && record.contains("id")) line.id_json = record["id"].dump();
        const nlohmann::json* query = record.is_object() && record.contains(field) ? &record[field] : nullptr;
        if (!query || !query->is_string()) {
            line.problem = record.is_discarded()
                               ? "line " + std::to_string(index + 1) + " is not valid JSON"
                               : "line " + std::to_string(index + 1) + " has no string field '" + field + "'";
        } else {
            line.query = query->get<std::string>();
            if (record.contains("lang") && record["lang"].is_string())
                if (auto l = parse_language_name(record["lang"].get<std::string>())) line.options.language = *l;
            if (record.contains("dialect") && record["dialect"].is_string())
                if (auto d = parse_dialect_name(record["dialect"].get<std::string>())) line.options.dialect = *d;
        }
        each(line);
    }
}

std::string bad_line_record(const QueryLine& line, const std::string& verdict) {
    std::string out;
    support::JsonWriter w(out);
    w.begin_object().field("index", static_cast<uint64_t>(line.index));
    if (!line.id_json.empty()) w.key("id").raw(line.id_json);
    Diagnostic d = make_diagnostic(DiagId::BadRecord, {0, 0}, {line.problem});
    w.field(verdict, false)
        .key("diagnostics")
        .begin_array()
        .begin_object()
        .field("code", d.code())
        .field("severity", severity_name(d.severity))
        .field("message", d.message)
        .field("line", static_cast<uint64_t>(line.index + 1))
        .field("column", 1u)
        .end_object()
        .end_array()
        .end_object();
    return out;
}

}  // namespace qdiff::cli
