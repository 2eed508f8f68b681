// Judge replies on disk, one file per request: {dir}/{hash}.json holding the key it was stored under
// (checked on every read, so a hash collision is a miss, never a wrong reply) and the reply text.
// Writers go through a temporary file and a rename, so concurrent runs never see half a file.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace qdiff::judge {

class ReplyCache {
public:
    explicit ReplyCache(std::filesystem::path dir) : dir_(std::move(dir)) {}

    // `key` is the full request identity (model, prompt name, rendered messages, ...), as text.
    std::optional<std::string> find(std::string_view key) const;
    // Returns false (and leaves the cache as it was) when the file cannot be written.
    bool store(std::string_view key, std::string_view reply) const;

    std::filesystem::path path_for(std::string_view key) const;

private:
    std::filesystem::path dir_;
};

}  // namespace qdiff::judge
