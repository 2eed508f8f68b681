// SQL DDL: CREATE TABLE statements read through our own SQL parser, plus the two statements dumps
// use to add keys and descriptions afterwards (ALTER TABLE ... ADD PRIMARY KEY / FOREIGN KEY,
// COMMENT ON TABLE/COLUMN), read word by word. Everything else (INSERT, CREATE INDEX, SET, ...) is
// skipped without being parsed: a dump is mostly data.
#include <algorithm>

#include <fmt/format.h>

#include "schema/loader.hpp"
#include "schema/sql_script.hpp"
#include "qdiff/ast.hpp"
#include "qdiff/parse.hpp"
#include "support/strings.hpp"

namespace qdiff::schema_loading {
namespace {

using ast::ConstraintKind;

std::vector<std::string> name_strings(ast::List<ast::Name> names) {
    std::vector<std::string> out;
    for (const ast::Name& n : names) out.emplace_back(n.text);
    return out;
}

// Tables are known by their last name part: `consumer_div.users` is `users`.
std::string table_name(ast::List<ast::Name> qualified) {
    return qualified.empty() ? "" : std::string(qualified.back().text);
}

void add_primary_key(Table& table, const std::vector<std::string>& columns) {
    for (const std::string& name : columns) {
        for (Column& c : table.columns) {
            if (support::iequals(c.name, name) && !c.primary_key) {
                c.primary_key = true;
                table.primary_key.push_back(c.name);
            }
        }
    }
}

Table read_create_table(const LoadContext& ctx, const ast::CreateTable& create, uint32_t base) {
    Table table;
    table.name = table_name(create.name);
    for (const ast::ColumnDef* def : create.columns) {
        Column column;
        column.name = std::string(def->name.text);
        column.declared_type = std::string(def->type);
        column.type = classify_sql_type(column.declared_type);
        column.description = trailing_line_comment(ctx.text(), base + def->span.end);
        table.columns.push_back(std::move(column));
        for (const ast::Constraint* k : def->constraints) {
            if (k->constraint == ConstraintKind::PrimaryKey) add_primary_key(table, {table.columns.back().name});
            if (k->constraint == ConstraintKind::NotNull) table.columns.back().not_null = true;
            if (k->constraint == ConstraintKind::Collate) table.columns.back().collated = true;
            if (k->constraint == ConstraintKind::Unique) table.unique_keys.push_back({table.columns.back().name});
            if (k->constraint == ConstraintKind::ForeignKey) {
                table.foreign_keys.push_back(
                    ForeignKey{{table.columns.back().name}, table_name(k->ref_table), name_strings(k->ref_columns)});
            }
        }
    }
    for (const ast::Constraint* k : create.constraints) {
        if (k->constraint == ConstraintKind::PrimaryKey) add_primary_key(table, name_strings(k->columns));
        if (k->constraint == ConstraintKind::Unique && !k->columns.empty())
            table.unique_keys.push_back(name_strings(k->columns));
        if (k->constraint == ConstraintKind::ForeignKey) {
            table.foreign_keys.push_back(
                ForeignKey{name_strings(k->columns), table_name(k->ref_table), name_strings(k->ref_columns)});
        }
    }
    // CREATE TABLE ... AS SELECT: the columns the select list names.
    if (create.as_query != nullptr) {
        for (const ast::SelectItem* item : create.as_query->projection) {
            std::string_view name = item->alias.text;
            if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(item->expr);
                name.empty() && ref && !ref->path.empty()) {
                name = ref->path.back().text;
            }
            if (!name.empty())
                table.columns.push_back(Column{std::string(name), ColumnType::Unknown, "", "", false, {}});
        }
    }
    return table;
}

// Words of a statement, with a cursor.
class WordReader {
public:
    explicit WordReader(std::vector<SqlWord> words) : words_(std::move(words)) {}
    bool accept(std::string_view keyword) {
        if (at_end() || !words_[i_].is(keyword)) return false;
        ++i_;
        return true;
    }
    bool accept_punct(char c) {
        if (at_end() || words_[i_].kind != SqlWord::Punct || words_[i_].text[0] != c) return false;
        ++i_;
        return true;
    }
    bool at_end() const { return i_ >= words_.size(); }
    const SqlWord& peek() const { return words_[i_]; }
    void skip() { ++i_; }
    // `a.b.c`: every part, or empty when no name is here.
    std::vector<std::string> qualified_name() {
        std::vector<std::string> parts;
        while (!at_end() && peek().is_name()) {
            parts.push_back(peek().text);
            ++i_;
            if (!accept_punct('.')) break;
        }
        return parts;
    }
    // `(a, b)`: the names, or empty when no list is here.
    std::vector<std::string> name_list() {
        std::vector<std::string> names;
        if (!accept_punct('(')) return names;
        while (!at_end() && !accept_punct(')')) {
            if (peek().is_name()) names.push_back(peek().text);
            ++i_;
        }
        return names;
    }

private:
    std::vector<SqlWord> words_;
    size_t i_ = 0;
};

Table* find_table(Schema& schema, const std::vector<std::string>& qualified) {
    if (qualified.empty()) return nullptr;
    for (Table& t : schema.tables) {
        if (support::iequals(t.name, qualified.back())) return &t;
    }
    return nullptr;
}

// ALTER TABLE [ONLY] [IF EXISTS] t ADD [CONSTRAINT c] PRIMARY KEY (...) | FOREIGN KEY (...) REFERENCES r (...) [, ADD ...]
void apply_alter_table(Schema& schema, WordReader words) {
    words.accept("ONLY");
    if (words.accept("IF")) words.accept("EXISTS");
    Table* table = find_table(schema, words.qualified_name());
    if (table == nullptr) return;  // a table this file does not define
    while (!words.at_end()) {
        if (words.accept("PRIMARY") && words.accept("KEY")) {
            add_primary_key(*table, words.name_list());
        } else if (words.accept("FOREIGN") && words.accept("KEY")) {
            std::vector<std::string> columns = words.name_list();
            if (!words.accept("REFERENCES")) continue;
            std::vector<std::string> target = words.qualified_name();
            if (!columns.empty() && !target.empty())
                table->foreign_keys.push_back(ForeignKey{columns, target.back(), words.name_list()});
        } else {
            words.skip();
        }
    }
}

// COMMENT ON TABLE t IS '...' | COMMENT ON COLUMN t.c IS '...'
void apply_comment(Schema& schema, WordReader words) {
    bool on_column = words.accept("COLUMN");
    if (!on_column && !words.accept("TABLE")) return;
    std::vector<std::string> name = words.qualified_name();
    if (!words.accept("IS") || words.at_end() || words.peek().kind != SqlWord::String) return;
    std::string text = words.peek().text;
    if (!on_column) {
        if (Table* table = find_table(schema, name)) table->description = text;
        return;
    }
    if (name.size() < 2) return;
    if (Table* table = find_table(schema, {name[name.size() - 2]})) {
        for (Column& c : table->columns) {
            if (support::iequals(c.name, name.back())) c.description = text;
        }
    }
}

// Enough words to tell the statement kind, so that INSERT data is never tokenized.
constexpr size_t kLeadingWords = 8;

enum class StatementKind { CreateTable, AlterTable, Comment, Other };

// Reads the leading keywords only: CREATE [OR REPLACE] [GLOBAL|LOCAL] [TEMP|TEMPORARY|UNLOGGED] TABLE.
StatementKind classify(WordReader& words) {
    if (words.accept("ALTER")) return words.accept("TABLE") ? StatementKind::AlterTable : StatementKind::Other;
    if (words.accept("COMMENT")) return words.accept("ON") ? StatementKind::Comment : StatementKind::Other;
    if (!words.accept("CREATE")) return StatementKind::Other;
    if (words.accept("OR")) words.accept("REPLACE");
    if (!words.accept("GLOBAL")) words.accept("LOCAL");
    if (!words.accept("TEMP") && !words.accept("TEMPORARY")) words.accept("UNLOGGED");
    return words.accept("TABLE") ? StatementKind::CreateTable : StatementKind::Other;
}

}  // namespace

Schema load_sql_ddl(const LoadContext& ctx) {
    Schema schema;
    schema.name = file_stem(ctx.origin());
    std::vector<std::pair<StatementKind, Span>> later;  // ALTER and COMMENT apply once every table is known
    for (Span statement : split_sql_statements(ctx.text())) {
        std::string_view text = ctx.text().substr(statement.begin, statement.size());
        WordReader words(sql_words(text, kLeadingWords));
        StatementKind kind = classify(words);
        if (kind == StatementKind::AlterTable || kind == StatementKind::Comment) later.emplace_back(kind, statement);
        if (kind != StatementKind::CreateTable) continue;

        ParseOptions options;
        options.language = Language::Sql;
        options.source_name = ctx.origin();
        ParseResult parsed = parse(std::string(text), options);
        if (!parsed.ok()) {
            const auto& ds = parsed.diagnostics();
            auto first =
                std::find_if(ds.begin(), ds.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; });
            Span at = first == ds.end() ? Span{} : first->span;
            ctx.malformed(Span{statement.begin + at.begin, statement.begin + at.end},
                          fmt::format("this CREATE TABLE does not parse: {}",
                                      first == ds.end() ? "syntax error" : first->message));
        }
        for (const ast::Statement* s : parsed.script()->statements) {
            const auto* create = ast::dyn_cast<ast::CreateTable>(s);
            if (create == nullptr) continue;
            Table table = read_create_table(ctx, *create, statement.begin);
            // As running the script would: IF NOT EXISTS keeps the first definition, otherwise the
            // later one wins (scripts DROP and re-CREATE).
            if (Table* existing = find_table(schema, {table.name})) {
                if (!create->if_not_exists) *existing = std::move(table);
            } else {
                schema.tables.push_back(std::move(table));
            }
        }
    }
    for (auto [kind, statement] : later) {
        WordReader words(sql_words(ctx.text().substr(statement.begin, statement.size())));
        classify(words);
        if (kind == StatementKind::AlterTable)
            apply_alter_table(schema, std::move(words));
        else
            apply_comment(schema, std::move(words));
    }
    return schema;
}

}  // namespace qdiff::schema_loading
