// The schema model and its loaders: every format loads a real file and yields concrete facts;
// detection picks the right format; malformed files give one diagnostic naming file, line and column.
#include <sqlite3.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "qdiff/schema.hpp"
#include "qdiff/schema_facts.hpp"
#include "support/corpus.hpp"

using namespace qdiff;
namespace fs = std::filesystem;

namespace {

fs::path data(const std::string& name) { return fs::path(QDIFF_TEST_DATA_DIR) / "schema" / name; }

// Loads and requires success, printing the diagnostics otherwise.
Schema must_load(const SchemaLoadResult& r) {
    for (const Diagnostic& d : r.diagnostics) UNSCOPED_INFO(d.code() << ": " << d.message);
    REQUIRE(r.schema.has_value());
    return *r.schema;
}

const Table& table(const Schema& s, std::string_view name) {
    const Table* t = s.find_table(name);
    INFO("table " << name);
    REQUIRE(t != nullptr);
    return *t;
}

const Column& column(const Table& t, std::string_view name) {
    const Column* c = t.find_column(name);
    INFO("column " << t.name << "." << name);
    REQUIRE(c != nullptr);
    return *c;
}

// The one diagnostic of a failed load.
Diagnostic failure(const SchemaLoadResult& r) {
    CHECK_FALSE(r.schema.has_value());
    REQUIRE(r.diagnostics.size() == 1);
    UNSCOPED_INFO("diagnostic: " << r.diagnostics[0].code() << ": " << r.diagnostics[0].message);
    return r.diagnostics[0];
}

bool contains(const std::string& haystack, std::string_view needle) {
    return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("classify_type maps every format's spellings", "[schema]") {
    struct Case {
        const char* spelling;
        ColumnType type;
    };
    const Case cases[] = {
        {"VARCHAR(20)", ColumnType::Text},
        {"character varying(255)", ColumnType::Text},
        {"text", ColumnType::Text},
        {"NVARCHAR(MAX)", ColumnType::Text},
        {"string", ColumnType::Text},
        {"System.String", ColumnType::Text},
        {"NATIVE CHARACTER(70)", ColumnType::Text},
        {"text[]", ColumnType::Text},
        {"INTEGER", ColumnType::Integer},
        {"bigint", ColumnType::Integer},
        {"INT UNSIGNED", ColumnType::Integer},
        {"SERIAL", ColumnType::Integer},
        {"long", ColumnType::Integer},
        {"System.Int64", ColumnType::Integer},
        {"UNSIGNED BIG INT", ColumnType::Integer},
        {"int[]", ColumnType::Integer},
        {"NUMERIC(10, 2)", ColumnType::Real},
        {"double precision", ColumnType::Real},
        {"number", ColumnType::Real},
        {"real", ColumnType::Real},
        {"Double", ColumnType::Real},
        {"System.Double", ColumnType::Real},
        {"boolean", ColumnType::Boolean},
        {"Boolean", ColumnType::Boolean},
        {"bool", ColumnType::Boolean},
        {"System.SByte", ColumnType::Boolean},
        {"datetime", ColumnType::DateTime},
        {"TIMESTAMP(3) WITH TIME ZONE", ColumnType::DateTime},
        {"date", ColumnType::DateTime},
        {"time", ColumnType::DateTime},
        {"System.DateTime", ColumnType::DateTime},
        {"timespan", ColumnType::TimeSpan},
        {"INTERVAL", ColumnType::TimeSpan},
        {"guid", ColumnType::Guid},
        {"uuid", ColumnType::Guid},
        {"dynamic", ColumnType::Dynamic},
        {"JSONB", ColumnType::Dynamic},
        {"System.Object", ColumnType::Dynamic},
        {"geoCoordinates", ColumnType::Dynamic},
        {"BYTEA", ColumnType::Blob},
        {"blob", ColumnType::Blob},
        {"vector(1536)", ColumnType::Vector},
        {"Article", ColumnType::Reference},
        {"JobPosting", ColumnType::Reference},
        {"", ColumnType::Unknown},
        {"GEOMETRY", ColumnType::Unknown},
        {"others", ColumnType::Unknown},
    };
    for (const Case& c : cases) {
        INFO(c.spelling);
        CHECK(classify_type(c.spelling) == c.type);
    }
    CHECK(column_type_name(ColumnType::DateTime) == "datetime");
    CHECK(schema_format_name(SchemaFormat::SpiderTables) == "spider-tables");
}

TEST_CASE("lookups ignore case", "[schema]") {
    Schema s = must_load(load_schema(data("shop.json").string()));
    CHECK(s.find_table("CUSTOMERS") == s.find_table("customers"));
    CHECK(s.find_table("Customers") != nullptr);
    CHECK(s.find_table("customer") == nullptr);
    CHECK(table(s, "products").find_column("PRICE") != nullptr);
    CHECK(table(s, "products").find_column("cost") == nullptr);
    CHECK(s.table_names() == std::vector<std::string>{"customers", "products", "order_lines"});
}

TEST_CASE("our own JSON format", "[schema]") {
    SchemaLoadResult r = load_schema(data("shop.json").string());
    CHECK(r.format == SchemaFormat::Qdiff);
    Schema s = must_load(r);
    CHECK(s.name == "shop");
    CHECK(s.origin == data("shop.json").string());
    REQUIRE(s.tables.size() == 3);
    const Table& customers = table(s, "customers");
    CHECK(customers.description == "One row per registered customer");
    CHECK(customers.primary_key == std::vector<std::string>{"id"});
    CHECK(column(customers, "name").description == "Full name");
    CHECK(column(customers, "name").type == ColumnType::Text);
    CHECK(column(customers, "name").declared_type == "VARCHAR(100)");
    CHECK(column(customers, "created_at").type == ColumnType::DateTime);
    CHECK(column(table(s, "products"), "price").type == ColumnType::Real);
    const Table& lines = table(s, "order_lines");
    CHECK(lines.primary_key == std::vector<std::string>{"order_id", "line_no"});
    CHECK(column(lines, "line_no").primary_key);
    CHECK_FALSE(column(lines, "sku").primary_key);
    REQUIRE(lines.foreign_keys.size() == 2);
    CHECK(lines.foreign_keys[1].columns == std::vector<std::string>{"sku"});
    CHECK(lines.foreign_keys[1].referenced_table == "products");
    CHECK(lines.foreign_keys[1].referenced_columns == std::vector<std::string>{"sku"});

    // The name doubles as a selector check: FILE#shop works, FILE#other does not.
    CHECK(load_schema(data("shop.json").string(), "SHOP").schema.has_value());
    CHECK(failure(load_schema(data("shop.json").string(), "other")).code() == "schema-unknown-database");
}

TEST_CASE("our own JSON format is strict", "[schema]") {
    // A misspelt member is an error at the member, with a suggestion.
    std::string text =
        "{\"tables\": [\n  {\"name\": \"t\", \"columns\": [{\"name\": \"a\"}],\n   \"primary_keys\": [\"a\"]}]}";
    Diagnostic d = failure(load_schema_text(text, "s.json"));
    CHECK(d.code() == "schema-malformed");
    CHECK(contains(d.message, "s.json:3:4:"));
    CHECK(contains(d.message, "did you mean \"primary_key\"?"));

    d = failure(
        load_schema_text(R"({"tables": [{"name": "t", "columns": [{"name": "a"}], "primary_key": ["b"]}]})", "s.json"));
    CHECK(contains(d.message, "table \"t\" has no column \"b\""));
    d = failure(load_schema_text(R"({"tables": [{"name": "t", "columns": [{"name": "a"}], "foreign_keys": [
        {"columns": ["a"], "referenced_table": "u", "referenced_columns": ["x"]}]}]})",
                                 "s.json"));
    CHECK(contains(d.message, "foreign key to unknown table \"u\""));
    d = failure(
        load_schema_text(R"({"tables": [{"name": "t", "columns": [{"name": "a"}, {"name": "A"}]}]})", "s.json"));
    CHECK(contains(d.message, "column \"A\" is listed twice"));

    // A class name as the type is a cross-reference, as in Weaviate.
    Schema s = must_load(
        load_schema_text(R"({"tables": [{"name": "Article", "columns": [{"name": "byAuthor", "type": "Author"}]},
        {"name": "Author", "columns": [{"name": "name", "type": "text"}]}]})",
                         "w.json"));
    CHECK(column(table(s, "Article"), "byAuthor").type == ColumnType::Reference);
    CHECK(column(table(s, "Article"), "byAuthor").references == std::vector<std::string>{"Author"});
}

TEST_CASE("Spider tables.json: pick a database by db_id", "[schema]") {
    QDIFF_REQUIRE_CORPUS();
    const std::string path = (testing::corpus_dir() / "sql/spider/tables.json").string();
    SchemaLoadResult r = load_schema(path, "concert_singer");
    CHECK(r.format == SchemaFormat::SpiderTables);
    Schema s = must_load(r);
    CHECK(s.name == "concert_singer");
    CHECK(s.table_names() == std::vector<std::string>{"stadium", "singer", "concert", "singer_in_concert"});
    const Table& stadium = table(s, "stadium");
    CHECK(stadium.columns.size() == 7);  // the "*" pseudo-column is not a column
    CHECK(column(stadium, "Stadium_ID").primary_key);
    CHECK(column(stadium, "Capacity").type == ColumnType::Real);
    CHECK(column(stadium, "Capacity").declared_type == "number");
    CHECK(column(table(s, "singer"), "Name").type == ColumnType::Text);
    CHECK(column(table(s, "singer"), "Song_release_year").description == "song release year");
    const Table& link = table(s, "singer_in_concert");
    REQUIRE(link.foreign_keys.size() == 2);
    CHECK(link.foreign_keys[0].columns == std::vector<std::string>{"Singer_ID"});
    CHECK(link.foreign_keys[0].referenced_table == "singer");
    CHECK(link.foreign_keys[0].referenced_columns == std::vector<std::string>{"Singer_ID"});
    CHECK(table(s, "concert").foreign_keys[0].referenced_table == "stadium");
}

TEST_CASE("Spider tables.json: every database loads", "[schema]") {
    QDIFF_REQUIRE_CORPUS();
    const fs::path path = testing::corpus_dir() / "sql/spider/tables.json";
    // Each database on its own (the single-object form), so that the whole file is not parsed 166
    // times; selecting from the whole file is tested below.
    nlohmann::json all = nlohmann::json::parse(testing::read_file(path));
    REQUIRE(all.size() == 166);
    size_t tables = 0, keyed = 0;
    std::vector<std::string> failed;
    for (const nlohmann::json& db : all) {
        std::string id = db.at("db_id");
        SchemaLoadResult r = load_schema_text(db.dump(), path.string() + "#" + id, id);
        if (!r.schema) {
            failed.push_back(id + ": " + (r.diagnostics.empty() ? "" : r.diagnostics[0].message));
            continue;
        }
        CHECK(r.schema->tables.size() == db.at("table_names_original").size());
        tables += r.schema->tables.size();
        for (const Table& t : r.schema->tables) keyed += !t.primary_key.empty();
        // Every foreign key points at a table and column of the same database.
        for (const Table& t : r.schema->tables) {
            for (const ForeignKey& fk : t.foreign_keys) {
                const Table* target = r.schema->find_table(fk.referenced_table);
                CHECK(target != nullptr);
                if (target) CHECK(target->find_column(fk.referenced_columns[0]) != nullptr);
            }
        }
    }
    for (const std::string& f : failed) WARN(f);
    CHECK(failed.empty());
    CHECK(tables == 876);
    CHECK(keyed > 700);
}

TEST_CASE("SchemaFile: a file parsed once gives every database what load_schema gives", "[schema]") {
    QDIFF_REQUIRE_CORPUS();
    const std::string path = (testing::corpus_dir() / "sql/spider/tables.json").string();
    const SchemaFile file(path);
    for (const char* db_id : {"concert_singer", "pets_1", "car_1", "CONCERT_SINGER", "concert_singr", ""}) {
        INFO(db_id);
        SchemaLoadResult picked = file.select(db_id), loaded = load_schema(path, db_id);
        CHECK(picked.format == loaded.format);
        REQUIRE(picked.schema.has_value() == loaded.schema.has_value());
        if (picked.schema) {
            CHECK(picked.schema->name == loaded.schema->name);
            CHECK(picked.schema->origin == path);
            CHECK(picked.schema->table_names() == loaded.schema->table_names());
        } else {
            REQUIRE(picked.diagnostics.size() == 1);
            CHECK(picked.diagnostics[0].message == loaded.diagnostics.at(0).message);
        }
    }
    // A file that cannot be read or parsed gives its one diagnostic to every pick.
    const SchemaFile broken(data("no-such-file.json").string());
    for (const char* selector : {"", "any"}) CHECK(failure(broken.select(selector)).code() == "schema-unreadable");
}

TEST_CASE("split_schema_spec: the selector follows the last '#'", "[schema]") {
    CHECK(split_schema_spec("tables.json").path == "tables.json");
    CHECK(split_schema_spec("tables.json").selector.empty());
    SchemaSpec spec = split_schema_spec("runs/#3/tables.json#concert_singer");
    CHECK(spec.path == "runs/#3/tables.json");
    CHECK(spec.selector == "concert_singer");
    CHECK(split_schema_spec("shop.json#").selector.empty());
}

TEST_CASE("Spider tables.json: selecting a database", "[schema]") {
    QDIFF_REQUIRE_CORPUS();
    const std::string path = (testing::corpus_dir() / "sql/spider/tables.json").string();
    Diagnostic d = failure(load_schema(path));
    CHECK(d.code() == "schema-database-required");
    CHECK(contains(d.message, path + ":1:1:"));
    CHECK(contains(d.message, "166 databases"));
    CHECK(contains(d.message, "FILE#NAME"));
    CHECK(contains(d.message, "perpetrator, college_2, flight_company"));

    d = failure(load_schema(path, "concert_singr"));
    CHECK(d.code() == "schema-unknown-database");
    CHECK(contains(d.message, "no database named 'concert_singr'; did you mean 'concert_singer'?"));
    CHECK(load_schema(path, "CONCERT_SINGER").schema.has_value());
    d = failure(load_schema(path, "zz"));  // nothing close: the first names instead
    CHECK(contains(d.message, "no database named 'zz'; it holds perpetrator, college_2"));
}

TEST_CASE("Spider/BIRD tables.json: composite primary keys and bad indexes", "[schema]") {
    const std::string bird_like = R"([{"db_id": "shop",
        "table_names_original": ["orders", "lines"], "table_names": ["orders", "order lines"],
        "column_names_original": [[-1, "*"], [0, "id"], [1, "order_id"], [1, "line_no"]],
        "column_names": [[-1, "*"], [0, "id"], [1, "order id"], [1, "line number"]],
        "column_types": ["text", "integer", "integer", "integer"],
        "primary_keys": [1, [2, 3]], "foreign_keys": [[2, 1]]}])";
    Schema s = must_load(load_schema_text(bird_like, "bird.json"));
    CHECK(table(s, "lines").primary_key == std::vector<std::string>{"order_id", "line_no"});
    CHECK(column(table(s, "lines"), "line_no").type == ColumnType::Integer);
    CHECK(table(s, "lines").description == "order lines");

    std::string bad = bird_like;
    bad.replace(bad.find("[[2, 1]]"), 8, "[[2, 9]]");
    Diagnostic d = failure(load_schema_text(bad, "bird.json"));
    CHECK(d.code() == "schema-malformed");
    CHECK(contains(d.message, "bird.json:6:59: column index 9 is out of range (0..3)"));
}

TEST_CASE("SQL DDL: the defog dumps load, INSERTs and all", "[schema]") {
    QDIFF_REQUIRE_CORPUS();
    const fs::path dir = testing::corpus_dir() / "sql/defog/databases";
    size_t files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".sql") continue;
        ++files;
        INFO(entry.path());
        SchemaLoadResult ddl = load_schema(entry.path().string());
        CHECK(ddl.format == SchemaFormat::SqlDdl);
        Schema from_ddl = must_load(ddl);
        CHECK(from_ddl.name == entry.path().stem().string());
        // The metadata file beside it describes the same tables and columns.
        fs::path metadata_path = entry.path();
        metadata_path.replace_extension(".json");
        SchemaLoadResult metadata = load_schema(metadata_path.string());
        CHECK(metadata.format == SchemaFormat::DefogMetadata);
        Schema from_metadata = must_load(metadata);
        CHECK(from_ddl.tables.size() == from_metadata.tables.size());
        for (const Table& t : from_metadata.tables) {
            const Table* same = from_ddl.find_table(t.name);
            CHECK(same != nullptr);
            if (!same) continue;
            // yelp's metadata leaves out tip.likes: the DDL may have more columns, never fewer.
            CHECK(same->columns.size() >= t.columns.size());
            for (const Column& c : t.columns) {
                const Column* ddl_column = same->find_column(c.name);
                CHECK(ddl_column != nullptr);
                if (ddl_column && c.type != ColumnType::Unknown) CHECK(ddl_column->type == c.type);
            }
        }
    }
    CHECK(files == 11);

    Schema ewallet = must_load(load_schema((dir / "ewallet.sql").string()));
    const Table& users = table(ewallet, "users");  // consumer_div.users
    CHECK(users.primary_key == std::vector<std::string>{"uid"});
    CHECK(column(users, "uid").type == ColumnType::Integer);
    CHECK(column(users, "username").declared_type == "VARCHAR(50)");
    CHECK(column(users, "created_at").type == ColumnType::DateTime);
    CHECK(column(users, "user_type").description == "possible values: individual, business, admin");
    const Table& coupons = table(ewallet, "coupons");
    REQUIRE(coupons.foreign_keys.size() == 1);
    CHECK(coupons.foreign_keys[0].columns == std::vector<std::string>{"merchant_id"});
    CHECK(coupons.foreign_keys[0].referenced_table == "merchants");
    CHECK(coupons.foreign_keys[0].referenced_columns == std::vector<std::string>{"mid"});
    CHECK(column(coupons, "discount_value").type == ColumnType::Real);

    Schema academic_metadata = must_load(load_schema((dir / "academic.json").string()));
    CHECK(column(table(academic_metadata, "cite"), "cited").description == "ID of the publication being cited");
    CHECK(column(table(academic_metadata, "cite"), "cited").type == ColumnType::Integer);
}

TEST_CASE("SQL DDL: keys and comments added after the CREATE, quoting, re-creation", "[schema]") {
    const std::string ddl = R"sql(
-- a pg_dump-style script
SET client_encoding = 'UTF8';
CREATE TABLE public.author (aid bigint NOT NULL, name text, note text DEFAULT 'a;b');
CREATE TABLE "Paper" ("PaperId" integer, aid bigint, title varchar(200),
    PRIMARY KEY ("PaperId"),
    FOREIGN KEY (aid) REFERENCES public.author (aid));
CREATE TABLE IF NOT EXISTS public.author (other int);
CREATE TABLE tmp (x int);
DROP TABLE tmp;
CREATE TABLE tmp (y int, z int);
CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;
INSERT INTO public.author VALUES (1, 'O''Brien; Jr', NULL);
ALTER TABLE ONLY public.author ADD CONSTRAINT author_pkey PRIMARY KEY (aid);
COMMENT ON TABLE public.author IS 'People who write';
COMMENT ON COLUMN public.author.name IS 'Full name';
)sql";
    SchemaLoadResult r = load_schema_text("\xEF\xBB\xBF" + ddl, "dump.sql");  // with a byte order mark
    CHECK(r.format == SchemaFormat::SqlDdl);
    Schema s = must_load(r);
    CHECK(s.name == "dump");
    CHECK(s.table_names() == std::vector<std::string>{"author", "Paper", "tmp"});
    const Table& author = table(s, "author");
    CHECK(author.columns.size() == 3);  // IF NOT EXISTS kept the first definition
    CHECK(author.primary_key == std::vector<std::string>{"aid"});
    CHECK(author.description == "People who write");
    CHECK(column(author, "name").description == "Full name");
    const Table& paper = table(s, "paper");
    CHECK(paper.primary_key == std::vector<std::string>{"PaperId"});
    REQUIRE(paper.foreign_keys.size() == 1);
    CHECK(paper.foreign_keys[0].referenced_table == "author");
    CHECK(paper.foreign_keys[0].referenced_columns == std::vector<std::string>{"aid"});
    CHECK(table(s, "tmp").columns.size() == 2);  // the later definition replaced the dropped one

    // A CREATE TABLE that does not parse is an error at the offending token.
    Diagnostic d = failure(load_schema_text("CREATE TABLE a (x int);\nCREATE TABLE b (x int,, y int);\n", "bad.sql"));
    CHECK(d.code() == "schema-malformed");
    CHECK(contains(d.message, "bad.sql:2:23: this CREATE TABLE does not parse"));
}

TEST_CASE("SQLite database files are introspected read-only", "[schema]") {
    const fs::path path = fs::temp_directory_path() / ("qdiff_schema_test_" + std::to_string(::getpid()) + ".sqlite");
    fs::remove(path);
    {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
        const char* ddl = R"sql(
            CREATE TABLE singer (Singer_ID int PRIMARY KEY, Name text COLLATE NOCASE, Age real, Is_male bool);
            CREATE TABLE concert (concert_ID int, Year text, PRIMARY KEY (concert_ID));
            CREATE TABLE singer_in_concert (concert_ID int, Singer_ID int,
                PRIMARY KEY (Singer_ID, concert_ID),
                FOREIGN KEY (concert_ID) REFERENCES concert,
                FOREIGN KEY (Singer_ID) REFERENCES singer (Singer_ID));
            CREATE VIEW older AS SELECT Name, Age FROM singer WHERE Age > 40;
            CREATE INDEX singer_name ON singer (Name);
            INSERT INTO singer VALUES (1, 'Joe', 52.5, 1);)sql";
        char* error = nullptr;
        int rc = sqlite3_exec(db, ddl, nullptr, nullptr, &error);
        INFO((error ? error : ""));
        sqlite3_free(error);
        sqlite3_close(db);
        REQUIRE(rc == SQLITE_OK);
    }
    SchemaLoadResult r = load_schema(path.string());
    CHECK(r.format == SchemaFormat::SqliteFile);
    Schema s = must_load(r);
    CHECK(s.table_names() == std::vector<std::string>{"singer", "concert", "singer_in_concert", "older"});
    CHECK(column(table(s, "singer"), "Age").type == ColumnType::Real);
    CHECK(column(table(s, "singer"), "Is_male").type == ColumnType::Boolean);
    CHECK(column(table(s, "singer"), "Singer_ID").primary_key);
    // The table's CREATE statement has a COLLATE clause: its columns may compare equal and differ.
    CHECK(column(table(s, "singer"), "Name").collated);
    CHECK_FALSE(column(table(s, "concert"), "Year").collated);
    const Table& link = table(s, "singer_in_concert");
    CHECK(link.primary_key == std::vector<std::string>{"Singer_ID", "concert_ID"});  // key order, not column order
    REQUIRE(link.foreign_keys.size() == 2);
    // The key to `concert` names no column: it refers to concert's primary key.
    for (const ForeignKey& fk : link.foreign_keys) {
        if (fk.referenced_table == "concert") CHECK(fk.referenced_columns == std::vector<std::string>{"concert_ID"});
        if (fk.referenced_table == "singer") CHECK(fk.referenced_columns == std::vector<std::string>{"Singer_ID"});
    }
    CHECK(table(s, "older").columns.size() == 2);

    // The file was opened read-only: it is unchanged, and text in memory cannot be a database.
    std::string bytes = testing::read_file(path);
    CHECK(failure(load_schema_text(bytes, path.string())).code() == "schema-unknown-format");
    // A file with the header but no database behind it.
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        << std::string("SQLite format 3\0", 16) << std::string(100, 'x');
    Diagnostic d = failure(load_schema(path.string()));
    CHECK((d.code() == "schema-malformed" || d.code() == "schema-unreadable"));
    CHECK(contains(d.message, path.string()));
    fs::remove(path);
}

TEST_CASE("SchemaFacts: SQLite type affinity from the declared type, and COLLATE", "[schema]") {
    using Affinity = SchemaFacts::Affinity;
    SchemaFacts ddl(must_load(load_schema_text(
        "CREATE TABLE t (a INT, b BIGINT, c VARCHAR(20), d CLOB, e DOUBLE PRECISION, f FLOAT, g DECIMAL(9, 2), "
        "h DATE, i BLOB, j, k CHARINT, l TEXT COLLATE NOCASE, m NUMBER);",
        "t.sql")));
    CHECK(ddl.sqlite_affinity("t", "a") == Affinity::Integer);
    CHECK(ddl.sqlite_affinity("T", "B") == Affinity::Integer);
    CHECK(ddl.sqlite_affinity("t", "c") == Affinity::Text);
    CHECK(ddl.sqlite_affinity("t", "d") == Affinity::Text);
    CHECK(ddl.sqlite_affinity("t", "e") == Affinity::Real);
    CHECK(ddl.sqlite_affinity("t", "f") == Affinity::Real);
    CHECK(ddl.sqlite_affinity("t", "g") == Affinity::Numeric);
    CHECK(ddl.sqlite_affinity("t", "h") == Affinity::Numeric);
    CHECK(ddl.sqlite_affinity("t", "i") == Affinity::Blob);
    CHECK(ddl.sqlite_affinity("t", "j") == Affinity::Unknown);  // no type: a format may state none
    CHECK(ddl.sqlite_affinity("t", "k") == Affinity::Integer);  // the INT rule comes before CHAR
    CHECK(ddl.sqlite_affinity("t", "m") == Affinity::Unknown);  // Spider's word for INT, REAL and NUMERIC alike
    CHECK(ddl.sqlite_affinity("t", "nope") == Affinity::Unknown);
    CHECK(ddl.sqlite_affinity("u", "a") == Affinity::Unknown);
    CHECK(ddl.type("t", "c") == ColumnType::Text);
    CHECK(ddl.collated("t", "l"));
    CHECK_FALSE(ddl.collated("t", "c"));
    // Spider's tables.json types are summaries: "number" and "time" name no one affinity, "text" does.
    SchemaFacts spider(must_load(load_schema_text(
        R"({"db_id": "d", "table_names_original": ["t"], "table_names": ["t"],
            "column_names_original": [[-1, "*"], [0, "n"], [0, "s"], [0, "w"]],
            "column_names": [[-1, "*"], [0, "n"], [0, "s"], [0, "w"]],
            "column_types": ["text", "number", "text", "time"], "primary_keys": [], "foreign_keys": []})",
        "tables.json")));
    CHECK(spider.sqlite_affinity("t", "n") == Affinity::Unknown);
    CHECK(spider.sqlite_affinity("t", "s") == Affinity::Text);
    CHECK(spider.sqlite_affinity("t", "w") == Affinity::Unknown);
}

TEST_CASE("NL2KQL schema files", "[schema]") {
    QDIFF_REQUIRE_CORPUS_PART("kql/nl2kql");
    const fs::path dir = testing::corpus_dir() / "kql/nl2kql";
    SchemaLoadResult r = load_schema((dir / "Defender_Schema.json").string());
    CHECK(r.format == SchemaFormat::Nl2Kql);
    Schema defender = must_load(r);
    CHECK(defender.name == "DB");
    CHECK(defender.tables.size() == 29);
    const Table& alerts = table(defender, "AlertInfo");
    CHECK(alerts.columns.size() == 8);
    CHECK(column(alerts, "Timestamp").type == ColumnType::DateTime);
    CHECK(column(alerts, "Timestamp").declared_type == "System.DateTime");
    CHECK(column(alerts, "Title").type == ColumnType::Text);
    CHECK(alerts.time_partitioned);

    Schema sentinel = must_load(load_schema((dir / "Sentinel_Schema.json").string(), "cybersecuritysoc"));
    CHECK(sentinel.tables.size() == 23);
    const Table& signins = table(sentinel, "AADManagedIdentitySignInLogs");
    CHECK(column(signins, "TimeGenerated").type == ColumnType::DateTime);
    CHECK(column(signins, "DurationMs").type == ColumnType::Integer);
    CHECK(signins.time_partitioned);
    size_t partitioned = 0;
    for (const Table& t : sentinel.tables) partitioned += t.time_partitioned;
    CHECK(partitioned == 23);
    CHECK(failure(load_schema((dir / "Sentinel_Schema.json").string(), "cybersecuritysox"))
              .message.find("did you mean 'cybersecuritysoc'") != std::string::npos);
}

TEST_CASE("Kusto .show databases schema as json", "[schema]") {
    const std::string path = data("kusto_databases.json").string();
    Diagnostic d = failure(load_schema(path));
    CHECK(d.code() == "schema-database-required");
    CHECK(contains(d.message, "2 databases"));
    CHECK(contains(d.message, "SecurityLogs, Telemetry"));

    SchemaLoadResult r = load_schema(path, "securitylogs");
    CHECK(r.format == SchemaFormat::KustoDatabase);
    Schema s = must_load(r);
    CHECK(s.name == "SecurityLogs");
    CHECK(s.table_names() == std::vector<std::string>{"SigninLogs", "DeviceInventory", "DailySignins"});
    const Table& signins = table(s, "SigninLogs");
    CHECK(signins.time_partitioned);
    CHECK(signins.description == "Azure AD sign-ins");
    CHECK(column(signins, "UserPrincipalName").description == "The user's UPN");
    CHECK(column(signins, "IsInteractive").type == ColumnType::Boolean);
    CHECK(column(signins, "IsInteractive").declared_type == "bool");
    CHECK(column(signins, "LocationDetails").type == ColumnType::Dynamic);
    const Table& devices = table(s, "DeviceInventory");
    CHECK_FALSE(devices.time_partitioned);
    CHECK(column(devices, "DeviceId").type == ColumnType::Guid);
    CHECK(column(devices, "Uptime").type == ColumnType::TimeSpan);
    CHECK(column(devices, "RiskScore").type == ColumnType::Real);
    CHECK(table(s, "DailySignins").time_partitioned);

    Schema telemetry = must_load(load_schema(path, "Telemetry"));
    CHECK_FALSE(table(telemetry, "Requests").time_partitioned);
}

TEST_CASE("Weaviate /v1/schema", "[schema]") {
    SchemaLoadResult r = load_schema(data("weaviate_schema.json").string());
    CHECK(r.format == SchemaFormat::WeaviateSchema);
    Schema s = must_load(r);
    CHECK(s.table_names() == std::vector<std::string>{"Article", "Author", "Publication"});
    const Table& article = table(s, "Article");
    CHECK(article.description == "A news article");
    CHECK(article.columns.size() == 8);
    CHECK(column(article, "title").type == ColumnType::Text);
    CHECK(column(article, "title").description == "Title of the article");
    CHECK(column(article, "wordCount").type == ColumnType::Integer);
    CHECK(column(article, "publishedAt").type == ColumnType::DateTime);
    CHECK(column(article, "isAccessible").type == ColumnType::Boolean);
    CHECK(column(article, "tags").type == ColumnType::Text);
    CHECK(column(article, "tags").declared_type == "text[]");
    const Column& authors = column(article, "hasAuthors");
    CHECK(authors.type == ColumnType::Reference);
    CHECK(authors.references == std::vector<std::string>{"Author"});
    CHECK(column(table(s, "Publication"), "headquartersGeoLocation").type == ColumnType::Dynamic);
    CHECK(column(table(s, "Publication"), "rating").type == ColumnType::Real);
    CHECK_FALSE(article.time_partitioned);

    // One class, as GET /v1/schema/{class} returns it.
    Schema one = must_load(
        load_schema_text(R"({"class": "Note", "properties": [{"name": "body", "dataType": ["text"]}]})", "note.json"));
    CHECK(one.table_names() == std::vector<std::string>{"Note"});

    Diagnostic d = failure(load_schema_text(
        "{\"classes\": [\n {\"class\": \"A\", \"properties\": [{\"name\": \"b\", \"dataType\": [\"Bee\"]}]}]}",
        "w.json"));
    CHECK(d.code() == "schema-malformed");
    CHECK(contains(d.message, "w.json:2:2: property \"b\" of class \"A\" refers to unknown class \"Bee\""));
}

TEST_CASE("malformed schemas: one diagnostic with file, line and column", "[schema]") {
    // JSON syntax: the position of the problem.
    Diagnostic d = failure(load_schema_text("{\n  \"tables\": [\n    {\"name\": \"t\",}\n  ]\n}", "broken.json"));
    CHECK(d.code() == "schema-malformed");
    CHECK(contains(d.message, "broken.json:3:18: invalid JSON: trailing comma"));
    CHECK(d.span.begin == 33);

    // A wrong shape points at the offending value.
    d = failure(load_schema_text("{\"tables\": [\n  {\"name\": \"t\",\n   \"columns\": \"id, name\"}]}", "shape.json"));
    CHECK(d.code() == "schema-malformed");
    CHECK(contains(d.message, "shape.json:3:15: \"columns\" must be an array, not a string"));

    // A missing member points at the object that lacks it.
    d = failure(load_schema_text("[{\"Database\": \"DB\", \"Tables\": [\n {\"Columns\": []}]}]", "k.json"));
    CHECK(contains(d.message, "k.json:2:2: this object has no \"Table\" (a string)"));

    // Unreadable, unknown and empty.
    d = failure(load_schema("/nonexistent/schema.json"));
    CHECK(d.code() == "schema-unreadable");
    CHECK(contains(d.message, "/nonexistent/schema.json"));
    CHECK(failure(load_schema(QDIFF_TEST_DATA_DIR)).code() == "schema-unreadable");
    d = failure(load_schema_text("just some words", "notes.txt"));
    CHECK(d.code() == "schema-unknown-format");
    CHECK(contains(d.message, "notes.txt"));
    d = failure(load_schema_text("{\"hello\": 1}", "other.json"));
    CHECK(d.code() == "schema-unknown-format");
    d = failure(load_schema_text("{\"tables\": []}", "empty.json"));
    CHECK(d.code() == "schema-empty");
    CHECK(contains(d.message, "empty.json"));
    d = failure(load_schema_text("CREATE INDEX i ON t (x);", "indexes.sql", "", SchemaFormat::SqlDdl));
    CHECK(d.code() == "schema-empty");

    // An explicit format that does not fit: the loader says what it expected.
    d = failure(load_schema_text("{\"tables\": []}", "x.json", "", SchemaFormat::WeaviateSchema));
    CHECK(contains(d.message, "x.json:1:1: this object has no \"classes\""));
}

TEST_CASE("schema suggestions follow the one did-you-mean rule (diagnostics/suggest.hpp)", "[schema][suggest]") {
    // A database selector: a third of the written name, at least one edit. The selector's own rule
    // (a third, rounded down) gave short selectors no suggestion at all.
    const std::string two = R"([{"db_id": "hr", "table_names_original": [], "table_names": [],
        "column_names_original": [], "column_names": [], "column_types": [], "primary_keys": [], "foreign_keys": []},
        {"db_id": "sales", "table_names_original": [], "table_names": [],
        "column_names_original": [], "column_names": [], "column_types": [], "primary_keys": [], "foreign_keys": []}])";
    Diagnostic d = failure(load_schema_text(two, "two.json", "hx"));
    CHECK(d.code() == "schema-unknown-database");
    CHECK(contains(d.message, "no database named 'hx'; did you mean 'hr'?"));
    CHECK(contains(failure(load_schema_text(two, "two.json", "xy")).message, "it holds hr, sales"));
    // A member of our own format: it had a fixed limit of two edits, now a third of the written name,
    // so a two-letter member two edits from "type" is no longer taken for it ...
    d = failure(load_schema_text(R"({"tables": [{"name": "t", "columns": [{"name": "a", "ty": "int"}]}]})", "s.json"));
    CHECK(contains(d.message, "unknown member \"ty\"; expected one of: name, type, description"));
    // ... and a long one three edits away is.
    d = failure(load_schema_text(R"({"tables": [{"name": "t", "columns": [{"name": "a", "primary_kee__": true}]}]})",
                                 "s.json"));
    CHECK(contains(d.message, "did you mean \"primary_key\"?"));
}

TEST_CASE("a #NAME given for a schema of one database is its file's name or an error, never ignored",
          "[schema][selector]") {
    // SQL DDL: the file, the selector and the one name there is.
    const std::string ddl = "CREATE TABLE emp (id int PRIMARY KEY, name text);\n";
    CHECK(load_schema_text(ddl, "dir/hr.sql").schema.has_value());
    CHECK(load_schema_text(ddl, "dir/hr.sql", "HR").schema.has_value());  // named after the file
    Diagnostic d = failure(load_schema_text(ddl, "dir/hr.sql", "nope"));
    CHECK(d.code() == "schema-unknown-database");
    CHECK(d.message == "dir/hr.sql: no database named 'nope'; an SQL DDL file holds one database, named after the "
                       "file: hr (or give the file without #nope)");

    // An SQLite database file.
    const fs::path path = fs::temp_directory_path() / ("qdiff_selector_" + std::to_string(::getpid()) + ".sqlite");
    const std::string stem = path.stem().string();
    fs::remove(path);
    {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
        REQUIRE(sqlite3_exec(db, ddl.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    CHECK(load_schema(path.string()).schema.has_value());
    CHECK(load_schema(path.string(), stem).schema.has_value());
    d = failure(load_schema(path.string(), "nope"));
    CHECK(d.code() == "schema-unknown-database");
    CHECK(d.message == path.string() + ": no database named 'nope'; an SQLite database file holds one database, named "
                                       "after the file: " + stem + " (or give the file without #nope)");
    // SchemaFile picks again from the same file: the selector is checked at each pick.
    SchemaFile file(path.string());
    CHECK(file.select().schema.has_value());
    CHECK(failure(file.select("main")).code() == "schema-unknown-database");
    fs::remove(path);

    // Our JSON without a "name", and a Weaviate schema: one database each.
    d = failure(load_schema_text(R"({"tables": [{"name": "t", "columns": [{"name": "a", "type": "int"}]}]})", "t.json",
                                 "x"));
    CHECK(contains(d.message, "t.json: no database named 'x'; a qdiff schema without a \"name\" holds one database"));
    d = failure(load_schema(data("weaviate_schema.json").string(), "Article"));
    CHECK(d.code() == "schema-unknown-database");
    CHECK(contains(d.message, "a weaviate schema holds one database, named after the file: weaviate_schema"));
    // Formats of named databases still pick by the name (ours doubles as one).
    CHECK(load_schema(data("shop.json").string(), "shop").schema.has_value());
}
