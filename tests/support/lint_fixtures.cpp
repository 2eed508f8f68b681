#include "support/lint_fixtures.hpp"

#include <algorithm>

namespace qdiff::testing {
namespace {

Column column(std::string name, ColumnType type, bool primary_key = false) {
    Column c;
    c.name = std::move(name);
    c.type = type;
    c.declared_type = type == ColumnType::Text ? "text" : "number";
    c.primary_key = primary_key;
    return c;
}

Table table(std::string name, std::vector<Column> columns, std::vector<ForeignKey> fks = {}) {
    Table t;
    t.name = std::move(name);
    t.columns = std::move(columns);
    for (const Column& c : t.columns)
        if (c.primary_key) t.primary_key.push_back(c.name);
    t.foreign_keys = std::move(fks);
    return t;
}

}  // namespace

const Schema& concert_schema() {
    using T = ColumnType;
    static const Schema schema = [] {
        Schema s;
        s.name = "concert_singer";
        s.tables.push_back(table(
            "stadium", {column("stadium_id", T::Integer, true), column("location", T::Text), column("name", T::Text),
                        column("capacity", T::Integer), column("highest", T::Integer), column("average", T::Integer)}));
        s.tables.push_back(
            table("singer", {column("singer_id", T::Integer, true), column("name", T::Text), column("country", T::Text),
                             column("song_name", T::Text), column("age", T::Integer), column("is_male", T::Text)}));
        s.tables.push_back(table("concert",
                                 {column("concert_id", T::Integer, true), column("concert_name", T::Text),
                                  column("theme", T::Text), column("stadium_id", T::Integer), column("year", T::Text)},
                                 {{{"stadium_id"}, "stadium", {"stadium_id"}}}));
        s.tables.push_back(
            table("singer_in_concert", {column("concert_id", T::Integer), column("singer_id", T::Integer)},
                  {{{"concert_id"}, "concert", {"concert_id"}}, {{"singer_id"}, "singer", {"singer_id"}}}));
        s.tables.push_back(table("country", {column("country_id", T::Integer, true), column("name", T::Text)}));
        return s;
    }();
    return schema;
}

LintResult lint_sql(const std::string& sql, Dialect dialect, LintOptions options) {
    ParseOptions parse_options;
    parse_options.language = Language::Sql;
    parse_options.dialect = dialect;
    ParseResult parsed = parse(sql, parse_options);
    options.schema = &concert_schema();
    options.dialect = dialect;
    return lint(parsed, options);
}

std::vector<std::string> codes(const LintResult& r) {
    std::vector<std::string> out;
    for (const Diagnostic& d : r.diagnostics) out.emplace_back(d.code());
    return out;
}

bool has(const LintResult& r, const std::string& code) {
    auto cs = codes(r);
    return std::find(cs.begin(), cs.end(), code) != cs.end();
}

std::string all_codes(const LintResult& r) {
    std::string s;
    for (auto& c : codes(r)) s += c + " ";
    return s;
}

}  // namespace qdiff::testing
