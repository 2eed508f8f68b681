// Two texts (expected, generated) split at the first NUL byte, each in the language detected, parsed,
// normalized and scored with the profile `qdiff diff` would choose; the score must be in [0, 1].
#include "qdiff/diff.hpp"
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void run_diff(std::string_view data) {
    size_t nul = data.find('\0');
    if (nul == std::string_view::npos) nul = data.size() / 2;
    std::string expected(data.substr(0, nul));
    std::string generated(data.substr(std::min(nul + 1, data.size())));
    ParseResult a = parse(expected);
    ParseResult b = parse(generated);
    if (!a.ok() || !b.ok()) return;
    static const Profile full = load_profile("full");
    static const Profile weaviate = load_profile("weaviate-ast");
    bool both_weaviate = a.language() == Language::Weaviate && b.language() == Language::Weaviate;
    DiffResult r = diff(*a.script(), a.language(), *b.script(), b.language(), both_weaviate ? weaviate : full);
    if (!(r.score >= 0 && r.score <= 1)) violated("a score outside [0, 1]: " + std::to_string(r.score), data);
}

}  // namespace qdiff::fuzz
