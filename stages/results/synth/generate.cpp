// One synthesized database from the schema, what the queries read, and the database's kind
// (README.md, "Data" and "Kinds of database").
//
// - Tables are filled in reference order (a referenced table before the tables that reference it),
//   so a foreign key always copies the key of a row that exists, or is NULL when nothing can be
//   referenced (a cycle, a self-reference on the first row, an empty referenced table). The joins of
//   the queries (`a.x = b.y`, `x IN (SELECT y FROM b)`) count as references too where the schema
//   declares none, so that joins meet on plain data as they do on real data; only those implied
//   references may dangle, and only in the "dangling" databases.
// - Primary keys and UNIQUE column sets are unique (a row that repeats one is drawn again, then
//   dropped); key and NOT NULL columns are never NULL; declared foreign keys always find their row.
// - A value is, in turn of preference, a literal of the queries for a column of that name (with its
//   neighbours), or a value of the column's type and name: dates as text ('2012-08-24') for date
//   columns and columns a date function reads, 0/1 for flags, small numbers, `<column> <n>` texts.
// - Plain databases have no NULLs, no empty tables, no copied rows, and texts unique per column.
//   Each other kind changes one thing, on the columns the queries read (DataKind).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <set>

#include "stages/results/kql/kql_time.hpp"
#include "stages/results/synth/synth.hpp"
#include "support/strings.hpp"

namespace qdiff::results::synth {
namespace {

// The splitmix64 finalizer: spreads close inputs (seed 1 and 2, database 3 and 4) far apart.
uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// splitmix64: the same sequence on every platform and standard library. Each (seed, database) pair
// starts at a mixed state: streams that start a fixed step apart would only be shifted copies.
class Random {
public:
    Random(uint64_t seed, uint64_t index) : state_(mix(mix(seed + 0x632be59bd9b4e019ULL) ^ (index + 1))) {}
    uint64_t next() { return mix(state_ += 0x9e3779b97f4a7c15ULL); }
    size_t below(size_t n) { return n == 0 ? 0 : size_t(next() % n); }
    bool chance(unsigned percent) { return below(100) < percent; }

private:
    uint64_t state_;
};

std::string declared_type_for(const Column& c) {
    if (!c.declared_type.empty()) return c.declared_type;
    switch (c.type) {
        case ColumnType::Integer:
        case ColumnType::Boolean: return "INTEGER";
        case ColumnType::Real: return "REAL";
        default: return "TEXT";
    }
}

bool is_text_value(const Value& v) { return std::holds_alternative<std::string>(v); }

// Whether a literal suits a column of this type (a text literal in a number column would only be
// converted or compared as text: it still goes in, as data of the wrong type is what tests a cast).
bool suits(const Value& v, ColumnType type) {
    switch (type) {
        case ColumnType::Integer:
        case ColumnType::Real:
        case ColumnType::Boolean: return !is_text_value(v);
        default: return true;
    }
}

std::string two_digits(int n) {
    char buffer[4];
    std::snprintf(buffer, sizeof buffer, "%02d", n % 100);
    return buffer;
}

bool digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Seconds since 1970 of a date text ('2023-04-01', '2023-04-01 08:30:00', UTC as SQLite's 'unixepoch'
// reads them); the value unchanged when it is no date (a number stays the number it is).
Value epoch_seconds(const Value& v) {
    const auto* text = std::get_if<std::string>(&v);
    if (!text || text->size() < 10 || !looks_like_whole_date(std::string_view(*text).substr(0, 10))) return v;
    const int year = std::stoi(text->substr(0, 4));
    const int month = std::stoi(text->substr(5, 2));
    const int day = std::stoi(text->substr(8, 2));
    if (year < 1970 || month < 1 || month > 12) return v;
    int64_t seconds = kql::days_from_civil(year, month, day) * 86400;
    if (text->size() >= 19 && (*text)[10] == ' ' && digits(text->substr(11, 2)) && digits(text->substr(14, 2)) &&
        digits(text->substr(17, 2)))
        seconds += std::stoi(text->substr(11, 2)) * 3600 + std::stoi(text->substr(14, 2)) * 60 +
                   std::stoi(text->substr(17, 2));
    return seconds;
}

// A hinted value for a date column, made a whole date: a year ('2012', from strftime('%Y', d) = '2012'
// or d LIKE '2012%') gets a month and a day, a month ('2012-08') a day; other texts stay as they are.
Value as_date(const Value& v, Random& random) {
    std::string text;
    if (const auto* i = std::get_if<int64_t>(&v); i && *i >= 1000 && *i <= 2999) text = std::to_string(*i);
    if (const auto* s = std::get_if<std::string>(&v)) text = *s;
    // Only a prefix of a date: '2012', '2012-', '2012-08', '2012-08-', and those with the x a LIKE
    // pattern's % became ('2012x' from '2012%'). '201206' or a whole date stay as they are.
    if (!text.empty() && text.back() == 'x') text.pop_back();
    if (!text.empty() && text.back() == '-') text.pop_back();
    bool year = text.size() == 4 && digits(text);
    bool year_month = text.size() == 7 && digits(text.substr(0, 4)) && text[4] == '-' && digits(text.substr(5));
    if (!year && !year_month) return v;
    std::string month = year_month ? text.substr(5, 2) : two_digits(int(1 + random.below(12)));
    return text.substr(0, 4) + "-" + month + "-" + two_digits(int(1 + random.below(28)));
}

bool looks_like_date(const Value& v) {
    const auto* s = std::get_if<std::string>(&v);
    return s && s->size() >= 4 && digits(s->substr(0, 4)) && (s->size() == 4 || (*s)[4] == '-');
}

bool contains(std::string_view text, std::string_view part) {
    return support::to_lower(std::string(text)).find(part) != std::string::npos;
}

// A 0/1 column by its name: is_open, has_children, active_flag.
bool flag_like(const Column& c) {
    std::string name = support::to_lower(c.name);
    return c.type == ColumnType::Boolean || name.starts_with("is_") || name.starts_with("has_") ||
           name.ends_with("flag");
}

// The text with its letters' case changed, three ways: UPPER, lower, and the first letter swapped; the
// next way where one leaves the text as it was (UPPER of 'POPLATEK TYDNE', as BIRD's financial data writes it).
std::string case_variant(const std::string& text, size_t way) {
    for (size_t tried = 0; tried < 3; ++tried, ++way) {
        std::string out = text;
        if (way % 3 == 0)
            for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
        else if (way % 3 == 1)
            for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
        else
            for (char& c : out)
                if (std::isalpha(static_cast<unsigned char>(c))) {
                    c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(static_cast<unsigned char>(c)))
                                                                     : char(std::toupper(static_cast<unsigned char>(c)));
                    break;
                }
        if (out != text) return out;
    }
    return text;
}

// Values that casts, integer division and rounding treat differently: odd integers (7 / 2 is 3),
// halves and quarters (ROUND(2.5), CAST(3.75 AS INTEGER)), whole numbers stored as reals, and
// numbers written as text (CAST('007' AS INTEGER), '10' < '9').
Value cast_value(const Column& column, Random& random) {
    switch (column.type) {
        case ColumnType::Integer: {
            static const int64_t values[] = {1, 2, 3, 5, 7, 10, -3};
            return values[random.below(std::size(values))];
        }
        case ColumnType::Real: {
            static const double values[] = {0.5, 1.25, 2.5, 3.75, -1.5, 7.0, 10.0};
            return values[random.below(std::size(values))];
        }
        default: {
            static const char* const values[] = {"12", "3.5", "007", "9", "10", "-4", "2.50"};
            return std::string(values[random.below(std::size(values))]);
        }
    }
}

// Key tuples in a set (Null has no operator<: by alternative, then by value).
struct ValueRowLess {
    bool operator()(const std::vector<Value>& a, const std::vector<Value>& b) const {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), [](const Value& x, const Value& y) {
            if (x.index() != y.index()) return x.index() < y.index();
            return std::visit(
                [&](const auto& xv) {
                    using T = std::decay_t<decltype(xv)>;
                    if constexpr (std::is_same_v<T, Null>)
                        return false;
                    else
                        return xv < std::get<T>(y);
                },
                x);
        });
    }
};

size_t column_index(const Table& table, std::string_view name) {
    for (size_t i = 0; i < table.columns.size(); ++i)
        if (support::iequals(table.columns[i].name, name)) return i;
    return size_t(-1);
}

size_t table_index(const Schema& schema, std::string_view name) {
    for (size_t i = 0; i < schema.tables.size(); ++i)
        if (support::iequals(schema.tables[i].name, name)) return i;
    return size_t(-1);
}

// Rows of table `from` refer to rows of table `to`: a declared foreign key, or a join of the queries.
struct Reference {
    size_t from = 0, to = 0;
    std::vector<size_t> from_columns, to_columns;
    bool declared = true;
};

std::vector<Reference> declared_references(const Schema& schema) {
    std::vector<Reference> out;
    for (size_t t = 0; t < schema.tables.size(); ++t) {
        const Table& table = schema.tables[t];
        for (const ForeignKey& fk : table.foreign_keys) {
            Reference r;
            r.from = t;
            r.to = table_index(schema, fk.referenced_table);
            if (r.to == size_t(-1)) continue;
            const Table& target = schema.tables[r.to];
            bool known = true;
            for (size_t k = 0; k < fk.columns.size(); ++k) {
                r.from_columns.push_back(column_index(table, fk.columns[k]));
                size_t referenced = size_t(-1);
                if (k < fk.referenced_columns.size())
                    referenced = column_index(target, fk.referenced_columns[k]);
                else if (k < target.primary_key.size())
                    referenced = column_index(target, target.primary_key[k]);
                r.to_columns.push_back(referenced);
                known &= r.from_columns.back() != size_t(-1) && referenced != size_t(-1);
            }
            if (known && !r.from_columns.empty()) out.push_back(std::move(r));
        }
    }
    return out;
}

// The table of one side of a join condition: the named one, or the first table of the queries that
// has the column.
size_t link_table(const Schema& schema, const LiteralHints& hints, const std::string& table, const std::string& column) {
    if (!table.empty()) {
        size_t t = table_index(schema, table);
        return t != size_t(-1) && column_index(schema.tables[t], column) != size_t(-1) ? t : size_t(-1);
    }
    for (const std::string& name : hints.tables)
        if (size_t t = table_index(schema, name); t != size_t(-1) && column_index(schema.tables[t], column) != size_t(-1))
            return t;
    return size_t(-1);
}

bool is_sole_key(const Table& table, size_t column) {
    return table.primary_key.size() == 1 && support::iequals(table.primary_key[0], table.columns[column].name);
}

// The declared references plus the joins of the queries that no declared one covers. The side whose
// column is its table's key is the referenced one; otherwise the right side of the condition.
std::vector<Reference> references(const Schema& schema, const LiteralHints& hints) {
    std::vector<Reference> out = declared_references(schema);
    auto taken = [&](size_t table, size_t column) {
        for (const Reference& r : out)
            if (r.from == table && std::find(r.from_columns.begin(), r.from_columns.end(), column) != r.from_columns.end())
                return true;
        return false;
    };
    struct Side {
        size_t table, column;
        bool operator==(const Side&) const = default;
    };
    std::vector<std::pair<Side, Side>> sides;
    for (const LiteralHints::Link& link : hints.links) {
        size_t a = link_table(schema, hints, link.left_table, link.left_column);
        size_t b = link_table(schema, hints, link.right_table, link.right_column);
        if (a == size_t(-1) || b == size_t(-1) || a == b) continue;
        sides.push_back({{a, column_index(schema.tables[a], link.left_column)},
                         {b, column_index(schema.tables[b], link.right_column)}});
    }
    // A column many joins meet at (Player.player_api_id against away_player_1 .. 11) is the one
    // referred to.
    auto meetings = [&](const Side& s) {
        return std::count_if(sides.begin(), sides.end(), [&](const auto& p) { return p.first == s || p.second == s; });
    };
    for (auto [left, right] : sides) {
        if (meetings(left) > meetings(right)) std::swap(left, right);
        size_t a = left.table, b = right.table, ca = left.column, cb = right.column;
        bool covered = false;
        for (const Reference& r : out)
            for (size_t k = 0; k < r.from_columns.size(); ++k)
                covered |= (r.from == a && r.to == b && r.from_columns[k] == ca && r.to_columns[k] == cb) ||
                           (r.from == b && r.to == a && r.from_columns[k] == cb && r.to_columns[k] == ca);
        if (covered) continue;
        Reference r;
        r.declared = false;
        if (is_sole_key(schema.tables[a], ca) && !is_sole_key(schema.tables[b], cb))
            r.from = b, r.to = a, r.from_columns = {cb}, r.to_columns = {ca};
        else
            r.from = a, r.to = b, r.from_columns = {ca}, r.to_columns = {cb};
        if (taken(r.from, r.from_columns[0]) || schema.tables[r.from].columns[r.from_columns[0]].primary_key) continue;
        out.push_back(std::move(r));
    }
    return out;
}

// The tables in an order where referenced tables come first (cycles broken in schema order).
std::vector<size_t> fill_order(const Schema& schema, const std::vector<Reference>& refs) {
    std::vector<size_t> order;
    std::vector<bool> placed(schema.tables.size(), false);
    while (order.size() < schema.tables.size()) {
        bool progress = false;
        for (size_t i = 0; i < schema.tables.size(); ++i) {
            if (placed[i]) continue;
            bool ready = true;
            for (const Reference& r : refs)
                if (r.from == i && r.to != i && !placed[r.to]) ready = false;
            if (ready) placed[i] = true, order.push_back(i), progress = true;
        }
        if (!progress) {
            for (size_t i = 0; i < schema.tables.size(); ++i)
                if (!placed[i]) {
                    placed[i] = true;
                    order.push_back(i);
                    break;
                }
        }
    }
    return order;
}

// The regrouping data's group rows (Generator::regroup_copy).
constexpr size_t kRegroupRows = 9;

// How many databases of `kind` come before database `index` in a run (kinds_for's order, round after round).
size_t databases_of_kind_before(const LiteralHints& hints, size_t index, DataKind kind) {
    if (index < kPlainDatabases) return 0;
    const std::vector<DataKind> kinds = kinds_for(hints);
    size_t n = 0;
    for (size_t i = kPlainDatabases; i < index; ++i) n += kinds[(i - kPlainDatabases) % kinds.size()] == kind;
    return n;
}

class Generator {
public:
    Generator(const Schema& schema, const LiteralHints& hints, uint64_t seed, size_t index, DataKind kind, bool fan_out,
              bool regroup = false)
        : schema_(schema),
          hints_(hints),
          random_(seed, index),
          index_(index),
          kind_(kind),
          fan_out_(fan_out),
          regroup_(regroup),
          kind_ordinal_(databases_of_kind_before(hints, index, kind)),
          refs_(references(schema, hints)) {}

    SynthDatabase run() {
        SynthDatabase db;
        db.tables.resize(schema_.tables.size());
        for (size_t i = 0; i < schema_.tables.size(); ++i) {
            const Table& t = schema_.tables[i];
            db.tables[i].name = t.name;
            for (const Column& c : t.columns) {
                db.tables[i].columns.push_back(c.name);
                db.tables[i].declared_types.push_back(declared_type_for(c));
            }
        }
        // An index on a column several references meet at (Player.player_api_id, which eleven
        // columns of Match refer to): a query may join the table as many times. Indexing every
        // referenced column would cost a fifth of the time for nothing on the common two-way join.
        for (const Reference& r : refs_)
            for (size_t c : r.to_columns) {
                size_t meeting = std::count_if(refs_.begin(), refs_.end(), [&](const Reference& o) {
                    return o.to == r.to && std::find(o.to_columns.begin(), o.to_columns.end(), c) != o.to_columns.end();
                });
                std::vector<std::string>& indexed = db.tables[r.to].indexed;
                const std::string& name = schema_.tables[r.to].columns[c].name;
                if (meeting >= 3 && std::find(indexed.begin(), indexed.end(), name) == indexed.end())
                    indexed.push_back(name);
            }
        no_match_ = no_match();
        all_nulls_ = kind_ == DataKind::Nulls && kind_ordinal_ % 2 == 1;
        if (kind_ == DataKind::Empty) choose_empty_tables();
        plan_goal_rows();
        for (size_t i : fill_order(schema_, refs_)) fill(db, i);
        return db;
    }

private:
    // References cover the referenced rows, as on most real data; the empty databases leave some
    // referenced rows without a referencing one (empty groups), duplicates and ties have their own.
    bool covering() const {
        return kind_ != DataKind::Empty && kind_ != DataKind::Duplicates && kind_ != DataKind::Ties;
    }
    bool read(const Column& c) const { return LiteralHints::reads(hints_.read_columns, c.name); }
    // Names repeat (a literal names several rows) on the duplicates data, and on the ties data in a column
    // under ORDER BY (ties there are the point). Elsewhere a name is one entity's: on the ties data a
    // repeated 'DC Comics' would cut ties through a scalar subquery over several rows, two edge cases in one.
    bool names_repeat(const Column& c) const {
        return kind_ == DataKind::Duplicates || (kind_ == DataKind::Ties && in(hints_.order_columns, c));
    }
    bool in(const std::vector<std::string>& columns, const Column& c) const { return LiteralHints::reads(columns, c.name); }
    bool nullable(const Column& c) const { return !c.primary_key && !c.not_null; }
    static bool declared_unique(const Table& table, const Column& c) {
        return std::any_of(table.unique_keys.begin(), table.unique_keys.end(), [&](const std::vector<std::string>& key) {
            return key.size() == 1 && support::iequals(key[0], c.name);
        });
    }
    // Whether the column refers to another table (a declared or implied reference).
    bool refers(size_t table, const Column& c) const {
        size_t index = size_t(&c - schema_.tables[table].columns.data());
        return std::any_of(refs_.begin(), refs_.end(), [&](const Reference& r) {
            return r.from == table && std::find(r.from_columns.begin(), r.from_columns.end(), index) != r.from_columns.end();
        });
    }

    // The "empty" databases empty some of the tables the queries read: each with even odds, at least
    // one (a different one from database to database).
    // What an empty database leaves out, in turn from one empty database of the run to the next:
    // - a table the queries name (its rows), with empty groups elsewhere;
    // - with goals of several blocks, the rows of every other block's goal (a row a scalar subquery
    //   looks for is missing; the goals of one block, an OR's branches, count as one);
    // - no match: every table keeps its rows, none passes a filter (each column a filter compares
    //   holds values that fail it: `x > 30` 29 and 28, `status = 'paid'` the column's own texts; no
    //   goal rows). SUM over the rows a WHERE selects is NULL there, SUM(CASE .. ELSE 0) over all
    //   rows 0, where the empty table has NULL for both (and COUNT(*) WHERE against SUM(x = 'FR')
    //   differ on the empty table only).
    // The order: several blocks: missing goals, no match, empty table; else empty table, no match.
    // Where one query filters on a column the other does not (CASE against WHERE), each round of
    // kinds has two empty databases (kinds_for): the first two variants both run.
    enum class EmptyVariant : uint8_t { Table, MissingGoals, NoMatch };
    // The variant of the run's empty database number n (0 for the first).
    EmptyVariant empty_variant_at(size_t n) const {
        const bool filters = std::any_of(hints_.goals.begin(), hints_.goals.end(),
                                         [](const LiteralHints::Goal& g) { return !g.terms.empty(); });
        if (several_blocks()) {
            static const EmptyVariant order[] = {EmptyVariant::MissingGoals, EmptyVariant::NoMatch, EmptyVariant::Table};
            EmptyVariant v = order[n % 3];
            return v == EmptyVariant::NoMatch && !filters ? EmptyVariant::Table : v;
        }
        return filters && n % 2 == 1 ? EmptyVariant::NoMatch : EmptyVariant::Table;
    }
    // (kind_ordinal_ counts the empty databases before this one: the variants are for the empty data only)
    EmptyVariant empty_variant() const { return empty_variant_at(kind_ordinal_); }
    // How many empty databases of the run before this one left a table empty (EmptyVariant::Table).
    size_t table_turn() const {
        size_t turns = 0;
        for (size_t n = 0; n < kind_ordinal_; ++n) turns += empty_variant_at(n) == EmptyVariant::Table;
        return turns;
    }
    bool missing_goals() const { return kind_ == DataKind::Empty && empty_variant() == EmptyVariant::MissingGoals; }
    bool no_match() const { return kind_ == DataKind::Empty && empty_variant() == EmptyVariant::NoMatch; }
    bool several_blocks() const {
        return std::any_of(hints_.goals.begin(), hints_.goals.end(), [](const auto& g) { return g.block > 0; });
    }
    // The goal term a no-match column fails: one compared with this column of the table being drawn.
    const LiteralHints::Goal::Term* filtered_term(const Column& column) const {
        if (!current_table_) return nullptr;
        for (const LiteralHints::Goal& goal : hints_.goals)
            for (const LiteralHints::Goal::Term& term : goal.terms)
                if (support::iequals(term.column, column.name) &&
                    (term.table.empty() || support::iequals(term.table, current_table_->name)) &&
                    (!term.dated || date_like(column)))
                    return &term;
        return nullptr;
    }

    void choose_empty_tables() {
        if (missing_goals() || no_match_) return;  // the rows missing are the goals', or the filters select none
        // (the tables one query names and the other does not first: emptied, they tell a join from
        // none; a table both name empties both results alike)
        std::vector<size_t> named;
        auto by_both = [&](const std::string& name) {
            size_t queries = 0;
            for (const auto& [query, table] : hints_.tables_by_query) queries += table == name;
            return queries >= 2;
        };
        for (bool both : {false, true})
            for (const std::string& name : hints_.tables)
                if (size_t t = table_index(schema_, name); t != size_t(-1) && by_both(name) == both) named.push_back(t);
        if (named.empty()) return;
        // One table the queries name (in turn from database to database); and in all of them half
        // of the referenced rows have no referencing row (empty groups, draw_row).
        // (in turn by the empty databases that leave a table empty, not by the database's index: a
        // run whose kinds list is one longer would otherwise empty the same table twice)
        empty_.push_back(named[table_turn() % named.size()]);
    }

    struct GoalRow {
        size_t goal = 0, copy = 0;
        std::string alias;                               // the alias whose terms it satisfies ("": any)
        std::vector<std::pair<size_t, Value>> values;   // column index, value
        std::vector<size_t> once;                        // columns whose value names one row (keys, names)
        bool dropped = false;                            // a copy that would repeat a key or a name
        bool apart = false;  // the regrouping data's third referenced row: unlike the first two, not a copy
    };
    struct PlacedGoal {
        size_t goal, copy;
        std::string alias;
        size_t row;       // in the table (goal_same_: the index of the planned row it shares)
        size_t plan = 0;  // the index in goal_rows_
    };
    // Rows that satisfy the queries' filters (LiteralHints::Goal): each table a goal's block reads gets
    // two of them, first in the table: the goal's values for its columns (the second row the other
    // satisfying value, or none where it would repeat a key or a name), and references to the goal's
    // rows of the referenced table. Every table of the block takes part, with or without values, so
    // that the rows a filtered join meets are the goal's. On the boundary data the second row holds
    // the term's edge value (the literal of `x > 30`, 'xBluex' for LIKE '%Blue%'), on the case data a
    // case variant: a near miss among rows that pass every other filter. Not on the cast data.
    void plan_goal_rows() {
        goal_rows_.assign(schema_.tables.size(), {});
        goal_placed_.assign(schema_.tables.size(), {});
        goal_same_.assign(schema_.tables.size(), {});
        if (kind_ == DataKind::Cast || no_match_) return;
        for (size_t g = 0; g < hints_.goals.size(); ++g) {
            // The first empty data of a run with several goals leaves out every other goal's rows: a
            // row one query's filters look for is missing (a scalar subquery over nothing against a
            // SUM over the rows there are).
            if (missing_goals() && hints_.goals[g].block % 2 == 1) continue;
            const LiteralHints::Goal& goal = hints_.goals[g];
            std::vector<size_t> tables;
            for (const std::string& name : goal.tables)
                if (size_t t = table_index(schema_, name); t != size_t(-1)) tables.push_back(t);
            // Rows per table and alias: a table joined twice (colour as eye and as hair colour) has a
            // group of rows for each alias its terms name; `copies` rows each (two, or one more than
            // the block's LIMIT: a cut needs rows past it).
            // A HAVING's group is many rows of the table no other of the block refers to (the visits,
            // not the employee they are under: the others hold the usual copies, and all of the group's
            // rows refer to their first).
            auto in_group = [&](size_t t) {
                if (!goal.group_rows) return false;
                for (const Reference& r : refs_)
                    if (r.to == t && r.from != t && std::find(tables.begin(), tables.end(), r.from) != tables.end())
                        return false;
                return true;
            };
            auto copies_in = [&](size_t t) { return in_group(t) ? std::max(goal.copies, goal.group_rows) : goal.copies; };
            auto group = [&](const std::string& alias, size_t copies) {
                std::vector<GoalRow> out;
                for (size_t k = 0; k < copies; ++k) out.push_back(GoalRow{g, k, alias, {}, {}});
                return out;
            };
            std::vector<std::vector<GoalRow>> rows(schema_.tables.size());
            for (size_t t : tables) rows[t] = group("", copies_in(t));
            // The case data varies one compared text per later copy, in turn from one case database of the
            // run to the next: a copy with every text in another case fails the filters that keep their
            // case in both queries (`first = 'Kacey' AND last = 'Gibson'` against `first LIKE 'Kacey' AND
            // last = 'Gibson'` parts only on 'kacey' beside 'Gibson').
            const size_t case_terms = static_cast<size_t>(
                std::count_if(goal.terms.begin(), goal.terms.end(), [&](const LiteralHints::Goal::Term& term) {
                    return LiteralHints::reads(hints_.case_columns, term.column);
                }));
            // (not on the first case database where the copies hold a conditional aggregate's compared texts, below:
            // the copy that holds the denominator's literal, `SUM(County = 'Humboldt')`, must pass the filters)
            const bool conditional_texts =
                kind_ == DataKind::Case && kind_ordinal_ % 2 == 0 &&
                std::any_of(hints_.conditional_values.begin(), hints_.conditional_values.end(), [&](const auto& values) {
                    return LiteralHints::reads(hints_.case_columns, values.first) && !hints_.is_date_column(values.first) &&
                           std::none_of(goal.terms.begin(), goal.terms.end(), [&](const LiteralHints::Goal::Term& term) {
                               return support::iequals(term.column, values.first);
                           });
                });
            size_t case_term = 0;
            std::vector<size_t> case_copies;  // the copies that hold a text in another case
            // A block's goal whose rows refer to a subquery's (`setCode IN (SELECT code FROM sets WHERE name =
            // 'Mirrodin') AND language = 'Chinese Simplified'`) varies its texts on every other case database, the
            // subquery's goal on the others: a copy in another case in both would fail `=` and LIKE alike.
            const bool links_in = !goal.in_links.empty();
            const bool linked_to = std::any_of(hints_.goals.begin(), hints_.goals.end(), [&](const LiteralHints::Goal& other) {
                return std::any_of(other.in_links.begin(), other.in_links.end(),
                                   [&](const auto& link) { return link.second == goal.block; });
            });
            const bool linked_case_turn = !(links_in && kind_ordinal_ % 2 == 0) && !(linked_to && kind_ordinal_ % 2 == 1);
            for (const LiteralHints::Goal::Term& term : goal.terms) {
                const bool case_compared = LiteralHints::reads(hints_.case_columns, term.column);
                const size_t case_index = case_compared ? case_term++ : 0;
                auto case_varied = [&](size_t copy) {
                    return case_compared && !conditional_texts && linked_case_turn &&
                           (copy - 1 + kind_ordinal_) % case_terms == case_index;
                };
                size_t t = size_t(-1), c = size_t(-1);
                if (!term.table.empty()) {
                    t = table_index(schema_, term.table);
                    if (t != size_t(-1)) c = column_index(schema_.tables[t], term.column);
                } else
                    for (size_t candidate : tables)
                        if (c = column_index(schema_.tables[candidate], term.column); c != size_t(-1)) {
                            t = candidate;
                            break;
                        }
                if (t == size_t(-1) || c == size_t(-1) || rows[t].empty()) continue;
                const size_t copies = copies_in(t);
                auto at = std::find_if(rows[t].begin(), rows[t].end(), [&](const GoalRow& r) { return r.alias == term.alias; });
                if (at == rows[t].end()) {
                    // The first alias takes the rows with no alias yet; another gets a group of its own.
                    if (rows[t][0].alias.empty() && rows[t][0].values.empty()) {
                        for (size_t k = 0; k < copies; ++k) rows[t][k].alias = term.alias;
                        at = rows[t].begin();
                    } else {
                        size_t from = rows[t].size();
                        for (GoalRow& r : group(term.alias, copies_in(t))) rows[t].push_back(std::move(r));
                        at = rows[t].begin() + std::ptrdiff_t(from);
                    }
                }
                const Column& column = schema_.tables[t].columns[c];
                // `x IS NULL`: NULL in every copy, where the schema allows it.
                if (std::holds_alternative<Null>(term.value)) {
                    if (nullable(column))
                        for (size_t k = 0; k < copies; ++k) at[k].values.emplace_back(c, Null{});
                    continue;
                }
                // A number written as text (CardID = '667467') is the number to a numeric column.
                LiteralHints::Goal::Term numeric = term;
                if (epoch_like(column))
                    for (Value* v : {&numeric.value, &numeric.other, &numeric.edge}) *v = in_column_form(column, *v);
                for (Value* v : {&numeric.value, &numeric.other, &numeric.edge})
                    if (const auto* text = std::get_if<std::string>(v);
                        text && digits(*text) && text->size() < 16 &&
                        (column.type == ColumnType::Integer || column.type == ColumnType::Real))
                        *v = int64_t(std::stoll(*text));
                if (!suits(numeric.value, column.type)) continue;
                // Solved arithmetic is about numbers: not for a text or date column.
                if (term.numeric &&
                    ((column.type != ColumnType::Integer && column.type != ColumnType::Real) || date_like(column)))
                    continue;
                // Two columns compared as dates: only where the column holds dates.
                if (term.dated && !date_like(column)) continue;
                if (term.placed && (date_like(column) || column.type != ColumnType::Text)) continue;
                current_table_ = &schema_.tables[t];
                // A second row with the same key or name would not be another row of real data.
                // (a HAVING's group shares its names: the visits of one city)
                const bool sole = is_sole_key(schema_.tables[t], c) || referenced(column, true);
                bool once = sole || (name_like(column) && !names_repeat(column) && !in_group(t));
                for (size_t k = 0; k < copies; ++k) {
                    Value v = k == 0 ? numeric.value : kind_ == DataKind::Boundary && k == 1 ? numeric.edge : numeric.other;
                    // One spelling on all but the case data: the expected query's (its hints come first).
                    if (const std::vector<Value>* spelled = hints_.find(column.name); spelled && kind_ != DataKind::Case)
                        v = first_spelling(*spelled, v);
                    v = in_column_form(column, v);
                    const Value& first = k == 0 ? v : at[0].values.back().second;
                    if (k > 0 && kind_ == DataKind::Case && case_varied(k))
                        if (const auto* text = std::get_if<std::string>(&first)) {
                            v = case_variant(*text, random_.below(3));
                            case_copies.push_back(k);
                        }
                    // Ties hold one value under ORDER BY in the rows the filters select; duplicates
                    // the same values in every copy.
                    if (k > 0 && ((kind_ == DataKind::Ties && in(hints_.order_columns, column)) || kind_ == DataKind::Duplicates))
                        v = first;
                    // (on the case data a later copy that repeats a name is another row, whose other compared
                    // text is in another case)
                    const bool case_copy = k > 0 && !sole && kind_ == DataKind::Case && case_terms > 0;
                    if (k > 0 && once && v == first && !case_copy) at[k].dropped = true;
                    at[k].values.emplace_back(c, std::move(v));
                    if (once && !case_copy) at[k].once.push_back(c);
                }
            }
            // The case data: where a block ranks its rows by a number before a LIMIT (`WHERE Currency = 'EUR' ORDER
            // BY Consumption DESC LIMIT 1`, `.. GROUP BY CustomerID ORDER BY SUM(Consumption) ASC LIMIT 1`), the copy
            // in another case ranks first, so that the query that matches it (LIKE) returns it and the one that does
            // not (=) another row: drawn, it ranked first now and then (a copy the filters give that number keeps it).
            // Not in a group's rows, whose copies are under one referenced row, the one in another case or not.
            const Table* term_table = current_table_;
            if (kind_ == DataKind::Case && !case_copies.empty() && !goal.group_of_two && goal.group_rows == 0)
                for (size_t t : tables) {
                    current_table_ = &schema_.tables[t];
                    for (const auto& [name, descending] : hints_.ranked_columns) {
                        const size_t c = column_index(schema_.tables[t], name);
                        if (c == size_t(-1)) continue;
                        const Column& column = schema_.tables[t].columns[c];
                        if ((column.type != ColumnType::Integer && column.type != ColumnType::Real) || date_like(column) ||
                            epoch_like(column) || flag_like(column) || column.primary_key || refers(t, column) ||
                            referenced(column))
                            continue;
                        const Value first_rank = ranking_first(column, descending);
                        for (GoalRow& row : rows[t])
                            if (std::find(case_copies.begin(), case_copies.end(), row.copy) != case_copies.end() &&
                                !goal_value_in(row, c))
                                row.values.emplace_back(c, first_rank);
                    }
                }
            current_table_ = term_table;
            // The case data: where no filter gives a value to a column a conditional aggregate compares with
            // literals (`SUM(CASE WHEN DOC = 54 ..) / SUM(CASE WHEN DOC = 52 ..)`, `SUM(gender = 'F')`, IIF), the goal's
            // copies hold those literals in turn, so that the copy in another case falls in the condition (drawn, the
            // column often held neither literal: each ratio was 0 / 0 on both sides). A compared text is itself in
            // another case in the first copy (`gender LIKE 'F'` against `gender = 'F'`; a goal under one named row
            // may have no other copy), the later copies hold the next literals as written (a ratio's denominator,
            // `SUM(County = 'Humboldt')`, has its row: the second copy holding the first literal again left it 0 and
            // both ratios NULL). Plain data keeps its drawn values, which fall in and out of the condition in more ways.
            if (kind_ == DataKind::Case)
                for (const auto& [name, literals] : hints_.conditional_values)
                    for (size_t t : tables) {
                        const size_t c = column_index(schema_.tables[t], name);
                        if (c == size_t(-1)) continue;
                        const Column& column = schema_.tables[t].columns[c];
                        if (column.primary_key || refers(t, column) || referenced(column)) continue;
                        const bool text_compared = in(hints_.case_columns, column);
                        for (GoalRow& row : rows[t]) {
                            if ((!text_compared && row.copy >= literals.size()) || goal_value_in(row, c)) continue;
                            const size_t literal = row.copy % literals.size();
                            Value v = in_column_form(column, literals[literal]);
                            if (const auto* text = std::get_if<std::string>(&v); text && text_compared && row.copy == 0)
                                v = case_variant(*text, random_.below(3));
                            if (suits(v, column.type)) row.values.emplace_back(c, std::move(v));
                        }
                    }
            // A value a goal gives a referring column (CustomerID = 7 in yearmonth) needs the referenced
            // row (customers 7): the referenced table gets goal rows holding it.
            for (size_t n = 0; n < tables.size(); ++n) {
                const size_t t = tables[n];
                for (const Reference& r : refs_) {
                    if (r.from != t || r.to == t || r.from_columns.size() != 1) continue;
                    for (size_t k = 0; k < rows[t].size(); ++k)
                        if (const Value* v = goal_value_in(rows[t][k], r.from_columns[0]); v && !rows[t][k].dropped) {
                            if (rows[r.to].empty()) {
                                rows[r.to] = group("", goal.copies);
                                for (GoalRow& row : rows[r.to]) row.dropped = true;  // until a value comes
                                tables.push_back(r.to);
                            }
                            GoalRow& target = rows[r.to][std::min(rows[t][k].copy, rows[r.to].size() - 1)];
                            if (goal_value_in(target, r.to_columns[0])) continue;
                            target.dropped = false;
                            target.values.emplace_back(r.to_columns[0], *v);
                            target.once.push_back(r.to_columns[0]);  // a referenced value names its row
                        }
                }
            }
            current_table_ = nullptr;
            for (size_t t : tables)
                for (GoalRow& row : rows[t]) {
                    if (row.dropped) continue;
                    // A key or a name another goal row already holds is that row's (colour 'Black' as
                    // eye and as hair colour is one row): the goal refers to it instead.
                    size_t same = size_t(-1);
                    for (size_t k = 0; k < goal_rows_[t].size() && same == size_t(-1); ++k)
                        for (size_t c : row.once)
                            for (const auto& [index, v] : goal_rows_[t][k].values)
                                if (index == c && v == *goal_value_in(row, c)) same = k;
                    if (same != size_t(-1))
                        goal_same_[t].push_back({row.goal, row.copy, row.alias, same});
                    else if (goal_rows_[t].size() < (hints_.goals[g].group_rows ? 40 : std::max<size_t>(8, hints_.goals[g].copies)))
                        goal_rows_[t].push_back(std::move(row));
                }
            for (size_t t : tables)
                if (in_group(t)) group_tables_.emplace_back(g, t);
            // The regrouping data: the group's table holds the group's rows alone (other rows there
            // would make groups of their own, lighter or heavier than the three), the third row of
            // each table the group refers to is one of its own.
            if (regroup_ && goal.regroup)
                for (size_t t : tables) {
                    if (in_group(t)) {
                        regroup_tables_.push_back(t);
                        continue;
                    }
                    // (on the nulls data each referenced row is its own group: the second too)
                    for (GoalRow& row : goal_rows_[t])
                        if (row.goal == g && (row.copy == 2 || (row.copy == 1 && kind_ == DataKind::Nulls))) row.apart = true;
                }
        }
    }

    // The regrouping data's group rows: rows 0-1 under the first referenced row, 2-4 under the second
    // (alike but for its key), 5-8 under the third (unlike them). Each row's summed value: 2 2, 2 2
    // 1, 3 2 1 1, so that the groups weigh 2, 3 and 4 counted, 4, 5 and 7 summed: no two tie, and the
    // third weighs less than the first two merged. The top of either direction is then another group
    // once the first two merge (DESC: the third alone, the merged two; ASC: the first alone, the
    // third). Where a key lets each group keep its first row only ((customer, month)), they weigh 2, 2
    // and 3: the same, and the first two tie for the ASC top (ORDER BY SUM(x) LIMIT 1 against ORDER BY
    // x LIMIT 1 over one row per customer differ only there).
    static size_t regroup_copy(size_t row) { return row < 2 ? 0 : row < 5 ? 1 : 2; }
    static int64_t regroup_weight(size_t row) {
        static const int64_t weights[kRegroupRows] = {2, 2, 2, 2, 1, 3, 2, 1, 1};
        return weights[std::min(row, kRegroupRows - 1)];
    }
    // Whether table t holds the rows of the HAVING group of the goal row being drawn.
    bool in_own_group(size_t t) const {
        return goal_row_ && std::find(group_tables_.begin(), group_tables_.end(), std::pair{goal_row_->goal, t}) !=
                                group_tables_.end();
    }
    bool regroup_table(size_t t) const {
        return std::find(regroup_tables_.begin(), regroup_tables_.end(), t) != regroup_tables_.end();
    }

    // A number past every value a number column holds (drawn 0-9, or a literal the queries compare it with),
    // above them where the first rank is the largest.
    Value ranking_first(const Column& column, bool largest) const {
        double bound = 9;
        if (const std::vector<Value>* literals = hints_.find(column.name))
            for (const Value& v : *literals) {
                if (const auto* i = std::get_if<int64_t>(&v)) bound = std::max(bound, std::abs(double(*i)));
                if (const auto* d = std::get_if<double>(&v)) bound = std::max(bound, std::abs(*d));
            }
        const double past = (largest ? 1 : -1) * (std::floor(bound) * 10 + 1000);
        if (column.type == ColumnType::Real) return past;
        return int64_t(past);
    }
    static const Value* goal_value_in(const GoalRow& row, size_t column) {
        for (const auto& [index, v] : row.values)
            if (index == column) return &v;
        return nullptr;
    }

    // The first of the goal's tables with a nullable column an aggregate reads (not a key or a reference: a NULL
    // there leaves the join), or npos.
    size_t aggregated_null_table(const LiteralHints::Goal& goal) const {
        for (const std::string& name : goal.tables) {
            const size_t t = table_index(schema_, name);
            if (t == size_t(-1)) continue;
            for (const Column& c : schema_.tables[t].columns)
                if (nullable(c) && read(c) && in(hints_.aggregated_columns, c) && !refers(t, c)) return t;
        }
        return size_t(-1);
    }

    // The current goal row has no second copy in its table (its filters name one row, by a key or a name).
    bool single_goal_row(size_t table_index) const {
        return std::none_of(goal_rows_[table_index].begin(), goal_rows_[table_index].end(), [&](const GoalRow& r) {
            return r.goal == goal_row_->goal && r.alias == goal_row_->alias && r.copy == 1;
        });
    }

    // The row of table `t` that plays (goal, copy) for the alias (any when the table has one pair), or
    // the first such row; npos when none.
    size_t goal_row_of(size_t t, size_t goal, size_t copy, const std::string& alias, bool* exact = nullptr) const {
        if (exact) *exact = false;
        std::vector<PlacedGoal> candidates = goal_placed_[t];
        for (const PlacedGoal& same : goal_same_[t])  // `row` is the planned row it shares
            for (const PlacedGoal& p : goal_placed_[t])
                if (p.plan == same.row) candidates.push_back({same.goal, same.copy, same.alias, p.row, p.plan});
        bool aliased = std::any_of(candidates.begin(), candidates.end(),
                                   [&](const PlacedGoal& p) { return p.goal == goal && p.alias == alias; });
        size_t first = size_t(-1);
        for (const PlacedGoal& p : candidates) {
            if (p.goal != goal || (aliased && p.alias != alias)) continue;
            if (p.copy == copy) {
                if (exact) *exact = true;
                return p.row;
            }
            if (first == size_t(-1)) first = p.row;
        }
        return first;
    }

    // The row of r.to that plays the copy of the goal of a subquery the current goal's block reads through
    // r's column (`setCode IN (SELECT code FROM sets WHERE name = 'Mirrodin')`: the Mirrodin row); npos when none.
    size_t subquery_goal_row(const Table& table, const Reference& r, size_t copy) const {
        if (r.from_columns.size() != 1) return size_t(-1);
        const std::string name = support::to_lower(table.columns[r.from_columns[0]].name);
        for (const auto& [column, block] : hints_.goals[goal_row_->goal].in_links) {
            if (column != name) continue;
            for (size_t g = 0; g < hints_.goals.size(); ++g)
                if (hints_.goals[g].block == block)
                    if (size_t at = goal_row_of(r.to, g, copy, ""); at != size_t(-1)) return at;
        }
        return size_t(-1);
    }

    // Which of the references of `table` to r.to that the goal's joins follow r is (0 for the first,
    // or where the joins follow one): colour met as eye colour and as hair colour is two rows.
    size_t joined_ordinal(size_t table, const Reference& r) const {
        if (r.from_columns.size() != 1) return 0;
        const auto& joined = hints_.goals[goal_row_->goal].joined;
        size_t ordinal = 0, followed = 0;
        for (const Reference& other : refs_) {
            if (other.from != table || other.to != r.to || other.from_columns.size() != 1) continue;
            const std::string& name = schema_.tables[table].columns[other.from_columns[0]].name;
            if (!std::any_of(joined.begin(), joined.end(), [&](const auto& j) { return support::iequals(j.first, name); }))
                continue;
            if (other.from_columns[0] < r.from_columns[0]) ++ordinal;
            if (other.from_columns[0] != r.from_columns[0] || &other == &r) ++followed;
        }
        return followed >= 2 ? ordinal : 0;
    }
    // Whether the goal's joins meet table r.to through another reference of `table` than r, and not
    // through r (a goal row's superhero joined to its eye colour: the hair colour is free).
    bool joined_elsewhere(size_t table, const Reference& r) const {
        if (r.from_columns.size() != 1) return false;
        const auto& joined = hints_.goals[goal_row_->goal].joined;
        auto meets = [&](const Reference& through) {
            const std::string& name = schema_.tables[table].columns[through.from_columns[0]].name;
            return std::any_of(joined.begin(), joined.end(),
                               [&](const auto& j) { return support::iequals(j.first, name); });
        };
        if (meets(r)) return false;
        return std::any_of(refs_.begin(), refs_.end(), [&](const Reference& other) {
            return &other != &r && other.from == table && other.to == r.to && other.from_columns.size() == 1 && meets(other);
        });
    }
    // Whether table t has goal rows of its own for the goal under the alias.
    bool aliased_rows(size_t t, size_t goal, const std::string& alias) const {
        return std::any_of(goal_placed_[t].begin(), goal_placed_[t].end(),
                           [&](const PlacedGoal& p) { return p.goal == goal && p.alias == alias; });
    }

    // A key value some goal's filter names (placed or left out on purpose): other rows keep away from it.
    bool reserved_key(const Column& column, const Value& v) const {
        for (const LiteralHints::Goal& goal : hints_.goals)
            for (const LiteralHints::Goal::Term& term : goal.terms)
                if (term.value == v && support::iequals(term.column, column.name)) return true;
        return false;
    }

    const Value* goal_value(const Column& column) const {
        if (!goal_row_ || !current_table_) return nullptr;
        size_t c = size_t(&column - current_table_->columns.data());
        for (const auto& [index, v] : goal_row_->values)
            if (index == c) return &v;
        return nullptr;
    }

    // Whether the goal row being drawn belongs to a HAVING's group that the column is a GROUP BY key of.
    bool grouped_by(const Table& table, const Column& column) const {
        return goal_row_ && groups_by(hints_.goals[goal_row_->goal], table, column);
    }
    // Whether the goal's HAVING group has the column among its GROUP BY columns (table "" when unqualified).
    static bool groups_by(const LiteralHints::Goal& goal, const Table& table, const Column& column) {
        return std::any_of(goal.group_columns.begin(), goal.group_columns.end(), [&](const auto& grouped) {
            return support::iequals(grouped.second, column.name) &&
                   (grouped.first.empty() || support::iequals(grouped.first, table.name));
        });
    }

    // Whether a HAVING's group is one referenced row of `r` (GROUP BY v.emp_id, e.id or e.name): its
    // rows refer to one row there; a reference the GROUP BY leaves free (GROUP BY aid, and the did of
    // each row) goes its own way, as two rows of a link table seldom repeat a pair. Not knowing the
    // GROUP BY (an expression), every reference is the group's.
    bool groups_by_reference(const Table& table, const Reference& r) const {
        const auto& columns = hints_.goals[goal_row_->goal].group_columns;
        if (columns.empty()) return true;
        for (size_t i : r.from_columns)
            if (grouped_by(table, table.columns[i])) return true;
        const Table& target = schema_.tables[r.to];
        for (const auto& [group_table, name] : columns)
            if (group_table.empty() ? column_index(target, name) != size_t(-1) && column_index(table, name) == size_t(-1)
                                    : support::iequals(group_table, target.name))
                return true;
        return false;
    }

    // A value that fails the filter term compared with the column (the no-match data).
    Value miss(const Column& column, const LiteralHints::Goal::Term& term, size_t row) {
        const bool number = column.type == ColumnType::Integer || column.type == ColumnType::Real;
        if (!term.misses.empty() && (number || !term.numeric)) {
            Value v = term.misses[row % term.misses.size()];
            v = in_column_form(column, v);
            if (suits(v, column.type)) return v;
        }
        return domain_value(column, row);
    }

    size_t row_count(size_t table) {
        if (std::find(empty_.begin(), empty_.end(), table) != empty_.end()) return 0;
        if (index_ == 0) return 6;
        if (kind_ == DataKind::Ties) return 6 + 2 * random_.below(2);  // even: round-robin values tie
        return 4 + random_.below(7);
    }

    // A value of the column's type and name; `row` numbers the row in its table.
    // A text column that names its row's entity: `name`, `full_name`, `title`, or the table's own
    // name (race.race, colour.colour).
    bool name_like(const Column& column) const {
        if (column.type != ColumnType::Text && column.type != ColumnType::Unknown) return false;
        std::string name = support::to_lower(column.name);
        return name.find("name") != std::string::npos || name.find("title") != std::string::npos ||
               (current_table_ && support::iequals(current_table_->name, column.name));
    }
    // `declared`: by a declared foreign key (which SQL requires to be unique); else by either kind.
    bool referenced(const Column& column, bool declared = false) const {
        if (!current_table_) return false;
        size_t t = size_t(current_table_ - schema_.tables.data());
        size_t c = size_t(&column - current_table_->columns.data());
        return std::any_of(refs_.begin(), refs_.end(), [&](const Reference& r) {
            return (r.declared || !declared) && r.to == t &&
                   std::find(r.to_columns.begin(), r.to_columns.end(), c) != r.to_columns.end();
        });
    }
    // A column under ORDER BY before a LIMIT holds no value twice on data other than ties and duplicates.
    bool unique_order_key(const Column& column) const {
        return !column.primary_key && in(hints_.order_key_columns, column) && kind_ != DataKind::Ties &&
               kind_ != DataKind::Duplicates;
    }
    static Value first_spelling(const std::vector<Value>& values, const Value& v) {
        const auto* text = std::get_if<std::string>(&v);
        if (!text) return v;
        for (const Value& earlier : values)
            if (const auto* e = std::get_if<std::string>(&earlier); e && support::iequals(*e, *text)) return earlier;
        return v;
    }
    bool used(const Column& column, const Value& v) const {
        return std::any_of(used_names_.begin(), used_names_.end(),
                           [&](const auto& u) { return u.first == &column && u.second == v; });
    }

    // Dates as text: by type, by name, read by a date function, or read by SUBSTR and compared with
    // something that looks like a date or a year.
    bool date_like(const Column& column) const {
        if (epoch_like(column)) return false;
        if (datetime_like(column)) return true;
        if (column.type == ColumnType::DateTime || contains(column.declared_type, "date") ||
            contains(column.declared_type, "time") || contains(column.name, "date") ||
            contains(column.name, "birth") || hints_.is_date_column(column.name))
            return true;
        const std::vector<Value>* hinted = hints_.find(column.name);
        return hinted && LiteralHints::reads(hints_.substr_columns, column.name) &&
               std::any_of(hinted->begin(), hinted->end(), looks_like_date);
    }

    // A text column the queries read as a date and more (SUBSTR(x, 1, 10), x LIKE '2010-02-22%'): a date and a time.
    bool datetime_like(const Column& column) const {
        return column.type != ColumnType::Integer && column.type != ColumnType::Real &&
               LiteralHints::reads(hints_.datetime_columns, column.name);
    }

    // A time of day for a date of a datetime or timestamp column, as the domain's rows hold them.
    std::string time_of_day() {
        char time[16];
        std::snprintf(time, sizeof time, " %02d:%02d:00", int(8 + random_.below(10)), int(15 * random_.below(4)));
        return time;
    }

    // Seconds since 1970 in a number column (departure_time, read by datetime(x, 'unixepoch')).
    bool epoch_like(const Column& column) const {
        return (column.type == ColumnType::Integer || column.type == ColumnType::Real) &&
               hints_.is_epoch_column(column.name);
    }

    // A year for a date of the column: around the years its literals name (two either side: the rows a
    // range leaves out lie before and after it, as on real data of that time), else 2005 to 2020.
    int draw_year(const Column& column) {
        int lo = 9999, hi = 0;
        if (const std::vector<Value>* literals = hints_.find_literals(column.name))
            for (const Value& v : *literals) {
                int year = 0;
                if (const auto* text = std::get_if<std::string>(&v); text && text->size() >= 4 && digits(text->substr(0, 4)))
                    year = std::stoi(text->substr(0, 4));
                else if (const auto* i = std::get_if<int64_t>(&v))
                    year = int(*i);
                if (year >= 1900 && year <= 2099) lo = std::min(lo, year), hi = std::max(hi, year);
            }
        if (lo > hi) lo = 2005, hi = 2020;
        else lo -= 2, hi += 2;
        return lo + int(random_.below(size_t(hi - lo + 1)));
    }

    // A hinted value in the column's own form: a date text for a date column, seconds for an epoch one.
    Value in_column_form(const Column& column, const Value& v) {
        if (date_like(column)) return date_for(column, v);
        if (epoch_like(column)) return epoch_seconds(as_date(v, random_));
        return v;
    }

    // The ties databases: which of two values a column under ORDER BY holds in a row. The first such
    // column alternates; a later one (a tie-breaker: ORDER BY day, city) changes every 2^k rows and
    // runs against the scan order, so that breaking the tie picks another row than scanning does.
    size_t tie_slot(const Column& column, size_t row) const {
        size_t k = 0;
        while (k < hints_.order_columns.size() && !support::iequals(hints_.order_columns[k], column.name)) ++k;
        if (k == 0 || k >= hints_.order_columns.size()) return row % 2;
        return 1 - (row >> std::min<size_t>(k, 3)) % 2;
    }

    // Distinct for rows 0..12 of a table (5 and 13 are coprime), in no particular order, and away
    // from the small numbers literals usually are.
    int64_t unique_rank(size_t row) const { return int64_t(20 + 3 * ((row * 5 + reference_offset_) % 13)); }

    // A date column whose literals write a year and month together ('201309', BIRD's yearmonth.Date)
    // holds that form: '2012-08-24' there would be no value of the column (SUBSTR(Date, 5, 2) is the
    // month only in the compact form, and '2012-08-24' is outside BETWEEN '201201' AND '201212').
    bool compact_month(const Column& column) const {
        // (a query that reads the month as SUBSTR(x, 5, 2) says so too, unless a literal is written 'YYYY-..')
        bool compact = in(hints_.month_at_five_columns, column);
        const std::vector<Value>* hinted = hints_.find(column.name);
        if (!hinted) return compact;
        for (const Value& v : *hinted) {
            const auto* text = std::get_if<std::string>(&v);
            if (!text || text->size() < 6 || !digits(text->substr(0, 4))) continue;
            if ((*text)[4] == '-') return false;
            if (text->size() == 6 && digits(*text) && (text->substr(0, 2) == "19" || text->substr(0, 2) == "20")) {
                int month = std::atoi(text->substr(4, 2).c_str());
                compact |= month >= 1 && month <= 12;
            }
        }
        return compact;
    }

    // A hinted value for a date column in the column's form: a whole date (as_date), or a year and
    // month together where the column's literals write them so ('2013' gives '201305').
    Value date_for(const Column& column, const Value& v) {
        // A whole date in a column that holds times too gets one: midnight where a query reads the column as a
        // date and more (as BIRD's european football data writes its dates: '2010-02-22 00:00:00'), a time of
        // day in a datetime or timestamp column (where `x = '2010-07-19'` finds none of the day's rows).
        if (!compact_month(column)) {
            Value date = as_date(v, random_);
            const auto* text = std::get_if<std::string>(&date);
            if (!(datetime_like(column) || contains(column.declared_type, "time")) || !text ||
                !looks_like_whole_date(*text))
                return date;
            return *text + (datetime_like(column) ? std::string(" 00:00:00") : time_of_day());
        }
        std::string text;
        if (const auto* i = std::get_if<int64_t>(&v); i && *i >= 1000 && *i <= 2999) text = std::to_string(*i);
        if (const auto* t = std::get_if<std::string>(&v)) text = *t;
        // (a LIKE pattern's filled wildcard or an ordering's text neighbour, '201202x' and '201212a',
        // is no value of the column: the month it starts with is)
        if (text.size() > 6 && digits(text.substr(0, 6)) && !digits(text.substr(6, 1))) text.resize(6);
        if (!text.empty() && text.back() == 'x') text.pop_back();
        if (text.size() == 4 && digits(text)) return text + two_digits(int(1 + random_.below(12)));
        if (text.size() >= 7 && digits(text.substr(0, 4)) && text[4] == '-' && digits(text.substr(5, 2)))
            return text.substr(0, 4) + text.substr(5, 2);
        return text.empty() ? v : Value(text);
    }

    Value domain_value(const Column& column, size_t row) {
        if (epoch_like(column)) {
            // 2005 to 2020, at any minute of the day (times of day differ, as do days).
            constexpr int64_t k2005 = 1104537600;
            if (kind_ == DataKind::Ties && in(hints_.order_columns, column))
                return k2005 + int64_t(tie_slot(column, row) ? 2356 : 3319) * 86400 + 8 * 3600;
            const int64_t day = unique_order_key(column) ? int64_t(row) * 211 + int64_t(random_.below(200))
                                                         : int64_t(random_.below(16 * 365));
            return k2005 + day * 86400 + int64_t(random_.below(24 * 60)) * 60;
        }
        if (date_like(column) && compact_month(column)) {
            if (kind_ == DataKind::Ties && in(hints_.order_columns, column))
                return std::string(tie_slot(column, row) ? "201106" : "201402");
            return std::to_string(draw_year(column)) +
                   two_digits(int(unique_order_key(column) ? 1 + row % 12 : 1 + random_.below(12)));
        }
        if (date_like(column) && kind_ == DataKind::Ties && in(hints_.order_columns, column))
            return std::string(tie_slot(column, row) ? "2011-06-15" : "2014-02-03");  // two dates, spread evenly: they tie
        if (date_like(column)) {
            // A date under ORDER BY .. LIMIT: a distinct day per row (rows 0..27 of a table).
            std::string date = std::to_string(draw_year(column)) + "-" + two_digits(int(1 + random_.below(12))) + "-" +
                               two_digits(int(1 + (unique_order_key(column) ? row % 28 : random_.below(28))));
            if (datetime_like(column)) return date + " 00:00:00";
            if (contains(column.declared_type, "time") && random_.chance(50)) date += time_of_day();
            return date;
        }
        size_t distinct = kind_ == DataKind::Duplicates && read(column) ? 3 : 0;
        if (kind_ == DataKind::Ties && in(hints_.order_columns, column)) distinct = 2;
        switch (column.type) {
            case ColumnType::Integer:
                if (flag_like(column)) return int64_t(random_.below(2));
                if (distinct) return int64_t(1 + (kind_ == DataKind::Ties ? tie_slot(column, row) % distinct : random_.below(distinct)));
                if (unique_order_key(column)) return int64_t(unique_rank(row));
                return int64_t(random_.below(10));
            case ColumnType::Boolean: return int64_t(random_.below(2));
            case ColumnType::Real:
                if (distinct) return double(1 + (kind_ == DataKind::Ties ? tie_slot(column, row) % distinct : random_.below(distinct)));
                if (unique_order_key(column)) return double(unique_rank(row)) + 0.5;
                // Mostly whole numbers; a few halves check rounding and averages (not in a column the
                // queries compare with a literal: values between the literals are the boundary kind's).
                if (!hints_.find(column.name) && random_.chance(20)) return double(random_.below(20)) / 2 + 0.5;
                return int64_t(random_.below(10));
            default: {
                // A text column summed or computed with holds numbers, as real data does (mostly whole,
                // some halves; the duplicates' and ties' few values numbers too).
                if (in(hints_.number_columns, column) && !column.primary_key && !referenced(column)) {
                    if (distinct)
                        return std::to_string(1 + (kind_ == DataKind::Ties ? tie_slot(column, row) % distinct
                                                                           : random_.below(distinct)));
                    if (unique_order_key(column)) return std::to_string(unique_rank(row));
                    return std::to_string(random_.below(10)) + (random_.chance(20) ? ".5" : "");
                }
                std::string base = support::to_lower(column.name);
                // Unique per column on plain data; lengths differ too (ORDER BY LENGTH(name), substr):
                // "name 1", "name 2x", "name 3xx".
                // (the ties databases number texts out of row order: a tie broken by a second key,
                // ORDER BY day, city, then picks another row than the scan order does)
                // A text the queries group by (a segment, a region) is a category: real data repeats
                // it, three values here (not a name, a key or a column rows refer to: those name one row).
                // (a goal row's group is its own: the rows a HAVING selects stay apart from the others)
                const bool category = !distinct && kind_ != DataKind::Ties && in(hints_.grouped_columns, column) &&
                                      !name_like(column) && !column.primary_key && !referenced(column) &&
                                      !unique_order_key(column);
                if (category && !goal_row_) distinct = 3;
                size_t n = distinct ? 1 + (kind_ == DataKind::Ties ? tie_slot(column, row) % distinct : random_.below(distinct))
                           : kind_ == DataKind::Ties ? size_t(unique_rank(row))
                           : category ? 4 + row
                                      : row + 1;
                std::string text = base + " " + std::to_string(n) + std::string((n - 1) % 3, 'x');
                if (kind_ == DataKind::Case && in(hints_.case_columns, column)) text = case_variant(text, random_.below(3));
                return text;
            }
        }
    }

    Value value(const Column& column, size_t row) {
        bool key = column.primary_key;
        // The boundary data: a column compared with an average holds one value in every row (goal
        // rows included), so that every row equals the average: `x > (SELECT AVG(x) ..)` selects
        // none, `>=` all. (Not keys, nor columns rows refer to or that refer: references stay whole.)
        if (kind_ == DataKind::Boundary && !key && in(hints_.average_columns, column) &&
            (column.type == ColumnType::Integer || column.type == ColumnType::Real) && !referenced(column) &&
            !(current_table_ && refers(size_t(current_table_ - schema_.tables.data()), column)))
            return int64_t(5);
        const Value* goal = goal_value(column);  // a goal row's value: the filters select the row
        if (nullable(column) && !goal) {
            if (kind_ == DataKind::Nulls && (read(column) ? &column == null_target_ : random_.chance(5))) return Null{};
        }
        // (the NULL a goal row holds in a column compared by <> or averaged by a HAVING, in place of its goal value)
        if (goal && kind_ == DataKind::Nulls && &column == null_target_ && in(hints_.goal_null_columns, column))
            return Null{};
        // The no-match data: every column a filter compares fails it (keys and what a declared foreign
        // key refers to stay unique: a key a filter names is kept free below).
        // (and on the all-NULL data, the rows other than the goals': the goal rows, NULL there, are
        // all the filters select)
        if ((no_match_ || (all_nulls_ && !goal_row_)) && !key && !referenced(column, true))
            if (const LiteralHints::Goal::Term* term = filtered_term(column)) return miss(column, *term, row);
        if (goal) {
            // Other rows keep away from a name a goal row holds (a name is one entity's).
            if (name_like(column) || unique_order_key(column)) used_names_.emplace_back(&column, *goal);
            return *goal;
        }
        if (kind_ == DataKind::Cast && !key && in(hints_.cast_columns, column) && random_.chance(85)) {
            // Around a number the queries compare the column with, mostly: 7 gives 7.5, '7.5', '07'
            // and '7' (a number as text), which casts and rounding read differently.
            const std::vector<Value>* hinted = hints_.find_literals(column.name);
            if (hinted && !hinted->empty() && random_.chance(70)) {
                const Value& v = (*hinted)[random_.below(hinted->size())];
                if (const auto* i = std::get_if<int64_t>(&v); i && *i > -1000000 && *i < 1000000) {
                    switch (random_.below(4)) {
                        case 0: return double(*i) + 0.5;
                        case 1: return std::to_string(*i) + ".5";
                        case 2: return "0" + std::to_string(*i);
                        default: return std::to_string(*i);
                    }
                }
            }
            return cast_value(column, random_);
        }
        // The literals and their neighbours on every kind of database (so that filters select rows:
        // `balance < 0` needs -1); most of the time on the boundary ones, where a real column also
        // gets the halves in between (3 gives 2.5 and 3.5).
        const bool boundary = kind_ == DataKind::Boundary;
        const std::vector<Value>* hinted = hints_.find(column.name);
        bool from_edge = false;
        if (const std::vector<Value>* edge = hints_.find_edge(column.name); boundary && edge && !edge->empty())
            if (!hinted || random_.chance(50)) hinted = edge, from_edge = true;
        unsigned hint_percent = boundary ? (key ? 60 : 90) : kind_ == DataKind::Duplicates ? 75 : (key ? 40 : 55);
        if (kind_ == DataKind::Ties && in(hints_.order_columns, column)) hint_percent = 0;
        if (hinted && !hinted->empty() && random_.chance(hint_percent)) {
            Value v = (*hinted)[random_.below(hinted->size())];
            const std::vector<Value>* literals = hints_.find_literals(column.name);
            if (boundary && !from_edge && column.type == ColumnType::Real && literals && !literals->empty() &&
                random_.chance(60)) {
                // Half a step either side of a literal: between 3 and 4 where `> 3` and `>= 4` part.
                const Value& literal = (*literals)[random_.below(literals->size())];
                if (const auto* i = std::get_if<int64_t>(&literal); i && *i > -1000000 && *i < 1000000)
                    v = double(*i) + (random_.chance(50) ? 0.5 : -0.5);
                else if (const auto* d = std::get_if<double>(&literal))
                    v = *d + (random_.chance(50) ? 0.25 : -0.25);
            }
            if (kind_ == DataKind::Case && in(hints_.case_columns, column) && !date_like(column) && random_.chance(70))
                if (const auto* text = std::get_if<std::string>(&v)) v = case_variant(*text, random_.below(3));
            // Real data spells a value one way: where the queries write it two ways ('south Bohemia'
            // against LIKE '%South Bohemia%'), every other kind holds the first spelling only (the
            // expected query's: its hints come first), and the case databases hold the others.
            if (kind_ != DataKind::Case) v = first_spelling(*hinted, v);
            v = in_column_form(column, v);
            // A name is one entity's: a literal compared with `race` or `full_name` names one row of
            // its table on data like the real one (not on the duplicates and ties databases).
            // The same for a key under ORDER BY .. LIMIT: real values seldom tie, ties are the ties kind's.
            bool once = (name_like(column) || unique_order_key(column)) && !names_repeat(column);
            // (a key a goal's filter names is the goal row's, or missing on purpose)
            if (suits(v, column.type) && !(once && used(column, v)) && !(key && reserved_key(column, v))) {
                if (once) used_names_.emplace_back(&column, v);
                return v;
            }
        }
        // A loose literal now and then (not in dates: '2012-%' is no date, however loose; and, but on
        // the boundary databases, not in a column with literals of its own: `x > 30` puts 30 in
        // the boundary data only, a pattern '%Paris%' is no city).
        if (!hints_.loose.empty() && random_.chance(5) && !date_like(column) &&
            (kind_ == DataKind::Boundary || !hints_.find(column.name))) {
            Value v = hints_.loose[random_.below(hints_.loose.size())];
            if (const std::vector<Value>* spelled = hints_.find(column.name); spelled && kind_ != DataKind::Case)
                v = first_spelling(*spelled, v);
            // A name or an ORDER BY key holds it once, as a hinted value would (above).
            bool once = (name_like(column) || unique_order_key(column)) && !names_repeat(column);
            if (suits(v, column.type) && !(column.type == ColumnType::Text && !is_text_value(v)) &&
                !(once && used(column, v))) {
                if (once) used_names_.emplace_back(&column, v);
                return v;
            }
        }
        // Integer keys count up from 1, as most real tables do; other keys draw from a wider domain.
        // (Away from the keys goal rows hold: a row drawn first would take a goal row's key.)
        if (key && (column.type == ColumnType::Integer || column.type == ColumnType::Real)) {
            // (a table of more rows, a HAVING's group of 16, draws from more keys: few draws repeat one)
            Value v = int64_t(1 + random_.below(key_range_));
            for (int again = 0; again < 4 && reserved_key(column, v); ++again) v = int64_t(1 + random_.below(key_range_));
            return v;
        }
        // A column the queries join to (player_api_id) identifies its row, as a key would, except
        // where duplicates are the point; one a declared foreign key refers to always does (SQL
        // requires it unique: repeated, an 11-way self-join of Player multiplies rows past any timeout).
        if (referenced(column) &&
            (referenced(column, true) || (kind_ != DataKind::Duplicates && kind_ != DataKind::Ties)) &&
            (column.type == ColumnType::Integer || column.type == ColumnType::Real))
            return int64_t(row + 1);
        return domain_value(column, row);
    }

    void fill(SynthDatabase& db, size_t table_index) {
        const Table& table = schema_.tables[table_index];
        SynthTable& out = db.tables[table_index];
        current_table_ = &table;
        size_t wanted = row_count(table_index);
        if (wanted > 0) wanted = std::max(wanted, goal_rows_[table_index].size());
        // Plain data references every referenced row when it can, and some twice (fan-out, as on
        // real data: count against count distinct, sum against avg): a referencing table has two
        // rows more than the tables it refers to (at most 12), its references go round them first
        // (below), then fall anywhere.
        if (wanted > 0 && covering() && fan_out_)
            for (const Reference& r : refs_)
                if (r.from == table_index)
                    wanted = std::max(wanted, std::min<size_t>(12, db.tables[r.to].rows.size() + 2));
        // Without fan-out, a referencing table has no more rows than the tables it refers to, and its
        // references go round them once (draw_row).
        if (!fan_out_)
            for (const Reference& r : refs_)
                if (r.from == table_index && r.to != table_index && !db.tables[r.to].rows.empty())
                    wanted = std::min(wanted, db.tables[r.to].rows.size());
        const bool regrouped = regroup_table(table_index);
        if (regrouped) wanted = goal_rows_[table_index].size();
        key_range_ = std::max<size_t>(20, 2 * wanted);
        // The primary key and each UNIQUE column set hold values no two rows share (SQL lets NULLs repeat
        // in a UNIQUE set; keys are never NULL here).
        struct DistinctSet {
            std::vector<size_t> columns;
            std::set<std::vector<Value>, ValueRowLess> seen;
            std::vector<Value> values(const std::vector<Value>& row) const {
                std::vector<Value> out;
                for (size_t c : columns) out.push_back(row[c]);
                return out;
            }
        };
        std::vector<DistinctSet> distinct_sets;
        auto add_set = [&](const std::vector<std::string>& names) {
            DistinctSet set;
            for (const std::string& name : names)
                if (size_t i = column_index(table, name); i != size_t(-1)) set.columns.push_back(i);
            if (!set.columns.empty()) distinct_sets.push_back(std::move(set));
        };
        add_set(table.primary_key);
        for (const auto& names : table.unique_keys) add_set(names);
        auto repeats_a_distinct_set = [&](const std::vector<Value>& row) {
            for (const DistinctSet& set : distinct_sets) {
                std::vector<Value> values = set.values(row);
                bool has_null = std::any_of(values.begin(), values.end(),
                                            [](const Value& v) { return std::holds_alternative<Null>(v); });
                if (!has_null && set.seen.count(values)) return true;
            }
            return false;
        };
        for (size_t n = 0; n < wanted; ++n) {
            // The goal rows first, each tried a few times (a key it repeats drops it, not the rows after it).
            const GoalRow* goal = n < goal_rows_[table_index].size() ? &goal_rows_[table_index][n] : nullptr;
            for (int attempt = 0; attempt < 12; ++attempt) {
                if (attempt == 6) {
                    if (regrouped) break;  // (a group row whose key repeats goes: no row of another group)
                    goal = nullptr;
                }
                goal_row_ = goal;
                std::vector<Value> row = draw_row(db, table_index, out);
                goal_row_ = nullptr;
                if (row.empty()) break;  // a NOT NULL foreign key with nothing to reference
                if (repeats_a_distinct_set(row)) continue;
                for (DistinctSet& set : distinct_sets) set.seen.insert(set.values(row));
                if (goal) goal_placed_[table_index].push_back({goal->goal, goal->copy, goal->alias, out.rows.size(), n});
                out.rows.push_back(std::move(row));
                break;
            }
        }
        // The goal rows go last: on real data the rows a filter selects are seldom the first a scan
        // meets (a scalar subquery or a LIMIT 1 without the filter would take them by chance).
        std::vector<bool> is_goal(out.rows.size(), false);
        for (const PlacedGoal& p : goal_placed_[table_index]) is_goal[p.row] = true;
        std::vector<size_t> moved_to(out.rows.size());
        std::vector<std::vector<Value>> rows;
        rows.reserve(out.rows.size());
        for (bool goals : {false, true})
            for (size_t i = 0; i < out.rows.size(); ++i)
                if (is_goal[i] == goals) moved_to[i] = rows.size(), rows.push_back(std::move(out.rows[i]));
        out.rows = std::move(rows);
        for (PlacedGoal& p : goal_placed_[table_index]) p.row = moved_to[p.row];
    }

    // A value no row of the referenced column holds (implied references only).
    Value dangling_value(const Column& column, size_t row) {
        if (column.type == ColumnType::Integer || column.type == ColumnType::Real) return int64_t(900 + row);
        return support::to_lower(column.name) + " dangling " + std::to_string(row + 1);
    }

    std::vector<Value> draw_row(const SynthDatabase& db, size_t table_index, const SynthTable& so_far) {
        const Table& table = schema_.tables[table_index];
        std::vector<Value> row;
        // A copy of an earlier row (keys redrawn below): whole-row duplicates for DISTINCT and GROUP BY.
        const size_t number = so_far.rows.size();
        // The nulls databases make one read nullable column NULL per row, in turn (and every few
        // rows none): each such column gets NULLs in rows that are otherwise plain, so that a NULL
        // is what the row tests.
        null_target_ = nullptr;
        if (kind_ == DataKind::Nulls) {
            // (not in the GROUP BY column of a HAVING that averages: the goal's group may be the NULL group, below,
            // and other rows there would move the average it reads; a count they only raise, and where the schema
            // leaves the goal no group, `GROUP BY Name HAVING COUNT(*) > 2` over a key, they are the group)
            auto groups_a_having = [&](const Column& c) {
                return std::any_of(hints_.goals.begin(), hints_.goals.end(), [&](const LiteralHints::Goal& g) {
                    return g.group_rows > 0 && g.having_average && groups_by(g, table, c);
                });
            };
            std::vector<const Column*> nullable_read;
            for (const Column& c : table.columns)
                if (nullable(c) && read(c) && !groups_a_having(c)) nullable_read.push_back(&c);
            if (!nullable_read.empty()) {
                size_t turn = (number + index_) % (nullable_read.size() + 1);
                if (turn < nullable_read.size()) null_target_ = nullable_read[turn];
            }
        }
        // Goal rows on the nulls data hold NULLs where placed, not in turn, in one of the read nullable
        // columns the filters leave free (a reference the block's joins do not follow counts: a
        // link's hero_id where the block joins its power_id), which one in turn from one nulls
        // database of the run to the next, and two ways, alternately:
        // - beside: the second copy NULL there, the first whole (SUM(x) / COUNT(id) against AVG(x),
        //   count(name) against count(*) over the rows a filter selects: a row with x beside one
        //   without);
        // - all: every copy NULL there, also in a reference the joins follow (SUM(x = 'a') against
        //   SUM(CASE WHEN x = 'a' THEN 1 ELSE 0 END): NULL against 0 where no selected row has an x).
        // A HAVING's group is the NULL group where a GROUP BY column of it is nullable and free: the
        // second copy of a row the group refers to is NULL there (the group's rows then refer to it,
        // below), and in the group's own table the first copy is, whose GROUP BY values the others
        // copy (COUNT(x) against COUNT(name) over GROUP BY name: NULL counts in neither but COUNT(x)).
        if (kind_ == DataKind::Nulls && goal_row_) {
            null_target_ = nullptr;
            const bool own_group = in_own_group(table_index);
            const bool all = all_nulls_ && !own_group;
            // (references come after the other columns, one the joins follow last, and not to a table
            // the goal's filters name or where the other query joins on it too: NULL there, the row
            // leaves the selection whatever the query, and with it the NULLs of the rows it meets)
            const LiteralHints::Goal& goal = hints_.goals[goal_row_->goal];
            auto filters = [&](size_t t) {
                return std::any_of(goal.terms.begin(), goal.terms.end(), [&](const LiteralHints::Goal::Term& term) {
                    return support::iequals(term.table, schema_.tables[t].name);
                });
            };
            std::vector<const Column*> free, unfollowed, followed;
            const Column* grouped = nullptr;
            for (const Column& c : table.columns) {
                // (a column the goal compares by <> or a HAVING averages keeps its goal value but in a NULL: `x <> 'a'`
                // against `x <> 'a' OR x IS NULL`)
                if (!nullable(c) || !read(c) || (goal_value(c) && !in(hints_.goal_null_columns, c))) continue;
                const size_t index = size_t(&c - table.columns.data());
                bool reference = false, to_filtered = false;
                for (const Reference& r : refs_)
                    if (r.from == table_index && std::find(r.from_columns.begin(), r.from_columns.end(), index) != r.from_columns.end())
                        reference = true, to_filtered |= r.to != table_index && filters(r.to);
                auto joins_on = [&](const LiteralHints::Goal& g) {
                    return std::any_of(g.joined.begin(), g.joined.end(),
                                       [&](const auto& j) { return support::iequals(j.first, c.name); });
                };
                // (the column a join meets, sets.code for `t.setCode = s.code`, is as a reference there: NULL, the
                // row and the rows that refer to it leave the join)
                if (!reference && referenced(c) && joins_on(goal)) reference = true;
                const bool follows = reference && joins_on(goal);
                // (a join the other query makes too: NULL there, both lose the rows alike)
                const bool both_follow =
                    follows && std::any_of(hints_.joined_by_query.begin(), hints_.joined_by_query.end(), [&](const auto& j) {
                        return j.first != goal.query && support::iequals(j.second, c.name);
                    });
                if (reference && (own_group || (follows && (to_filtered || both_follow)))) continue;
                if (grouped_by(table, c)) {
                    if (!grouped) grouped = &c;
                    if (own_group) continue;
                }
                (!reference ? free : follows ? followed : unfollowed).push_back(&c);
            }
            // (a column an aggregate reads first: COUNT(x) against COUNT(*), AVG(x) against SUM(x) / COUNT(*) part
            // on a NULL there, where a NULL elsewhere in the row most often leaves both alike)
            std::stable_partition(free.begin(), free.end(),
                                  [&](const Column* c) { return in(hints_.aggregated_columns, *c); });
            free.insert(free.end(), unfollowed.begin(), unfollowed.end());
            free.insert(free.end(), followed.begin(), followed.end());
            // (a goal whose filters name one row, by a key or a name, has no second copy: its one row
            // holds the NULL, as the all variant would; references first there: a NULL in another
            // column of the one row the queries select alike reads as NULL in both)
            const bool single = single_goal_row(table_index);
            if (single && goal_row_->copy == 0) std::stable_partition(free.begin(), free.end(), [&](const Column* c) {
                return refers(table_index, *c);
            });
            // (the next column on each nulls database: beside and all on two columns where two are free)
            const Column* turn = free.empty() ? nullptr : free[kind_ordinal_ % free.size()];
            // (the first beside data NULLs one table of the goal where an aggregate reads one of its columns: a
            // NULL in the race a hero refers to too would drop the hero's row, and with it the NULL height AVG
            // skips; the next one every table of the goal but that one: the race compared by <> beside the height
            // AVG reads, `race <> 'Human'` against `race <> 'Human' OR race IS NULL`)
            if (!all_nulls_)
                if (size_t t = aggregated_null_table(goal); t != size_t(-1) && (kind_ordinal_ < 2) != (t == table_index))
                    turn = nullptr;
            if (goal_row_->copy == 0 && own_group)
                null_target_ = grouped;
            else if (goal_row_->copy == 0 && single)
                null_target_ = turn;
            else if (goal_row_->copy == 1)
                null_target_ = grouped && !own_group ? grouped : turn;
            else if (all)
                null_target_ = turn;
        }
        // The nulls data's regrouping: the heaviest group's rows but its first NULL in a column one
        // query's ordering counts and the other's does not (COUNT(power_id) against COUNT(hero_id)),
        // no other NULL in the groups or the rows they refer to (a NULL name would merge the groups).
        if (kind_ == DataKind::Nulls && regroup_ && goal_row_ && hints_.goals[goal_row_->goal].regroup) {
            null_target_ = nullptr;
            if (regroup_table(table_index) && regroup_copy(goal_row_->copy) == 2 && regroup_copy(goal_row_->copy - 1) == 2)
                for (const Column& c : table.columns)
                    if (nullable(c) && LiteralHints::reads(hints_.regroup_nulls(), c.name) &&
                        !std::any_of(hints_.goals[goal_row_->goal].joined.begin(), hints_.goals[goal_row_->goal].joined.end(),
                                     [&](const auto& j) { return support::iequals(j.first, c.name); })) {
                        null_target_ = &c;
                        break;
                    }
        }
        bool copy = kind_ == DataKind::Duplicates && !so_far.rows.empty() && !goal_row_ && random_.chance(50);
        // On the duplicates data a goal row's later copies copy its first (keys redrawn): two rows
        // alike but for their keys, both selected by the filters (GROUP BY name against GROUP BY id).
        size_t first_copy = size_t(-1);
        if (kind_ == DataKind::Duplicates && goal_row_ && goal_row_->copy > 0 && !goal_row_->apart)
            for (const PlacedGoal& p : goal_placed_[table_index])
                if (p.goal == goal_row_->goal && p.alias == goal_row_->alias && p.copy == 0) first_copy = p.row;
        if (first_copy != size_t(-1)) {
            copy = true;
            row = so_far.rows[first_copy];
        } else if (copy)
            row = so_far.rows[random_.below(so_far.rows.size())];
        else
            for (const Column& c : table.columns) row.push_back(value(c, number));
        for (size_t i = 0; i < table.columns.size(); ++i)
            if (copy && (table.columns[i].primary_key || referenced(table.columns[i], true) ||
                         declared_unique(table, table.columns[i])))
                row[i] = value(table.columns[i], number);  // keys, and what a declared foreign key refers to
        // Elsewhere a goal row's later copies differ from its first where the filters leave a read
        // column free: tied rows that pass the filters, told apart by what the queries return.
        if (goal_row_ && goal_row_->copy > 0 && first_copy == size_t(-1))
            for (const PlacedGoal& p : goal_placed_[table_index])
                if (p.goal == goal_row_->goal && p.alias == goal_row_->alias && p.copy == 0)
                    for (size_t i = 0; i < table.columns.size(); ++i)
                        if (read(table.columns[i]) && !goal_value(table.columns[i]) && row[i] == so_far.rows[p.row][i] &&
                            (!grouped_by(table, table.columns[i]) || goal_row_->apart))
                            // (the regrouping data's third row must fall in another group of every GROUP BY)
                            for (int again = 0; again < (goal_row_->apart ? 8 : 1) && row[i] == so_far.rows[p.row][i]; ++again)
                                row[i] = value(table.columns[i], number);
        // The regrouping data's group rows weigh 2 2, 2 2 1, 3 2 1 1 in the columns the ordering sums.
        if (goal_row_ && regroup_table(table_index) && hints_.goals[goal_row_->goal].regroup)
            for (const auto& [summed_table, name] : hints_.goals[goal_row_->goal].regroup_summed) {
                if (!summed_table.empty() && !support::iequals(summed_table, table.name)) continue;
                const size_t i = column_index(table, name);
                if (i == size_t(-1) || table.columns[i].primary_key || refers(table_index, table.columns[i])) continue;
                if (table.columns[i].type == ColumnType::Integer || table.columns[i].type == ColumnType::Real)
                    row[i] = regroup_weight(goal_row_->copy);
            }
        // A HAVING's group: its rows hold the first's values in the GROUP BY columns.
        // (but the NULL of a referenced row's second copy on the nulls data: the group refers to it)
        if (goal_row_ && goal_row_->copy > 0 && !goal_row_->apart)
            for (const PlacedGoal& p : goal_placed_[table_index])
                if (p.goal == goal_row_->goal && p.alias == goal_row_->alias && p.copy == 0)
                    for (size_t i = 0; i < table.columns.size(); ++i)
                        if (grouped_by(table, table.columns[i]) && !table.columns[i].primary_key &&
                            !(&table.columns[i] == null_target_ && !in_own_group(table_index)))
                            row[i] = so_far.rows[p.row][i];
        for (const Reference& r : refs_) {
            if (r.from != table_index) continue;
            const SynthTable* target = &db.tables[r.to];
            if (target == &so_far && so_far.rows.empty()) target = nullptr;
            bool is_nullable = std::all_of(r.from_columns.begin(), r.from_columns.end(),
                                           [&](size_t i) { return nullable(table.columns[i]); });
            bool is_read = std::any_of(r.from_columns.begin(), r.from_columns.end(),
                                       [&](size_t i) { return read(table.columns[i]); });
            if (!target || target->rows.empty()) {
                // An implied reference to a table emptied on purpose would dangle: the row goes, as
                // dangling rows are the dangling databases' business. A table not filled yet (a cycle)
                // leaves the row its own values.
                if (!r.declared) {
                    if (std::find(empty_.begin(), empty_.end(), r.to) != empty_.end()) return {};
                    continue;
                }
                if (!is_nullable) return {};
                for (size_t i : r.from_columns) row[i] = Null{};
                continue;
            }
            bool null_here = std::any_of(r.from_columns.begin(), r.from_columns.end(),
                                         [&](size_t i) { return &table.columns[i] == null_target_; });
            if (is_nullable && kind_ == DataKind::Nulls && (is_read ? null_here : random_.chance(10))) {
                for (size_t i : r.from_columns) row[i] = Null{};
                continue;
            }
            if (!r.declared && kind_ == DataKind::Dangling && random_.chance(35)) {
                for (size_t i : r.from_columns) row[i] = dangling_value(table.columns[i], number);
                continue;
            }
            size_t pick = random_.below(target->rows.size());
            if (covering() && number < target->rows.size()) {
                // The next referenced row no row refers to yet (goal rows refer where their goal says).
                pick = (number + reference_offset_) % target->rows.size();
                for (size_t step = 0; step < target->rows.size(); ++step) {
                    size_t k = (number + reference_offset_ + step) % target->rows.size();
                    bool taken = std::any_of(so_far.rows.begin(), so_far.rows.end(), [&](const std::vector<Value>& earlier) {
                        for (size_t c = 0; c < r.from_columns.size(); ++c)
                            if (!(earlier[r.from_columns[c]] == target->rows[k][r.to_columns[c]])) return false;
                        return true;
                    });
                    if (!taken) {
                        pick = k;
                        break;
                    }
                }
            }
            // (without fan-out, fill() keeps `number` below the referenced rows: each is picked once)
            // Empty groups: the empty databases refer to half of the referenced rows only (which
            // half depends on the referencing table), so that the others have no referencing row.
            if (kind_ == DataKind::Empty) {
                size_t half = (target->rows.size() + 1) / 2;
                pick = (table_index % 2 ? target->rows.size() - half : 0) + random_.below(half);
            }
            // Ties: references spread evenly over two rows, so that counts per referenced row tie;
            // duplicates: most references go to the same two rows.
            bool ordered_ref = std::any_of(r.from_columns.begin(), r.from_columns.end(),
                                           [&](size_t i) { return in(hints_.order_columns, table.columns[i]); });
            if (kind_ == DataKind::Ties && ordered_ref) pick = number % std::min<size_t>(2, target->rows.size());
            if (kind_ == DataKind::Duplicates && random_.chance(60)) pick = random_.below(std::min<size_t>(2, target->rows.size()));
            // A goal row refers to the goal's row of the referenced table (both copies to the first on
            // the duplicates data: two rows the filters select under one); or to a row with the value
            // the goal gives the referring column.
            // (a reference the goal's joins do not follow, where they meet the table through another
            // column: hair colour where the block joins the eye colour, goes its own way)
            if (goal_row_ && target != &so_far && !joined_elsewhere(table_index, r)) {
                // (the duplicates data alternates: every copy under the first referenced row, or each
                // under its own copy of it)
                // (a HAVING's group: every row under the first, one group; on the duplicates data the
                // group is split between the referenced rows, which are alike but for their keys: GROUP
                // BY name counts 16 where GROUP BY id counts 8 and 8)
                const LiteralHints::Goal& goal = hints_.goals[goal_row_->goal];
                size_t copy = goal_row_->copy;
                if (goal.group_rows && groups_by_reference(table, r))
                    copy = regroup_ && goal.regroup              ? regroup_copy(copy)
                           : kind_ == DataKind::Duplicates ? copy % goal.copies
                                                           : 0;
                else if (kind_ == DataKind::Duplicates && index_ % 2 == 0)
                    copy = 0;
                std::string alias;  // the alias of the referenced table this column meets
                if (r.from_columns.size() == 1) {
                    std::string name = support::to_lower(table.columns[r.from_columns[0]].name);
                    for (const auto& [column, a] : hints_.goals[goal_row_->goal].joined)
                        if (column == name) alias = a;
                }
                // The nulls data: a HAVING's group refers to the referenced row NULL in a GROUP BY column.
                if (kind_ == DataKind::Nulls && goal.group_rows && groups_by_reference(table, r)) {
                    bool exact = false;
                    const size_t second = goal_row_of(r.to, goal_row_->goal, 1, alias, &exact);
                    const Table& target_table = schema_.tables[r.to];
                    if (exact && second < target->rows.size())
                        for (const auto& [group_table, name] : goal.group_columns)
                            if (size_t i = column_index(target_table, name);
                                i != size_t(-1) && (group_table.empty() || support::iequals(group_table, target_table.name)) &&
                                std::holds_alternative<Null>(target->rows[second][i]))
                                copy = 1;
                }
                // The nulls data: a goal row with no second copy (account 532) meets the referenced
                // table's second copy where that holds the NULL beside the first (the district's A15):
                // meeting the first alone, the NULL would be in no row the queries select.
                if (kind_ == DataKind::Nulls && !goal.group_rows && copy == 0 && single_goal_row(table_index)) {
                    bool exact = false;
                    const size_t second = goal_row_of(r.to, goal_row_->goal, 1, alias, &exact);
                    if (exact && second < target->rows.size()) {
                        const Table& target_table = schema_.tables[r.to];
                        for (size_t i = 0; i < target_table.columns.size() && copy == 0; ++i)
                            if (read(target_table.columns[i]) && std::holds_alternative<Null>(target->rows[second][i]))
                                copy = 1;
                    }
                }
                // A table joined twice (colour as eye and as hair colour) that no filter of the goal
                // names under the second alias: each alias after the first meets another of the goal's
                // rows (hair and eyes of one colour are not what real data holds).
                if (size_t ordinal = joined_ordinal(table_index, r); ordinal > 0 && !aliased_rows(r.to, goal_row_->goal, alias))
                    copy = (copy + ordinal) % std::max<size_t>(1, goal.copies);
                bool shared = false;  // the goal's filters name one referenced row (a name, a key): every copy is under it
                size_t first = goal_row_of(r.to, goal_row_->goal, 0, alias);
                goal_row_of(r.to, goal_row_->goal, 1, alias, &shared);
                shared = first != size_t(-1) && !shared;
                if (!fan_out_) {
                    // Without fan-out the rows go round the referenced ones once, but where the filters
                    // name one referenced row.
                    if (shared) pick = first;
                } else if (size_t at = goal_row_of(r.to, goal_row_->goal, copy, alias); at != size_t(-1))
                    pick = at;
                else if (size_t fed = subquery_goal_row(table, r, copy); fed != size_t(-1))
                    pick = fed;
                else  // a referenced table the goal does not filter: each copy its own row (or one, as above)
                    pick = (copy + reference_offset_) % target->rows.size();
                if (r.from_columns.size() == 1 && fan_out_)
                    if (const Value* wanted = goal_value(table.columns[r.from_columns[0]]))
                        for (size_t k = 0; k < target->rows.size(); ++k)
                            if (target->rows[k][r.to_columns[0]] == *wanted) pick = k;
            }
            // The all-NULL data: other rows refer to other rows than the goals' (a row that meets a
            // goal row through a join is selected with it).
            if (all_nulls_ && !goal_row_ && target != &so_far) {
                auto is_goal = [&](size_t k) {
                    return std::any_of(goal_placed_[r.to].begin(), goal_placed_[r.to].end(),
                                       [&](const PlacedGoal& p) { return p.row == k; });
                };
                for (size_t step = 0; step < target->rows.size() && is_goal(pick); ++step)
                    pick = (pick + 1) % target->rows.size();
            }
            const auto& referenced_row = target->rows[pick];
            for (size_t k = 0; k < r.from_columns.size(); ++k) row[r.from_columns[k]] = referenced_row[r.to_columns[k]];
        }
        if (goal_row_ && goal_row_->copy > 0 && kind_ != DataKind::Duplicates) distinct_in_group(db, table_index, so_far, row);
        return row;
    }

    // `HAVING COUNT(DISTINCT x) > 2`: each row of the group holds an x no earlier row of it holds (a
    // reference another referenced row), so that the group has as many distinct values as rows. Not
    // on the duplicates data, whose copies are alike on purpose (COUNT against COUNT DISTINCT).
    void distinct_in_group(const SynthDatabase& db, size_t table_index, const SynthTable& so_far, std::vector<Value>& row) {
        const LiteralHints::Goal& goal = hints_.goals[goal_row_->goal];
        if (!goal.group_rows) return;
        const Table& table = schema_.tables[table_index];
        for (const auto& [distinct_table, name] : goal.distinct_columns) {
            if (!distinct_table.empty() && !support::iequals(distinct_table, table.name)) continue;
            const size_t i = column_index(table, name);
            if (i == size_t(-1) || table.columns[i].primary_key || goal_value(table.columns[i])) continue;
            std::vector<Value> used;
            for (const PlacedGoal& p : goal_placed_[table_index])
                if (p.goal == goal_row_->goal && p.alias == goal_row_->alias) used.push_back(so_far.rows[p.row][i]);
            auto is_used = [&](const Value& v) { return std::find(used.begin(), used.end(), v) != used.end(); };
            if (!is_used(row[i])) continue;
            bool reference = false;
            for (const Reference& r : refs_) {
                if (r.from != table_index || r.from_columns.size() != 1 || r.from_columns[0] != i) continue;
                reference = true;
                for (const std::vector<Value>& target : db.tables[r.to].rows)
                    if (!is_used(target[r.to_columns[0]]) && !std::holds_alternative<Null>(target[r.to_columns[0]])) {
                        row[i] = target[r.to_columns[0]];
                        break;
                    }
            }
            if (reference) continue;
            for (int attempt = 0; attempt < 8 && is_used(row[i]); ++attempt) row[i] = value(table.columns[i], so_far.rows.size() + 1 + size_t(attempt));
            if (is_used(row[i]) && table.columns[i].type == ColumnType::Integer) {
                int64_t largest = 0;
                for (const Value& v : used)
                    if (const auto* n = std::get_if<int64_t>(&v)) largest = std::max(largest, *n);
                row[i] = largest + 1;
            }
        }
    }

    const Schema& schema_;
    const LiteralHints& hints_;
    Random random_;
    size_t index_;
    DataKind kind_;
    bool fan_out_ = true;  // false: at most one referencing row per referenced row
    bool regroup_ = false;  // the regrouping duplicates or nulls data (generate_database): goals marked regroup form three groups
    size_t kind_ordinal_ = 0;  // how many databases of this one's kind come before it in the run
    std::vector<size_t> regroup_tables_;  // tables that hold a regrouping group's rows alone
    std::vector<std::pair<size_t, size_t>> group_tables_;  // (goal, table): a HAVING's group's own table
    std::vector<Reference> refs_;
    std::vector<size_t> empty_;
    const Column* null_target_ = nullptr;  // the nulls databases: the column NULL in the row being drawn
    std::vector<std::vector<GoalRow>> goal_rows_;       // per table, in the order they are placed
    std::vector<std::vector<PlacedGoal>> goal_placed_;  // per table: which rows play which goal row
    std::vector<std::vector<PlacedGoal>> goal_same_;    // per table: goal rows another goal row plays
    const GoalRow* goal_row_ = nullptr;                 // the goal row being drawn
    const Table* current_table_ = nullptr;
    bool no_match_ = false;  // the no-match data: rows in every table, none passing a filter
    // The nulls data's all variant: every goal row NULL in one column, no other row passing a filter.
    bool all_nulls_ = false;
    size_t key_range_ = 20;  // integer keys are drawn from 1 .. key_range_
    std::vector<std::pair<const Column*, Value>> used_names_;  // literals a name column already holds
    size_t reference_offset_ = size_t(random_.below(7));
};

}  // namespace

std::string_view kind_name(DataKind kind) {
    switch (kind) {
        case DataKind::Plain: return "plain";
        case DataKind::Nulls: return "nulls";
        case DataKind::Duplicates: return "duplicates";
        case DataKind::Ties: return "ties";
        case DataKind::Empty: return "empty";
        case DataKind::Dangling: return "dangling";
        case DataKind::Case: return "case";
        case DataKind::Boundary: return "boundary";
        case DataKind::Cast: return "cast";
        case DataKind::FanOut: return "fan_out";
        case DataKind::ScalarSubquery: return "scalar_subquery";
        case DataKind::KeyLiteral: return "key_literal";
        case DataKind::LimitCut: return "limit_cut";
    }
    return "?";
}

// Whether one query's filters compare a column the other's do not (SUM(CASE WHEN status = 'paid' ..)
// against SUM(..) WHERE status = 'paid'): they may differ where rows are there but none passes.
namespace {
bool filters_differ(const LiteralHints& hints) {
    if (hints.queries < 2) return false;
    auto columns = [&](size_t query) {
        std::vector<std::string> out;
        for (const auto& [from, column] : hints.filtered_columns)
            if (from == query) out.push_back(column);
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    };
    return columns(0) != columns(1);
}
}  // namespace

std::vector<DataKind> kinds_for(const LiteralHints& hints) {
    std::vector<DataKind> out{DataKind::Nulls};
    if (hints.ordered_limit) out.push_back(DataKind::Ties);
    out.push_back(DataKind::Duplicates);
    out.push_back(DataKind::Empty);
    if (filters_differ(hints)) out.push_back(DataKind::Empty);  // an empty table, and no match (generate.cpp)
    if (!hints.links.empty() || hints.joins) out.push_back(DataKind::Dangling);
    // (a second case database where two texts are compared: each varies another one, generate.cpp; or where an
    // ORDER BY .. LIMIT keeps some of the rows: the varied row must be among them)
    if (!hints.case_columns.empty()) out.push_back(DataKind::Case);
    if (hints.case_columns.size() > 1 || (!hints.case_columns.empty() && hints.ordered_limit))
        out.push_back(DataKind::Case);
    if (hints.casts) out.push_back(DataKind::Cast);
    // (solved arithmetic has a boundary too: `amount * 2 > 500` at 250; and two dates compared, on one day)
    bool solved = std::any_of(hints.goals.begin(), hints.goals.end(), [](const LiteralHints::Goal& g) {
        return std::any_of(g.terms.begin(), g.terms.end(), [](const auto& t) { return t.numeric || t.dated; });
    });
    if (!hints.by_column.empty() || solved || !hints.average_columns.empty()) out.push_back(DataKind::Boundary);
    // Aggregates: a second nulls database, last, with every goal row NULL where the first has one
    // beside a whole row (Generator::draw_row: SUM(x = 'a') against SUM(CASE ..) over rows without an
    // x). Fewer kinds than five reach it anyway: the minimum of 8 databases runs them twice.
    if (hints.groups && out.size() >= 5) out.push_back(DataKind::Nulls);
    return out;
}

DataKind kind_of_database(const LiteralHints& hints, size_t index) {
    if (is_plain_database(index)) return DataKind::Plain;
    std::vector<DataKind> kinds = kinds_for(hints);
    return kinds[(index - kPlainDatabases) % kinds.size()];
}

bool is_plain_database(size_t index) { return index < kPlainDatabases; }

size_t SynthDatabase::row_count() const {
    size_t n = 0;
    for (const SynthTable& t : tables) n += t.rows.size();
    return n;
}

Schema with_implied_keys(const Schema& schema) {
    Schema out = schema;
    for (Table& table : out.tables) {
        if (!table.primary_key.empty() || table.name.empty() ||
            std::any_of(table.columns.begin(), table.columns.end(), [](const Column& c) { return c.primary_key; }))
            continue;
        auto foreign = [&](const Column& c) {
            for (const ForeignKey& fk : table.foreign_keys)
                for (const std::string& name : fk.columns)
                    if (support::iequals(name, c.name)) return true;
            return false;
        };
        const std::string name = support::to_lower(table.name);
        std::vector<std::string> forms = {"id", name + "_id", name + "id"};
        // (the initial only for a one-word name: domain_publication.did is the domain's, a link table's column)
        if (name.find('_') == std::string::npos) forms.push_back(std::string(1, name[0]) + "id");
        Column* key = nullptr;
        for (const std::string& form : forms) {
            for (Column& c : table.columns)
                if (!key && support::iequals(c.name, form) && !foreign(c)) key = &c;
            if (key) break;
        }
        if (!key) continue;
        key->primary_key = true;
        key->not_null = true;
        table.primary_key = {key->name};
    }
    return out;
}

SynthDatabase generate_database(const Schema& schema, const LiteralHints& hints, uint64_t seed, size_t index,
                                DataKind kind, bool fan_out) {
    // Every other duplicates database of a run regroups where the queries group by different columns
    // and a block orders its groups by an aggregate before a LIMIT (the first does): one goal (the
    // first such block's) makes three groups of 2, 3 and 4 rows (Goal::regroup). So does every other
    // nulls database (the all-NULL one) where the queries' orderings count different columns: the
    // heaviest group NULL in them.
    const size_t ordinal = databases_of_kind_before(hints, index, kind);
    if ((kind == DataKind::Duplicates && hints.regroups() && ordinal % 2 == 0) ||
        (kind == DataKind::Nulls && !hints.regroup_nulls().empty() && ordinal % 2 == 1)) {
        LiteralHints regrouping = hints;
        std::erase_if(regrouping.goals, [](const LiteralHints::Goal& g) { return g.group_of_two; });
        bool chosen = false;
        for (LiteralHints::Goal& goal : regrouping.goals) {
            goal.regroup = goal.regroup && !chosen;
            chosen |= goal.regroup;
        }
        if (!chosen) {
            LiteralHints::Goal goal = hints.regroup_goals.front();
            goal.block = regrouping.goals.empty() ? 0 : regrouping.goals.back().block + 1;
            regrouping.goals.push_back(std::move(goal));
        }
        for (LiteralHints::Goal& goal : regrouping.goals)
            if (goal.regroup) {
                goal.group_rows = kRegroupRows;
                goal.copies = 3;
                goal.group_columns = goal.regroup_by;
            }
        return Generator(schema, regrouping, seed, index, kind, fan_out, true).run();
    }
    if (kind == DataKind::Case && !hints.case_goals.empty()) {
        LiteralHints with_case_goals = hints;
        for (LiteralHints::Goal goal : hints.case_goals) {
            goal.block = with_case_goals.goals.empty() ? 0 : with_case_goals.goals.back().block + 1;
            with_case_goals.goals.push_back(std::move(goal));
        }
        return Generator(schema, with_case_goals, seed, index, kind, fan_out).run();
    }
    return Generator(schema, hints, seed, index, kind, fan_out).run();
}

bool has_fan_out(const Schema& schema, const LiteralHints& hints, const SynthDatabase& db) {
    for (const Reference& r : references(schema, hints)) {
        const SynthTable* from = nullptr;
        for (const SynthTable& t : db.tables)
            if (support::iequals(t.name, schema.tables[r.from].name)) from = &t;
        if (!from) continue;
        std::set<std::vector<Value>, ValueRowLess> seen;
        for (const auto& row : from->rows) {
            std::vector<Value> key;
            bool null = false;
            for (size_t c : r.from_columns) {
                if (c >= row.size()) continue;
                null |= std::holds_alternative<Null>(row[c]);
                key.push_back(row[c]);
            }
            if (!null && !seen.insert(key).second) return true;
        }
    }
    return false;
}

SynthDatabase generate_database(const Schema& schema, const LiteralHints& hints, uint64_t seed, size_t index) {
    return generate_database(schema, hints, seed, index, kind_of_database(hints, index));
}

}  // namespace qdiff::results::synth
