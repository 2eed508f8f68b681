// The KQL front end: lex, reject management commands, guard, parse (SLL then LL), lower to the AST.
//
// Error positions: ANTLR reports a failed loop or optional decision at the token that would have
// started it (the `,` of `T | project a,`), while the text stops making sense later (at the end).
// So the LL stage runs with an error strategy that does not resynchronise inside loops, the token
// stream remembers the furthest token the parser looked at, and when the first error is on a token
// that needs something after it (`, | and == by on ...`) it is reported at that furthest token.
// Only the first syntax error is reported: after it, KQL's recovery mostly produces noise.
#include <algorithm>
#include <typeinfo>
#include <vector>

#include "KqlLexer.h"
#include "parsers/common/antlr_caches.hpp"
#include "parsers/common/cached_prediction.hpp"
#include "parsers/common/node_pool.hpp"
#include "parsers/common/token_limit.hpp"
#include "parsers/common/token_vector.hpp"
#include "parsers/kql/transformer.hpp"

namespace qdiff::parsers {
namespace {

using qdiff_gen::KqlLexer;
using qdiff_gen::KqlParser;

const TokenClasses& kql_token_classes() {
    static const TokenClasses classes{
        .open = {KqlLexer::LPAREN, KqlLexer::LBRACKET, KqlLexer::LBRACE},
        .close = {KqlLexer::RPAREN, KqlLexer::RBRACKET, KqlLexer::RBRACE},
        .prefix = {KqlLexer::MINUS, KqlLexer::PLUS, KqlLexer::BANG},
        .invalid = {KqlLexer::ERROR_CHAR},
        .unterminated = {KqlLexer::UNTERMINATED_STRING},
        .names = {KqlLexer::IDENTIFIER},
        .suggestable = {KqlLexer::WHERE,    KqlLexer::PROJECT,    KqlLexer::EXTEND,   KqlLexer::SUMMARIZE,
                        KqlLexer::BY,       KqlLexer::TAKE,       KqlLexer::LIMIT,    KqlLexer::SORT,
                        KqlLexer::ORDER,    KqlLexer::TOP,        KqlLexer::JOIN,     KqlLexer::ON,
                        KqlLexer::DISTINCT, KqlLexer::COUNT,      KqlLexer::UNION,    KqlLexer::RENDER,
                        KqlLexer::AND,      KqlLexer::OR,         KqlLexer::HAS,      KqlLexer::CONTAINS,
                        KqlLexer::BETWEEN,  KqlLexer::STARTSWITH, KqlLexer::ENDSWITH, KqlLexer::LET,
                        KqlLexer::LOOKUP,   KqlLexer::PARSE,      KqlLexer::EVALUATE},
        .unterminated_what = "string literal",
    };
    return classes;
}

// Tokens that need something after them.
bool is_continuation(size_t t) {
    switch (t) {
        case KqlLexer::COMMA:
        case KqlLexer::PIPE:
        case KqlLexer::AND:
        case KqlLexer::OR:
        case KqlLexer::EQEQ:
        case KqlLexer::NEQ:
        case KqlLexer::NEQ2:
        case KqlLexer::EQTILDE:
        case KqlLexer::BANGTILDE:
        case KqlLexer::LT:
        case KqlLexer::LE:
        case KqlLexer::GT:
        case KqlLexer::GE:
        case KqlLexer::PLUS:
        case KqlLexer::MINUS:
        case KqlLexer::STAR:
        case KqlLexer::SLASH:
        case KqlLexer::PERCENT:
        case KqlLexer::ASSIGN:
        case KqlLexer::DOT:
        case KqlLexer::DOTDOT:
        case KqlLexer::COLON:
        case KqlLexer::SEMI:
        case KqlLexer::BY:
        case KqlLexer::ON:
        case KqlLexer::WITH:
        case KqlLexer::OF:
        case KqlLexer::TO:
        case KqlLexer::FROM:
        case KqlLexer::STEP:
        case KqlLexer::IN:
        case KqlLexer::NOT_IN:
        case KqlLexer::IN_CI:
        case KqlLexer::NOT_IN_CI:
        case KqlLexer::HAS_ANY:
        case KqlLexer::HAS_ALL:
        case KqlLexer::BETWEEN:
        case KqlLexer::NOT_BETWEEN:
        case KqlLexer::HAS:
        case KqlLexer::NOT_HAS:
        case KqlLexer::HAS_CS:
        case KqlLexer::NOT_HAS_CS:
        case KqlLexer::CONTAINS:
        case KqlLexer::NOT_CONTAINS:
        case KqlLexer::CONTAINS_CS:
        case KqlLexer::NOT_CONTAINS_CS:
        case KqlLexer::STARTSWITH:
        case KqlLexer::NOT_STARTSWITH:
        case KqlLexer::STARTSWITH_CS:
        case KqlLexer::NOT_STARTSWITH_CS:
        case KqlLexer::ENDSWITH:
        case KqlLexer::NOT_ENDSWITH:
        case KqlLexer::ENDSWITH_CS:
        case KqlLexer::NOT_ENDSWITH_CS:
        case KqlLexer::HASPREFIX:
        case KqlLexer::NOT_HASPREFIX:
        case KqlLexer::HASSUFFIX:
        case KqlLexer::NOT_HASSUFFIX:
        case KqlLexer::MATCHES:
        case KqlLexer::LIKE:
        case KqlLexer::NOTLIKE: return true;
        default: return false;
    }
}

// Remembers the furthest token the parser looked at (consumed or predicted over).
//
// Once every token is read (fill_all), lookahead and consume step through an index of the default-channel
// tokens: CommonTokenStream finds the k-th one by walking over the hidden tokens (white space, comments)
// one at a time for every LT(k), which cost about a sixth of a warm KQL parse. Same tokens, same indexes.
class TrackingTokenStream : public antlr4::CommonTokenStream {
public:
    using antlr4::CommonTokenStream::CommonTokenStream;
    size_t furthest = 0;

    void fill_all() {
        // BufferedTokenStream::fill, without its dynamic_cast of every token to number it: the lexer's
        // tokens are CommonTokens (LexerBase), TokenLimit's EOF too.
        lazyInit();
        while (!_fetchedEOF) {
            std::unique_ptr<antlr4::Token> t = _tokenSource->nextToken();
            antlr4::Token* token = t.get();
            const std::type_info& type = typeid(*token);
            if (type == typeid(PooledToken) || type == typeid(antlr4::CommonToken))
                static_cast<antlr4::CommonToken*>(token)->setTokenIndex(_tokens.size());
            else if (auto* writable = dynamic_cast<antlr4::WritableToken*>(token))
                writable->setTokenIndex(_tokens.size());
            _fetchedEOF = t->getType() == antlr4::Token::EOF;
            _tokens.push_back(std::move(t));
        }
        on_channel_.clear();
        position_.assign(_tokens.size(), 0);
        for (size_t i = 0; i < _tokens.size(); ++i) {
            position_[i] = on_channel_.size();
            if (_tokens[i]->getChannel() == channel) on_channel_.push_back(i);
        }
        indexed_ = !on_channel_.empty() && _tokens.back()->getType() == antlr4::Token::EOF;
    }

    antlr4::Token* LT(ssize_t k) override {
        antlr4::Token* t = nullptr;
        if (k > 0 && indexed_) {
            size_t at = std::min(position_[_p] + static_cast<size_t>(k) - 1, on_channel_.size() - 1);
            t = _tokens[on_channel_[at]].get();
        } else if (k == -1 && indexed_ && position_[_p] > 0) {
            // The default-channel token before the current one (every rule's exit asks for it), which
            // CommonTokenStream::LB finds by walking back over the hidden tokens.
            t = _tokens[on_channel_[position_[_p] - 1]].get();
        } else {
            t = antlr4::CommonTokenStream::LT(k);
        }
        if (t && t->getTokenIndex() != INVALID_INDEX && t->getTokenIndex() > furthest) furthest = t->getTokenIndex();
        return t;
    }

    void consume() override {
        // At EOF (the last default-channel token) the runtime's consume throws, as it should.
        if (!indexed_ || position_[_p] + 1 >= on_channel_.size()) return antlr4::CommonTokenStream::consume();
        _p = on_channel_[position_[_p] + 1];
    }

private:
    using PooledToken = pool::Pooled<antlr4::CommonToken>;
    std::vector<size_t> on_channel_;  // the indexes of the default-channel tokens, EOF last
    std::vector<size_t> position_;    // per token: how many default-channel tokens come before it
    bool indexed_ = false;
};

// The shared diagnostic strategy without loop resynchronisation; records where the first error was.
class KqlErrorStrategy : public DiagnosticErrorStrategy {
public:
    KqlErrorStrategy(ParseContext& ctx, const TokenClasses& classes, TrackingTokenStream& tokens)
        : DiagnosticErrorStrategy(ctx, classes), tokens_(tokens), first_diagnostic_(ctx.diagnostics.size()) {}
    void sync(antlr4::Parser*) override {}

    antlr4::Token* first_token = nullptr;
    size_t furthest_at_first = 0;
    size_t first_diagnostic() const { return first_diagnostic_; }

protected:
    void reportError(antlr4::Parser* recognizer, const antlr4::RecognitionException& e) override {
        note(e.getOffendingToken());
        DiagnosticErrorStrategy::reportError(recognizer, e);
    }
    void reportUnwantedToken(antlr4::Parser* recognizer) override {
        if (!inErrorRecoveryMode(recognizer)) note(recognizer->getCurrentToken());
        DiagnosticErrorStrategy::reportUnwantedToken(recognizer);
    }
    void reportMissingToken(antlr4::Parser* recognizer) override {
        if (!inErrorRecoveryMode(recognizer)) note(recognizer->getCurrentToken());
        DiagnosticErrorStrategy::reportMissingToken(recognizer);
    }

private:
    void note(antlr4::Token* t) {
        if (noted_) return;
        noted_ = true;
        first_token = t;
        furthest_at_first = tokens_.furthest;
    }
    TrackingTokenStream& tokens_;
    size_t first_diagnostic_;
    bool noted_ = false;
};

// One parse's lexer, tokens and parser. Its first member holds a use of the grammar's caches, the
// last one released.
struct KqlSession {
    explicit KqlSession(ParseContext& ctx)
        : use(kql_caches()),
          input(ctx.source.text()),
          lexer(&input),
          limit(lexer, ctx.options.max_tokens),
          tokens(&limit),
          parser(&tokens),
          lexer_errors(ctx) {
        lexer.removeErrorListeners();
        lexer.addErrorListener(&lexer_errors);
        use_cached_prediction(lexer);
        parser.removeErrorListeners();
        use_cached_prediction(parser);
        tokens.fill_all();
    }
    GrammarCaches::Use use;
    CodePointStream input;
    KqlLexer lexer;
    TokenLimit limit;
    TrackingTokenStream tokens;
    KqlParser parser;
    LexerErrorListener lexer_errors;
};

// `.show tables`, `#connect ...`: a management command or client directive, rejected with one
// diagnostic at its name and never parsed.
bool reject_command(ParseContext& ctx, const std::vector<antlr4::Token*>& tokens) {
    antlr4::Token* first = nullptr;
    antlr4::Token* second = nullptr;
    for (antlr4::Token* t : tokens) {
        if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL || t->getType() == antlr4::Token::EOF) continue;
        if (!first)
            first = t;
        else {
            second = t;
            break;
        }
    }
    if (!first || !second || (first->getType() != KqlLexer::DOT && first->getType() != KqlLexer::HASH)) return false;
    std::string word = second->getText();
    if (word.empty() || !(std::isalpha(static_cast<unsigned char>(word[0])) || word[0] == '_')) return false;
    if (second->getStartIndex() != first->getStopIndex() + 1) return false;
    Span at{token_span(ctx.source, first).begin, token_span(ctx.source, second).end};
    ctx.diagnostics.push_back(make_diagnostic(DiagId::ManagementCommand, at, {first->getText() + word}));
    return true;
}

// Null on syntax errors; `partial` then receives the recovered tree with its error nodes.
KqlParser::QueryContext* parse_kql(KqlSession& s, ParseContext& ctx, KqlParser::QueryContext** partial = nullptr) {
    const TokenClasses& classes = kql_token_classes();
    auto& parser = s.parser;
    auto* interpreter = parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    interpreter->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    try {
        return parser.query();
    } catch (const antlr4::ParseCancellationException&) {}
    s.tokens.seek(0);
    parser.reset();
    s.tokens.furthest = 0;
    auto strategy = std::make_shared<KqlErrorStrategy>(ctx, classes, s.tokens);
    parser.setErrorHandler(strategy);
    interpreter->setPredictionMode(antlr4::atn::PredictionMode::LL);
    KqlParser::QueryContext* tree = parser.query();
    if (partial) *partial = tree;
    if (strategy->error_count() == 0) return tree;
    // Keep the first syntax error only, moved to the furthest token when it sits on a continuation.
    size_t first = strategy->first_diagnostic();
    if (ctx.diagnostics.size() > first + 1) ctx.diagnostics.resize(first + 1);
    antlr4::Token* at = strategy->first_token;
    if (at && ctx.diagnostics.size() == first + 1 && is_continuation(at->getType()) &&
        strategy->furthest_at_first < s.tokens.size()) {
        antlr4::Token* furthest = s.tokens.get(strategy->furthest_at_first);
        if (furthest->getTokenIndex() > at->getTokenIndex()) {
            Span span = token_span(ctx.source, furthest);
            bool end = furthest->getType() == antlr4::Token::EOF;
            if (end)
                span = {token_span(ctx.source, s.tokens.get(furthest->getTokenIndex() - 1)).end,
                        token_span(ctx.source, s.tokens.get(furthest->getTokenIndex() - 1)).end};
            // the token before EOF may be hidden (trailing white space): point after the last real one
            if (end) {
                for (size_t i = furthest->getTokenIndex(); i-- > 0;) {
                    antlr4::Token* t = s.tokens.get(i);
                    if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL) {
                        uint32_t after = token_span(ctx.source, t).end;
                        span = {after, after};
                        break;
                    }
                }
            }
            Diagnostic d = end ? make_diagnostic(DiagId::UnexpectedEnd, span)
                               : make_diagnostic(DiagId::UnexpectedToken, span, {describe_token(furthest)});
            std::string after = describe_token(at);
            std::string wanted = at->getType() == KqlLexer::PIPE ? "a tabular operator (where, project, summarize, ...)"
                                 : at->getType() == KqlLexer::SEMI ? "a statement"
                                                                   : "an expression or a name";
            d.notes.push_back({span, "expected " + wanted + " after " + after});
            ctx.diagnostics[first] = std::move(d);
        }
    }
    return nullptr;
}

class KqlFrontend final : public Frontend {
public:
    ast::Script* parse(ParseContext& ctx) const override {
        KqlSession session(ctx);
        if (report_token_limit(ctx, session.limit)) return nullptr;
        if (reject_command(ctx, session.tokens.getTokens())) return nullptr;
        if (!check_tokens(ctx, session.tokens.getTokens(), kql_token_classes()) || has_errors(ctx.diagnostics))
            return nullptr;
        KqlParser::QueryContext* tree = parse_kql(session, ctx);
        if (!tree) return nullptr;
        auto* statements = dynamic_cast<KqlParser::QueryStatementsContext*>(tree);
        if (!statements) return nullptr;
        try {
            kql::Transformer transformer(ctx, session.tokens);
            return transformer.script(statements);
        } catch (const TooDeep& too_deep) {
            ctx.diagnostics.push_back(
                make_diagnostic(DiagId::NestingTooDeep, too_deep.span, {std::to_string(ctx.options.max_nesting * 4)}));
            return nullptr;
        }
    }

    std::vector<TokenInfo> tokens(ParseContext& ctx) const override {
        KqlSession session(ctx);
        report_token_limit(ctx, session.limit);
        check_tokens(ctx, session.tokens.getTokens(), kql_token_classes());
        return list_tokens(ctx.source, session.tokens.getTokens(), session.lexer.getVocabulary());
    }

    std::string tree(ParseContext& ctx) const override {
        KqlSession session(ctx);
        if (report_token_limit(ctx, session.limit)) return {};
        if (reject_command(ctx, session.tokens.getTokens())) return {};
        if (!check_tokens(ctx, session.tokens.getTokens(), kql_token_classes())) return {};
        KqlParser::QueryContext* partial = nullptr;
        KqlParser::QueryContext* tree = parse_kql(session, ctx, &partial);
        return format_tree(tree ? tree : partial, session.parser);
    }
};

// The lexer and parser that never run: the handles on the grammar's static caches (static members of
// KqlLexer and KqlParser, reached through their interpreters).
struct KqlProbe {
    antlr4::ANTLRInputStream nothing;
    KqlLexer lexer{&nothing};
    TokenVector none;
    KqlParser parser{&none};
    antlr4::atn::LexerATNSimulator& lexing() { return *lexer.getInterpreter<antlr4::atn::LexerATNSimulator>(); }
    antlr4::atn::ParserATNSimulator& parsing() { return *parser.getInterpreter<antlr4::atn::ParserATNSimulator>(); }
};

KqlProbe& kql_probe() {
    static KqlProbe probe;
    return probe;
}

}  // namespace

GrammarCaches& kql_caches() {
    static GrammarCaches caches({.bytes =
                                     [] {
                                         KqlProbe& probe = kql_probe();
                                         return dfa_bytes(probe.lexing()._decisionToDFA) +
                                                context_cache_bytes(probe.lexing().getSharedContextCache()) +
                                                dfa_bytes(probe.parsing().decisionToDFA) +
                                                context_cache_bytes(probe.parsing().getSharedContextCache());
                                     },
                                 .clear =
                                     [] {
                                         KqlProbe& probe = kql_probe();
                                         probe.lexing().clearDFA();
                                         probe.lexing().getSharedContextCache().clear();
                                         probe.parsing().clearDFA();
                                         probe.parsing().getSharedContextCache().clear();
                                     }});
    return caches;
}

const Frontend& kql_frontend() {
    static const KqlFrontend frontend;
    return frontend;
}

}  // namespace qdiff::parsers
