#include "support/defog_questions.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "support/corpus.hpp"

namespace qdiff::testing {

std::vector<std::string> answer_variants(const std::string& cell) {
    std::vector<std::string> out;
    std::stringstream answers(cell);
    for (std::string answer; std::getline(answers, answer, ';');) {
        if (answer.find_first_not_of(" \t\r\n") == std::string::npos) continue;
        size_t most = 1;
        for (size_t open = answer.find('{'); open != std::string::npos; open = answer.find('{', open + 1))
            most = std::max<size_t>(
                most, 1 + std::count(answer.begin() + open, answer.begin() + answer.find('}', open), ','));
        std::set<std::string> unique;
        for (size_t choice = 0; choice <= most; ++choice) {  // choice == most: all alternatives
            std::string query, chosen;
            for (size_t i = 0; i < answer.size(); ++i) {
                if (answer[i] != '{') {
                    query += answer[i];
                    continue;
                }
                size_t close = answer.find('}', i);
                std::string inner = answer.substr(i + 1, close - i - 1);
                if (inner.find_first_not_of(' ') != std::string::npos) {
                    std::vector<std::string> alternatives;
                    std::stringstream parts(inner);
                    for (std::string part; std::getline(parts, part, ',');) alternatives.push_back(part);
                    chosen = choice < most ? alternatives[std::min(choice, alternatives.size() - 1)] : inner;
                }
                query += chosen;
                i = close;
            }
            if (unique.insert(query).second) out.push_back(query);
        }
    }
    return out;
}

std::vector<Question> shared_questions() {
    auto read = [](const std::string& file) {
        std::map<std::pair<std::string, std::string>, std::string> by_question;
        auto rows = read_csv(corpus_dir() / "sql/defog" / file);
        std::map<std::string, size_t> column;
        for (size_t i = 0; i < rows[0].size(); ++i) column[rows[0][i]] = i;
        for (size_t r = 1; r < rows.size(); ++r)
            by_question[{rows[r][column.at("db_name")], rows[r][column.at("question")]}] = rows[r][column.at("query")];
        return by_question;
    };
    auto postgres = read("questions_gen_postgres.csv");
    auto sqlite = read("questions_gen_sqlite.csv");
    std::vector<Question> out;
    for (const auto& [key, query] : postgres)
        if (auto it = sqlite.find(key); it != sqlite.end())
            out.push_back({key.first, key.second, answer_variants(query), answer_variants(it->second)});
    return out;
}

}  // namespace qdiff::testing
