// Bounds ANTLR's prediction caches. Each generated parser and lexer class keeps static DFAs (one per
// decision) and a static prediction-context cache, shared by every thread: each new shape of input adds
// states and nothing ever removes them (antlr/antlr4#2182), so a long run over varied or hostile text
// (a fuzz campaign, `qdiff serve`, a Python worker) grows without end.
//
// One GrammarCaches per grammar. A parse holds a Use (a shared lock) for as long as it works with the
// grammar's ANTLR objects; every kCheckEvery uses, the end of a use measures the caches with no
// parse of that grammar running (the lock taken exclusively) and, past the process-wide limit
// (qdiff::set_parse_cache_limit), clears them with the runtime's own clearDFA(). The parses after a clear
// are cold again: they rebuild the states they need (README, "Memory").
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <shared_mutex>
#include <vector>

#include "antlr4-runtime.h"
#include "qdiff/parse.hpp"

namespace qdiff::parsers {

class GrammarCaches {
public:
    // Each runs with the grammar's lock taken exclusively.
    struct Hooks {
        std::function<size_t()> bytes;  // the DFAs' and the context cache's, estimated (dfa_bytes)
        std::function<void()> clear;
    };
    explicit GrammarCaches(Hooks hooks);
    GrammarCaches(const GrammarCaches&) = delete;
    GrammarCaches& operator=(const GrammarCaches&) = delete;

    // Counting walks every DFA state (about 10 instructions each; SQL's DFAs hold a few thousand after
    // a corpus): done once every kCheckEvery uses, it costs nothing measurable per parse. The caches can
    // outgrow the limit by what that many parses add.
    static constexpr uint64_t kCheckEvery = 256;

    // Held by a parse while it uses the grammar's lexer, parser, DFAs or tree. A use nested in another
    // one on the same thread (a parse inside a parse) adds nothing; only the end of an outermost use (no
    // grammar's use held on the thread any more) may check and clear, so a clear never waits for its
    // own thread.
    class Use {
    public:
        explicit Use(GrammarCaches& caches);
        ~Use();
        Use(const Use&) = delete;
        Use& operator=(const Use&) = delete;

    private:
        GrammarCaches& caches_;
        bool locked_ = false;
    };

    // Counts the bytes now (waits for the running parses of the grammar to end).
    ParseCacheStats stats();
    // Empties the caches now (waits likewise).
    void clear();

private:
    template <class F>
    void exclusively(F&& f);
    void check();

    Hooks hooks_;
    unsigned index_;  // this grammar's slot in the per-thread use counts
    std::shared_mutex lock_;
    std::mutex gate_;                   // held by the thread waiting to check or clear
    std::atomic<bool> waiting_{false};  // a thread holds gate_: parses that start now wait at the gate
    std::atomic<uint64_t> uses_{0};
    std::atomic<bool> check_due_{false};
    std::atomic<uint64_t> clears_{0};
    std::atomic<size_t> bytes_{0};  // at the last count
};

// The memory held by a generated parser's or lexer's DFAs (one per decision, or per lexer mode), and by
// its prediction-context cache: estimates from the number of states, configurations, edges and
// contexts, which the runtime allocates one by one.
size_t dfa_bytes(const std::vector<antlr4::dfa::DFA>& dfas);
size_t context_cache_bytes(const antlr4::atn::PredictionContextCache& cache);

// Each grammar's caches, defined by its front end.
GrammarCaches& sql_caches();
GrammarCaches& kql_caches();

}  // namespace qdiff::parsers
