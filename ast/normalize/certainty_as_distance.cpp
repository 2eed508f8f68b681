// certainty-as-distance: Weaviate's `certainty: c` of a near search is `distance: 2 × (1 − c)`. Weaviate
// accepts certainty only for the cosine distance, and defines it as 1 − distance / 2 there, so the two
// spellings select the same objects.
#include <cmath>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

void as_distance(Normalizer& n, Node& node) {
    auto* s = dyn_cast<Search>(&node);
    if (!s || n.language() != Language::Weaviate) return;
    std::vector<Expr*> options(s->options.begin(), s->options.end());
    bool changed = false;
    for (Expr*& o : options) {
        auto* named = dyn_cast<NamedArg>(o);
        if (!named || named->name.text != "certainty") continue;
        auto c = number(named->value);
        if (!c || *c < 0 || *c > 1) continue;
        auto* distance = n.copy(*named);
        distance->name = Name{"distance", false};
        // Rounded to nine places: 2 × (1 − 0.8) is 0.3999999999999999 in binary.
        distance->value = n.make_number(std::round(2 * (1 - *c) * 1e9) / 1e9, named->value->span);
        o = distance;
        changed = true;
    }
    if (changed) s->options = n.arena().list(options);
}

}  // namespace

const RuleHooks certainty_as_distance = {.node = &as_distance};

}  // namespace qdiff::normalizing::rules
