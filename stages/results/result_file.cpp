// Result sets given with a case (engines we cannot reach: KQL, Weaviate, ...): JSON or CSV.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "stages/results/result_set.hpp"
#include "support/csv.hpp"
#include "support/strings.hpp"

namespace qdiff::results {
namespace {

using nlohmann::json;

// Nested arrays and objects have no column type of their own: they compare as their JSON text.
Value to_value(const json& v) {
    switch (v.type()) {
        case json::value_t::null: return Null{};
        case json::value_t::boolean: return int64_t(v.get<bool>() ? 1 : 0);
        case json::value_t::number_integer: return v.get<int64_t>();
        case json::value_t::number_unsigned: {
            auto u = v.get<uint64_t>();
            if (u <= uint64_t(INT64_MAX)) return int64_t(u);
            return double(u);
        }
        case json::value_t::number_float: return v.get<double>();
        case json::value_t::string: return v.get<std::string>();
        default: return v.dump();
    }
}

ExecResult error(std::string message) {
    ExecResult r;
    r.status = ExecStatus::Error;
    r.error = std::move(message);
    return r;
}

ExecResult from_json(const json& doc) {
    ExecResult out;
    ResultSet& rs = out.result;
    if (doc.is_object()) {
        if (!doc.contains("columns") || !doc["columns"].is_array() || !doc.contains("rows") || !doc["rows"].is_array())
            return error("a result object needs \"columns\" (array) and \"rows\" (array of arrays)");
        for (const auto& c : doc["columns"]) rs.columns.push_back(c.is_string() ? c.get<std::string>() : c.dump());
        size_t index = 0;
        for (const auto& row : doc["rows"]) {
            if (!row.is_array() || row.size() != rs.columns.size())
                return error("row " + std::to_string(index) + " has not " + std::to_string(rs.columns.size()) +
                             " values");
            std::vector<Value> values;
            for (const auto& v : row) values.push_back(to_value(v));
            rs.rows.push_back(std::move(values));
            ++index;
        }
        return out;
    }
    if (!doc.is_array()) return error("a result is a JSON array of row objects or an object with columns and rows");
    // Rows as objects: the columns are the union of keys in first-seen order; a missing key is NULL.
    for (const auto& row : doc) {
        if (!row.is_object()) return error("a JSON result array must hold row objects");
        for (const auto& [key, v] : row.items())
            if (std::find(rs.columns.begin(), rs.columns.end(), key) == rs.columns.end()) rs.columns.push_back(key);
    }
    for (const auto& row : doc) {
        std::vector<Value> values;
        for (const auto& column : rs.columns)
            values.push_back(row.contains(column) ? to_value(row[column]) : Value(Null{}));
        rs.rows.push_back(std::move(values));
    }
    return out;
}

ExecResult from_csv(std::string_view text) {
    auto table = support::parse_csv(text);
    if (table.empty()) return error("the CSV file has no header line");
    ExecResult out;
    out.result.columns = table[0];
    for (size_t r = 1; r < table.size(); ++r) {
        if (table[r].size() != table[0].size())
            return error("CSV line " + std::to_string(r + 1) + " has " + std::to_string(table[r].size()) +
                         " fields, the header " + std::to_string(table[0].size()));
        std::vector<Value> row;
        for (auto& cell : table[r]) row.push_back(cell.empty() ? Value(Null{}) : Value(std::move(cell)));
        out.result.rows.push_back(std::move(row));
    }
    return out;
}

}  // namespace

ExecResult read_result_file(const std::string& source) {
    size_t first = source.find_first_not_of(" \t\r\n");
    bool inline_json = first != std::string::npos && (source[first] == '[' || source[first] == '{');
    std::string text = source;
    if (!inline_json) {
        errno = 0;
        std::ifstream in(source, std::ios::binary);
        if (!in)
            return error("cannot read result file '" + source + "'" +
                         (errno ? std::string(": ") + std::strerror(errno) : std::string()));
        text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    std::string extension = support::to_lower(std::filesystem::path(source).extension().string());
    if (!inline_json && extension == ".csv") return from_csv(text);
    auto doc = json::parse(text, nullptr, false);
    if (doc.is_discarded())
        return error(inline_json ? "the inline result is not valid JSON"
                                 : "result file '" + source + "' is not valid JSON");
    return from_json(doc);
}

}  // namespace qdiff::results
