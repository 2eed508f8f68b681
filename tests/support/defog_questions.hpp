// defog's questions for the results tests: the answers of questions_gen_{postgres,sqlite}.csv,
// each expanded into the queries its `{a, b}` alternatives stand for.
#pragma once
#include <string>
#include <vector>

namespace qdiff::testing {

// defog's answers: several separated by `;`, and `{a, b}` column alternatives where `{}` repeats the
// last choice. Every answer becomes one query per alternative position, plus one with all of them.
std::vector<std::string> answer_variants(const std::string& cell);

struct Question {
    std::string db, question;
    std::vector<std::string> postgres, sqlite;
};
// The questions both gold files answer, with every answer variant of each.
std::vector<Question> shared_questions();

}  // namespace qdiff::testing
