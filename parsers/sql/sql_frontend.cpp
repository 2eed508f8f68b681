// The SQL front end: lex, guard, parse (SLL then LL), check the dialect, lower to the AST.
#include <algorithm>
#include <optional>

#include "SqlLexer.h"
#include "parsers/common/antlr_caches.hpp"
#include "parsers/common/cached_prediction.hpp"
#include "parsers/common/token_limit.hpp"
#include "parsers/common/token_vector.hpp"
#include "parsers/sql/sql_lexer.hpp"
#include "parsers/sql/transformer.hpp"

namespace qdiff::parsers {
namespace {

using qdiff_gen::SqlLexer;

const TokenClasses& sql_token_classes() {
    static const TokenClasses classes{
        .open = {SqlLexer::LPAREN, SqlLexer::LBRACKET, SqlLexer::CASE},
        .close = {SqlLexer::RPAREN, SqlLexer::RBRACKET, SqlLexer::END},
        .prefix = {SqlLexer::NOT, SqlLexer::MINUS_SIGN, SqlLexer::PLUS, SqlLexer::TILDE, SqlLexer::BANG},
        .invalid = {SqlLexer::ERROR_CHAR},
        .unterminated = {SqlLexer::UNTERMINATED_STRING, SqlLexer::UNTERMINATED_COMMENT},
        .names = {SqlLexer::IDENTIFIER},
        .suggestable = {SqlLexer::SELECT, SqlLexer::FROM,   SqlLexer::WHERE,    SqlLexer::GROUP,   SqlLexer::ORDER,
                        SqlLexer::BY,     SqlLexer::HAVING, SqlLexer::LIMIT,    SqlLexer::JOIN,    SqlLexer::ON,
                        SqlLexer::AND,    SqlLexer::UNION,  SqlLexer::DISTINCT, SqlLexer::BETWEEN, SqlLexer::LIKE,
                        SqlLexer::VALUES, SqlLexer::INSERT, SqlLexer::INTO,     SqlLexer::UPDATE,  SqlLexer::DELETE,
                        SqlLexer::WITH,   SqlLexer::INNER,  SqlLexer::OUTER,    SqlLexer::OFFSET,  SqlLexer::CASE,
                        SqlLexer::WHEN,   SqlLexer::THEN,   SqlLexer::ELSE,     SqlLexer::END},
        .unterminated_what = {},
    };
    return classes;
}

// The tokens that spell syntax only some dialects accept (the dialect's traits say which).
struct FeatureToken {
    size_t token;
    DialectFeature feature;
};

void check_dialect(ParseContext& ctx, const std::vector<antlr4::Token*>& tokens) {
    const DialectTraits& dialect = traits(ctx.options.dialect);
    using F = DialectFeature;
    static const FeatureToken feature_tokens[] = {
        {SqlLexer::BACKTICK_IDENTIFIER, F::BacktickNames},
        {SqlLexer::BRACKET_IDENTIFIER, F::BracketNames},
        {SqlLexer::DOLLAR_STRING, F::DollarStrings},
        {SqlLexer::ESCAPE_STRING, F::EscapeStrings},
        {SqlLexer::DOUBLE_COLON, F::DoubleColonCast},
        {SqlLexer::ILIKE, F::Ilike},
        {SqlLexer::QUALIFY, F::Qualify},
        {SqlLexer::ANY, F::QuantifiedAny},
        {SqlLexer::SOME, F::QuantifiedSome},
    };
    if (std::all_of(std::begin(feature_tokens), std::end(feature_tokens),
                    [&](const FeatureToken& gated) { return dialect.has(gated.feature); }))
        return;
    for (antlr4::Token* t : tokens) {
        for (const FeatureToken& gated : feature_tokens) {
            if (t->getType() != gated.token || dialect.has(gated.feature)) continue;
            ctx.diagnostics.push_back(make_diagnostic(DiagId::DialectFeature, token_span(ctx.source, t),
                                                      {feature_description(gated.feature), dialect.name}));
        }
    }
}

// Everything one parse needs: the hand-written lexer feeds the parser. Each thread keeps one and
// reuses it (building the parser and its interpreter for every text costs about 5% of a parse); the
// DFA cache behind the parsers is ANTLR's, shared by all threads and locked by the runtime.
struct SqlSession {
    SqlSession() : parser(&tokens) {
        parser.removeErrorListeners();
        use_cached_prediction(parser);
    }
    sql::FastSqlLexer lexer;
    std::optional<TokenLimit> limit;  // over `lexer`, for the text being parsed
    TokenVector tokens;
    qdiff_gen::SqlParser parser;
    bool busy = false;
};

// A parser that never parses: the handle on the grammar's static caches.
qdiff_gen::SqlParser& sql_probe() {
    static TokenVector none;
    static qdiff_gen::SqlParser probe(&none);
    return probe;
}

// Runs f(session) on the calling thread's session filled with the text of ctx; a parse that starts
// while the thread's session is busy (one inside another) gets a session of its own. The parse tree
// and the tokens are freed when f returns: f must not keep pointers into them. The whole of it holds
// a use of the grammar's caches (the session's parser outlives it, but touches no DFA between parses).
template <class F>
auto with_session(ParseContext& ctx, F&& f) {
    GrammarCaches::Use use(sql_caches());
    thread_local SqlSession cached;
    std::unique_ptr<SqlSession> own;
    SqlSession* session = &cached;
    if (cached.busy) session = (own = std::make_unique<SqlSession>()).get();
    struct Release {
        SqlSession& s;
        ~Release() {
            s.parser.reset();  // the tree first: it points at the tokens
            s.tokens.clear();
            s.busy = false;
        }
    } release{*session};
    session->busy = true;
    const DialectTraits& dialect = traits(ctx.options.dialect);
    session->lexer.reset(ctx.source.text(), dialect.backslash_escapes, dialect.lexing);
    session->limit.emplace(session->lexer, ctx.options.max_tokens);
    session->tokens.fill(*session->limit);
    session->parser.setTokenStream(&session->tokens);
    return f(*session);
}

// For `qdiff tokens`: the tokens the parser reads (the dialect's lexing), and the comments.
struct SqlTokenDump {
    explicit SqlTokenDump(ParseContext& ctx)
        : lexer(ctx.source.text(), traits(ctx.options.dialect).backslash_escapes, traits(ctx.options.dialect).lexing),
          limit(with_comments(lexer), ctx.options.max_tokens),
          tokens(&limit) {
        tokens.fill();
    }
    static sql::FastSqlLexer& with_comments(sql::FastSqlLexer& lexer) {
        lexer.keep_comments();
        return lexer;
    }
    // The token names: SqlLexer's vocabulary (a lexer over no text is cheap; its ATN is shared).
    static const antlr4::dfa::Vocabulary& vocabulary() {
        static antlr4::ANTLRInputStream nothing;
        static SqlLexer names(&nothing);
        return names.getVocabulary();
    }
    sql::FastSqlLexer lexer;
    TokenLimit limit;
    antlr4::CommonTokenStream tokens;
};

// The dialect's checks and the lowering of a whole parse tree to the AST.
ast::Script* lower(ParseContext& ctx, SqlSession& session, qdiff_gen::SqlParser::SqlScriptContext* tree) {
    check_dialect(ctx, session.tokens.tokens());
    try {
        sql::Transformer transformer(ctx, session.tokens);
        return transformer.script(tree);
    } catch (const TooDeep& too_deep) {
        ctx.diagnostics.push_back(
            make_diagnostic(DiagId::NestingTooDeep, too_deep.span, {std::to_string(ctx.options.max_nesting * 4)}));
        return nullptr;
    }
}

class SqlFrontend final : public Frontend {
public:
    ast::Script* parse(ParseContext& ctx) const override {
        return with_session(ctx, [&](SqlSession& session) -> ast::Script* {
            const auto& tokens = session.tokens.tokens();
            if (report_token_limit(ctx, *session.limit)) return nullptr;
            if (!check_tokens(ctx, tokens, sql_token_classes()) || has_errors(ctx.diagnostics)) return nullptr;
            auto* tree = parse_two_stage(session.parser, &qdiff_gen::SqlParser::sqlScript, ctx, sql_token_classes());
            if (!tree) return nullptr;
            return lower(ctx, session, tree);
        });
    }

    std::vector<TokenInfo> tokens(ParseContext& ctx) const override {
        SqlTokenDump dump(ctx);
        report_token_limit(ctx, dump.limit);
        check_tokens(ctx, dump.tokens.getTokens(), sql_token_classes());
        return list_tokens(ctx.source, dump.tokens.getTokens(), SqlTokenDump::vocabulary());
    }

    std::string tree(ParseContext& ctx) const override {
        return with_session(ctx, [&](SqlSession& session) {
            if (report_token_limit(ctx, *session.limit)) return std::string();
            if (!check_tokens(ctx, session.tokens.tokens(), sql_token_classes())) return std::string();
            qdiff_gen::SqlParser::SqlScriptContext* partial = nullptr;
            auto* tree =
                parse_two_stage(session.parser, &qdiff_gen::SqlParser::sqlScript, ctx, sql_token_classes(), &partial);
            // The dialect is checked while lowering: a tree the dialect rejects gets parse's errors too.
            if (tree) lower(ctx, session, tree);
            return format_tree(tree ? tree : partial, session.parser);
        });
    }
};

}  // namespace

// Counted and cleared through a parser of their own (the DFAs and the context cache are static
// members of SqlParser, reached through its interpreter); only the parser has them: the SQL text is
// read by the hand-written lexer, and the generated SqlLexer only names tokens.
GrammarCaches& sql_caches() {
    static GrammarCaches caches(
        {.bytes =
             [] {
                 auto* simulator = sql_probe().getInterpreter<antlr4::atn::ParserATNSimulator>();
                 return dfa_bytes(simulator->decisionToDFA) + context_cache_bytes(simulator->getSharedContextCache());
             },
         .clear =
             [] {
                 auto* simulator = sql_probe().getInterpreter<antlr4::atn::ParserATNSimulator>();
                 simulator->clearDFA();
                 simulator->getSharedContextCache().clear();
             }});
    return caches;
}

const Frontend& sql_frontend() {
    static const SqlFrontend frontend;
    return frontend;
}

}  // namespace qdiff::parsers
