// Prediction that walks the DFA edges this thread has already seen without ANTLR's locks.
//
// ANTLR 4.9's ParserATNSimulator::adaptivePredict costs about 1,600 instructions per call once its DFA
// is warm (callgrind, SQL gold): it wraps every call in an antlrcpp::finally (a heap-allocated
// std::function), clears its merge cache, marks and seeks the token stream, and takes a
// mutex-and-condition-variable read lock twice per token of lookahead to read one DFA edge from an
// unordered_map. A SQL query makes about 49 such predictions: 40% of a warm parse.
//
// CachedPredictionSimulator keeps, per thread, a flat table of the DFA edges (state, token) -> state
// and of the decisions' start states that this thread has read or built through the runtime. A
// prediction first walks that table and ends as the runtime's execATN ends (an accept state's
// prediction, its predicates evaluated, or on an error edge the alternative that finished the
// decision's rule); only when it meets an edge it has not seen, a state that needs full-context
// prediction (LL mode), predicates in an error state's configurations, or a syntax error does it hand
// the whole decision to the runtime, from the start, which then decides exactly as before and teaches
// the table the edges it walked. The table never decides differently from the runtime: every entry is an edge
// the runtime's DFA holds, and DFA states never change once added to a DFA (their prediction,
// acceptance and full-context flag are set before the runtime publishes them).
//
// The runtime deletes the states only in clearDFA(), which GrammarCaches runs while no parse of the
// grammar is running; forget_cached_predictions() (called there) makes every thread empty its table
// before its next prediction. Each table is bounded (kMaxEntries); when full it starts over.
#pragma once
#include <cstddef>
#include <vector>

#include "antlr4-runtime.h"

namespace qdiff::parsers {

class CachedPredictionSimulator final : public antlr4::atn::ParserATNSimulator {
public:
    using antlr4::atn::ParserATNSimulator::ParserATNSimulator;

    size_t adaptivePredict(antlr4::TokenStream* input, size_t decision, antlr4::ParserRuleContext* outer) override;

    // Entries of one thread's table at most (24 bytes each).
    static constexpr size_t kMaxEntries = size_t(1) << 15;

protected:
    size_t execATN(antlr4::dfa::DFA& dfa, antlr4::dfa::DFAState* s0, antlr4::TokenStream* input, size_t startIndex,
                   antlr4::ParserRuleContext* outer) override;
    antlr4::dfa::DFAState* getExistingTargetState(antlr4::dfa::DFAState* previous, size_t t) override;
    antlr4::dfa::DFAState* computeTargetState(antlr4::dfa::DFA& dfa, antlr4::dfa::DFAState* previous,
                                              size_t t) override;

    // The runtime's closure, which builds the DFA states (all of a process's first parses: its cold
    // start), asks with a dynamic_cast whether a state is a rule's stop state and whether a transition is
    // an action or a rule call, three or four times per configuration, about a third of the closure's
    // cost. These ask the state's and the transition's type numbers instead and otherwise do what
    // ANTLR 4.9's closure_ and closureCheckingStopState do, in the same order (same configurations, same
    // DFA states); a rule's stop state still goes through the runtime's closureCheckingStopState.
    void closureCheckingStopState(const std::shared_ptr<antlr4::atn::ATNConfig>& config,
                                  antlr4::atn::ATNConfigSet* configs, antlr4::atn::ATNConfig::Set& closureBusy,
                                  bool collectPredicates, bool fullCtx, int depth, bool treatEofAsEpsilon) override;
    void closure_(const std::shared_ptr<antlr4::atn::ATNConfig>& config, antlr4::atn::ATNConfigSet* configs,
                  antlr4::atn::ATNConfig::Set& closureBusy, bool collectPredicates, bool fullCtx, int depth,
                  bool treatEofAsEpsilon) override;

private:
    // The key under which a decision's start state is kept: a precedence DFA has one per precedence.
    size_t start_symbol(const antlr4::dfa::DFA& dfa) const;
};

// The same for a generated lexer (KQL's; SQL text is read by the hand-written lexer): ANTLR's
// LexerATNSimulator takes the read lock twice for every character to find one DFA edge, and reads and
// consumes each character through two virtual calls that check the bounds again; every match wraps
// itself in an antlrcpp::finally (a std::function), and every token's accept copies a shared_ptr and
// goes through the simulator's saved state. About 300 instructions per character of a warm KQL lex.
// match and execATN here walk the same DFA the runtime's way (same edges, same accept rule: the last
// accept state reached, its position, line and column) over a CodePointStream's characters directly;
// an edge that is not in the DFA yet is computed by the runtime (computeTargetState), which adds it.
//
// An edge the runtime leaves out of its DFA (a character past U+007F, and EOF: it computes them through
// the ATN at every use) is kept in the table too when the grammar's lexer has neither predicates nor
// position-dependent actions, where such an edge's target depends on nothing but the state and the
// character. A token's lexer actions (KQL's: channel(HIDDEN)) run directly when they are one action
// that does not depend on the position, not through LexerActionExecutor::execute (a finally, a copy and
// a dynamic_cast per token).
class CachedLexerSimulator final : public antlr4::atn::LexerATNSimulator {
public:
    CachedLexerSimulator(antlr4::Lexer* recog, const antlr4::atn::ATN& atn, std::vector<antlr4::dfa::DFA>& decisionToDFA,
                         antlr4::atn::PredictionContextCache& sharedContextCache);

    size_t match(antlr4::CharStream* input, size_t mode) override;

protected:
    size_t execATN(antlr4::CharStream* input, antlr4::dfa::DFAState* ds0) override;
    antlr4::dfa::DFAState* getExistingTargetState(antlr4::dfa::DFAState* s, size_t t) override;

private:
    template <class Chars>
    size_t walk(Chars& chars, antlr4::CharStream* input, antlr4::dfa::DFAState* ds0);
    void run_actions(antlr4::CharStream* input, const std::shared_ptr<antlr4::atn::LexerActionExecutor>& executor);

    bool fixedTargets_;  // every edge's target depends on its state and character alone
};

// Replaces the parser's interpreter with a CachedPredictionSimulator over the same ATN, DFAs and
// context cache (Recognizer::setInterpreter deletes the one it replaces; the generated parser deletes
// its interpreter, so it then deletes this one).
void use_cached_prediction(antlr4::Parser& parser);
void use_cached_prediction(antlr4::Lexer& lexer);

// Every thread's table is emptied before its next prediction. Call with no parse running, whenever a
// grammar's DFAs are cleared.
void forget_cached_predictions();

}  // namespace qdiff::parsers
