// Scratch driver for the KQL grammar (not part of the library).
//
//   kql_driver check  [--field a,b] < queries.jsonl > verdicts.jsonl
//       one line per input: {"index","ok","command","sll","error":{"line","column","offset","token","message"}}
//   kql_driver bench  [--field a,b] [--repeat N] < queries.jsonl      warm µs/query (lex + parse)
//   kql_driver tree   < query.kql                                     parse tree of one query
//   kql_driver tokens < query.kql                                     token stream of one query
//
// Parsing strategy: SLL prediction with BailErrorStrategy first; on failure, rewind and parse
// again with full LL and the default (recovering) strategy, collecting the first syntax error.
// Management commands (first token `.` followed by a word) are detected before parsing.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "KqlLexer.h"
#include "KqlParser.h"
#include "antlr4-runtime.h"

using qdiff_gen::KqlLexer;
using qdiff_gen::KqlParser;

namespace {

// Tokens that need something after them (`,` `|` `and` `==` `by` ...). When ANTLR reports the
// first error on one of these, the decision that failed is the loop or operator it would have
// started, and the real problem is the token after it (often EOF).
bool isContinuationToken(size_t t) {
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

struct TrackingTokenStream;
struct FirstError : antlr4::BaseErrorListener {
    bool has = false;
    size_t* furthestSource = nullptr;  // furthest token index looked at, read when the first error is reported
    size_t furthestAtError = 0;
    bool tokenWasExpected = false;  // the offending token could continue the parse at that point
    size_t line = 0, column = 0, offset = 0;
    std::string token, message;
    void syntaxError(antlr4::Recognizer*, antlr4::Token* tok, size_t l, size_t c, const std::string& msg,
                     std::exception_ptr) override {
        if (has) return;
        has = true;
        if (furthestSource) furthestAtError = *furthestSource;
        if (tok) tokenWasExpected = isContinuationToken(tok->getType());
        line = l;
        column = c;
        message = msg;
        if (tok) {
            offset = tok->getStartIndex();
            token = tok->getType() == antlr4::Token::EOF ? "<EOF>" : tok->getText();
        }
    }
};

struct Verdict {
    bool ok = false, command = false, sll = false;
    FirstError err;
};

bool isWordToken(antlr4::Token* t) {
    const std::string s = t->getText();
    if (s.empty()) return false;
    const unsigned char c = static_cast<unsigned char>(s[0]);
    return std::isalpha(c) || c == '_';
}

// Default recovery, minus the loop-entry/loop-back resynchronisation: in `T | project a,` the
// loop decision then fails on the token after the comma (EOF), so the error lands there instead
// of on the comma ("extraneous input ','").
struct NoSyncErrorStrategy : antlr4::DefaultErrorStrategy {
    void sync(antlr4::Parser*) override {}
};

// Token stream that remembers the furthest token the parser looked at (consumed or peeked by
// prediction). ANTLR reports a failed loop/optional decision at the token where the decision
// started (`,` in `T | project a,`), whereas the furthest examined token is where the text stops
// making sense (EOF after the comma): the driver reports the later of the two.
struct TrackingTokenStream : antlr4::CommonTokenStream {
    using antlr4::CommonTokenStream::CommonTokenStream;
    size_t furthest = 0;
    antlr4::Token* LT(ssize_t k) override {
        antlr4::Token* t = antlr4::CommonTokenStream::LT(k);
        if (t && t->getTokenIndex() != INVALID_INDEX && t->getTokenIndex() > furthest) furthest = t->getTokenIndex();
        return t;
    }
};

// One parser/lexer per thread, reused across queries.
struct Engine {
    antlr4::ANTLRInputStream input;
    KqlLexer lexer{&input};
    TrackingTokenStream tokens{&lexer};
    KqlParser parser{&tokens};

    Engine() {
        lexer.removeErrorListeners();
        parser.removeErrorListeners();
    }

    Verdict check(const std::string& text, bool wantTree = false, std::string* tree = nullptr) {
        Verdict v;
        input.load(text);
        lexer.setInputStream(&input);
        tokens.setTokenSource(&lexer);
        tokens.fill();
        // management command: first default-channel token is `.` and the next one is a word
        {
            auto all = tokens.getTokens();
            std::vector<antlr4::Token*> vis;
            for (auto* t : all)
                if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL && t->getType() != antlr4::Token::EOF) {
                    vis.push_back(t);
                    if (vis.size() == 2) break;
                }
            if (vis.size() == 2 && (vis[0]->getType() == KqlLexer::DOT || vis[0]->getType() == KqlLexer::HASH) &&
                isWordToken(vis[1]) && vis[1]->getStartIndex() == vis[0]->getStopIndex() + 1) {
                v.command = true;
                v.ok = false;
                return v;
            }
        }
        tokens.seek(0);
        parser.setTokenStream(&tokens);
        parser.removeErrorListeners();
        parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
        parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::SLL);
        KqlParser::QueryContext* q = nullptr;
        try {
            q = parser.query();
            v.ok = true;
            v.sll = true;
        } catch (antlr4::ParseCancellationException&) {
            tokens.seek(0);
            parser.setTokenStream(&tokens);
            parser.setErrorHandler(std::make_shared<NoSyncErrorStrategy>());
            parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
                antlr4::atn::PredictionMode::LL);
            parser.addErrorListener(&v.err);
            tokens.furthest = 0;
            v.err.furthestSource = &tokens.furthest;
            q = parser.query();
            parser.removeErrorListeners();
            v.ok = !v.err.has;
            if (v.err.has && v.err.tokenWasExpected && v.err.furthestAtError < tokens.size()) {
                antlr4::Token* f = tokens.get(v.err.furthestAtError);
                if (f->getStartIndex() > v.err.offset ||
                    (f->getType() == antlr4::Token::EOF && v.err.token != "<EOF>")) {
                    v.err.line = f->getLine();
                    v.err.column = f->getCharPositionInLine();
                    v.err.offset = f->getStartIndex();
                    v.err.token = f->getType() == antlr4::Token::EOF ? "<EOF>" : f->getText();
                    v.err.message = "unexpected " +
                                    (v.err.token == "<EOF>" ? std::string("end of query") : "'" + v.err.token + "'");
                }
            }
        }
        // lexer-level problems the parser may not flag
        if (v.ok) {
            for (auto* t : tokens.getTokens()) {
                if (t->getType() == KqlLexer::UNTERMINATED_STRING || t->getType() == KqlLexer::ERROR_CHAR) {
                    v.ok = false;
                    v.err.has = true;
                    v.err.line = t->getLine();
                    v.err.column = t->getCharPositionInLine();
                    v.err.offset = t->getStartIndex();
                    v.err.token = t->getText();
                    v.err.message =
                        t->getType() == KqlLexer::UNTERMINATED_STRING ? "unterminated string" : "unexpected character";
                    break;
                }
            }
        }
        if (wantTree && tree && q) *tree = q->toStringTree(&parser);
        return v;
    }
};

std::vector<std::string> readQueries(const std::vector<std::string>& fields) {
    std::vector<std::string> out;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        auto j = nlohmann::json::parse(line);
        if (j.is_string()) {
            out.push_back(j.get<std::string>());
            continue;
        }
        std::string q;
        for (auto& f : fields)
            if (j.contains(f) && j[f].is_string()) {
                q = j[f].get<std::string>();
                break;
            }
        out.push_back(q);
    }
    return out;
}

std::vector<std::string> splitComma(const std::string& s) {
    std::vector<std::string> r;
    std::stringstream ss(s);
    std::string x;
    while (std::getline(ss, x, ',')) r.push_back(x);
    return r;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: kql_driver check|bench|tree|tokens [--field a,b] [--repeat N]\n");
        return 2;
    }
    std::string mode = argv[1];
    std::vector<std::string> fields{"code", "baseline", "query"};
    int repeat = 20;
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--field" && i + 1 < argc)
            fields = splitComma(argv[++i]);
        else if (a == "--repeat" && i + 1 < argc)
            repeat = std::stoi(argv[++i]);
    }
    Engine eng;
    if (mode == "tree" || mode == "tokens") {
        std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
        if (mode == "tokens") {
            antlr4::ANTLRInputStream in(text);
            KqlLexer lx(&in);
            lx.removeErrorListeners();
            for (auto& t : lx.getAllTokens())
                if (t->getChannel() == 0)
                    std::printf("%zu:%zu %s %s\n", t->getLine(), t->getCharPositionInLine(),
                                std::string(lx.getVocabulary().getSymbolicName(t->getType())).c_str(),
                                t->getText().c_str());
            return 0;
        }
        std::string tree;
        Verdict v = eng.check(text, true, &tree);
        std::printf("%s\n", tree.c_str());
        if (v.command)
            std::printf("management command\n");
        else if (!v.ok)
            std::printf("error %zu:%zu at '%s': %s\n", v.err.line, v.err.column, v.err.token.c_str(),
                        v.err.message.c_str());
        else
            std::printf("ok (%s)\n", v.sll ? "SLL" : "LL");
        return v.ok ? 0 : 1;
    }
    auto queries = readQueries(fields);
    if (mode == "check") {
        for (size_t i = 0; i < queries.size(); ++i) {
            Verdict v = eng.check(queries[i]);
            nlohmann::json j{{"index", i}, {"ok", v.ok}, {"command", v.command}, {"sll", v.sll}};
            if (v.err.has)
                j["error"] = {{"line", v.err.line},
                              {"column", v.err.column},
                              {"offset", v.err.offset},
                              {"token", v.err.token},
                              {"message", v.err.message}};
            std::cout << j.dump() << "\n";
        }
        return 0;
    }
    if (mode == "bench") {
        std::vector<std::string> qs;
        for (auto& q : queries) qs.push_back(q);
        for (auto& q : qs) eng.check(q);  // warm-up: builds the DFA
        size_t nok = 0;
        auto t0 = std::chrono::steady_clock::now();
        for (int r = 0; r < repeat; ++r)
            for (auto& q : qs) nok += eng.check(q).ok;
        auto t1 = std::chrono::steady_clock::now();
        double us = std::chrono::duration<double, std::micro>(t1 - t0).count() / (double(repeat) * qs.size());
        std::fprintf(stderr, "qdiff kql grammar warm: %.1f us/query (%zu queries x %d)\n", us, qs.size(), repeat);
        return 0;
    }
    std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
    return 2;
}
