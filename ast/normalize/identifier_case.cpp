// identifier-case: SQL folds unquoted names to lower case; dialects whose traits say quoted names fold
// (SQLite, MySQL, T-SQL) match quoted names case-insensitively too, where PostgreSQL and the standard
// keep them as written.
#include <algorithm>

#include "ast/normalize/normalizer.hpp"
#include "qdiff/dialect.hpp"
#include "support/strings.hpp"

namespace qdiff::normalizing::rules {
namespace {

std::string_view folded(Normalizer& n, std::string_view text, bool quoted) {
    bool folds = (n.language() != Language::Auto && traits(n.language()).folds_names &&
                  (!quoted || traits(n.dialect()).quoted_names_fold)) ||
                 n.options().fold_all_names;
    if (!folds || !std::any_of(text.begin(), text.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) return text;
    return n.arena().copy(support::to_lower(text));
}

}  // namespace

const RuleHooks identifier_case = {.name = &folded};

}  // namespace qdiff::normalizing::rules
