// corpus/pairs/equivalence.jsonl: equivalent and subtly different pairs in SQL, KQL and Weaviate, each with
// its label, through `qdiff batch`'s defaults (evaluate/Batch; the SQL pairs with their schema, so synthesized
// databases run). No different pair may pass; an equivalent pair that fails must be listed below with why.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "qdiff/evaluate.hpp"

TEST_CASE("equivalent pairs pass and subtly different pairs fail, in every language", "[evaluate][pairs]") {
    const std::string folder = std::string(QDIFF_SOURCE_DIR) + "/corpus/pairs";
    std::ifstream in(folder + "/equivalence.jsonl");
    REQUIRE(in);
    std::vector<std::string> lines;
    std::map<std::string, bool> labels;
    for (std::string line; std::getline(in, line);) {
        auto j = nlohmann::json::parse(line);
        labels[j["id"].get<std::string>()] = j["label"].get<bool>();
        lines.push_back(line);
    }
    // Known misses, with the reason (a listed pair that starts to agree fails the test).
    const std::map<std::string, std::string> known_misses = {
        // an equivalent pair that fails: the normalizer does not spell one as the other
        {"sql-ilike-vs-lower-like", "PostgreSQL ILIKE against LOWER(x) LIKE: the normalizer does not lower both sides"},
        {"kql-project-take", "project a, b | take 10 against take 10 | project a, b: a derived table that limits "
                             "does not flatten"},
        {"kql-strlen-isnotempty", "strlen(a) > 0 against isnotempty(a): the same only for strings, and the "
                                  "normalizer has no types"},
        {"kql-extend-overwrite", "extend a = a * 2 | where a > 10 against where a * 2 > 10 | extend a = a * 2"},
        {"kql-rename-count", "summarize c = count() by a | where c > 5 | project a, count_ = c against the "
                             "default name count_"},
        {"kql-avg-vs-sum-div-countif", "avg(a) against sum(a) / countif(isnotnull(a))"},
        {"union-all-distinct-vs-union", "DISTINCT over a UNION ALL against UNION: no difference found, structure far"},
        {"count-distinct-fk-vs-in", "COUNT(DISTINCT fk) against COUNT(*) of the parent IN the child: no difference "
                                    "found, structure far"},
        {"kql-where-before-project", "where a > 5 | project a, b against project a, b | where a > 5: a derived "
                                     "table that projects does not flatten under the filter"},
        {"kql-regex-vs-startswith-cs", "matches regex \"^x\" against startswith_cs \"x\""},
        {"like-vs-position-pg", "PostgreSQL LIKE '%a%' against POSITION('a' IN name) > 0"},
        // DuckDB's QUALIFY against the derived table that computes the window and filters it
        {"qualify-vs-subquery", "QUALIFY ROW_NUMBER() .. = 1 against a derived table filtered on rn = 1"},
    };

    qdiff::EvaluateOptions options;
    options.base_dir = folder;
    options.threads = 2;
    qdiff::Batch batch(options);
    size_t next = 0;
    std::map<std::string, std::pair<int, int>> by_language;  // right, all
    std::vector<std::string> misses;
    size_t equivalent = 0, different = 0, different_passing = 0, equivalent_failing = 0;
    batch.run(
        [&]() -> std::optional<qdiff::Batch::Input> {
            if (next == lines.size()) return std::nullopt;
            ++next;
            return qdiff::Batch::Input{next, lines[next - 1]};
        },
        [&](qdiff::Batch::Output&& out) {
            auto r = nlohmann::json::parse(out.record);
            bool label = labels.at(out.id);
            bool pass = r["pass"].get<bool>();
            auto& [right, all] = by_language[r["language"]["generated"].get<std::string>()];
            ++all;
            right += pass == label;
            (label ? equivalent : different)++;
            if (label && !pass) ++equivalent_failing;
            if (!label && pass) ++different_passing;
            if (pass != label)
                misses.push_back(out.id + " (" + (label ? "equivalent, failed: " : "different, passed: ") +
                                 r["verdict"].get<std::string>() + ")");
        });
    for (const auto& [language, counts] : by_language)
        WARN(language << ": " << counts.first << " of " << counts.second << " pairs agree with their label");
    for (const std::string& miss : misses) WARN("miss: " << miss);
    CHECK(equivalent + different == lines.size());
    CHECK(equivalent >= 50);
    CHECK(different >= 50);
    size_t known_different_passing = 0, known_equivalent_failing = 0;
    for (const auto& [id, why] : known_misses) (labels.at(id) ? known_equivalent_failing : known_different_passing)++;
    // The aims are no different pair passing and at most 3 equivalent pairs failing; each miss is listed above.
    CHECK(different_passing == known_different_passing);
    CHECK(equivalent_failing == known_equivalent_failing);
    std::set<std::string> missed_ids, listed;
    for (const std::string& miss : misses) missed_ids.insert(miss.substr(0, miss.find(' ')));
    for (const auto& [id, why] : known_misses) listed.insert(id);
    CHECK(missed_ids == listed);
}
