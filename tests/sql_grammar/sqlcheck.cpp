// Scratch acceptance driver for grammars/sql (not part of the qdiff build).
//
//   sqlcheck [options] FILE
//     FILE holds queries separated by NUL bytes (see extract_corpus.py), or one per line with -l.
//   -l            one query per line instead of NUL-separated records
//   -e TEXT       check TEXT instead of a file
//   --repeat N    time N warm passes over the file (after one warm-up pass) and print µs/query
//   --tree        print the parse tree (LISP form) of each accepted query
//   --tokens      print the token stream of each query
//   --sll-only    report SLL failures as errors (no LL fallback): shows which queries need LL
//   --expr        parse each record with standaloneExpression instead of sqlScript
//   --lex-only    with --repeat: time the lexer alone
//   --fast-lexer  use the hand-written FastSqlLexer (parsers/sql/sql_lexer.hpp) instead of the generated lexer
//   --compare-lexers  check that FastSqlLexer and SqlLexer produce the same default-channel tokens
//   --compare-sll-ll  check that SLL and LL prediction build the same tree
//   --ambiguities parse in LL_EXACT_AMBIG_DETECTION mode and print every ambiguity found
//
// Output, one line per record: "OK" or "ERR <line>:<col> <message>", then a summary on stderr.
// Parsing is two-stage: SLL with BailErrorStrategy, then LL with the default strategy on failure.

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "SqlLexer.h"
#include "SqlParser.h"
#include "antlr4-runtime.h"
#include "parsers/sql/sql_lexer.hpp"

using namespace antlr4;
using qdiff_gen::SqlLexer;
using qdiff_gen::SqlParser;

namespace {

struct FirstError : BaseErrorListener {
    bool has = false;
    size_t line = 0, col = 0;
    std::string msg;
    void syntaxError(Recognizer*, Token*, size_t l, size_t c, const std::string& m, std::exception_ptr) override {
        if (!has) {
            has = true;
            line = l;
            col = c;
            msg = m;
        }
    }
};

struct Result {
    bool ok = true;
    bool usedLL = false;
    std::string error;
    std::string tree;
};

bool g_exprMode = false;
bool g_lexOnly = false;
bool g_fastLexer = false;
bool g_ambig = false;

// Reports every ambiguity (LL_EXACT_AMBIG_DETECTION) with its rule and the text it covers.
struct AmbiguityReporter : BaseErrorListener {
    Parser* parser = nullptr;
    void syntaxError(Recognizer*, Token*, size_t, size_t, const std::string&, std::exception_ptr) override {}
    void reportAmbiguity(Parser* p, const dfa::DFA& dfa, size_t startIndex, size_t stopIndex, bool,
                         const antlrcpp::BitSet& ambigAlts, atn::ATNConfigSet*) override {
        antlrcpp::BitSet alts = ambigAlts;
        size_t rule = dfa.atnStartState->ruleIndex;
        std::string text = p->getTokenStream()->getText(misc::Interval(startIndex, stopIndex));
        std::cout << "AMBIG decision=" << dfa.decision << " rule=" << p->getRuleNames()[rule]
                  << " alts=" << alts.toString() << " text=" << text << "\n";
    }
};

void reportAmbiguities(const std::string& text) {
    ANTLRInputStream input(text);
    SqlLexer lexer(&input);
    lexer.removeErrorListeners();
    CommonTokenStream tokens(&lexer);
    SqlParser parser(&tokens);
    parser.removeErrorListeners();
    AmbiguityReporter rep;
    parser.addErrorListener(&rep);
    parser.getInterpreter<atn::ParserATNSimulator>()->setPredictionMode(atn::PredictionMode::LL_EXACT_AMBIG_DETECTION);
    parser.sqlScript();
}

size_t lexOnly(const std::string& text) {
    if (g_fastLexer) {
        qdiff::parsers::sql::FastSqlLexer fast(text);
        CommonTokenStream tokens(&fast);
        tokens.fill();
        return tokens.size();
    }
    ANTLRInputStream input(text);
    SqlLexer lexer(&input);
    lexer.removeErrorListeners();
    CommonTokenStream tokens(&lexer);
    tokens.fill();
    return tokens.size();
}

Result parseOne(const std::string& text, bool sllOnly, bool wantTree) {
    Result r;
    std::unique_ptr<ANTLRInputStream> input;
    std::unique_ptr<TokenSource> source;
    if (g_fastLexer) {
        source = std::make_unique<qdiff::parsers::sql::FastSqlLexer>(text);
    } else {
        input = std::make_unique<ANTLRInputStream>(text);
        auto lexer = std::make_unique<SqlLexer>(input.get());
        lexer->removeErrorListeners();
        source = std::move(lexer);
    }
    CommonTokenStream tokens(source.get());
    SqlParser parser(&tokens);
    parser.removeErrorListeners();
    parser.getInterpreter<atn::ParserATNSimulator>()->setPredictionMode(atn::PredictionMode::SLL);
    parser.setErrorHandler(std::make_shared<BailErrorStrategy>());
    tree::ParseTree* t = nullptr;
    try {
        t = g_exprMode ? static_cast<tree::ParseTree*>(parser.standaloneExpression())
                       : static_cast<tree::ParseTree*>(parser.sqlScript());
    } catch (ParseCancellationException&) {
        t = nullptr;
    }
    if (t == nullptr) {
        r.usedLL = true;
        if (sllOnly) {
            r.ok = false;
            r.error = "0:0 SLL failed";
            return r;
        }
        tokens.seek(0);
        parser.reset();
        FirstError err;
        parser.addErrorListener(&err);
        parser.setErrorHandler(std::make_shared<DefaultErrorStrategy>());
        parser.getInterpreter<atn::ParserATNSimulator>()->setPredictionMode(atn::PredictionMode::LL);
        t = g_exprMode ? static_cast<tree::ParseTree*>(parser.standaloneExpression())
                       : static_cast<tree::ParseTree*>(parser.sqlScript());
        if (err.has) {
            r.ok = false;
            // A lexical error token (unterminated string / quoted identifier, stray character) is
            // reported as such, at its own position: the parser's message for it depends on where
            // prediction gave up (in left-recursive loops often one operator earlier).
            for (Token* tk : tokens.getTokens()) {
                if (tk->getType() == SqlLexer::UNTERMINATED_STRING || tk->getType() == SqlLexer::ERROR_CHAR) {
                    err.line = tk->getLine();
                    err.col = tk->getCharPositionInLine();
                    err.msg = tk->getType() == SqlLexer::ERROR_CHAR ? "unexpected character '" + tk->getText() + "'"
                                                                    : "unterminated string or quoted identifier";
                    break;
                }
            }
            std::string m = err.msg.size() > 160 ? err.msg.substr(0, 160) + "..." : err.msg;
            r.error = std::to_string(err.line) + ":" + std::to_string(err.col) + " " + m;
        }
        parser.removeErrorListeners();
    }
    if (r.ok && wantTree) r.tree = t->toStringTree(&parser);
    return r;
}

// Compares the default-channel token streams of SqlLexer and FastSqlLexer; prints differences.
bool compareLexers(const std::string& text, size_t index) {
    ANTLRInputStream input(text);
    SqlLexer lexer(&input);
    lexer.removeErrorListeners();
    CommonTokenStream a(&lexer);
    a.fill();
    qdiff::parsers::sql::FastSqlLexer fast(text);
    CommonTokenStream b(&fast);
    b.fill();
    std::vector<Token*> ta, tb;
    for (Token* t : a.getTokens())
        if (t->getChannel() == Token::DEFAULT_CHANNEL) ta.push_back(t);
    for (Token* t : b.getTokens())
        if (t->getChannel() == Token::DEFAULT_CHANNEL) tb.push_back(t);
    bool ascii = true;
    for (unsigned char c : text)
        if (c >= 0x80) {
            ascii = false;
            break;
        }
    size_t n = std::max(ta.size(), tb.size());
    for (size_t i = 0; i < n; ++i) {
        Token *x = i < ta.size() ? ta[i] : nullptr, *y = i < tb.size() ? tb[i] : nullptr;
        bool same = x && y && x->getType() == y->getType() && x->getText() == y->getText() &&
                    (!ascii || (x->getStartIndex() == y->getStartIndex() && x->getLine() == y->getLine() &&
                                x->getCharPositionInLine() == y->getCharPositionInLine()));
        if (!same) {
            const auto& v = lexer.getVocabulary();
            std::cout << "record " << index << " token " << i << ": antlr="
                      << (x ? v.getSymbolicName(x->getType()) + "[" + x->getText() + "]@" +
                                  std::to_string(x->getStartIndex())
                            : "-")
                      << " fast="
                      << (y ? v.getSymbolicName(y->getType()) + "[" + y->getText() + "]@" +
                                  std::to_string(y->getStartIndex())
                            : "-")
                      << "\n";
            return false;
        }
    }
    return true;
}

// Parses with SLL and with LL (both with BailErrorStrategy); returns false when both succeed
// with different trees.
bool sameTreeSllLl(const std::string& text, size_t index) {
    std::string trees[2];
    bool ok[2];
    for (int mode = 0; mode < 2; ++mode) {
        ANTLRInputStream input(text);
        SqlLexer lexer(&input);
        lexer.removeErrorListeners();
        CommonTokenStream tokens(&lexer);
        SqlParser parser(&tokens);
        parser.removeErrorListeners();
        parser.setErrorHandler(std::make_shared<BailErrorStrategy>());
        parser.getInterpreter<atn::ParserATNSimulator>()->setPredictionMode(mode == 0 ? atn::PredictionMode::SLL
                                                                                      : atn::PredictionMode::LL);
        try {
            trees[mode] = parser.sqlScript()->toStringTree(&parser);
            ok[mode] = true;
        } catch (ParseCancellationException&) {
            ok[mode] = false;
        }
    }
    if (ok[0] && ok[1] && trees[0] != trees[1]) {
        std::cout << "record " << index << ": SLL and LL trees differ\n  SLL " << trees[0] << "\n  LL  " << trees[1]
                  << "\n";
        return false;
    }
    return true;
}

void printTokens(const std::string& text) {
    ANTLRInputStream input(text);
    SqlLexer lexer(&input);
    lexer.removeErrorListeners();
    CommonTokenStream tokens(&lexer);
    tokens.fill();
    const auto& vocab = lexer.getVocabulary();
    for (Token* tk : tokens.getTokens()) {
        std::cout << vocab.getSymbolicName(tk->getType()) << "[" << tk->getText() << "] ";
    }
    std::cout << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    bool lines = false, tree = false, toks = false, sllOnly = false, compare = false, compareModes = false;
    int repeat = 0;
    std::string file, exprText;
    bool haveExpr = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "-l")
            lines = true;
        else if (a == "--tree")
            tree = true;
        else if (a == "--tokens")
            toks = true;
        else if (a == "--sll-only")
            sllOnly = true;
        else if (a == "--expr")
            g_exprMode = true;
        else if (a == "--lex-only")
            g_lexOnly = true;
        else if (a == "--ambiguities")
            g_ambig = true;
        else if (a == "--fast-lexer")
            g_fastLexer = true;
        else if (a == "--compare-lexers")
            compare = true;
        else if (a == "--compare-sll-ll")
            compareModes = true;
        else if (a == "--repeat" && i + 1 < argc)
            repeat = std::stoi(argv[++i]);
        else if (a == "-e" && i + 1 < argc) {
            exprText = argv[++i];
            haveExpr = true;
        } else
            file = a;
    }
    std::vector<std::string> queries;
    if (haveExpr) {
        queries.push_back(exprText);
    } else {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            std::cerr << "cannot read " << file << "\n";
            return 2;
        }
        std::stringstream ss;
        ss << in.rdbuf();
        std::string all = ss.str();
        char sep = lines ? '\n' : '\0';
        size_t start = 0;
        while (start <= all.size()) {
            size_t end = all.find(sep, start);
            if (end == std::string::npos) end = all.size();
            queries.push_back(all.substr(start, end - start));
            start = end + 1;
        }
        if (lines && !queries.empty() && queries.back().empty()) queries.pop_back();
    }

    size_t ok = 0, llUsed = 0;
    if (compareModes) {
        size_t same = 0;
        for (size_t i = 0; i < queries.size(); ++i) same += sameTreeSllLl(queries[i], i);
        std::cerr << same << "/" << queries.size() << " records: SLL tree == LL tree (when both parse)\n";
        return same == queries.size() ? 0 : 1;
    }
    if (compare) {
        size_t same = 0;
        for (size_t i = 0; i < queries.size(); ++i) same += compareLexers(queries[i], i);
        std::cerr << same << "/" << queries.size() << " records lex identically\n";
        return same == queries.size() ? 0 : 1;
    }
    if (g_ambig) {
        for (const auto& q : queries) reportAmbiguities(q);
        return 0;
    }
    for (const auto& q : queries) {
        if (toks) printTokens(q);
        Result r = parseOne(q, sllOnly, tree);
        if (r.usedLL) ++llUsed;
        if (r.ok) {
            ++ok;
            std::cout << "OK";
            if (tree) std::cout << " " << r.tree;
            std::cout << "\n";
        } else {
            std::cout << "ERR " << r.error << "\n";
        }
    }
    std::cerr << ok << "/" << queries.size() << " accepted, " << llUsed << " needed LL\n";

    if (repeat > 0 && g_lexOnly) {
        size_t ntok = 0;
        for (const auto& q : queries) ntok += lexOnly(q);
        auto t0 = std::chrono::steady_clock::now();
        for (int k = 0; k < repeat; ++k)
            for (const auto& q : queries) lexOnly(q);
        auto t1 = std::chrono::steady_clock::now();
        double us = std::chrono::duration<double, std::micro>(t1 - t0).count();
        std::fprintf(stderr, "lexer only: %.1f us/query, %.0f ns/token (%zu tokens per pass)\n",
                     us / (double(repeat) * queries.size()), 1000.0 * us / (double(repeat) * ntok), ntok);
        return 0;
    }
    if (repeat > 0) {
        auto t0 = std::chrono::steady_clock::now();
        for (int k = 0; k < repeat; ++k)
            for (const auto& q : queries) parseOne(q, false, false);
        auto t1 = std::chrono::steady_clock::now();
        double us = std::chrono::duration<double, std::micro>(t1 - t0).count();
        std::fprintf(stderr, "warm: %.1f us/query over %d passes of %zu queries\n",
                     us / (double(repeat) * queries.size()), repeat, queries.size());
    }
    return ok == queries.size() ? 0 : 1;
}
