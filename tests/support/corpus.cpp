#include "support/corpus.hpp"

#include "support/csv.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string_view>

namespace qdiff::testing {

std::filesystem::path corpus_dir() {
    const char* env = std::getenv("QDIFF_CORPUS_DIR");
    return env && *env ? env : QDIFF_CORPUS_DIR;
}

bool corpus_required() {
    const char* env = std::getenv("QDIFF_REQUIRE_CORPUS");
    return env && *env && std::string_view(env) != "0";
}

bool corpus_has(const std::filesystem::path& part) {
    const std::filesystem::path path = corpus_dir() / part;
    if (std::filesystem::exists(path)) return true;
    if (corpus_required()) FAIL("corpus not found at " << path << " and QDIFF_REQUIRE_CORPUS is set");
    WARN("corpus not found at " << path << ": skipped (set QDIFF_REQUIRE_CORPUS=1 to make this a failure)");
    return false;
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::vector<std::string> read_lines(const std::filesystem::path& path) {
    std::vector<std::string> lines;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
    }
    return lines;
}

std::vector<CorpusQuery> read_query_lines(const std::filesystem::path& relative) {
    std::vector<CorpusQuery> out;
    auto lines = read_lines(corpus_dir() / relative);
    for (size_t i = 0; i < lines.size(); ++i) {
        std::string text = lines[i].substr(0, lines[i].find('\t'));
        out.push_back({relative.string() + ":" + std::to_string(i + 1), text});
    }
    return out;
}

std::vector<std::vector<std::string>> read_csv(const std::filesystem::path& path) {
    return support::parse_csv(read_file(path));
}

// defog's column alternatives: `{a, b}` -> a (the first), and `{}` repeats that choice (as in
// `SELECT {a, b}, ... GROUP BY {}`).
static std::string expand_alternatives(const std::string& q) {
    std::string out, chosen;
    for (size_t i = 0; i < q.size(); ++i) {
        if (q[i] != '{') {
            out += q[i];
            continue;
        }
        size_t close = q.find('}', i);
        if (close == std::string::npos) {
            out += q.substr(i);
            break;
        }
        std::string inner = q.substr(i + 1, close - i - 1);
        if (inner.find_first_not_of(" ") != std::string::npos) chosen = inner.substr(0, inner.find(','));
        out += chosen;
        i = close;
    }
    return out;
}

std::vector<CorpusQuery> defog_gold(const std::string& csv_name) {
    auto rows = read_csv(corpus_dir() / "sql/defog" / csv_name);
    std::vector<CorpusQuery> out;
    if (rows.empty()) return out;
    size_t column = 0;
    while (column < rows[0].size() && rows[0][column] != "query") ++column;
    for (size_t r = 1; r < rows.size(); ++r) {
        if (column >= rows[r].size()) continue;
        std::string expanded = expand_alternatives(rows[r][column]);
        std::stringstream answers(expanded);
        size_t k = 0;
        for (std::string answer; std::getline(answers, answer, ';');) {
            if (answer.find_first_not_of(" \t\r\n") == std::string::npos) continue;
            out.push_back({csv_name + ":" + std::to_string(r) + "#" + std::to_string(++k), answer});
        }
    }
    return out;
}

std::vector<CorpusQuery> read_jsonl_field(const std::filesystem::path& relative, const std::string& field) {
    std::vector<CorpusQuery> out;
    auto lines = read_lines(corpus_dir() / relative);
    for (size_t i = 0; i < lines.size(); ++i) {
        auto json = nlohmann::json::parse(lines[i], nullptr, false);
        if (json.is_object() && json.contains(field) && json[field].is_string())
            out.push_back({relative.string() + ":" + std::to_string(i + 1), json[field].get<std::string>()});
    }
    return out;
}

}  // namespace qdiff::testing
