// The base class of the generated ANTLR lexers (grammar option `superClass = LexerBase`; KQL's: the SQL
// text is read by a hand-written lexer). ANTLR 4.9's Lexer::nextToken finds its interpreter with a
// dynamic_cast three times per token (and twice more in emit, through getLine and
// getCharPositionInLine), wraps each token in an antlrcpp::finally (a heap-allocated std::function),
// and builds the token through the factory, whose CommonToken constructor asks the lexer for its line
// and column again: about a third of a warm KQL lex. These overrides do what Lexer does (same tokens,
// same positions, same error recovery) with a static_cast (a lexer's interpreter is always a
// LexerATNSimulator), a plain scope guard, and the token made directly, from the per-thread pool.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

#include "antlr4-runtime.h"

namespace qdiff::parsers {

class LexerBase : public antlr4::Lexer {
public:
    using antlr4::Lexer::Lexer;

    std::unique_ptr<antlr4::Token> nextToken() override;
    antlr4::Token* emit() override;
    antlr4::Token* emitEOF() override;
    size_t getLine() const override { return simulator()->getLine(); }
    size_t getCharPositionInLine() override { return simulator()->getCharPositionInLine(); }

    // Hides Recognizer::getInterpreter (a dynamic_cast) from the generated code.
    template <class T>
    T* getInterpreter() const {
        static_assert(std::is_base_of_v<T, antlr4::atn::LexerATNSimulator>);
        return simulator();
    }

private:
    antlr4::atn::LexerATNSimulator* simulator() const {
        return static_cast<antlr4::atn::LexerATNSimulator*>(_interpreter);
    }
    std::unique_ptr<antlr4::Token> make(size_t type, size_t channel, size_t start, size_t stop, size_t line,
                                        size_t column, const std::string& text);
};

// The text a generated lexer reads: ANTLRInputStream (UTF-32 code points) whose characters
// CachedLexerSimulator (cached_prediction.hpp) reads directly rather than through a virtual LA(1) and
// consume() per character, and which widens ASCII text without the runtime's UTF-8 decoder.
class CodePointStream final : public antlr4::ANTLRInputStream {
public:
    explicit CodePointStream(std::string_view text);

    const char32_t* data() const { return _data.data(); }
    size_t length() const { return _data.size(); }
    // The index of the next character; the simulator advances it as consume() does.
    size_t& position() { return p; }
};

}  // namespace qdiff::parsers

// The generated lexers live in qdiff_gen and name their base class without a namespace.
namespace qdiff_gen {
using LexerBase = qdiff::parsers::LexerBase;
}  // namespace qdiff_gen
