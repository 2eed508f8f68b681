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
        // none today: list an equivalent pair that fails, or a different one that passes, here with why
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
