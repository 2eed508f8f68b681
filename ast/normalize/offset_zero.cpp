// offset-zero: OFFSET 0 skips no row; it is dropped, so `LIMIT 5 OFFSET 0` is `LIMIT 5`.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

void drop_offset_zero(Normalizer&, Query& q) {
    if (auto v = number(q.offset); v && *v == 0) q.offset = nullptr;
}

}  // namespace

const RuleHooks offset_zero = {.query = &drop_offset_zero};

}  // namespace qdiff::normalizing::rules
