// Rows that only a GROUP BY's or an aggregate's edge cases give (issue 29: no "equal" where a NULL or a duplicate in a
// nullable or non-unique column separates the pair): the regrouping duplicates data (two referenced
// rows alike but for their keys, whose groups merge under GROUP BY name and change the top of an
// ORDER BY aggregate .. LIMIT), and a HAVING's group that is the NULL group on the nulls data.
#include <algorithm>

#include <catch2/catch.hpp>

#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"
#include "stages/results/synth/synth.hpp"
#include "support/synth_fixture.hpp"

using namespace qdiff;
using namespace qdiff::results;
using namespace qdiff::results::synth;
using qdiff::testing::hints_of;

namespace {

// purchase refers to customer with no declared foreign key (the joins say so), as on BIRD; a
// customer's name and segment are nullable and not unique.
const char* const kDdl =
    "CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT, segment TEXT);\n"
    "CREATE TABLE purchase (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, item TEXT, amount INTEGER NOT NULL);\n"
    // A key of (customer, month): a customer has one row per month (BIRD's yearmonth).
    "CREATE TABLE monthly (customer_id INTEGER NOT NULL REFERENCES customer (id), month TEXT NOT NULL,\n"
    "                      consumption REAL, PRIMARY KEY (customer_id, month));\n"
    // A nullable reference and a nullable measure (BIRD's superhero.race_id and weight_kg).
    "CREATE TABLE shop (id INTEGER PRIMARY KEY, name TEXT);\n"
    "CREATE TABLE item (id INTEGER PRIMARY KEY, shop_id INTEGER, weight REAL, colour TEXT, kind TEXT, title TEXT);\n";

const Schema& schema() {
    static const Schema s = testing::schema_from_ddl(kDdl, "regroup.sql");
    return s;
}

void check_kind(const std::string& expected, const std::string& generated, DataKind kind) {
    testing::check_separated_by(schema(), expected, generated, kind);
}

void check_equal(const std::string& expected, const std::string& generated) {
    INFO(expected << "  vs  " << generated);
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        SynthOptions options;
        options.as_sets = true;
        options.seed = seed;
        SynthOutcome out = testing::judge_on_synth(schema(), expected, generated, options);
        INFO("seed " << seed << ": " << out.reason);
        CHECK(out.verdict == Verdict::Equal);
    }
}

const char* const kJoin = "FROM purchase AS p JOIN customer AS c ON p.customer_id = c.id ";

// The index of the first database of `kind` in a run over the pair's hints, and on how many of seeds
// 1..`seeds` the pair is first separated there, by that kind.
size_t first_separated_on(const std::string& expected, const std::string& generated, DataKind kind, uint64_t seeds = 6) {
    LiteralHints hints = hints_of(expected, generated);
    size_t first = kPlainDatabases;
    while (kind_of_database(hints, first) != kind) ++first;
    size_t found = 0;
    for (uint64_t seed = 1; seed <= seeds; ++seed) {
        SynthOptions options;
        options.as_sets = true;
        options.seed = seed;
        SynthOutcome out = testing::judge_on_synth(schema(), expected, generated, options);
        INFO("seed " << seed << ": " << out.reason);
        found += out.verdict == Verdict::Different && out.kind == kind && out.counterexample &&
                 out.counterexample->database == first;
    }
    return found;
}

}  // namespace

TEST_CASE("synth regroup: GROUP BY name against GROUP BY key under ORDER BY COUNT(*) LIMIT 1", "[results][synth]") {
    const std::string by_name = std::string("SELECT c.name ") + kJoin + "GROUP BY c.name ORDER BY COUNT(p.id) DESC LIMIT 1";
    const std::string by_key = std::string("SELECT c.name ") + kJoin + "GROUP BY c.id ORDER BY COUNT(*) DESC LIMIT 1";
    LiteralHints hints = hints_of(by_name, by_key);
    CHECK(hints.regroups());
    REQUIRE(hints.regroup_goals.size() == 1);
    CHECK(hints.regroup_goals[0].regroup_by.size() == 1);
    // Two customers of one name whose purchases together outnumber a third's: the duplicates data.
    check_kind(by_name, by_key, DataKind::Duplicates);
    // Grouping by the key on either side of the join is the same grouping: no group ties, no difference.
    check_equal(std::string("SELECT c.id ") + kJoin + "GROUP BY c.id ORDER BY COUNT(*) DESC LIMIT 1",
                std::string("SELECT p.customer_id ") + kJoin + "GROUP BY p.customer_id ORDER BY COUNT(p.id) DESC LIMIT 1");
    check_equal(std::string("SELECT c.id ") + kJoin + "GROUP BY c.id ORDER BY COUNT(*) ASC LIMIT 1",
                std::string("SELECT p.customer_id ") + kJoin + "GROUP BY p.customer_id ORDER BY COUNT(p.id) ASC LIMIT 1");
    // One query alone grouping is no regrouping.
    CHECK_FALSE(hints_of(by_key, by_key).regroups());
}

TEST_CASE("synth regroup: GROUP BY a key against GROUP BY a category under ORDER BY SUM(x) LIMIT 1", "[results][synth]") {
    // BIRD's debit_card_specializing: the segment of the customer who consumed least, against the
    // segment that consumed least; a key of (customer, month) keeps one row per customer.
    const std::string join = "FROM customer AS c JOIN monthly AS m ON c.id = m.customer_id WHERE m.month = '201309' ";
    for (const char* direction : {"ASC", "DESC"}) {
        const std::string by_key =
            std::string("SELECT c.segment ") + join + "GROUP BY c.id ORDER BY SUM(m.consumption) " + direction + " LIMIT 1";
        const std::string by_segment = std::string("WITH t AS (SELECT c.segment, SUM(m.consumption) AS total ") + join +
                                       "GROUP BY c.segment) SELECT segment FROM t ORDER BY total " + direction + " LIMIT 1";
        LiteralHints hints = hints_of(by_key, by_segment);
        CHECK(hints.regroups());
        REQUIRE_FALSE(hints.goals.empty());
        CHECK(hints.goals[0].regroup);
        CHECK(hints.goals[0].regroup_summed.size() == 1);
        check_kind(by_key, by_segment, DataKind::Duplicates);
    }
}

TEST_CASE("synth nulls: a HAVING's group is the NULL group where its GROUP BY column is nullable", "[results][synth]") {
    // BIRD's superhero: COUNT(power) against COUNT(full_name) over GROUP BY full_name; the NULL name's
    // group counts its powers in one, nothing in the other.
    const std::string counted = std::string("SELECT c.name ") + kJoin + "GROUP BY c.name HAVING COUNT(p.id) > 15";
    check_kind(counted, std::string("SELECT c.name ") + kJoin + "GROUP BY c.name HAVING COUNT(c.name) > 15", DataKind::Nulls);
    check_equal(counted, std::string("SELECT c.name ") + kJoin + "GROUP BY c.name HAVING COUNT(*) >= 16");
    // The GROUP BY column in the group's own table.
    const std::string own = "SELECT item FROM purchase GROUP BY item HAVING COUNT(id) > 3";
    check_kind(own, "SELECT item FROM purchase GROUP BY item HAVING COUNT(item) > 3", DataKind::Nulls);
    check_equal(own, "SELECT item FROM purchase GROUP BY item HAVING COUNT(*) >= 4");
}

TEST_CASE("synth nulls: the first goal row stays whole beside the second's NULL", "[results][synth]") {
    // BIRD's superhero: SUM(weight) / COUNT(id) against AVG(weight) over the heroes of one race; the
    // hero without a weight counts in COUNT(id) only, which shows beside a hero with one (a NULL in
    // the first goal row's reference or measure would leave nothing to compare).
    const std::string join = "FROM item AS i JOIN shop AS s ON i.shop_id = s.id WHERE s.name = 'Brno'";
    const std::string expected = std::string("SELECT CAST(SUM(i.weight) AS REAL) / COUNT(i.id) ") + join;
    const std::string generated = std::string("SELECT AVG(i.weight) ") + join;
    check_kind(expected, generated, DataKind::Nulls);
    // On the first nulls database of nearly every run (where the first row's weight is not 0: 0 / 2
    // and 0 / 1 are one average).
    CHECK(first_separated_on(expected, generated, DataKind::Nulls, 12) >= 10);
    check_equal(std::string("SELECT CAST(SUM(i.weight) AS REAL) / COUNT(i.weight) ") + join,
                std::string("SELECT AVG(i.weight) ") + join);
}

TEST_CASE("synth nulls: a second nulls database has every goal row NULL", "[results][synth]") {
    // BIRD's financial: SUM(x = 'a') against SUM(CASE WHEN x = 'a' THEN 1 ELSE 0 END) over the rows a
    // filter selects: NULL against 0 where none of them has an x (a row with one beside them hides it).
    const std::string join = "FROM item AS i JOIN shop AS s ON i.shop_id = s.id WHERE s.name = 'Brno'";
    const std::string expected = std::string("SELECT SUM(i.colour = 'red') ") + join;
    LiteralHints hints = hints_of(expected);
    const std::vector<DataKind> kinds = kinds_for(hints);
    REQUIRE(kinds.size() >= 6);
    CHECK(std::count(kinds.begin(), kinds.end(), DataKind::Nulls) == 2);
    check_kind(expected, std::string("SELECT SUM(CASE WHEN i.colour = 'red' THEN 1 ELSE 0 END) ") + join, DataKind::Nulls);
    check_equal(expected, std::string("SELECT SUM(CASE WHEN i.colour = 'red' THEN 1 WHEN i.colour IS NULL THEN NULL ELSE 0 END) ") + join);
    // A filter other rows would pass too (a literal of a column that is no name: 'tool' in half of
    // the rows): on the all-NULL data only the goal rows pass it.
    const std::string tools = "FROM item AS i WHERE i.kind = 'tool'";
    check_kind(std::string("SELECT SUM(i.colour = 'red'), COUNT(*) ") + tools,
               std::string("SELECT SUM(CASE WHEN i.colour = 'red' THEN 1 ELSE 0 END), COUNT(*) ") + tools, DataKind::Nulls);
    // Rows of another shop joined to the goal's shop would be selected with the goal's items.
    const std::string city = "FROM item AS i JOIN shop AS s ON i.shop_id = s.id WHERE s.name LIKE 'B%'";
    check_kind(std::string("SELECT SUM(i.colour = 'red') ") + city,
               std::string("SELECT SUM(CASE WHEN i.colour = 'red' THEN 1 ELSE 0 END) ") + city, DataKind::Nulls);
}

TEST_CASE("synth nulls: groups ordered by a count of a nullable column against a count of rows", "[results][synth]") {
    // BIRD's superhero: the hero with most powers, COUNT(hero_id) against COUNT(power_id) over one
    // GROUP BY: the group with most rows has NULL in the column one ordering counts.
    for (const char* direction : {"DESC", "ASC"}) {
        const std::string rows =
            std::string("SELECT c.name ") + kJoin + "GROUP BY c.name ORDER BY COUNT(p.customer_id) " + direction + " LIMIT 1";
        const std::string items =
            std::string("SELECT c.name ") + kJoin + "GROUP BY c.name ORDER BY COUNT(p.item) " + direction + " LIMIT 1";
        LiteralHints hints = hints_of(rows, items);
        CHECK_FALSE(hints.regroups());
        CHECK(hints.regroup_nulls() == std::vector<std::string>{"customer_id", "item"});
        check_kind(rows, items, DataKind::Nulls);
    }
    // The same count both ways: no NULL column to place.
    const std::string same = std::string("SELECT c.name ") + kJoin + "GROUP BY c.name ORDER BY COUNT(p.item) DESC LIMIT 1";
    CHECK(hints_of(same, same).regroup_nulls().empty());
}


TEST_CASE("synth empty: the first table left empty is one only one query names", "[results][synth]") {
    // Spider's world_1: the country with most languages over a join, against a count of countries
    // alone; the languages emptied tell them apart, the countries emptied empty both. The first empty
    // database of a run leaves the table only one query names empty, whatever the kinds list.
    for (const std::string& generated : {std::string("SELECT c.name FROM customer AS c GROUP BY c.name ORDER BY COUNT(*) DESC LIMIT 1"),
                                         std::string("SELECT c.name FROM customer AS c WHERE c.segment LIKE 'r%' GROUP BY c.name")}) {
        const std::string expected = "SELECT c.name FROM customer AS c JOIN purchase AS p ON p.customer_id = c.id "
                                     "GROUP BY c.name ORDER BY COUNT(*) DESC LIMIT 1";
        LiteralHints hints = hints_of(expected, generated);
        size_t first = kPlainDatabases;
        while (kind_of_database(hints, first) != DataKind::Empty) ++first;
        for (uint64_t seed = 1; seed <= 4; ++seed) {
            SynthDatabase db = generate_database(schema(), hints, seed, first, DataKind::Empty);
            INFO(generated << ", seed " << seed);
            CHECK(testing::table(db, "purchase").rows.empty());
            CHECK_FALSE(testing::table(db, "customer").rows.empty());
        }
    }
}

TEST_CASE("synth nulls: a reference one query joins with an outer join takes the NULL", "[results][synth]") {
    // BIRD's superhero: a hero named by a filter (one row: a name names one entity), INNER against
    // LEFT JOIN race over a nullable race_id: the one goal row holds the NULL (there is no second
    // copy beside it), in the reference, as an outer join is no join both queries make.
    CHECK(first_separated_on("SELECT i.id, s.name FROM item AS i JOIN shop AS s ON i.shop_id = s.id WHERE i.title = 'Hammer'",
                             "SELECT i.id, s.name FROM item AS i LEFT JOIN shop AS s ON i.shop_id = s.id WHERE i.title = 'Hammer'",
                             DataKind::Nulls) >= 5);
    // (with another nullable column selected: the reference still comes first in the one row)
    CHECK(first_separated_on("SELECT i.weight, s.name FROM item AS i JOIN shop AS s ON i.shop_id = s.id WHERE i.title = 'Hammer'",
                             "SELECT i.weight, s.name FROM item AS i LEFT JOIN shop AS s ON i.shop_id = s.id WHERE i.title = 'Hammer'",
                             DataKind::Nulls) >= 5);
}

TEST_CASE("synth nulls: a one-row goal meets the referenced row that holds the NULL", "[results][synth]") {
    // BIRD 12328: the district of account 532, against the same where the district's A15 IS NOT NULL.
    // The account is one row (a key names it); the district's second goal row holds the nulls data's
    // NULL beside the first: the one account refers to it, or the NULL is in no row either query joins.
    const std::string join = "FROM item AS i JOIN shop AS s ON i.shop_id = s.id WHERE i.id = 7";
    const std::string expected = std::string("SELECT s.name ") + join;
    const std::string generated = std::string("SELECT s.name ") + join + " AND s.name IS NOT NULL";
    CHECK(first_separated_on(expected, generated, DataKind::Nulls) >= 5);
    check_kind(expected, generated, DataKind::Nulls);
    check_equal(expected, std::string("SELECT s.name FROM shop AS s WHERE s.id = (SELECT shop_id FROM item WHERE id = 7)"));
}
