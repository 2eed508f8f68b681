#include "stages/schema_cache.hpp"

namespace qdiff::stages {

std::shared_ptr<const SchemaLoadResult> SchemaCache::get(const std::string& spec) {
    std::promise<std::shared_ptr<const SchemaLoadResult>> promise;
    std::shared_future<std::shared_ptr<const SchemaLoadResult>> future;
    {
        std::lock_guard lock(mutex_);
        if (auto it = loaded_.find(spec); it != loaded_.end()) {
            future = it->second;
        } else {
            if (loaded_.size() >= kMaxSchemas) loaded_.clear();
            future = promise.get_future().share();
            loaded_.emplace(spec, future);
            future = {};  // this thread loads it
        }
    }
    if (future.valid()) return future.get();  // loaded, or being loaded by another worker

    try {
        size_t hash = spec.find('#');
        auto loaded = std::make_shared<const SchemaLoadResult>(
            hash == std::string::npos ? load_schema(spec) : load_schema(spec.substr(0, hash), spec.substr(hash + 1)));
        promise.set_value(loaded);
        return loaded;
    } catch (...) {  // the workers waiting for this schema fail their cases the same way
        promise.set_exception(std::current_exception());
        throw;
    }
}

}  // namespace qdiff::stages
