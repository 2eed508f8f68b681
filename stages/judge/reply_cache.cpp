#include "stages/judge/reply_cache.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

#include "support/json_writer.hpp"

namespace qdiff::judge {
namespace {

// FNV-1a, 64 bits: stable across builds and platforms, unlike std::hash. Collisions are harmless
// because every entry carries its key.
uint64_t fnv1a(std::string_view text) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

}  // namespace

std::filesystem::path ReplyCache::path_for(std::string_view key) const {
    char name[32];
    std::snprintf(name, sizeof name, "%016llx.json", static_cast<unsigned long long>(fnv1a(key)));
    return dir_ / name;
}

std::optional<std::string> ReplyCache::find(std::string_view key) const {
    std::ifstream in(path_for(key), std::ios::binary);
    if (!in) return std::nullopt;
    std::stringstream buffer;
    buffer << in.rdbuf();
    nlohmann::json entry = nlohmann::json::parse(buffer.str(), nullptr, false);
    if (!entry.is_object()) return std::nullopt;
    auto stored_key = entry.find("key");
    auto reply = entry.find("reply");
    if (stored_key == entry.end() || reply == entry.end() || !stored_key->is_string() || !reply->is_string())
        return std::nullopt;
    if (stored_key->get_ref<const std::string&>() != key) return std::nullopt;
    return reply->get<std::string>();
}

bool ReplyCache::store(std::string_view key, std::string_view reply) const {
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    if (ec) return false;
    std::string text;
    support::JsonWriter(text).begin_object().field("key", key).field("reply", reply).end_object();
    text += '\n';
    // A name no other writer (process or thread) uses, in the same directory so the rename is atomic.
    static std::atomic<uint64_t> counter{0};
    std::filesystem::path final_path = path_for(key);
    std::filesystem::path temp_path = final_path;
    temp_path += ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
    {
        std::ofstream out(temp_path, std::ios::binary | std::ios::trunc);
        out << text;
        out.close();
        if (!out) {
            std::filesystem::remove(temp_path, ec);
            return false;
        }
    }
    std::filesystem::rename(temp_path, final_path, ec);
    if (!ec) return true;
    std::filesystem::remove(temp_path, ec);
    return false;
}

}  // namespace qdiff::judge
