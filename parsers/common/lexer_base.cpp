#include "parsers/common/lexer_base.hpp"

#include "parsers/common/node_pool.hpp"

namespace qdiff::parsers {

CodePointStream::CodePointStream(std::string_view text) {
    unsigned char any = 0;
    for (char c : text) any |= static_cast<unsigned char>(c);
    if (any < 0x80)
        _data.assign(text.begin(), text.end());  // each byte is its code point
    else
        load(std::string(text));  // ANTLRInputStream's decoding (and its byte-order mark removal)
    p = 0;
}

std::unique_ptr<antlr4::Token> LexerBase::make(size_t type, size_t channel, size_t start, size_t stop, size_t line,
                                               size_t column, const std::string& text) {
    // What CommonTokenFactory::create makes (it copies no text: the token reads it from the input).
    std::unique_ptr<antlr4::CommonToken> t(
        new pool::Pooled<antlr4::CommonToken>(std::pair<antlr4::TokenSource*, antlr4::CharStream*>(this, _input), type,
                                              channel, start, stop));
    t->setLine(line);
    t->setCharPositionInLine(column);
    if (!text.empty()) t->setText(text);
    return t;
}

antlr4::Token* LexerBase::emit() {
    Lexer::emit(make(type, channel, tokenStartCharIndex, _input->index() - 1, tokenStartLine,
                     tokenStartCharPositionInLine, _text));
    return token.get();
}

antlr4::Token* LexerBase::emitEOF() {
    size_t column = getCharPositionInLine();
    size_t line = getLine();
    Lexer::emit(make(EOF, antlr4::Token::DEFAULT_CHANNEL, _input->index(), _input->index() - 1, line, column, {}));
    return token.get();
}

std::unique_ptr<antlr4::Token> LexerBase::nextToken() {
    // Lexer::nextToken's loop, step for step.
    struct Release {
        antlr4::CharStream* input;
        ssize_t marker;
        ~Release() { input->release(marker); }
    } release{_input, _input->mark()};
    antlr4::atn::LexerATNSimulator* interpreter = simulator();
    while (true) {
        if (hitEOF) {
            emitEOF();
            return std::move(token);
        }
        token.reset();
        channel = antlr4::Token::DEFAULT_CHANNEL;
        tokenStartCharIndex = _input->index();
        tokenStartCharPositionInLine = interpreter->getCharPositionInLine();
        tokenStartLine = interpreter->getLine();
        _text.clear();
        bool skipped = false;
        do {
            type = antlr4::Token::INVALID_TYPE;
            size_t ttype;
            try {
                ttype = interpreter->match(_input, mode);
            } catch (antlr4::LexerNoViableAltException& e) {
                notifyListeners(e);
                recover(e);
                ttype = SKIP;
            }
            if (_input->LA(1) == EOF) hitEOF = true;
            if (type == antlr4::Token::INVALID_TYPE) type = ttype;
            if (type == SKIP) {
                skipped = true;
                break;
            }
        } while (type == MORE);
        if (skipped) continue;
        if (!token) emit();
        return std::move(token);
    }
}

}  // namespace qdiff::parsers
