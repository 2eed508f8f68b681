// The grammars are checked for PEG problems (left recursion, rules that can loop without
// consuming input) by PEGTL's analyzer.
#include <catch2/catch.hpp>

#include <tao/pegtl/contrib/analyze.hpp>

#include "parsers/weaviate/graphql_grammar.hpp"
#include "parsers/weaviate/json_grammar.hpp"

TEST_CASE("grammar analysis: JSON grammar has no problems", "[weaviate][grammar]") {
    CHECK(tao::pegtl::analyze<qdiff::weaviate::json_grammar::text>(1) == 0);
}

TEST_CASE("grammar analysis: GraphQL grammar has no problems", "[weaviate][grammar]") {
    CHECK(tao::pegtl::analyze<qdiff::weaviate::graphql_grammar::document>(1) == 0);
}
