// The schema cache shared by the workers of a batch run.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <thread>
#include <vector>

#include "stages/schema_cache.hpp"

using qdiff::stages::SchemaCache;

TEST_CASE("schema cache: workers asking at once share one load", "[batch][schema-cache]") {
    const std::string spec = std::string(QDIFF_TEST_DATA_DIR) + "/schema/shop.json";
    SchemaCache cache;
    std::vector<std::shared_ptr<const qdiff::SchemaLoadResult>> got(6);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < got.size(); ++i) threads.emplace_back([&, i] { got[i] = cache.get(spec); });
    for (auto& t : threads) t.join();
    REQUIRE(got[0]->schema);
    for (const auto& g : got) CHECK(g.get() == got[0].get());
    CHECK(cache.get(spec).get() == got[0].get());
}

TEST_CASE("schema cache: a selector picks another entry; a bad file is kept as its diagnostics",
          "[batch][schema-cache]") {
    SchemaCache cache;
    const std::string kusto = std::string(QDIFF_TEST_DATA_DIR) + "/schema/kusto_databases.json";
    auto whole = cache.get(kusto);
    CHECK_FALSE(whole->schema);  // two databases, none picked
    CHECK_FALSE(whole->diagnostics.empty());
    auto picked = cache.get(kusto + "#Telemetry");
    REQUIRE(picked->schema);
    CHECK(picked->schema->name == "Telemetry");
    auto missing = cache.get(std::string(QDIFF_TEST_DATA_DIR) + "/schema/no-such-file.json");
    CHECK_FALSE(missing->schema);
    REQUIRE_FALSE(missing->diagnostics.empty());
    CHECK(missing->diagnostics.front().code() == "schema-unreadable");
}

TEST_CASE("schema cache: a path may contain '#', as for lint --schema", "[batch][schema-cache]") {
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / ("qdiff-cache-#" + std::to_string(::getpid()));
    fs::create_directories(dir);
    fs::copy_file(fs::path(QDIFF_TEST_DATA_DIR) / "schema/kusto_databases.json", dir / "k.json",
                  fs::copy_options::overwrite_existing);
    SchemaCache cache;
    auto picked = cache.get((dir / "k.json").string() + "#Telemetry");
    REQUIRE(picked->schema);
    CHECK(picked->schema->name == "Telemetry");
    auto other = cache.get((dir / "k.json").string() + "#telemetry");  // another key, the same parsed file
    REQUIRE(other->schema);
    CHECK(other.get() != picked.get());
    fs::remove_all(dir);
}
