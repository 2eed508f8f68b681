// The rule table, generated from rules.def. An explicit table rather than self-registering objects:
// the library is static, and the linker would drop rule files nothing refers to.
#include "lint/rule.hpp"

namespace qdiff::linting {
namespace rules {
#define QDIFF_RULE(language, name) void name(LintContext&);
#include "lint/rules/rules.def"
#undef QDIFF_RULE
}  // namespace rules

const std::vector<RuleInfo>& all_rules() {
    static const std::vector<RuleInfo> all = {
#define QDIFF_RULE(language, name) {#name, Language::language, &rules::name},
#include "lint/rules/rules.def"
#undef QDIFF_RULE
    };
    return all;
}

}  // namespace qdiff::linting
