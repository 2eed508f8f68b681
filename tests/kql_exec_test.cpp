// The KQL executor (stages/results/kql): one hand-checked example per operator and per semantic that
// differs from SQL (README.md there lists them), refusals of what is outside the core, tables:DIR.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "stages/results/kql/databases.hpp"
#include "stages/results/kql/kql_exec.hpp"

using namespace qdiff;
using namespace qdiff::results;
using namespace qdiff::results::kql;

namespace {

KqlRunResult run(const std::string& query, const KqlDatabase& db = {}) {
    KqlRunOptions options;
    options.limits = {5, 10000};
    return run_kql(query, db, options);
}

// The result as text lines "a|b|c" (NULL for null), the header first.
std::vector<std::string> lines(const std::string& query, const KqlDatabase& db = {}) {
    KqlRunResult r = run(query, db);
    INFO(query << "\n=> " << r.exec.error);
    REQUIRE(r.exec.status == ExecStatus::Ok);
    std::vector<std::string> out;
    std::string header;
    for (const auto& c : r.exec.result.columns) header += (header.empty() ? "" : "|") + c;
    out.push_back(header);
    for (const auto& row : r.exec.result.rows) {
        std::string line;
        for (size_t i = 0; i < row.size(); ++i) {
            std::string cell;
            if (std::holds_alternative<Null>(row[i])) cell = "NULL";
            else if (const auto* n = std::get_if<int64_t>(&row[i])) cell = std::to_string(*n);
            else if (const auto* d = std::get_if<double>(&row[i])) {
                cell = std::to_string(*d);
                while (cell.back() == '0') cell.pop_back();
                if (cell.back() == '.') cell.pop_back();
            } else cell = std::get<std::string>(row[i]);
            line += (i ? "|" : "") + cell;
        }
        out.push_back(line);
    }
    return out;
}

using L = std::vector<std::string>;

const std::string kT = R"(let T = datatable(Name:string, Dept:string, Salary:long, Hired:datetime)[
  "Ann", "Eng", 100, datetime(2023-01-10),
  "Bob", "Eng", 80, datetime(2023-06-01),
  "Cid", "Ops", 70, datetime(2022-03-15),
  "Dee", "Ops", 90, datetime(2024-01-15T11:30:00)];
)";

}  // namespace

TEST_CASE("KQL sources: datatable, print, range, let, union, as", "[kql-exec]") {
    CHECK(lines("print x = 1, y = 'a'") == L{"x|y", "1|a"});
    CHECK(lines("print 1 + 1, strlen('abc')") == L{"print_0|print_1", "2|3"});
    CHECK(lines("range x from 1 to 7 step 3") == L{"x", "1", "4", "7"});
    CHECK(lines("let n = 2; range x from 1 to n step 1") == L{"x", "1", "2"});
    CHECK(lines("let A = datatable(a:long)[1]; let B = datatable(b:long)[2]; union A, B") == L{"a|b", "1|NULL", "NULL|2"});
    CHECK(lines("union withsource=S (print x=1 | as P), (print x=2 | as Q)") == L{"S|x", "P|1", "Q|2"});
    // A tabular parameter and a scalar one.
    CHECK(lines("let F = (T:(x:long), v:long) { T | where x >= v }; F((range x from 1 to 3 step 1), 3)") ==
          L{"x", "3"});
}

TEST_CASE("KQL filters and columns: where, project and its forms, extend", "[kql-exec]") {
    CHECK(lines(kT + "T | where Salary > 80 | project Name") == L{"Name", "Ann", "Dee"});
    CHECK(lines(kT + "T | where Salary >= 80 and Dept == 'Eng' | project Name, Double = Salary * 2") ==
          L{"Name|Double", "Ann|200", "Bob|160"});
    CHECK(lines(kT + "T | project-away Hired, Dept | take 1") == L{"Name|Salary", "Ann|100"});
    CHECK(lines(kT + "T | project-rename Who = Name | project Who | take 1") == L{"Who", "Ann"});
    CHECK(lines(kT + "T | project-reorder Salary | take 1") == L{"Salary|Name|Dept|Hired", "100|Ann|Eng|2023-01-10T00:00:00.0000000Z"});
    // extend: a later item reads an earlier one; a name that exists replaces the column in place.
    CHECK(lines("print a = 1 | extend b = a + 1, c = b * 10 | extend a = 5") == L{"a|b|c", "5|2|20"});
    CHECK(lines("print a = 1 | extend a * 2") == L{"a|Column1", "1|2"});
}

TEST_CASE("KQL summarize: by, bin and the common aggregates", "[kql-exec]") {
    CHECK(lines(kT + "T | summarize n = count(), total = sum(Salary), top_ = max(Salary) by Dept | order by Dept asc") ==
          L{"Dept|n|total|top_", "Eng|2|180|100", "Ops|2|160|90"});
    CHECK(lines(kT + "T | summarize count(), avg(Salary), dcount(Dept)") == L{"count_|avg_Salary|dcount_Dept", "4|85|2"});
    CHECK(lines(kT + "T | summarize countif(Salary > 75), sumif(Salary, Dept == 'Ops')") ==
          L{"countif_|sumif_Salary", "3|160"});
    CHECK(lines(kT + "T | summarize arg_max(Salary, Name) by Dept | order by Dept asc") ==
          L{"Dept|Salary|Name", "Eng|100|Ann", "Ops|90|Dee"});
    CHECK(lines(kT + "T | summarize arg_min(Salary, *) | project Name") == L{"Name", "Cid"});
    CHECK(lines(kT + "T | summarize makeset(Dept)") == L{"set_Dept", R"(["Eng","Ops"])"});
    CHECK(lines(kT + "T | summarize make_list(Name), make_set(Dept)") ==
          L{"list_Name|set_Dept", R"(["Ann","Bob","Cid","Dee"]|["Eng","Ops"])"});
    // Nearest rank: 50% of 4 values is the 2nd.
    CHECK(lines(kT + "T | summarize percentile(Salary, 50)") == L{"percentile_Salary_50", "80"});
    CHECK(lines(kT + "T | summarize n = count() by Year = bin(Hired, 365d) | count") == L{"Count", "3"});
    CHECK(lines("range x from 1 to 10 step 1 | summarize c = count() by b = bin(x, 5)") == L{"b|c", "0|4", "5|5", "10|1"});
    // No rows: one row of empty aggregates without keys, no rows with keys.
    CHECK(lines(kT + "T | where Salary > 1000 | summarize count(), sum(Salary)") == L{"count_|sum_Salary", "0|NULL"});
    CHECK(lines(kT + "T | where Salary > 1000 | summarize count() by Dept") == L{"Dept|count_"});
}

TEST_CASE("KQL order and limits: sort, take, top, distinct, count", "[kql-exec]") {
    CHECK(lines(kT + "T | sort by Salary | project Salary") == L{"Salary", "100", "90", "80", "70"});  // desc default
    CHECK(lines(kT + "T | order by Salary asc | take 2 | project Name") == L{"Name", "Cid", "Bob"});
    CHECK(lines(kT + "T | top 1 by Hired | project Name") == L{"Name", "Dee"});
    CHECK(lines(kT + "T | distinct Dept | order by Dept asc") == L{"Dept", "Eng", "Ops"});
    CHECK(lines(kT + "T | count") == L{"Count", "4"});
    // Nulls sort first ascending and last descending.
    CHECK(lines("datatable(x:long)[2, long(null), 1] | sort by x asc") == L{"x", "NULL", "1", "2"});
    CHECK(lines("datatable(x:long)[2, long(null), 1] | sort by x desc") == L{"x", "2", "1", "NULL"});
}

TEST_CASE("KQL joins: innerunique by default, every kind, lookup", "[kql-exec]") {
    const std::string data = R"(let L = datatable(k:string, a:long)['x', 1, 'x', 2, 'y', 3, 'z', 4];
let R = datatable(k:string, b:long)['x', 10, 'x', 11, 'y', 20, 'w', 30];
)";
    // innerunique: one left row per key (the first), joined with every matching right row.
    CHECK(lines(data + "L | join R on k | project a, b") == L{"a|b", "1|10", "1|11", "3|20"});
    CHECK(lines(data + "L | join kind=inner R on k | count") == L{"Count", "5"});
    CHECK(lines(data + "L | join kind=leftouter R on k | where isnull(b) | project a") == L{"a", "4"});
    CHECK(lines(data + "L | join kind=rightouter R on k | where isnull(a) | project b") == L{"b", "30"});
    CHECK(lines(data + "L | join kind=fullouter R on k | count") == L{"Count", "7"});
    CHECK(lines(data + "L | join kind=leftsemi R on k | project a") == L{"a", "1", "2", "3"});
    CHECK(lines(data + "L | join kind=leftanti R on k | project a") == L{"a", "4"});
    CHECK(lines(data + "L | join kind=rightanti R on k | project b") == L{"b", "30"});
    CHECK(lines(data + "L | join kind=rightsemi R on k | project b") == L{"b", "10", "11", "20"});
    CHECK(lines(data + "L | join kind=inner R on $left.k == $right.k | project k, k1 | take 1") == L{"k|k1", "x|x"});
    // lookup: leftouter by default, the key column once.
    CHECK(lines(data + "L | where k != 'x' | lookup (R | where k != 'x') on k") == L{"k|a|b", "y|3|20", "z|4|NULL"});
}

TEST_CASE("KQL parse and parse-where", "[kql-exec]") {
    const std::string data = "datatable(s:string)['id=7, name=ann (x)', 'id=x, name=bob (y)', 'junk'] ";
    // simple: delimiters exactly, columns up to the next delimiter, typed columns must convert.
    CHECK(lines(data + "| parse s with 'id=' id:long ', name=' name ' (' * | project id, name") ==
          L{"id|name", "7|ann", "NULL|", "NULL|"});
    CHECK(lines(data + "| parse-where s with 'id=' id:long ', name=' name ' (' * | project id, name") == L{"id|name", "7|ann"});
    // regex: delimiters are regular expressions (their groups do not shift the columns), greedy unless U.
    CHECK(lines(data + "| parse-where kind=regex s with '(i)d=' id:long '.*name=' name ' ' * | project id, name") ==
          L{"id|name", "7|ann"});
    CHECK(lines("print s = 'a,b,c' | parse kind=regex s with x ',' * | project x") == L{"x", "a,b"});
    CHECK(lines("print s = 'a,b,c' | parse kind=regex flags=U s with x ',' * | project x") == L{"x", "a"});
}

TEST_CASE("KQL evaluate bag_unpack", "[kql-exec]") {
    CHECK(lines("datatable(id:long, d:dynamic)[1, dynamic({'a': 1, 'b': 'x'}), 2, dynamic({'a': 2})] | evaluate bag_unpack(d)") ==
          L{"id|a|b", "1|1|x", "2|2|NULL"});
    CHECK(lines("print d = dynamic({'a': 1}) | evaluate bag_unpack(d, 'p_')") == L{"p_a", "1"});
}

TEST_CASE("KQL mv-expand of arrays and bags", "[kql-exec]") {
    CHECK(lines("print a = dynamic([1, 2, 3]) | mv-expand a") == L{"a", "1", "2", "3"});
    CHECK(lines("print n = 'x', a = dynamic(['p', 'q']) | mv-expand a | project n, a") == L{"n|a", "x|p", "x|q"});
    CHECK(lines("print a = dynamic({'k': 1}) | mv-expand a") == L{"a", R"({"k":1})"});
    CHECK(lines("print a = dynamic([]) | mv-expand a | count") == L{"Count", "0"});
    // with_itemindex, to typeof(), limit, kind=array, Name = Column.
    CHECK(lines("print a = dynamic([5, 6, 7]), b = dynamic(['x', 'y']) | mv-expand with_itemindex=i a to typeof(long), b limit 2") ==
          L{"a|b|i", "5|x|0", "6|y|1"});
    CHECK(lines("print d = dynamic({'k': 1}) | mv-expand kind=array d") == L{"d", R"(["k",1])"});
    CHECK(lines("print d = dynamic([1, 2]) | mv-expand x = d to typeof(string) | project x") == L{"x", "1", "2"});
}

TEST_CASE("KQL string operators keep their case rules", "[kql-exec]") {
    // Terms are maximal runs of ASCII letters and digits: '_' and '-' separate them.
    CHECK(lines("print 'North America' has 'america', 'North America' has 'amer', 'abc_def' has 'abc', 'abcdef' has 'abc'") ==
          L{"print_0|print_1|print_2|print_3", "true|false|true|false"});
    CHECK(lines("print 'Fabrikam' contains 'BRIK', 'Fabrikam' contains_cs 'BRIK', 'Fabrikam' has_cs 'fabrikam'") ==
          L{"print_0|print_1|print_2", "true|false|false"});
    CHECK(lines("print 'aBc' == 'abc', 'aBc' =~ 'abc', 'aBc' != 'abc', 'aBc' !~ 'abc'") ==
          L{"print_0|print_1|print_2|print_3", "false|true|true|false"});
    CHECK(lines("print 'Kusto' startswith 'ku', 'Kusto' startswith_cs 'ku', 'Kusto' endswith 'TO'") ==
          L{"print_0|print_1|print_2", "true|false|true"});
    CHECK(lines("print 'a' in ('A', 'b'), 'a' in~ ('A', 'b'), 'ab12' matches regex '[a-z]+[0-9]+'") ==
          L{"print_0|print_1|print_2", "false|true|true"});
    CHECK(lines("print 'ad67d136-c1db' has 'c1db', 'KustoQuery' hasprefix 'kus', 'my-table' hassuffix 'table'") ==
          L{"print_0|print_1|print_2", "true|true|true"});
    CHECK(lines("print 'a b c' has_any ('x', 'b'), 'a b c' has_all ('a', 'x')") == L{"print_0|print_1", "true|false"});
    // `* has`: some column of the row.
    CHECK(lines("datatable(a:string, b:long)['xy Foo', 1, 'foobar', 2, 'z', 33] | where * has 'foo' or * has '33' | project b") ==
          L{"b", "1", "33"});
}

TEST_CASE("KQL values: nulls, empty strings, long division, datetimes, dynamic", "[kql-exec]") {
    // long / long stays a long; a real makes it real; % is never negative.
    CHECK(lines("print 7 / 2, 7 / 2.0, -7 % 3, 1 / 0") == L{"print_0|print_1|print_2|print_3", "3|3.5|2|NULL"});
    // Typed nulls propagate through arithmetic; a null against a value: == false, != true.
    CHECK(lines("print long(null) + 1, 5 == long(null), 5 != long(null), long(null) > 1") ==
          L{"print_0|print_1|print_2|print_3", "NULL|false|true|NULL"});
    // Strings are never null: toint('x') is null, tostring(null) is ''.
    CHECK(lines("print isnull(toint('x')), isempty(tostring(long(null))), isnull(''), isempty('')") ==
          L{"print_0|print_1|print_2|print_3", "true|true|false|true"});
    CHECK(lines("print iff(1 > 2, 'a', 'b'), case(false, 1, true, 2, 3), strcat('a', 1, true)") ==
          L{"print_0|print_1|print_2", "b|2|a1true"});
    // now() is pinned (2024-01-15T12:00:00Z by default), ago() reads it.
    CHECK(lines("print now(), ago(1d), datetime(2024-01-01) + 36h, datetime(2024-01-02) - datetime(2024-01-01)") ==
          L{"print_0|print_1|print_2|print_3",
            "2024-01-15T12:00:00.0000000Z|2024-01-14T12:00:00.0000000Z|2024-01-02T12:00:00.0000000Z|1.00:00:00"});
    CHECK(lines("print startofday(datetime(2024-01-15 13:00)), startofmonth(datetime(2024-02-20)), "
                "bin(datetime(2024-01-15 13:45), 1h), datetime_diff('day', datetime(2024-01-03), datetime(2024-01-01))") ==
          L{"print_0|print_1|print_2|print_3",
            "2024-01-15T00:00:00.0000000Z|2024-02-01T00:00:00.0000000Z|2024-01-15T13:00:00.0000000Z|2"});
    CHECK(lines("print todatetime('12-13-2022 1:50PM'), datetime('03/01/2024 09:22:06 AM')") ==
          L{"print_0|print_1", "2022-12-13T13:50:00.0000000Z|2024-03-01T09:22:06.0000000Z"});
    CHECK(lines("print format_datetime(datetime(2024-03-05 07:08:09), 'yyyy-MM-dd HH:mm:ss')") ==
          L{"print_0", "2024-03-05 07:08:09"});
    CHECK(lines("print d = dynamic({'a': {'b': [1, 2]}}) | project x = d.a.b[1], n = array_length(d.a.b), t = tostring(d.a)") ==
          L{"x|n|t", R"(2|2|{"b":[1,2]})"});
    CHECK(lines("print bag_zip(dynamic(['a', 8, 'b']), dynamic([1, '2'])), string_size('\u00e9'), "
                "unicode_codepoints_from_string('A\u00e9'), base64_encode_tostring('Kusto')") ==
          L{"print_0|print_1|print_2|print_3", R"({"a":1,"b":null}|2|[65,233]|S3VzdG8=)"});
    CHECK(lines("print split('a,b,c', ','), extract('([0-9]+)', 1, 'ab123c'), toint('42') + 1, todouble('1.5')") ==
          L{"print_0|print_1|print_2|print_3", R"(["a","b","c"]|123|43|1.5)"});
}

TEST_CASE("KQL outside the core is refused by name, never answered", "[kql-exec]") {
    auto refused = [](const std::string& query) {
        KqlRunResult r = run(query);
        INFO(query << " => " << r.exec.error);
        CHECK(r.exec.status == ExecStatus::Error);
        CHECK(r.unsupported);
        return r.construct;
    };
    CHECK(refused("print x = 1 | evaluate narrow()") == "operator evaluate narrow");
    CHECK(refused("print x = 'a=1' | parse kind=relaxed x with k '=' v") == "operator parse kind=relaxed");
    CHECK(refused("print geo_distance_2points(1, 2, 3, 4)") == "function geo_distance_2points");
    CHECK(refused("print x = 1 | make-series n = count() on x step 1") == "operator make-series");
    CHECK(refused("print x = 1 | join kind=inner (print x = 1) on $left.x < $right.x").find("join condition") == 0);
    // A missing table is an error, not a refusal.
    KqlRunResult missing = run("Events | take 1");
    CHECK(missing.exec.status == ExecStatus::Error);
    CHECK_FALSE(missing.unsupported);
}

TEST_CASE("KQL runs on tables:DIR (CSV and JSON lines) and bounds its work", "[kql-exec]") {
    auto dir = std::filesystem::temp_directory_path() / ("qdiff_kql_tables_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "Events.csv") << "Id,User,At,Score\n1,ann,2024-01-15T10:00:00Z,1.5\n2,BOB,2024-01-10T00:00:00Z,\n";
    std::ofstream(dir / "Users.jsonl") << R"({"User": "ann", "Tags": ["a"], "Active": true})" << "\n"
                                       << R"({"User": "bob", "Tags": [], "Active": false})" << "\n";
    KqlDatabase db;
    std::string error;
    REQUIRE(load_tables_dir(dir.string(), db, error));
    REQUIRE(db.find("Events"));
    CHECK(db.find("Events")->columns[0].type == KType::Long);
    CHECK(db.find("Events")->columns[2].type == KType::DateTime);
    CHECK(db.find("Events")->columns[3].type == KType::Real);
    CHECK(db.find("Users")->columns[1].type == KType::Dynamic);
    CHECK(db.find("Users")->columns[2].type == KType::Bool);
    CHECK(lines("Events | where At > ago(1d) | project Id", db) == L{"Id", "1"});
    CHECK(lines("Events | where isnull(Score) | project User", db) == L{"User", "BOB"});
    CHECK(lines("Events | join kind=inner (Users | where Active) on User | project Id", db) == L{"Id", "1"});
    CHECK(lines("Events | join kind=inner (Users) on $left.User == $right.User | count", db) == L{"Count", "1"});
    KqlDatabase none;
    CHECK_FALSE(load_tables_dir((dir / "missing").string(), none, error));
    std::filesystem::remove_all(dir);

    // The timeout stops a runaway query.
    KqlRunOptions options;
    options.limits = {0.001, 10000};
    KqlRunResult slow =
        run_kql("range x from 1 to 500000 step 1 | extend y = strcat('v', x) | summarize dcount(y)", KqlDatabase{}, options);
    CHECK(slow.exec.status == ExecStatus::Timeout);
    // So does the bound on intermediate tables.
    KqlRunResult huge = run("range x from 1 to 100000000 step 1 | count");
    CHECK(huge.exec.status == ExecStatus::Error);
}
