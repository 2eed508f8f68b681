#include "parsers/common/cached_prediction.hpp"

#include <typeinfo>

#include <atomic>
#include <cstdint>
#include <vector>

#include "parsers/common/lexer_base.hpp"
#include "parsers/common/token_vector.hpp"

namespace qdiff::parsers {
namespace {

using antlr4::dfa::DFAState;

std::atomic<uint64_t> epoch{0};

// Open addressing with linear probing; `from` is a DFAState* (an edge) or a DFA* (a start state), and
// null marks a free slot.
class EdgeTable {
public:
    DFAState* find(const void* from, size_t symbol) { return reinterpret_cast<DFAState*>(find_value(from, symbol)); }
    void add(const void* from, size_t symbol, DFAState* to) { add_value(from, symbol, reinterpret_cast<uintptr_t>(to)); }

    // 0: none.
    uintptr_t find_value(const void* from, size_t symbol) {
        if (entries_.empty()) return 0;
        for (size_t i = slot(from, symbol);; i = (i + 1) & mask_) {
            const Entry& e = entries_[i];
            if (e.from == from && e.symbol == symbol) return e.to;
            if (!e.from) return 0;
        }
    }

    void add_value(const void* from, size_t symbol, uintptr_t to) {
        if ((used_ + 1) * 2 > entries_.size()) {
            if (entries_.size() >= CachedPredictionSimulator::kMaxEntries) {
                std::fill(entries_.begin(), entries_.end(), Entry{});  // full: start over
                used_ = 0;
            } else {
                grow();
            }
        }
        for (size_t i = slot(from, symbol);; i = (i + 1) & mask_) {
            Entry& e = entries_[i];
            if (e.from == from && e.symbol == symbol) return;
            if (!e.from) {
                e = {from, symbol, to};
                ++used_;
                return;
            }
        }
    }

    // Empties the table when the DFAs were cleared since it was filled.
    EdgeTable& current() {
        uint64_t now = epoch.load(std::memory_order_acquire);
        if (now != epoch_) {
            entries_.clear();
            mask_ = 0;
            used_ = 0;
            epoch_ = now;
        }
        return *this;
    }

private:
    struct Entry {
        const void* from = nullptr;
        size_t symbol = 0;
        uintptr_t to = 0;
    };

    size_t slot(const void* from, size_t symbol) const {
        uint64_t h = (reinterpret_cast<uintptr_t>(from) >> 4) * 0x9E3779B97F4A7C15ull ^ symbol * 0xC2B2AE3D27D4EB4Full;
        return static_cast<size_t>(h ^ (h >> 29)) & mask_;
    }

    void grow() {
        std::vector<Entry> old = std::move(entries_);
        entries_.assign(old.empty() ? 1024 : old.size() * 2, Entry{});
        mask_ = entries_.size() - 1;
        used_ = 0;
        for (const Entry& e : old)
            if (e.from) add_value(e.from, e.symbol, e.to);
    }

    std::vector<Entry> entries_;
    size_t mask_ = 0;
    size_t used_ = 0;
    uint64_t epoch_ = 0;
};

EdgeTable& table() {
    thread_local EdgeTable edges;
    return edges.current();
}

// Start-state keys, far above any token type; and the key of the alternative a state predicts when the
// lookahead leads from it to the error state.
constexpr size_t kStart = size_t(1) << 62;
constexpr size_t kAltAtError = size_t(1) << 61;

}  // namespace

size_t CachedPredictionSimulator::start_symbol(const antlr4::dfa::DFA& dfa) const {
    return dfa.isPrecedenceDfa() ? kStart + 1 + static_cast<size_t>(static_cast<uint32_t>(parser->getPrecedence()))
                                 : kStart;
}

size_t CachedPredictionSimulator::adaptivePredict(antlr4::TokenStream* input, size_t decision,
                                                  antlr4::ParserRuleContext* outer) {
    EdgeTable& edges = table();
    antlr4::dfa::DFA& dfa = decisionToDFA[decision];
    DFAState* state = edges.find(&dfa, start_symbol(dfa));
    const bool full_context_allowed = getPredictionMode() != antlr4::atn::PredictionMode::SLL;
    // The SQL parser's stream (a final class: its LA is inlined here rather than called through the
    // TokenStream interface for every token of lookahead).
    TokenVector* tokens = typeid(*input) == typeid(TokenVector) ? static_cast<TokenVector*>(input) : nullptr;
    // What the runtime's execATN does on a DFA that has every edge: follow the lookahead to an accept
    // state. Lookahead is read with LA(k) rather than consume() and a seek back: the same tokens.
    for (ssize_t k = 1; state;) {
        size_t t = tokens ? tokens->LA(k) : input->LA(k);
        DFAState* next = edges.find(state, t);
        if (next == ERROR.get()) {
            // The runtime's execATN then predicts the alternative that finished the decision's rule,
            // if one did (`a` of `SELECT a` before the end); with no predicates in the state's
            // configurations that depends on them alone.
            if (state->configs->hasSemanticContext) break;
            uintptr_t alt = edges.find_value(state, kAltAtError);
            if (!alt) {
                alt = getAltThatFinishedDecisionEntryRule(state->configs.get()) + 1;
                edges.add_value(state, kAltAtError, alt);
            }
            if (alt - 1 == antlr4::atn::ATN::INVALID_ALT_NUMBER) break;  // a syntax error: the runtime reports it
            return alt - 1;
        }
        state = next;
        if (!state || (state->requiresFullContext && full_context_allowed)) break;
        if (state->isAcceptState) {
            if (state->predicates.empty()) return state->prediction;
            // The operator loops of a left-recursive rule: the state's alternatives are guarded by
            // precedence predicates, evaluated against the parser's context as the runtime does (with
            // the input at the decision's start, where it still is).
            // evalSemanticContext(predicates, outer, true) evaluates them all and the runtime takes
            // the lowest alternative whose predicate holds; that without copying the predicates and
            // counting a 2,048-bit set (precedence predicates have no side effects).
            int lowest = -1;
            for (const antlr4::dfa::DFAState::PredPrediction* p : state->predicates)
                if ((lowest < 0 || p->alt < lowest) &&
                    (p->pred == antlr4::atn::SemanticContext::NONE ||
                     evalSemanticContext(p->pred, outer, static_cast<size_t>(p->alt), false)))
                    lowest = p->alt;
            if (lowest < 0) break;  // no viable alternative: the runtime reports it
            return static_cast<size_t>(lowest);
        }
        if (t != antlr4::Token::EOF) ++k;
    }
    return ParserATNSimulator::adaptivePredict(input, decision, outer);
}

size_t CachedPredictionSimulator::execATN(antlr4::dfa::DFA& dfa, DFAState* s0, antlr4::TokenStream* input,
                                          size_t startIndex, antlr4::ParserRuleContext* outer) {
    table().add(&dfa, start_symbol(dfa), s0);
    return ParserATNSimulator::execATN(dfa, s0, input, startIndex, outer);
}

DFAState* CachedPredictionSimulator::getExistingTargetState(DFAState* previous, size_t t) {
    EdgeTable& edges = table();
    if (DFAState* known = edges.find(previous, t)) return known;
    DFAState* target = ParserATNSimulator::getExistingTargetState(previous, t);
    if (target) edges.add(previous, t, target);
    return target;
}

DFAState* CachedPredictionSimulator::computeTargetState(antlr4::dfa::DFA& dfa, DFAState* previous, size_t t) {
    DFAState* target = ParserATNSimulator::computeTargetState(dfa, previous, t);
    if (target) table().add(previous, t, target);
    return target;
}

namespace {

// A CodePointStream's characters, read and consumed in place.
struct DirectChars {
    const char32_t* data;
    size_t size;
    size_t& p;
    size_t la() const { return p < size ? data[p] : antlr4::Token::EOF; }
    void consume() { ++p; }  // never at the end: EOF is not consumed
    size_t index() const { return p; }
};

// Any other CharStream, through its virtual calls.
struct StreamChars {
    antlr4::CharStream* input;
    size_t la() const { return input->LA(1); }
    void consume() { input->consume(); }
    size_t index() const { return input->index(); }
};

}  // namespace

namespace {

// Whether a lexer's edges have fixed targets: no predicate transitions (evaluated at the input's
// position) and no position-dependent actions (their executors hold the offset in the token).
bool fixed_targets(const antlr4::atn::ATN& atn) {
    for (const antlr4::atn::ATNState* state : atn.states) {
        if (!state) continue;
        for (const antlr4::atn::Transition* t : state->transitions)
            if (t->getSerializationType() == antlr4::atn::Transition::PREDICATE) return false;
    }
    for (const auto& action : atn.lexerActions)
        if (action->isPositionDependent()) return false;
    return true;
}

// The key of an executor's single position-independent action (or kRuntimeActions: let the runtime
// run them); far above any character.
constexpr size_t kSingleAction = size_t(1) << 60;
constexpr uintptr_t kRuntimeActions = 1;

}  // namespace

CachedLexerSimulator::CachedLexerSimulator(antlr4::Lexer* recog, const antlr4::atn::ATN& atn,
                                           std::vector<antlr4::dfa::DFA>& decisionToDFA,
                                           antlr4::atn::PredictionContextCache& sharedContextCache)
    : LexerATNSimulator(recog, atn, decisionToDFA, sharedContextCache) {
    // A lexer is made for every KQL parse; its ATN is the grammar's static one.
    thread_local const antlr4::atn::ATN* known = nullptr;
    thread_local bool known_fixed = false;
    if (known != &atn) {
        known_fixed = fixed_targets(atn);
        known = &atn;
    }
    fixedTargets_ = known_fixed;
}

void CachedLexerSimulator::run_actions(antlr4::CharStream* input,
                                       const std::shared_ptr<antlr4::atn::LexerActionExecutor>& executor) {
    if (!executor || !_recog) return;
    EdgeTable& edges = table();
    uintptr_t single = edges.find_value(executor.get(), kSingleAction);
    if (!single) {
        std::vector<std::shared_ptr<antlr4::atn::LexerAction>> actions = executor->getLexerActions();
        single = actions.size() == 1 && !actions[0]->isPositionDependent()
                     ? reinterpret_cast<uintptr_t>(actions[0].get())  // the executor keeps it alive
                     : kRuntimeActions;
        edges.add_value(executor.get(), kSingleAction, single);
    }
    if (single == kRuntimeActions)
        executor->execute(_recog, input, _startIndex);
    else
        reinterpret_cast<antlr4::atn::LexerAction*>(single)->execute(_recog);
}

size_t CachedLexerSimulator::match(antlr4::CharStream* input, size_t mode) {
    // LexerATNSimulator::match without its finally (the same release, by a plain guard) and without
    // resetting the saved accept state, which this execATN neither reads nor writes.
    _mode = mode;
    struct Release {
        antlr4::CharStream* input;
        ssize_t marker;
        ~Release() { input->release(marker); }
    } release{input, input->mark()};
    _startIndex = input->index();
    antlr4::dfa::DFA& dfa = _decisionToDFA[mode];
    // The mode's start state, once per thread (and cache epoch) read under the runtime's state lock: the
    // thread that built it published the pointer without one, so only that lock orders its fields before
    // this thread's reads of them.
    EdgeTable& edges = table();
    DFAState* s0 = edges.find(&dfa, kStart);
    if (!s0) {
        _stateLock.readLock();
        s0 = dfa.s0;
        _stateLock.readUnlock();
        if (!s0) return matchATN(input);  // the mode's first token: the runtime builds its start state
        edges.add(&dfa, kStart, s0);
    }
    return execATN(input, s0);
}

size_t CachedLexerSimulator::execATN(antlr4::CharStream* input, DFAState* ds0) {
    if (typeid(*input) == typeid(CodePointStream)) {
        auto* stream = static_cast<CodePointStream*>(input);
        DirectChars chars{stream->data(), stream->length(), stream->position()};
        return walk(chars, input, ds0);
    }
    StreamChars chars{input};
    return walk(chars, input, ds0);
}

// LexerATNSimulator::execATN and failOrAccept, step for step: follow the edges from ds0 while they
// lead somewhere, consuming each character (the line and column move as consume() moves them),
// remember the last accept state and where it was reached, and accept there (its lexer actions run).
template <class Chars>
size_t CachedLexerSimulator::walk(Chars& chars, antlr4::CharStream* input, DFAState* ds0) {
    EdgeTable& edges = table();
    struct Accepted {
        DFAState* state = nullptr;
        size_t index = 0, line = 0, column = 0;
    } accepted;
    auto remember = [&](DFAState* state) { accepted = {state, chars.index(), _line, _charPositionInLine}; };
    if (ds0->isAcceptState) remember(ds0);
    size_t t = chars.la();
    DFAState* s = ds0;
    while (true) {
        DFAState* target = edges.find(s, t);
        if (!target) {
            target = LexerATNSimulator::getExistingTargetState(s, t);
            if (target) {
                edges.add(s, t, target);
            } else {
                target = computeTargetState(input, s, t);  // through the ATN; adds the edge to the DFA
                if (fixedTargets_) edges.add(s, t, target);  // and, past U+007F or at EOF, to the table alone
            }
        }
        if (target == ERROR.get()) break;
        if (t != antlr4::Token::EOF) {
            if (t == '\n') {
                ++_line;
                _charPositionInLine = 0;
            } else {
                ++_charPositionInLine;
            }
            chars.consume();
        }
        if (target->isAcceptState) {
            remember(target);
            if (t == antlr4::Token::EOF) break;
        }
        t = chars.la();
        s = target;
    }
    if (accepted.state) {
        // LexerATNSimulator::accept: back to the end of the token, then its actions.
        input->seek(accepted.index);
        _line = accepted.line;
        _charPositionInLine = accepted.column;
        run_actions(input, accepted.state->lexerActionExecutor);
        return accepted.state->prediction;
    }
    // No accept state: EOF where the token would start ends the text; anything else has no token.
    if (t == antlr4::Token::EOF && input->index() == _startIndex) return antlr4::Token::EOF;
    throw antlr4::LexerNoViableAltException(_recog, input, _startIndex, s->configs.get());
}

namespace {
bool is_rule_stop(antlr4::atn::ATNState* state) {
    return state && state->getStateType() == antlr4::atn::ATNState::RULE_STOP;
}
}  // namespace

void CachedPredictionSimulator::closureCheckingStopState(const std::shared_ptr<antlr4::atn::ATNConfig>& config,
                                                         antlr4::atn::ATNConfigSet* configs,
                                                         antlr4::atn::ATNConfig::Set& closureBusy,
                                                         bool collectPredicates, bool fullCtx, int depth,
                                                         bool treatEofAsEpsilon) {
    if (is_rule_stop(config->state))  // follows the context's return states: the runtime's
        return ParserATNSimulator::closureCheckingStopState(config, configs, closureBusy, collectPredicates, fullCtx,
                                                            depth, treatEofAsEpsilon);
    closure_(config, configs, closureBusy, collectPredicates, fullCtx, depth, treatEofAsEpsilon);
}

void CachedPredictionSimulator::closure_(const std::shared_ptr<antlr4::atn::ATNConfig>& config,
                                         antlr4::atn::ATNConfigSet* configs, antlr4::atn::ATNConfig::Set& closureBusy,
                                         bool collectPredicates, bool fullCtx, int depth, bool treatEofAsEpsilon) {
    using antlr4::atn::Transition;
    antlr4::atn::ATNState* p = config->state;
    if (!p->epsilonOnlyTransitions) configs->add(config, &mergeCache);  // an EOF transition is both kinds
    const bool from_rule_stop = is_rule_stop(p);
    // Adds c to the busy set; false when it was there already.
    auto first_visit = [&](const std::shared_ptr<antlr4::atn::ATNConfig>& c) {
        if (closureBusy.count(c) > 0) return false;
        closureBusy.insert(c);
        return true;
    };
    for (size_t i = 0; i < p->transitions.size(); ++i) {
        if (i == 0 && canDropLoopEntryEdgeInLeftRecursiveRule(config.get())) continue;
        Transition* t = p->transitions[i];
        bool continueCollecting =
            collectPredicates && !(t && t->getSerializationType() == Transition::ACTION);
        std::shared_ptr<antlr4::atn::ATNConfig> c =
            getEpsilonTarget(config, t, continueCollecting, depth == 0, fullCtx, treatEofAsEpsilon);
        if (!c) continue;
        int newDepth = depth;
        if (from_rule_stop) {
            // Fell off the end of the rule (no context to return to): c dips into the outer context.
            if (!first_visit(c)) continue;  // right-recursive rules
            if (_dfa && _dfa->isPrecedenceDfa() &&
                dynamic_cast<antlr4::atn::EpsilonTransition*>(t)->outermostPrecedenceReturn() ==
                    _dfa->atnStartState->ruleIndex)
                c->setPrecedenceFilterSuppressed(true);
            c->reachesIntoOuterContext++;
            if (!t->isEpsilon() && !first_visit(c)) continue;
            configs->dipsIntoOuterContext = true;
            newDepth--;
        } else if (!t->isEpsilon() && !first_visit(c)) {
            continue;  // EOF* and EOF+
        }
        if (t->getSerializationType() == Transition::RULE && newDepth >= 0) newDepth++;
        closureCheckingStopState(c, configs, closureBusy, continueCollecting, fullCtx, newDepth, treatEofAsEpsilon);
    }
}

DFAState* CachedLexerSimulator::getExistingTargetState(DFAState* s, size_t t) {
    EdgeTable& edges = table();
    if (DFAState* known = edges.find(s, t)) return known;
    DFAState* target = LexerATNSimulator::getExistingTargetState(s, t);
    if (target) edges.add(s, t, target);  // ERROR too: every token ends on one
    return target;
}

void use_cached_prediction(antlr4::Lexer& lexer) {
    auto* runtime = lexer.getInterpreter<antlr4::atn::LexerATNSimulator>();
    if (dynamic_cast<CachedLexerSimulator*>(runtime)) return;
    lexer.setInterpreter(new CachedLexerSimulator(&lexer, lexer.getATN(), runtime->_decisionToDFA,
                                                  runtime->getSharedContextCache()));  // deletes `runtime`
}

void use_cached_prediction(antlr4::Parser& parser) {
    auto* runtime = parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
    if (dynamic_cast<CachedPredictionSimulator*>(runtime)) return;
    auto* cached = new CachedPredictionSimulator(&parser, parser.getATN(), runtime->decisionToDFA,
                                                 runtime->getSharedContextCache());
    cached->setPredictionMode(runtime->getPredictionMode());
    parser.setInterpreter(cached);  // deletes the runtime's simulator
}

void forget_cached_predictions() { epoch.fetch_add(1, std::memory_order_acq_rel); }

}  // namespace qdiff::parsers
