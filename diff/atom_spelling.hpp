// How an atom is shown in the reasons and the diff's lists: in its query's own language (`take 10` for
// KQL, `limit: 10` for Weaviate, `LIMIT 10` for SQL). The matcher compares the canonical text
// (Atom::text), one spelling for every language so that a KQL atom can match an SQL one; this is only
// what a reader sees (Atom::spelled). Private to diff/.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/ast.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/parse.hpp"
#include "qdiff/source.hpp"

namespace qdiff {

class AtomSpelling {
public:
    // `block`: the query whose atoms are spelled (null: a statement other than a query). A Weaviate
    // property path leaves out the collection it reads, and a KQL column the pipeline's input table: the
    // normalizer qualifies `wordCount` as `Article.wordCount`, the user wrote `path: ["wordCount"]`.
    AtomSpelling(Language language, const ast::Query* block);

    // Each returns the atom as the language writes it, or "" when that is the canonical text (SQL, and
    // what a language cannot say, e.g. a KQL OFFSET).
    // A filter or HAVING leaf.
    std::string filter(const ast::Expr& leaf) const;
    // A column of the select list, a group key, an aggregate, a whole statement: an expression or node.
    std::string expression(const ast::Node& node) const;
    std::string aggregate(const ast::FunctionCall& call) const;
    std::string group_key(const ast::Expr& key) const;
    std::string distinct() const;
    // LIMIT (`bound` "limit") or OFFSET ("offset") of a block that sorts or not (KQL: `top` or `take`).
    std::string bound(std::string_view bound, const ast::Expr& value, bool sorted) const;
    // A named option that bounds or picks the rows (Weaviate's autocut, tenant...), or an operator KQL
    // keeps whole in a block's options (`sample 5`).
    std::string option(const ast::NamedArg& option) const;
    std::string order(const ast::OrderItem& item) const;
    std::string join(const ast::Join& join) const;
    // A relation read beside the first (an SQL FROM item; an inner join, whose condition the normalizer
    // made filters of).
    std::string cross_source(const ast::Relation& relation) const;
    std::string set_operation(const ast::SetOp& op) const;
    std::string search(const ast::Search& search) const;
    std::string query(const ast::Query& query) const;  // a CTE body or derived table
    // A value as an argument of the language holds it (Weaviate `"x"`, `100`); else as expression().
    std::string value(const ast::Expr& value) const;
    // A node of the canonical tree as a node-level edit names it (diff/node_spelling.cpp), never "": its
    // keyword or operator in the language (`AND`, `and`, `operator: And`; `ORDER BY DESC`, `sort by
    // desc`), a column, value or call written out. The words carry the node's own fields (distinct, sort
    // direction, join kind...), not its children, which have their own edits.
    std::string node(const ast::Node& node) const;

private:
    std::string kql(const ast::Node& node) const;  // KQL, the input table's columns unqualified

    Language language_;
    std::vector<std::string> collections_;  // Weaviate: the collection read; KQL: the pipeline's input table
};

// Where an atom sits, as the note on a pair whose two atoms read the same but sit differently (a filter
// leaf ANDed on one side, ORed on the other), worded in the atom's language: `under AND/OR` for SQL,
// `under and/or` for KQL, `under operator: And / operator: Or` for Weaviate; `alone` for a leaf no
// connective joins; `sort key 2` for the second sort key. `context` is the matcher's (AtomKey::context).
std::string placement(std::string_view context, Language language);
// The same in parentheses after a space, as the reasons append it to an atom: ` (under AND)`.
std::string placement_note(std::string_view context, Language language);

// One note for each side of a changed pair.
struct SideNotes {
    std::string expected, generated;
    bool empty() const { return expected.empty() && generated.empty(); }
};
// What a changed pair differs in when both its atoms are shown alike (`t.x > 1  ->  t.x > 1`), so that a
// reader sees why they were not matched: where each sits (placement()), else the canonical text a
// language's spelling hides (a KQL column's table), the type of the value, the operator. Empty when the
// atoms are shown differently: the shown texts say what changed.
SideNotes same_text_notes(const AtomPair& pair);

// The text a KQL or Weaviate atom came from (its span's, white space folded), where the normalizer's form
// shows through what the atom is shown as (`name =~ "Bob"` shown as `lower(name) == "bob"`, Weaviate's
// `certainty: 0.8` as `distance: 0.4`); "" when it reads the same but for white space, or for SQL, whose
// atoms show the canonical text by design.
std::string written_text(const Atom& atom, const SourceText& source);

// The GraphQL argument a structured query's search is written as, and its field that holds what it searches
// for (nearText's concepts; none for a media search, whose field depends on the medium).
struct WeaviateSearchArgument {
    std::string_view argument, field;
};
WeaviateSearchArgument weaviate_search_argument(ast::SearchKind kind);

// Names joined by dots, as a qualified name is written (`db.t`): a node edit's label and words.
std::string dotted(const ast::List<ast::Name>& names);

}  // namespace qdiff
