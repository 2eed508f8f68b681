// Loaded schemas shared by the workers of a batch run: a benchmark has few databases and many cases
// on each, and loading one costs far more than evaluating a case. Each file is read and parsed once
// (Spider's tables.json holds every database of the benchmark) and each database picked from it once,
// by the first worker that needs it.
#pragma once
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "qdiff/schema.hpp"

namespace qdiff::stages {

// Values made once per key by the first thread that asks; the others wait for that one. At most
// `Max` keys: when full, the map starts afresh (held values stay valid), which bounds memory on runs
// over many databases.
template <class T, size_t Max>
class LoadOnce {
public:
    template <class Load>
    std::shared_ptr<const T> get(const std::string& key, Load&& load) {
        std::promise<std::shared_ptr<const T>> promise;
        std::shared_future<std::shared_ptr<const T>> made_elsewhere;
        {
            std::lock_guard lock(mutex_);
            if (auto it = loaded_.find(key); it != loaded_.end()) {
                made_elsewhere = it->second;
            } else {
                if (loaded_.size() >= Max) loaded_.clear();
                loaded_.emplace(key, promise.get_future().share());
            }
        }
        if (made_elsewhere.valid()) return made_elsewhere.get();  // made, or being made by another thread
        try {  // this thread makes it
            auto value = std::make_shared<const T>(load());
            promise.set_value(value);
            return value;
        } catch (...) {  // the threads waiting for it fail the same way
            promise.set_exception(std::current_exception());
            throw;
        }
    }

private:
    std::mutex mutex_;
    std::map<std::string, std::shared_future<std::shared_ptr<const T>>> loaded_;
};

class SchemaCache {
public:
    // `spec` is "path" or "path#selector". The result stays valid while the caller holds it, even
    // after the cache drops it.
    std::shared_ptr<const SchemaLoadResult> get(const std::string& spec);

private:
    LoadOnce<SchemaFile, 8> files_;  // a parsed tables.json is a few MB
    LoadOnce<SchemaLoadResult, 64> schemas_;
};

}  // namespace qdiff::stages
