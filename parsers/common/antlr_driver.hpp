// What every ANTLR-based front end shares: token guards (lexical errors, nesting depth), an error
// strategy that turns ANTLR's errors into our diagnostics, the SLL-then-LL two-stage parse, and the
// token and tree dumps behind `qdiff tokens` and `qdiff tree`. Only parsers/ includes this header:
// ANTLR types never leave the front ends.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "antlr4-runtime.h"
#include "parsers/common/parser_base.hpp"
#include "parsers/frontend.hpp"

namespace qdiff::parsers {

// What the shared driver needs to know about a grammar's token types.
struct TokenClasses {
    std::vector<size_t> open;            // ( [ { CASE ...: each one nests
    std::vector<size_t> close;           // ) ] } END
    std::vector<size_t> prefix;          // NOT - + ~ !: a run of them nests like brackets
    std::vector<size_t> invalid;         // catch-all error tokens
    std::vector<size_t> unterminated;    // unterminated strings, quoted names, comments
    std::vector<size_t> names;           // identifiers: an unexpected one may be a misspelt keyword
    std::vector<size_t> suggestable;     // clause keywords worth suggesting even where not expected
    std::string_view unterminated_what;  // how to call an unterminated token; empty: guess from its first character
};

Span token_span(const SourceText& source, const antlr4::Token* token);

// Reports invalid characters, unterminated literals and nesting deeper than options.max_nesting.
// Returns false when the tokens must not be parsed.
bool check_tokens(ParseContext& ctx, const std::vector<antlr4::Token*>& tokens, const TokenClasses& classes);

// Turns ANTLR's recognition errors into diagnostics, at most kMaxErrors per parse.
class DiagnosticErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
    static constexpr size_t kMaxErrors = 3;
    DiagnosticErrorStrategy(ParseContext& ctx, const TokenClasses& classes) : ctx_(ctx), classes_(classes) {}
    size_t error_count() const { return errors_; }

protected:
    void reportNoViableAlternative(antlr4::Parser* recognizer, const antlr4::NoViableAltException& e) override;
    void reportInputMismatch(antlr4::Parser* recognizer, const antlr4::InputMismatchException& e) override;
    void reportFailedPredicate(antlr4::Parser* recognizer, const antlr4::FailedPredicateException& e) override;
    void reportUnwantedToken(antlr4::Parser* recognizer) override;
    void reportMissingToken(antlr4::Parser* recognizer) override;

private:
    void report_unexpected(antlr4::Parser* recognizer, antlr4::Token* token, const antlr4::misc::IntervalSet& expected);
    void add(Diagnostic d);

    ParseContext& ctx_;
    const TokenClasses& classes_;
    size_t errors_ = 0;
};

// Describes a token for a message: 'FORM', end of input.
std::string describe_token(const antlr4::Token* token);
// "FROM, WHERE, GROUP, ... (12 more)"; a set that admits any name reads "an expression or a name".
std::string describe_expected(const antlr4::misc::IntervalSet& expected, const antlr4::dfa::Vocabulary& vocabulary,
                              const TokenClasses& classes);

// After a failed parse: the errors from diagnostics[first_error] on in the order of the text (error
// recovery can report a later token first), and the first one notes each '(' never closed.
void explain_syntax_errors(ParseContext& ctx, antlr4::TokenStream& tokens, const TokenClasses& classes,
                           size_t first_error);

// Parses with SLL prediction and bail-out first (fast, right for almost every query), then again with
// full LL and error reporting when SLL fails. Returns null when the text has syntax errors; `partial`
// then receives the recovered tree with its error nodes (qdiff tree shows it).
template <class Parser, class Tree>
Tree* parse_two_stage(Parser& parser, Tree* (Parser::*rule)(), ParseContext& ctx, const TokenClasses& classes,
                      Tree** partial = nullptr) {
    parser.removeErrorListeners();
    auto* interpreter = parser.template getInterpreter<antlr4::atn::ParserATNSimulator>();
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    interpreter->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    try {
        return (parser.*rule)();
    } catch (const antlr4::ParseCancellationException&) {}
    parser.reset();
    auto strategy = std::make_shared<DiagnosticErrorStrategy>(ctx, classes);
    parser.setErrorHandler(strategy);
    interpreter->setPredictionMode(antlr4::atn::PredictionMode::LL);
    const size_t first_error = ctx.diagnostics.size();
    Tree* tree = (parser.*rule)();
    if (partial) *partial = tree;
    if (strategy->error_count() == 0) return tree;
    explain_syntax_errors(ctx, *parser.getTokenStream(), classes, first_error);
    return nullptr;
}

std::vector<TokenInfo> list_tokens(const SourceText& source, const std::vector<antlr4::Token*>& tokens,
                                   const antlr4::dfa::Vocabulary& vocabulary);
// One rule or token per line, indented; tokens the parser could not place read `<error> 'text'`, rules
// it gave up on end in `<error>`.
std::string format_tree(antlr4::tree::ParseTree* tree, const antlr4::Parser& parser);

// Lexer errors should not happen with a catch-all token, but if they do they become diagnostics.
class LexerErrorListener : public antlr4::BaseErrorListener {
public:
    explicit LexerErrorListener(ParseContext& ctx) : ctx_(ctx) {}
    void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending, size_t line, size_t column,
                     const std::string& message, std::exception_ptr e) override;

private:
    ParseContext& ctx_;
};

// The grammar rule of a parse-tree child, or npos for a token. The generated accessors find children
// with two dynamic_casts per child per call (a large share of a transform); this looks the dynamic
// type up in a per-thread cache instead.
size_t rule_index_of(antlr4::tree::ParseTree* child);

// `c` as the labelled alternative T when it is exactly that (null otherwise): what dynamic_cast to a
// generated alternative does, since nothing derives from one, at the cost of a type_info comparison
// instead of a walk up the class hierarchy.
template <class T>
T* alt(antlr4::tree::ParseTree* c) {
    return c && typeid(*c) == typeid(T) ? static_cast<T*>(c) : nullptr;
}

// dynamic_cast<T*>(c) through is_kind (parser_base.hpp): for a T that other classes derive from.
template <class T>
T* kind_cast(antlr4::tree::ParseTree* c) {
    return c && is_kind<T>(c) ? static_cast<T*>(c) : nullptr;
}

// The first child of `c` of that rule, or null; the children of that rule, in order. What the
// generated accessors return, without their dynamic_casts of every child.
template <class T>
T* first_child(antlr4::ParserRuleContext* c, size_t rule) {
    for (auto* child : c->children)
        if (rule_index_of(child) == rule) return static_cast<T*>(child);
    return nullptr;
}
template <class T>
std::vector<T*> rule_children(antlr4::ParserRuleContext* c, size_t rule) {
    std::vector<T*> out;
    for (auto* child : c->children)
        if (rule_index_of(child) == rule) out.push_back(static_cast<T*>(child));
    return out;
}
// Whether `c` has a token child of that type (the generated TOKEN() accessors, without their casts).
bool has_token(antlr4::ParserRuleContext* c, size_t type);

// The children of `c`, by rule, in one pass: first<T>(rule) is the first child of that rule. Only
// the first child of each rule is kept, so that a long list (60 select items) cannot crowd out the
// clauses after it.
class ChildrenByRule {
public:
    explicit ChildrenByRule(antlr4::ParserRuleContext* c) {
        for (auto* child : c->children) {
            size_t rule = rule_index_of(child);
            if (rule != npos && count_ < kMax && !first<antlr4::tree::ParseTree>(rule))
                entries_[count_++] = {rule, child};
        }
    }
    template <class T>
    T* first(size_t rule) const {
        for (size_t i = 0; i < count_; ++i)
            if (entries_[i].rule == rule) return static_cast<T*>(entries_[i].child);
        return nullptr;
    }
    static constexpr size_t npos = static_cast<size_t>(-1);

private:
    static constexpr size_t kMax = 32;
    struct Entry {
        size_t rule;
        antlr4::tree::ParseTree* child;
    };
    Entry entries_[kMax];
    size_t count_ = 0;
};

// Thrown by a transformer that recurses deeper than max_nesting; the front end turns it into a
// nesting-too-deep diagnostic at `span`.
struct TooDeep {
    Span span;
};

// Counts the transformer's recursion depth.
class DepthGuard {
public:
    DepthGuard(uint32_t& depth, uint32_t limit, Span span) : depth_(depth) {
        if (++depth_ > limit) {
            --depth_;
            throw TooDeep{span};
        }
    }
    ~DepthGuard() { --depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

private:
    uint32_t& depth_;
};

}  // namespace qdiff::parsers
