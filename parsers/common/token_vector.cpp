#include "parsers/common/token_vector.hpp"

namespace qdiff::parsers {

using antlr4::Token;

void TokenVector::fill(antlr4::TokenSource& source) {
    clear();
    source_ = &source;
    for (;;) {
        std::unique_ptr<Token> t = source.nextToken();
        size_t type = t->getType();
        if (t->getChannel() == Token::DEFAULT_CHANNEL) {
            if (t->getTokenIndex() != view_.size())
                if (auto* writable = dynamic_cast<antlr4::WritableToken*>(t.get()))
                    writable->setTokenIndex(view_.size());
            view_.push_back(t.get());
            owned_.push_back(std::move(t));
        }
        if (type == Token::EOF) break;
    }
}

void TokenVector::clear() {
    view_.clear();
    owned_.clear();
    p_ = 0;
}

void TokenVector::consume() {
    if (view_[p_]->getType() == Token::EOF) throw antlr4::IllegalStateException("cannot consume EOF");
    ++p_;
}

std::string TokenVector::getText(const antlr4::misc::Interval& interval) {
    if (interval.a < 0 || interval.b < 0) return "";
    std::string out;
    for (size_t i = static_cast<size_t>(interval.a); i <= static_cast<size_t>(interval.b) && i < view_.size(); ++i) {
        if (view_[i]->getType() == Token::EOF) break;
        out += view_[i]->getText();
    }
    return out;
}

std::string TokenVector::getText(Token* start, Token* stop) {
    if (!start || !stop) return "";
    return getText(antlr4::misc::Interval(start->getTokenIndex(), stop->getTokenIndex()));
}

}  // namespace qdiff::parsers
