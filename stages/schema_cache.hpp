// Loaded schemas shared by the workers of a batch run: a benchmark has few databases and many cases
// on each, and loading one (e.g. picking a db_id out of Spider's tables.json) costs far more than
// evaluating a case. Each schema is loaded once, by the first worker that needs it.
#pragma once
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "qdiff/schema.hpp"

namespace qdiff::stages {

class SchemaCache {
public:
    // `spec` is "path" or "path#selector". The result stays valid while the caller holds it, even
    // after the cache drops it.
    std::shared_ptr<const SchemaLoadResult> get(const std::string& spec);

private:
    // Bounds memory on runs over many databases: when full, the cache starts afresh.
    static constexpr size_t kMaxSchemas = 64;
    std::mutex mutex_;
    std::map<std::string, std::shared_future<std::shared_ptr<const SchemaLoadResult>>> loaded_;
};

}  // namespace qdiff::stages
