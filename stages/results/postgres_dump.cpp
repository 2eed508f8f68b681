#include "stages/results/postgres_dump.hpp"

#include <sqlite3.h>

#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

#include "stages/results/postgres_tokens.hpp"
#include "support/strings.hpp"

namespace qdiff::results {
namespace {

using dump::Statement;
using dump::Token;

struct Translator {
    std::set<std::string> schemas{"public", "pg_catalog"};
    std::map<std::string, std::vector<std::pair<std::string, std::string>>> tables;  // table -> (column, type)

    // schema.name -> name, for the schemas the dump uses.
    Statement drop_schema_prefixes(const Statement& s) const {
        Statement out;
        for (size_t i = 0; i < s.size(); ++i) {
            if (i + 2 < s.size() && s[i].kind == Token::Kind::Word && s[i + 1].is(".") &&
                schemas.count(support::to_lower(s[i].text)))
                ++i;
            else
                out.push_back(s[i]);
        }
        return out;
    }

    static std::string name_of(const Token& t) {
        if (t.kind == Token::Kind::QuotedName) return t.text.substr(1, t.text.size() - 2);
        return support::to_lower(t.text);
    }

    std::string create_table(const Statement& s) {
        // CREATE TABLE name ( item, ... )
        size_t open = 3;
        if (s.size() < 5 || !s[open].is("(")) throw std::runtime_error("CREATE TABLE without a column list");
        std::string table = name_of(s[2]);
        auto& columns = tables[table];
        std::string sql = "CREATE TABLE " + s[2].text + " (";
        size_t i = open + 1;
        bool first = true;
        while (i < s.size() && !s[i].is(")")) {
            // One item up to the next comma at depth 0.
            size_t end = i;
            for (int depth = 0; end < s.size(); ++end) {
                if (s[end].is("("))
                    ++depth;
                else if (s[end].is(")") && depth-- == 0)
                    break;
                else if (s[end].is(",") && depth == 0)
                    break;
            }
            sql += (first ? "" : ", ") + column_item(s, i, end, columns);
            first = false;
            i = end < s.size() && s[end].is(",") ? end + 1 : end;
        }
        return sql + ")";
    }

    // A column definition or a table constraint, tokens [begin, end).
    static std::string column_item(const Statement& s, size_t begin, size_t end,
                                   std::vector<std::pair<std::string, std::string>>& columns) {
        static const char* const constraints[] = {"PRIMARY", "CONSTRAINT", "FOREIGN", "UNIQUE", "CHECK", "EXCLUDE"};
        for (const char* word : constraints)
            if (s[begin].is_word(word)) return dump::join_tokens(s, begin, end);
        if (begin + 1 >= end) throw std::runtime_error("a column without a type");
        std::string type = support::to_lower(s[begin + 1].text);
        bool serial = type == "serial" || type == "bigserial" || type == "smallserial";
        columns.push_back({name_of(s[begin]), serial ? "integer" : type});
        Statement item(s.begin() + begin, s.begin() + end);
        if (serial) item[1].text = "INTEGER";
        std::string sql;
        for (size_t i = 0; i < item.size(); ++i) {
            if (item[i].is_word("DEFAULT") && i + 1 < item.size()) {
                size_t value_end = i + 1;
                if (item[value_end].is_word("nextval")) {  // sequences: SQLite's rowid counts instead
                    value_end += 1;
                    for (int depth = 0; value_end < item.size(); ++value_end) {
                        if (item[value_end].is("("))
                            ++depth;
                        else if (item[value_end].is(")") && --depth == 0) {
                            ++value_end;
                            break;
                        }
                    }
                    i = value_end - 1;
                    continue;
                }
                std::string value = dump::translate_value(item, value_end, columns.back().second);
                sql += " DEFAULT (" + value + ")";
                i = value_end - 1;
                continue;
            }
            sql += (sql.empty() ? "" : " ") + item[i].text;
        }
        return sql;
    }

    std::string insert(const Statement& s) {
        // INSERT INTO name [(columns)] VALUES (v, ...), ...
        std::string table = name_of(s[2]);
        auto known = tables.find(table);
        if (known == tables.end()) throw std::runtime_error("INSERT INTO an unknown table " + table);
        size_t i = 3;
        std::vector<std::string> names;
        if (s[i].is("(")) {
            for (++i; i < s.size() && !s[i].is(")"); ++i)
                if (!s[i].is(",")) names.push_back(name_of(s[i]));
            ++i;
        } else {
            for (const auto& column : known->second) names.push_back(column.first);
        }
        std::vector<std::string> types;
        for (const auto& name : names) {
            std::string type;
            for (const auto& column : known->second)
                if (column.first == name) type = column.second;
            types.push_back(type);
        }
        if (i >= s.size() || !s[i].is_word("VALUES")) throw std::runtime_error("an INSERT without VALUES");
        std::string sql = "INSERT INTO " + s[2].text + " (";
        for (size_t k = 0; k < names.size(); ++k) sql += (k ? ", " : "") + std::string("\"") + names[k] + "\"";
        sql += ") VALUES ";
        ++i;
        bool first_row = true;
        while (i < s.size()) {
            if (!s[i].is("(")) throw std::runtime_error("expected a row '(' in VALUES, found '" + s[i].text + "'");
            ++i;
            sql += first_row ? "(" : ", (";
            first_row = false;
            for (size_t k = 0; k < types.size(); ++k) {
                sql += (k ? ", " : "") + dump::translate_value(s, i, types[k]);
                if (i >= s.size()) throw std::runtime_error("a VALUES row ends early");
                if (s[i].is(",") && k + 1 < types.size()) ++i;
            }
            if (i >= s.size() || !s[i].is(")")) throw std::runtime_error("a VALUES row has more values than columns");
            sql += ")";
            ++i;
            if (i < s.size() && s[i].is(","))
                ++i;
            else if (i < s.size())
                throw std::runtime_error("unexpected '" + s[i].text + "' after a VALUES row");
        }
        return sql;
    }
};

}  // namespace

DumpTranslation translate_postgres_dump(std::string_view text) {
    DumpTranslation out;
    std::vector<Statement> statements;
    if (!dump::tokenize_dump(text, statements, out.error)) return out;
    Translator translator;
    for (const auto& raw : statements)
        if (raw.size() >= 3 && raw[0].is_word("CREATE") && raw[1].is_word("SCHEMA"))
            translator.schemas.insert(support::to_lower(raw.back().text));
    for (const auto& raw : statements) {
        Statement s = translator.drop_schema_prefixes(raw);
        try {
            if (s.size() > 3 && s[0].is_word("CREATE") && s[1].is_word("TABLE"))
                out.statements.push_back(translator.create_table(s));
            else if (s.size() > 3 && s[0].is_word("INSERT") && s[1].is_word("INTO"))
                out.statements.push_back(translator.insert(s));
            else
                out.skipped.push_back(dump::join_tokens(raw, 0, std::min<size_t>(raw.size(), 8)));
        } catch (const std::exception& e) {
            out.error = std::string(e.what()) + " in: " + dump::join_tokens(raw, 0, std::min<size_t>(raw.size(), 12));
            return out;
        }
    }
    return out;
}

std::string build_sqlite_from_postgres_dump(std::string_view dump_text, const std::string& sqlite_path) {
    DumpTranslation translation = translate_postgres_dump(dump_text);
    if (!translation.error.empty()) return translation.error;
    std::error_code ignored;
    std::filesystem::remove(sqlite_path, ignored);
    sqlite3* raw = nullptr;
    int rc = sqlite3_open_v2(sqlite_path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    std::unique_ptr<sqlite3, int (*)(sqlite3*)> db(raw, sqlite3_close_v2);
    if (rc != SQLITE_OK)
        return "cannot create '" + sqlite_path + "': " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc));
    auto exec = [&](const std::string& sql) -> std::string {
        char* message = nullptr;
        if (sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return {};
        std::string error = message ? message : "unknown error";
        sqlite3_free(message);
        return error + " in: " + sql.substr(0, 200);
    };
    if (auto error = exec("BEGIN"); !error.empty()) return error;
    for (const auto& statement : translation.statements)
        if (auto error = exec(statement); !error.empty()) return error;
    return exec("COMMIT");
}

}  // namespace qdiff::results
