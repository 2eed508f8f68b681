#include "stages/results/postgres_tokens.hpp"

#include <algorithm>
#include <cctype>

#include "support/strings.hpp"

namespace qdiff::results::dump {

bool Token::is_word(std::string_view upper) const {
    return kind == Kind::Word && support::iequals(text, upper);
}

bool tokenize_dump(std::string_view s, std::vector<Statement>& out, std::string& error) {
    Statement current;
    size_t i = 0;
    auto line_of = [&](size_t pos) { return std::to_string(1 + std::count(s.begin(), s.begin() + pos, '\n')); };
    while (i < s.size()) {
        char c = s[i];
        if (std::isspace((unsigned char)c)) { ++i; continue; }
        if (s.substr(i, 2) == "--") {
            size_t end = s.find('\n', i);
            i = end == std::string_view::npos ? s.size() : end + 1;
            continue;
        }
        if (s.substr(i, 2) == "/*") {
            size_t end = s.find("*/", i + 2);
            if (end == std::string_view::npos) { error = "unterminated comment at line " + line_of(i); return false; }
            i = end + 2;
            continue;
        }
        if (c == ';') {
            if (!current.empty()) out.push_back(std::move(current));
            current.clear();
            ++i;
            continue;
        }
        size_t start = i;
        if (c == '\'' || c == '"') {
            ++i;
            while (true) {
                if (i >= s.size()) { error = "unterminated quote at line " + line_of(start); return false; }
                if (s[i] == c && i + 1 < s.size() && s[i + 1] == c) { i += 2; continue; }
                if (s[i++] == c) break;
            }
            current.push_back({c == '\'' ? Token::Kind::String : Token::Kind::QuotedName, std::string(s.substr(start, i - start))});
        } else if (std::isdigit((unsigned char)c) || (c == '.' && i + 1 < s.size() && std::isdigit((unsigned char)s[i + 1]))) {
            while (i < s.size() && (std::isalnum((unsigned char)s[i]) || s[i] == '.')) ++i;
            current.push_back({Token::Kind::Number, std::string(s.substr(start, i - start))});
        } else if (std::isalpha((unsigned char)c) || c == '_' || (unsigned char)c >= 0x80) {
            while (i < s.size() && (std::isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '$' || (unsigned char)s[i] >= 0x80)) ++i;
            current.push_back({Token::Kind::Word, std::string(s.substr(start, i - start))});
        } else {
            static const std::string_view two[] = {"::", "||", "<=", ">=", "<>", "!="};
            size_t length = 1;
            for (auto t : two)
                if (s.substr(i, 2) == t) length = 2;
            i += length;
            current.push_back({Token::Kind::Punct, std::string(s.substr(start, length))});
        }
    }
    if (!current.empty()) out.push_back(std::move(current));
    return true;
}

std::string string_value(const Token& t) {
    std::string out;
    for (size_t i = 1; i + 1 < t.text.size(); ++i) {
        out += t.text[i];
        if (t.text[i] == '\'' && t.text[i + 1] == '\'') ++i;
    }
    return out;
}

std::string quote_string(std::string_view s) {
    std::string out = "'";
    for (char c : s) {
        out += c;
        if (c == '\'') out += '\'';
    }
    return out + "'";
}

std::string join_tokens(const std::vector<Token>& tokens, size_t begin, size_t end) {
    std::string out;
    for (size_t i = begin; i < end && i < tokens.size(); ++i) {
        if (!out.empty() && !tokens[i].is(",") && !tokens[i].is(")") && !tokens[i - 1].is("(")) out += ' ';
        out += tokens[i].text;
    }
    return out;
}

}  // namespace qdiff::results::dump
