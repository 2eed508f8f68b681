// A counterexample for people (text tables) and for records (JSON).
#include <nlohmann/json.hpp>

#include "stages/results/synth/synth.hpp"
#include "support/strings.hpp"

namespace qdiff::results::synth {
namespace {

void append_table(std::string& out, const std::string& title, const std::vector<std::string>& columns,
                  const std::vector<std::vector<Value>>& rows) {
    out += title + " (" + support::counted(rows.size(), "row") + ")\n";
    std::vector<std::vector<std::string>> cells;
    cells.push_back(columns);
    for (const auto& row : rows) {
        std::vector<std::string> line;
        for (const Value& v : row) line.push_back(format_value(v));
        cells.push_back(std::move(line));
    }
    std::vector<size_t> width(columns.size(), 0);
    for (const auto& line : cells)
        for (size_t i = 0; i < line.size() && i < width.size(); ++i) width[i] = std::max(width[i], line[i].size());
    for (size_t r = 0; r < cells.size(); ++r) {
        out += "    ";
        for (size_t i = 0; i < cells[r].size() && i < width.size(); ++i) {
            out += cells[r][i];
            if (i + 1 < cells[r].size()) out += std::string(width[i] - cells[r][i].size() + 2, ' ');
        }
        out += '\n';
        if (r == 0) {
            out += "    ";
            for (size_t i = 0; i < width.size(); ++i)
                out += std::string(width[i], '-') + (i + 1 < width.size() ? "  " : "");
            out += '\n';
        }
    }
}

nlohmann::json value_json(const Value& v) {
    if (const auto* n = std::get_if<int64_t>(&v)) return *n;
    if (const auto* d = std::get_if<double>(&v)) return *d;
    if (const auto* s = std::get_if<std::string>(&v)) return *s;
    return nullptr;
}

nlohmann::json rows_json(const std::vector<std::vector<Value>>& rows) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& row : rows) {
        nlohmann::json line = nlohmann::json::array();
        for (const Value& v : row) line.push_back(value_json(v));
        out.push_back(std::move(line));
    }
    return out;
}

}  // namespace

std::string format_counterexample(const Counterexample& c) {
    std::string out = "counterexample (synthesized database " + std::to_string(c.database) + ", shrunk to " +
                      support::counted(c.data.row_count(), "row") + "):\n";
    for (const SynthTable& t : c.data.tables) append_table(out, "  table " + t.name, t.columns, t.rows);
    append_table(out, "  expected result", c.expected.columns, c.expected.rows);
    append_table(out, "  generated result", c.generated.columns, c.generated.rows);
    out += "  " + c.explanation + "\n";
    return out;
}

std::string counterexample_json(const Counterexample& c) {
    nlohmann::json j;
    j["database"] = c.database;
    j["tables"] = nlohmann::json::array();
    for (const SynthTable& t : c.data.tables)
        j["tables"].push_back({{"name", t.name}, {"columns", t.columns}, {"rows", rows_json(t.rows)}});
    j["expected"] = {{"columns", c.expected.columns}, {"rows", rows_json(c.expected.rows)}};
    j["generated"] = {{"columns", c.generated.columns}, {"rows", rows_json(c.generated.rows)}};
    j["explanation"] = c.explanation;
    return j.dump();
}

}  // namespace qdiff::results::synth
