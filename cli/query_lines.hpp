// The inputs of `qdiff parse` and `qdiff lint`: one query (a file, standard input or --text), or
// --batch JSONL, one query per line.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "cli/args.hpp"
#include "qdiff/parse.hpp"

namespace qdiff::cli {

// The --text option: the query itself on the command line.
OptionSpec text_option();

// The one query of a command: --text, else the input file (or standard input); the name is what
// diagnostics show. Both --text and a file is a usage error.
struct QueryInput {
    std::string text;
    std::string name;
};
QueryInput query_input(const Args& args);

// One line of --batch input: its 0-based index, its `id` as JSON text (empty without one), and its
// query with the line's `lang`/`dialect` applied to `options`, or, for a line that is not a JSON
// object with the query field, `problem` (why).
struct QueryLine {
    size_t index = 0;
    std::string id_json;
    std::optional<std::string> query;
    std::string problem;
    ParseOptions options;
};

// Reads --batch FILE|- line by line (blank lines skipped) and calls `each` for every other line, in
// order. The query is in the field --field names (default "query").
void for_each_query_line(const Args& args, const ParseOptions& base, const std::function<void(const QueryLine&)>& each);

// The record of a line without a query: {"index", "id"?, "ok": false, "diagnostics": [one bad-record error]}
// with `verdict` ("ok" or "valid") as its verdict field.
std::string bad_line_record(const QueryLine& line, const std::string& verdict);

}  // namespace qdiff::cli
