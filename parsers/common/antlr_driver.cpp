#include "parsers/common/antlr_driver.hpp"
#include "parsers/common/transformer_base.hpp"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <typeinfo>

#include "diagnostics/suggest.hpp"
#include "support/strings.hpp"

namespace qdiff::parsers {

using antlr4::Token;

Span token_span(const SourceText& source, const Token* token) {
    if (!token || token->getType() == Token::EOF) {
        auto end = static_cast<uint32_t>(source.text().size());
        return {end, end};
    }
    size_t start = token->getStartIndex();
    size_t stop = token->getStopIndex();
    if (source.is_ascii()) {  // code points are bytes: byte_offset_of_code_point's answer, without the calls
        size_t size = source.text().size();
        auto begin = static_cast<uint32_t>(std::min(start, size));
        auto end = stop + 1 >= start ? static_cast<uint32_t>(std::min(stop + 1, size)) : begin;
        return {begin, std::max(begin, end)};
    }
    uint32_t begin = source.byte_offset_of_code_point(start);
    uint32_t end = stop + 1 >= start ? source.byte_offset_of_code_point(stop + 1) : begin;
    return {begin, std::max(begin, end)};
}

Span rule_span(const SourceText& source, antlr4::ParserRuleContext* c) {
    if (!c) return {};
    Span begin = token_span(source, c->getStart());
    antlr4::Token* stop = c->getStop();
    if (!stop || stop->getTokenIndex() < c->getStart()->getTokenIndex()) return {begin.begin, begin.begin};
    return {begin.begin, token_span(source, stop).end};
}

size_t rule_index_of(antlr4::tree::ParseTree* child) {
    struct RuleIndex;
    return by_dynamic_type<RuleIndex, size_t>(child, [](antlr4::tree::ParseTree* c) {
        auto* rule = dynamic_cast<antlr4::RuleContext*>(c);
        return rule ? rule->getRuleIndex() : ChildrenByRule::npos;
    });
}

bool has_token(antlr4::ParserRuleContext* c, size_t type) {
    for (auto* child : c->children)
        if (rule_index_of(child) == ChildrenByRule::npos &&
            static_cast<antlr4::tree::TerminalNode*>(child)->getSymbol()->getType() == type)
            return true;
    return false;
}

static bool contains(const std::vector<size_t>& types, size_t type) {
    return std::find(types.begin(), types.end(), type) != types.end();
}

namespace {

// The classes check_tokens asks about, as bits per token type: five list searches per token cost
// more than filling the table once per text.
enum TokenKind : uint8_t { kInvalid = 1, kUnterminated = 2, kPrefix = 4, kOpen = 8, kClose = 16 };

class TokenKinds {
public:
    explicit TokenKinds(const TokenClasses& classes) : classes_(classes) {
        mark(classes.invalid, kInvalid);
        mark(classes.unterminated, kUnterminated);
        mark(classes.prefix, kPrefix);
        mark(classes.open, kOpen);
        mark(classes.close, kClose);
    }
    uint8_t operator[](size_t type) const {
        if (type < kMaxType) return type < size_ ? kinds_[type] : 0;
        return kind_in(classes_.invalid, type, kInvalid) | kind_in(classes_.unterminated, type, kUnterminated) |
               kind_in(classes_.prefix, type, kPrefix) | kind_in(classes_.open, type, kOpen) |
               kind_in(classes_.close, type, kClose);  // EOF, or a grammar with very many tokens
    }

private:
    void mark(const std::vector<size_t>& types, uint8_t kind) {
        for (size_t t : types) {
            if (t >= kMaxType) continue;  // operator[] searches the lists for these
            for (; size_ <= t; ++size_) kinds_[size_] = 0;
            kinds_[t] |= kind;
        }
    }
    static uint8_t kind_in(const std::vector<size_t>& types, size_t type, uint8_t kind) {
        return std::find(types.begin(), types.end(), type) != types.end() ? kind : 0;
    }
    static constexpr size_t kMaxType = 1024;
    const TokenClasses& classes_;
    uint8_t kinds_[kMaxType];
    size_t size_ = 0;
};

}  // namespace

bool check_tokens(ParseContext& ctx, const std::vector<Token*>& tokens, const TokenClasses& classes) {
    bool ok = true;
    uint32_t depth = 0;
    uint32_t prefix_run = 0;
    const TokenKinds kinds(classes);
    for (Token* token : tokens) {
        size_t type = token->getType();
        uint8_t kind = kinds[type];
        if (kind & kInvalid) {
            std::string shown = "'" + token->getText() + "'";
            if (token->getText().size() == 1 && static_cast<unsigned char>(token->getText()[0]) < 0x20) {
                static const char* hex = "0123456789ABCDEF";
                unsigned char c = static_cast<unsigned char>(token->getText()[0]);
                shown = std::string("0x") + hex[c >> 4] + hex[c & 15];
            }
            ctx.diagnostics.push_back(
                make_diagnostic(DiagId::InvalidCharacter, token_span(ctx.source, token), {shown}));
            ok = false;
        } else if (kind & kUnterminated) {
            std::string_view what = "quoted text";
            char first = token->getText().empty() ? ' ' : token->getText()[0];
            if (first == '\'' || first == 'E' || first == 'e' || first == 'N' || first == 'n')
                what = "string literal";
            else if (first == '"' || first == '`' || first == '[')
                what = "quoted identifier";
            else if (first == '/')
                what = "comment";
            else if (first == '$')
                what = "dollar-quoted string";
            if (!classes.unterminated_what.empty()) what = classes.unterminated_what;
            Span span = token_span(ctx.source, token);
            span.end = span.begin + 1;
            ctx.diagnostics.push_back(make_diagnostic(DiagId::UnterminatedString, span, {what}));
            ok = false;
        }
        if (token->getChannel() != Token::DEFAULT_CHANNEL) continue;
        if (kind & kPrefix) {
            ++prefix_run;
        } else {
            prefix_run = 0;
            if (kind & kOpen)
                ++depth;
            else if ((kind & kClose) && depth > 0)
                --depth;
        }
        if (depth + prefix_run > ctx.options.max_nesting) {
            ctx.diagnostics.push_back(make_diagnostic(DiagId::NestingTooDeep, token_span(ctx.source, token),
                                                      {std::to_string(ctx.options.max_nesting)}));
            return false;
        }
        if (ctx.diagnostics.size() > 20) return false;
    }
    return ok;
}

void explain_syntax_errors(ParseContext& ctx, antlr4::TokenStream& tokens, const TokenClasses& classes,
                           size_t first_error) {
    if (first_error >= ctx.diagnostics.size()) return;
    auto errors = ctx.diagnostics.begin() + static_cast<ptrdiff_t>(first_error);
    std::stable_sort(errors, ctx.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.span.begin < b.span.begin; });
    if (classes.open.empty() || classes.close.empty()) return;
    // The first open/close pair of every language is ( and ).
    const size_t open = classes.open.front(), close = classes.close.front();
    std::vector<Token*> unclosed;
    for (size_t i = 0; i < tokens.size(); ++i) {
        Token* t = tokens.get(i);
        if (t->getChannel() != Token::DEFAULT_CHANNEL) continue;
        if (t->getType() == open)
            unclosed.push_back(t);
        else if (t->getType() == close && !unclosed.empty())
            unclosed.pop_back();
    }
    constexpr size_t kShown = 3;
    for (size_t i = 0; i < unclosed.size() && i < kShown; ++i) {
        Span at = token_span(ctx.source, unclosed[i]);
        LineCol where = ctx.source.position(at.begin);
        errors->notes.push_back({at, "'" + unclosed[i]->getText() + "' opened at " + std::to_string(where.line) +
                                         ":" + std::to_string(where.column) + " is never closed"});
    }
}

std::string describe_token(const Token* token) {
    if (!token || token->getType() == Token::EOF) return "end of input";
    std::string text = token->getText();
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    for (char& c : text)
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    return "'" + text + "'";
}

std::string describe_expected(const antlr4::misc::IntervalSet& expected, const antlr4::dfa::Vocabulary& vocabulary,
                              const TokenClasses& classes) {
    constexpr size_t kManyAlternatives = 16;
    if (expected.size() > kManyAlternatives &&
        std::any_of(classes.names.begin(), classes.names.end(), [&](size_t t) { return expected.contains(t); }))
        return "an expression or a name";
    std::vector<std::string> names;
    for (ssize_t type : expected.toList()) {
        if (type == static_cast<ssize_t>(Token::EOF))
            names.push_back("end of input");
        else if (type > 0)
            names.push_back(vocabulary.getDisplayName(static_cast<size_t>(type)));
    }
    // Punctuation (quoted literal names) first: it is usually what is missing.
    std::stable_sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
        return (a.front() == '\'') > (b.front() == '\'');
    });
    constexpr size_t kShown = 8;
    std::string out;
    for (size_t i = 0; i < names.size() && i < kShown; ++i) {
        if (i) out += ", ";
        out += names[i];
    }
    if (names.size() > kShown) out += ", ... (" + std::to_string(names.size() - kShown) + " more)";
    return out;
}

void DiagnosticErrorStrategy::add(Diagnostic d) {
    if (errors_++ < kMaxErrors) ctx_.diagnostics.push_back(std::move(d));
}

// Called from reportError, which has already entered error-recovery mode, and from
// reportUnwantedToken, which checks it first.
void DiagnosticErrorStrategy::report_unexpected(antlr4::Parser* recognizer, Token* token,
                                                const antlr4::misc::IntervalSet& expected) {
    Span span = token_span(ctx_.source, token);
    // At the end of input, point just past the last token rather than at trailing white space.
    if (!token || token->getType() == Token::EOF)
        if (Token* previous = recognizer->getTokenStream()->LT(-1))
            span = {token_span(ctx_.source, previous).end, token_span(ctx_.source, previous).end};
    const auto& vocabulary = recognizer->getVocabulary();
    Diagnostic d = token && token->getType() != Token::EOF
                       ? make_diagnostic(DiagId::UnexpectedToken, span, {describe_token(token)})
                       : make_diagnostic(DiagId::UnexpectedEnd, span);
    if (!expected.isEmpty()) d.notes.push_back({span, "expected " + describe_expected(expected, vocabulary, classes_)});
    // An unexpected name close to a keyword is probably that keyword misspelt: the expected ones
    // first, then the clause keywords (`SELECT * FORM t` expects only the end of the statement).
    // Each suggestion is checked by parse() (keep_helpful_fixits): it must get past the error.
    auto closest_keyword = [&](const std::string& written, const std::vector<ssize_t>& candidates) {
        diagnostics::ClosestName closest(written);
        for (ssize_t type : candidates) {
            if (type <= 0) continue;
            // As the lexer spells it: KQL's `where` (case-sensitive) has the literal 'where'; SQL's
            // keywords match any case and have only their symbolic names (WHERE).
            std::string keyword = vocabulary.getLiteralName(static_cast<size_t>(type));
            if (keyword.size() > 2 && keyword.front() == '\'' && keyword.back() == '\'')
                keyword = keyword.substr(1, keyword.size() - 2);
            else
                keyword = vocabulary.getSymbolicName(static_cast<size_t>(type));
            if (keyword.empty() || keyword == written || !std::all_of(keyword.begin(), keyword.end(), [](char c) {
                    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
                }))
                continue;
            // The limit goes by the keyword: two edits, one for a short keyword (AS, ON, BY, AND), which
            // two edits would find in most short names.
            closest.consider(keyword, keyword.size() <= 3 ? 1 : 2);
        }
        return closest.best();
    };
    std::vector<ssize_t> clause_keywords;
    for (size_t type : classes_.suggestable) clause_keywords.push_back(static_cast<ssize_t>(type));
    // `SELECT name FORM singer`: the misspelt keyword was read as an alias, and the error is at the
    // name after it, so the name before the error may be a clause keyword misspelt too. Both are
    // offered as alternatives: parse() keeps the first that gets past the error (keep_helpful_fixits).
    auto suggest = [&](Span at, const std::string& keyword) {
        if (keyword.empty()) return;
        d.notes.push_back({at, "did you mean " + keyword + "?"});
        d.fixits.push_back({at, keyword});
    };
    Token* previous = nullptr;
    if (token && token->getTokenIndex() != INVALID_INDEX)
        for (size_t i = std::min(token->getTokenIndex(), recognizer->getTokenStream()->size()); i-- > 0 && !previous;)
            if (Token* t = recognizer->getTokenStream()->get(i); t->getChannel() == Token::DEFAULT_CHANNEL) previous = t;
    if (previous && contains(classes_.names, previous->getType()))
        suggest(token_span(ctx_.source, previous), closest_keyword(previous->getText(), clause_keywords));
    if (token && contains(classes_.names, token->getType())) {
        std::vector<ssize_t> candidates = expected.toList();
        for (size_t type : classes_.suggestable)
            if (!expected.contains(type)) candidates.push_back(static_cast<ssize_t>(type));
        suggest(span, closest_keyword(token->getText(), candidates));
    }
    add(std::move(d));
}

void DiagnosticErrorStrategy::reportNoViableAlternative(antlr4::Parser* recognizer,
                                                        const antlr4::NoViableAltException& e) {
    report_unexpected(recognizer, e.getOffendingToken(), e.getExpectedTokens());
}

void DiagnosticErrorStrategy::reportInputMismatch(antlr4::Parser* recognizer, const antlr4::InputMismatchException& e) {
    report_unexpected(recognizer, e.getOffendingToken(), e.getExpectedTokens());
}

void DiagnosticErrorStrategy::reportFailedPredicate(antlr4::Parser* recognizer,
                                                    const antlr4::FailedPredicateException& e) {
    report_unexpected(recognizer, e.getOffendingToken(), {});
}

void DiagnosticErrorStrategy::reportUnwantedToken(antlr4::Parser* recognizer) {
    if (inErrorRecoveryMode(recognizer)) return;
    beginErrorCondition(recognizer);
    report_unexpected(recognizer, recognizer->getCurrentToken(), getExpectedTokens(recognizer));
}

void DiagnosticErrorStrategy::reportMissingToken(antlr4::Parser* recognizer) {
    if (inErrorRecoveryMode(recognizer)) return;
    beginErrorCondition(recognizer);
    Token* token = recognizer->getCurrentToken();
    auto expected = getExpectedTokens(recognizer);
    std::string missing = describe_expected(expected, recognizer->getVocabulary(), classes_);
    // Point just after the previous token: that is where the missing one belongs.
    Span span = token_span(ctx_.source, token);
    if (Token* previous = recognizer->getTokenStream()->LT(-1)) {
        uint32_t after = token_span(ctx_.source, previous).end;
        span = {after, after};
    }
    add(make_diagnostic(DiagId::MissingToken, span, {missing, describe_token(token)}));
}

void LexerErrorListener::syntaxError(antlr4::Recognizer* recognizer, Token*, size_t, size_t, const std::string& message,
                                     std::exception_ptr) {
    auto* lexer = dynamic_cast<antlr4::Lexer*>(recognizer);
    uint32_t at = lexer ? ctx_.source.byte_offset_of_code_point(lexer->tokenStartCharIndex) : 0;
    ctx_.diagnostics.push_back(make_diagnostic(DiagId::SyntaxError, {at, at + 1}, {message}));
}

std::vector<TokenInfo> list_tokens(const SourceText& source, const std::vector<Token*>& tokens,
                                   const antlr4::dfa::Vocabulary& vocabulary) {
    std::vector<TokenInfo> out;
    out.reserve(tokens.size());
    for (Token* t : tokens) {
        if (t->getType() == Token::EOF) break;
        out.push_back({vocabulary.getSymbolicName(t->getType()), t->getText(), token_span(source, t),
                       t->getChannel() != Token::DEFAULT_CHANNEL});
    }
    return out;
}

// SqlParser::BinaryExprContext -> BinaryExpr
static std::string alternative_label(const antlr4::ParserRuleContext& rule) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> demangled(
        abi::__cxa_demangle(typeid(rule).name(), nullptr, nullptr, &status), std::free);
    std::string name = status == 0 && demangled ? demangled.get() : "";
    if (size_t colon = name.rfind("::"); colon != std::string::npos) name = name.substr(colon + 2);
    if (name.size() > 7 && name.ends_with("Context")) name.resize(name.size() - 7);
    return name;
}

static void format_tree_into(std::string& out, antlr4::tree::ParseTree* tree, const antlr4::Parser& parser, int depth) {
    out.append(static_cast<size_t>(depth) * 2, ' ');
    if (auto* terminal = dynamic_cast<antlr4::tree::TerminalNode*>(tree)) {
        Token* t = terminal->getSymbol();
        if (dynamic_cast<antlr4::tree::ErrorNode*>(tree)) {  // skipped, or conjured for a missing token
            out += "<error> " + describe_token(t) + '\n';
            return;
        }
        out += t->getType() == Token::EOF ? "EOF" : parser.getVocabulary().getSymbolicName(t->getType());
        if (t->getType() != Token::EOF) out += " " + describe_token(t);
        out += '\n';
        return;
    }
    auto* rule = dynamic_cast<antlr4::ParserRuleContext*>(tree);
    std::string rule_name = parser.getRuleNames()[rule->getRuleIndex()];
    out += rule_name;
    // A labelled alternative has a context class of its own: show the label.
    std::string label = alternative_label(*rule);
    if (!label.empty() && !support::iequals(label, rule_name)) out += " #" + label;
    if (rule->exception) out += " <error>";  // the rule the parser gave up on, as far as it got
    out += '\n';
    for (auto* child : tree->children) format_tree_into(out, child, parser, depth + 1);
}

std::string format_tree(antlr4::tree::ParseTree* tree, const antlr4::Parser& parser) {
    std::string out;
    if (tree) format_tree_into(out, tree, parser, 0);
    return out;
}

}  // namespace qdiff::parsers
