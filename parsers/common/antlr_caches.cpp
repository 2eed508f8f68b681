#include "parsers/common/antlr_caches.hpp"

#include "parsers/common/cached_prediction.hpp"

#include <charconv>
#include <cstdlib>
#include <stdexcept>

namespace qdiff {
namespace {

size_t initial_limit() {
    if (const char* text = std::getenv(kParseCacheLimitVariable); text && *text)
        if (auto limit = parse_cache_limit_value(text)) return *limit;
    return kDefaultParseCacheLimit;
}

std::atomic<size_t>& limit_setting() {
    static std::atomic<size_t> limit{initial_limit()};
    return limit;
}

}  // namespace

std::optional<size_t> parse_cache_limit_value(std::string_view text) {
    size_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return value;
}

void set_parse_cache_limit(size_t bytes) { limit_setting().store(bytes, std::memory_order_relaxed); }

size_t parse_cache_limit() { return limit_setting().load(std::memory_order_relaxed); }

ParseCacheStats parse_cache_stats(Language language) {
    switch (language) {
        case Language::Sql: return parsers::sql_caches().stats();
        case Language::Kql: return parsers::kql_caches().stats();
        default: return {};  // Weaviate's parser is PEGTL: no prediction caches
    }
}

void clear_parse_caches() {
    parsers::sql_caches().clear();
    parsers::kql_caches().clear();
}

}  // namespace qdiff

namespace qdiff::parsers {
namespace {

constexpr unsigned kMaxGrammars = 4;
std::atomic<unsigned> grammars{0};

// Per thread: the uses held of each grammar, and of all of them.
thread_local unsigned held_of[kMaxGrammars] = {};
thread_local unsigned held_in_all = 0;

}  // namespace

GrammarCaches::GrammarCaches(Hooks hooks) : hooks_(std::move(hooks)), index_(grammars.fetch_add(1)) {
    if (index_ >= kMaxGrammars) throw std::logic_error("GrammarCaches: raise kMaxGrammars");
}

GrammarCaches::Use::Use(GrammarCaches& caches) : caches_(caches) {
    if (held_of[caches.index_] == 0) {
        // A thread holding no use waits while another one waits to clear, so that a steady stream of
        // parses on other threads cannot keep a clear waiting for ever (std::shared_mutex lets readers
        // in ahead of a waiting writer). One holding a use of another grammar goes straight on: it may
        // be what that writer waits for.
        if (held_in_all == 0 && caches.waiting_.load(std::memory_order_acquire))
            std::lock_guard<std::mutex> wait(caches.gate_);
        caches.lock_.lock_shared();
        locked_ = true;
    }
    ++held_of[caches.index_];
    ++held_in_all;
}

GrammarCaches::Use::~Use() {
    --held_of[caches_.index_];
    --held_in_all;
    if (!locked_) return;
    caches_.lock_.unlock_shared();
    if (caches_.uses_.fetch_add(1, std::memory_order_relaxed) % kCheckEvery == kCheckEvery - 1)
        caches_.check_due_.store(true, std::memory_order_relaxed);
    if (held_in_all == 0 && caches_.check_due_.load(std::memory_order_relaxed) &&
        caches_.check_due_.exchange(false, std::memory_order_relaxed)) {
        try {
            caches_.check();
        } catch (...) {
            // Out of memory while counting or clearing: the next check tries again.
            caches_.check_due_.store(true, std::memory_order_relaxed);
        }
    }
}

template <class F>
void GrammarCaches::exclusively(F&& f) {
    if (held_in_all != 0) throw std::logic_error("parse caches: cleared or counted from inside a parse");
    std::lock_guard<std::mutex> gate(gate_);
    waiting_.store(true, std::memory_order_release);
    struct Reopen {
        std::atomic<bool>& waiting;
        ~Reopen() { waiting.store(false, std::memory_order_release); }
    } reopen{waiting_};
    std::unique_lock<std::shared_mutex> alone(lock_);
    f();
}

void GrammarCaches::check() {
    const size_t limit = parse_cache_limit();
    if (limit == 0) return;
    exclusively([&] {
        size_t bytes = hooks_.bytes();
        if (bytes > limit) {
            forget_cached_predictions();  // before the states go: see clear()
            hooks_.clear();
            clears_.fetch_add(1, std::memory_order_relaxed);
            bytes = hooks_.bytes();
        }
        bytes_.store(bytes, std::memory_order_relaxed);
    });
}

ParseCacheStats GrammarCaches::stats() {
    exclusively([&] { bytes_.store(hooks_.bytes(), std::memory_order_relaxed); });
    return {.bytes = bytes_.load(std::memory_order_relaxed),
            .clears = clears_.load(std::memory_order_relaxed),
            .parses = uses_.load(std::memory_order_relaxed)};
}

void GrammarCaches::clear() {
    exclusively([&] {
        // Every thread's prediction table learns of the clear before the states are freed: a parse of
        // another grammar, which this lock does not stop, may be given a freed state's address for a state
        // of its own, and must not find the freed state's edges under it (the tables are per thread, not
        // per grammar).
        forget_cached_predictions();
        hooks_.clear();
        clears_.fetch_add(1, std::memory_order_relaxed);
        bytes_.store(hooks_.bytes(), std::memory_order_relaxed);
    });
}

// What the runtime allocates per state, configuration, edge and context (sizeof of its types, plus
// the shared_ptr control blocks, hash nodes and allocator headers around them). RSS over the fuzz seeds
// and their mutants grows by about what this estimate says (README, "Memory").
namespace {
constexpr size_t kHeap = 16;  // malloc's header and rounding
constexpr size_t kHashNode = 16 + kHeap;
constexpr size_t kStateBytes =
    sizeof(antlr4::dfa::DFAState) + kHeap + sizeof(antlr4::atn::ATNConfigSet) + kHeap + kHashNode;
constexpr size_t kConfigBytes = sizeof(antlr4::atn::ATNConfig) + 16 + kHeap + sizeof(Ref<antlr4::atn::ATNConfig>);
constexpr size_t kEdgeBytes = 16 + kHashNode;
constexpr size_t kContextBytes = sizeof(antlr4::atn::SingletonPredictionContext) + 16 + kHeap + kHashNode;
}  // namespace

size_t dfa_bytes(const std::vector<antlr4::dfa::DFA>& dfas) {
    size_t bytes = 0;
    for (const antlr4::dfa::DFA& dfa : dfas) {
        for (const antlr4::dfa::DFAState* state : dfa.states) {
            bytes += kStateBytes + state->edges.size() * kEdgeBytes;
            if (state->configs) bytes += state->configs->size() * kConfigBytes;
        }
    }
    return bytes;
}

size_t context_cache_bytes(const antlr4::atn::PredictionContextCache& cache) { return cache.size() * kContextBytes; }

}  // namespace qdiff::parsers
