// The bounded node-level diff behind DiffResult::tree_edits (private to the library).
#pragma once
#include "qdiff/diff.hpp"

namespace qdiff {

struct TreeDiff {
    std::vector<TreeEdit> edits;  // at most kMaxTreeEdits
    size_t distance = 0;          // exact, or a lower bound when !exact
    bool exact = true;
    bool truncated = false;
    size_t larger = 0;  // nodes of the larger tree
};

// Zhang–Shasha between two trees, either of which may be absent (then every node of the other is
// inserted or deleted). Beyond kMaxTreeEditCells the distance is the label-multiset lower bound
// max(|a|, |b|) − |labels in common| and no script is listed. Each listed edit's nodes are also named in
// their query's language (TreeEdit::expected_shown, generated_shown).
TreeDiff tree_diff(const ast::Node* a, Language a_language, const ast::Node* b, Language b_language);

}  // namespace qdiff
