// languages.def: one line per language, read by names, front ends, profiles, traits and the judge.
#include <catch2/catch.hpp>

#include "qdiff/compare.hpp"
#include "qdiff/parse.hpp"

using namespace qdiff;

TEST_CASE("every language of the table has a name, a front end and the defaults it declares", "[languages]") {
    const char* samples[] = {"SELECT a FROM t", "T | where a > 1", "{ Get { Article(limit: 5) { title } } }"};
    REQUIRE(all_languages().size() == std::size(samples));
    size_t i = 0;
    for (const LanguageTraits& l : all_languages()) {
        CAPTURE(l.name);
        CHECK(parse_language_name(l.name) == l.id);
        if (!l.alias.empty()) CHECK(parse_language_name(l.alias) == l.id);
        CHECK(language_name(l.id) == l.name);
        CHECK_FALSE(l.label.empty());
        ParseResult parsed = parse(samples[i++], {.language = l.id});
        CHECK(parsed.ok());  // a front end is registered for it
        CHECK(default_profile_name(l.id, l.id, ProfileUse::Diff) == l.diff_profile);
        CHECK(default_profile_name(l.id, l.id, ProfileUse::Batch) == l.batch_profile);
        for (std::string_view profile : {l.diff_profile, l.batch_profile, l.verdict_profile})
            CHECK(builtin_profile(profile)->name == profile);  // each names a built-in profile
    }
    CHECK(language_names() == "auto, sql, kql, weaviate");
    CHECK(parse_language_name("kusto") == Language::Kql);
    CHECK_FALSE(parse_language_name("cobol").has_value());
    CHECK(default_profile_name(Language::Sql, Language::Kql, ProfileUse::Diff) == "full");
}

TEST_CASE("the table's normalization traits: name folding and the default sort direction", "[languages]") {
    CHECK(traits(Language::Sql).folds_names);
    CHECK_FALSE(traits(Language::Kql).folds_names);
    // Kusto's `sort by x` sorts descending: it equals an explicit desc, and differs from asc.
    CHECK(compare("T | sort by a", "T | sort by a desc").score() == 1.0);
    CHECK(compare("T | sort by a", "T | sort by a asc").score() < 1.0);
    CHECK(compare("SELECT a FROM t ORDER BY a", "SELECT a FROM t ORDER BY a ASC").score() == 1.0);
    CHECK(compare("SELECT A FROM T", "select a from t").score() == 1.0);
    CHECK_THROWS(traits(Language::Auto));
}
