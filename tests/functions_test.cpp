// The function catalogue (ast/functions.def): one consistent table, and the lookups its three users
// (normalizer, differ, linter) make.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "ast/functions.hpp"

using namespace qdiff;
using namespace qdiff::ast;

namespace {
std::vector<FunctionInfo> all_functions() {
    std::vector<FunctionInfo> out;
    constexpr uint8_t SQL = function_language_bit(Language::Sql), KQL = function_language_bit(Language::Kql),
                      WEAVIATE = function_language_bit(Language::Weaviate);
    constexpr FunctionKind Scalar = FunctionKind::Scalar, Aggregate = FunctionKind::Aggregate,
                           AggregateOneArg = FunctionKind::AggregateOneArg;
#define QDIFF_FUNCTION(name, languages, kind, canonical) out.push_back({name, uint8_t(languages), kind, canonical});
#include "ast/functions.def"
#undef QDIFF_FUNCTION
    (void)SQL, (void)KQL, (void)WEAVIATE, (void)Scalar, (void)Aggregate, (void)AggregateOneArg;
    return out;
}
}  // namespace

TEST_CASE("function catalogue: names are lower case and unique, synonyms name a catalogued function", "[functions]") {
    std::set<std::string_view> names;
    for (const FunctionInfo& f : all_functions()) {
        INFO(f.name);
        CHECK(names.insert(f.name).second);
        CHECK(f.name.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string_view::npos);
        CHECK(f.languages != 0);
        if (!f.canonical.empty()) {
            const FunctionInfo* target = find_function(f.canonical);
            REQUIRE(target);
            CHECK(target->canonical.empty());  // one step: a synonym names the canonical spelling itself
            CHECK(target->kind == f.kind);
        }
    }
}

TEST_CASE("function catalogue: lookups", "[functions]") {
    REQUIRE(find_function("IFNULL"));
    CHECK(find_function("IFNULL")->canonical == "coalesce");
    CHECK(find_function("GetDate")->canonical == "now");
    CHECK_FALSE(find_function("no_such_function"));
    CHECK(is_aggregate_call("COUNT", 1));
    CHECK(is_aggregate_call("max", 1, Language::Sql));
    CHECK_FALSE(is_aggregate_call("max", 2, Language::Sql));  // SQLite's scalar max(a, b)
    CHECK(is_aggregate_call("dcount", 1, Language::Kql));
    CHECK_FALSE(is_aggregate_call("dcount", 1, Language::Sql));
    CHECK(is_aggregate_call("topOccurrences", 1));  // any language
    CHECK_FALSE(is_aggregate_call("mean", 1, Language::Sql));
    CHECK_FALSE(is_aggregate_call("coalesce", 2));
}
