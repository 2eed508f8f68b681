#include "stages/schema_cache.hpp"

namespace qdiff::stages {

std::shared_ptr<const SchemaLoadResult> SchemaCache::get(const std::string& spec) {
    return schemas_.get(spec, [&] {
        SchemaSpec split = split_schema_spec(spec);
        return files_.get(split.path, [&] { return SchemaFile(split.path); })->select(split.selector);
    });
}

}  // namespace qdiff::stages
