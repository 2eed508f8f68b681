// What the fuzz targets share: mode selection, the fixed schema, and the checks every parse result
// must pass whatever the input.
#include <cstdio>

#include "qdiff/ast_print.hpp"
#include "qdiff/normalize.hpp"
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void violated(const std::string& what, std::string_view input) {
    std::string message =
        what + "\n  input (" + std::to_string(input.size()) + " bytes): " + std::string(input.substr(0, 2000));
    throw PropertyViolation(message);
}

Selected select(std::string_view data, unsigned modes) {
    if (data.empty()) return {};
    return {static_cast<unsigned char>(data[0]) % modes, data.substr(1)};
}

Dialect dialect_at(unsigned index) { return static_cast<Dialect>(index % kDialects); }

ParseOptions language_mode(unsigned mode) {
    if (mode < kDialects) return {.language = Language::Sql, .dialect = dialect_at(mode)};
    return {.language = mode == kKqlMode ? Language::Kql : Language::Weaviate};
}

namespace {

constexpr const char* kSchemaDdl = R"sql(
CREATE TABLE stadium (Stadium_ID INT PRIMARY KEY, Location TEXT, Name TEXT, Capacity INT, Highest INT,
                      Lowest INT, Average INT);
CREATE TABLE singer (Singer_ID INT PRIMARY KEY, Name TEXT, Country TEXT, Song_Name TEXT,
                     Song_release_year TEXT, Age INT, Is_male BOOL);
CREATE TABLE concert (concert_ID INT PRIMARY KEY, concert_Name TEXT, Theme TEXT, Stadium_ID INT,
                      Year TEXT, FOREIGN KEY (Stadium_ID) REFERENCES stadium (Stadium_ID));
CREATE TABLE singer_in_concert (concert_ID INT, Singer_ID TEXT, PRIMARY KEY (concert_ID, Singer_ID),
                                FOREIGN KEY (concert_ID) REFERENCES concert (concert_ID),
                                FOREIGN KEY (Singer_ID) REFERENCES singer (Singer_ID));
CREATE TABLE StormEvents (StartTime TIMESTAMP, EndTime TIMESTAMP, State TEXT, EventType TEXT,
                          DamageProperty BIGINT, DeathsDirect INT);
CREATE TABLE Article (title TEXT, body TEXT, wordCount INT, isAccessible BOOL, publicationDate TIMESTAMP);
)sql";

}  // namespace

const Schema& fixed_schema() {
    static const Schema schema = [] {
        SchemaLoadResult r = load_schema_text(kSchemaDdl, "fuzz-schema.sql", "", SchemaFormat::SqlDdl);
        if (!r.schema) {
            std::fputs("the fuzz targets' fixed schema does not load\n", stderr);
            std::abort();
        }
        return *r.schema;
    }();
    return schema;
}

void exercise(const ParseResult& parsed) {
    const SourceText& source = parsed.source();
    const size_t size = source.text().size();
    for (const Diagnostic& d : parsed.diagnostics()) {
        if (d.span.begin > d.span.end || d.span.end > size)
            violated("diagnostic " + std::string(d.code()) + " has a span outside the text", source.text());
    }
    (void)render_text(parsed.diagnostics(), source);
    (void)render_json(parsed.diagnostics(), source);
    if (parsed.script() && has_errors(parsed.diagnostics()))
        violated("a tree was handed out with errors", source.text());
    if (!parsed.ok()) return;
    const ast::Script& script = *parsed.script();
    (void)to_json(script, {.spans = true});
    (void)to_sexpr(script);
    if (parsed.language() == Language::Sql) (void)to_sql(script);
    if (parsed.language() == Language::Kql) (void)to_kql(script);
    ast::Arena arena;
    (void)normalize(script, parsed.language(), arena);
}

}  // namespace qdiff::fuzz
