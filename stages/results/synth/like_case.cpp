// The synthesized databases are SQLite, whose LIKE ignores the case of ASCII letters. PostgreSQL's,
// DuckDB's, Snowflake's and BigQuery's LIKE does not: there `name LIKE 'a%'` and `name LIKE 'A%'` select
// other rows. A query written for one of those engines runs on SQLite with each LIKE against a string
// literal spelled as the GLOB that matches the same texts case-sensitively (`%` is `*`, `_` is `?`, and
// GLOB's own wildcards are bracketed), so that the case data separates them as the real engine does.
#include <algorithm>
#include <functional>

#include "qdiff/ast.hpp"
#include "qdiff/dialect.hpp"
#include "stages/results/synth/synth.hpp"

namespace qdiff::results::synth {
namespace {

// The engines whose LIKE compares letters case-sensitively (their documentation: PostgreSQL 9.7.1,
// DuckDB "Pattern Matching", Snowflake LIKE, BigQuery LIKE operator). T-SQL's default collation
// ignores case in LIKE and `=` alike, MySQL's and SQLite's LIKE ignore it.
bool like_is_case_sensitive(Dialect d) {
    return d == Dialect::Postgres || d == Dialect::Duckdb || d == Dialect::Snowflake || d == Dialect::Bigquery;
}

std::string glob_literal(std::string_view pattern) {
    std::string out = "'";
    for (char c : pattern) {
        switch (c) {
            case '%': out += '*'; break;
            case '_': out += '?'; break;
            case '*': out += "[*]"; break;
            case '?': out += "[?]"; break;
            case '[': out += "[[]"; break;
            case '\'': out += "''"; break;
            default: out += c;
        }
    }
    return out + "'";
}

const ast::Binary* like_against_literal(const ast::Node& n) {
    const auto* b = ast::dyn_cast<ast::Binary>(&n);
    if (!b || b->op != ast::BinaryOp::Like || !b->lhs || !b->rhs) return nullptr;
    const auto* pattern = ast::dyn_cast<ast::Literal>(b->rhs);
    // (a backslash escapes the next character in PostgreSQL's patterns: such a pattern is left alone)
    bool plain = pattern && pattern->type == ast::LiteralType::String &&
                 pattern->text.find('\\') == std::string_view::npos;
    return plain ? b : nullptr;
}

}  // namespace

std::optional<std::string> with_case_sensitive_like(const std::string& sql, const ParseResult& parsed) {
    if (!parsed.ok() || !parsed.script() || !like_is_case_sensitive(parsed.dialect())) return std::nullopt;
    struct Replacement {
        Span span;
        std::string text;
    };
    std::vector<Replacement> replacements;
    bool outside = false;
    auto fits = [&](Span s) { return s.begin < s.end && s.end <= sql.size(); };
    auto glob = [&](const ast::Binary& like) {
        const auto* pattern = ast::dyn_cast<ast::Literal>(like.rhs);
        return "(" + sql.substr(like.lhs->span.begin, like.lhs->span.size()) + ") GLOB " + glob_literal(pattern->text);
    };
    std::function<void(const ast::Node&)> walk = [&](const ast::Node& n) {
        // A LIKE with an ESCAPE clause keeps it: left alone.
        if (const auto* b = ast::dyn_cast<ast::Binary>(&n); b && b->op == ast::BinaryOp::Escape) return;
        // NOT LIKE is Not around LIKE: the whole is replaced, its operand's text kept.
        if (const auto* u = ast::dyn_cast<ast::Unary>(&n); u && u->op == ast::UnaryOp::Not && u->operand)
            if (const ast::Binary* like = like_against_literal(*u->operand)) {
                if (!fits(u->span) || !fits(like->lhs->span)) outside = true;
                replacements.push_back({u->span, "(NOT " + glob(*like) + ")"});
                return;
            }
        if (const ast::Binary* like = like_against_literal(n)) {
            if (!fits(like->span) || !fits(like->lhs->span)) outside = true;
            replacements.push_back({like->span, "(" + glob(*like) + ")"});
            return;
        }
        ast::for_each_child(n, walk);
    };
    walk(*parsed.script());
    if (replacements.empty() || outside) return std::nullopt;  // (a text that is not the one parsed is left alone)
    std::sort(replacements.begin(), replacements.end(),
              [](const Replacement& a, const Replacement& b) { return a.span.begin > b.span.begin; });
    std::string out = sql;
    for (const Replacement& r : replacements) out.replace(r.span.begin, r.span.size(), r.text);
    return out;
}

}  // namespace qdiff::results::synth
