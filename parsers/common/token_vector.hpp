// A token stream over all the tokens of one text, read up front. CommonTokenStream does the same
// job for any token source, but looks every token up channel by channel and casts it on arrival
// (about 10% of a warm SQL parse); a source that numbers its own tokens and sends them all on the
// default channel (the hand-written SQL lexer) needs none of that. Reusable: fill() again for the
// next text keeps the capacity.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "antlr4-runtime.h"

namespace qdiff::parsers {

class TokenVector final : public antlr4::TokenStream {
public:
    // Reads every token of `source` up to and including EOF. Tokens off the default channel are
    // dropped; tokens that do not carry their index get it.
    void fill(antlr4::TokenSource& source);
    // Frees the tokens (the parse tree that points at them must be gone first).
    void clear();
    const std::vector<antlr4::Token*>& tokens() const { return view_; }

    antlr4::Token* LT(ssize_t k) override {
        if (k > 0) return static_cast<size_t>(k) - 1 < view_.size() - p_ ? view_[p_ + k - 1] : view_.back();
        if (k < 0 && static_cast<size_t>(-k) <= p_) return view_[p_ + k];
        return nullptr;
    }
    size_t LA(ssize_t i) override {
        antlr4::Token* t = LT(i);
        return t ? t->getType() : antlr4::Token::INVALID_TYPE;
    }
    void consume() override;
    ssize_t mark() override { return 0; }
    void release(ssize_t) override {}
    size_t index() override { return p_; }
    void seek(size_t index) override { p_ = std::min(index, view_.size() - 1); }
    size_t size() override { return view_.size(); }
    std::string getSourceName() const override { return source_ ? source_->getSourceName() : std::string(); }
    antlr4::Token* get(size_t index) const override { return view_.at(index); }
    antlr4::TokenSource* getTokenSource() const override { return source_; }
    std::string getText(const antlr4::misc::Interval& interval) override;
    std::string getText() override { return getText(antlr4::misc::Interval(size_t(0), view_.size() - 1)); }
    std::string getText(antlr4::RuleContext* ctx) override { return getText(ctx->getSourceInterval()); }
    std::string getText(antlr4::Token* start, antlr4::Token* stop) override;

private:
    antlr4::TokenSource* source_ = nullptr;
    std::vector<std::unique_ptr<antlr4::Token>> owned_;
    std::vector<antlr4::Token*> view_;
    size_t p_ = 0;
};

}  // namespace qdiff::parsers
