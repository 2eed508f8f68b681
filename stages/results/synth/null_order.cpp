// The synthesized databases are SQLite, whose ORDER BY puts NULLs first on ASC and last on DESC. A
// query written for an engine that sorts NULLs above every value (PostgreSQL, Snowflake: last on ASC)
// or last either way (DuckDB) runs there with that engine's order stated on each key that leaves it
// unsaid (`ORDER BY age` becomes `ORDER BY age NULLS LAST`), so that `ORDER BY age` against `ORDER BY
// age NULLS FIRST` differs on the nulls data as it does on the real engine.
#include <algorithm>
#include <functional>

#include "qdiff/ast.hpp"
#include "qdiff/dialect.hpp"
#include "stages/results/synth/synth.hpp"

namespace qdiff::results::synth {

std::optional<std::string> with_stated_null_order(const std::string& sql, const ParseResult& parsed) {
    if (!parsed.ok() || !parsed.script()) return std::nullopt;
    const NullsDefault nulls = traits(parsed.dialect()).nulls;
    if (nulls != NullsDefault::High && nulls != NullsDefault::Last) return std::nullopt;
    std::vector<std::pair<size_t, std::string_view>> inserts;  // after the key (its direction included)
    bool outside = false;
    std::function<void(const ast::Node&)> walk = [&](const ast::Node& n) {
        if (const auto* item = ast::dyn_cast<ast::OrderItem>(&n); item && item->nulls == ast::NullsOrder::Default) {
            if (item->span.end > sql.size() || item->span.end < item->span.begin) outside = true;
            bool last = nulls == NullsDefault::Last || item->dir != ast::SortDir::Desc;
            inserts.emplace_back(item->span.end, last ? " NULLS LAST" : " NULLS FIRST");
        }
        ast::for_each_child(n, walk);
    };
    walk(*parsed.script());
    if (inserts.empty() || outside) return std::nullopt;  // (a text that is not the one parsed is left alone)
    std::sort(inserts.begin(), inserts.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::string out = sql;
    for (const auto& [at, text] : inserts) out.insert(at, text);
    return out;
}

}  // namespace qdiff::results::synth
