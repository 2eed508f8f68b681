// One synthesized database from the schema and the queries' literals (README.md, "Data").
//
// - Tables are filled in foreign-key order (a referenced table before the tables that reference it),
//   so a foreign key always copies the key of a row that exists, or is NULL when nothing can be
//   referenced (a cycle, a self-reference on the first row, an empty referenced table).
// - Primary keys are unique (a row whose key repeats is drawn again, then dropped); key and NOT NULL
//   columns are never NULL.
// - A value is, in turn of preference, a literal of the queries for a column of that name (with its
//   neighbours), a small per-column domain (few distinct values: duplicates and ORDER BY ties come by
//   themselves), or, for columns a date function reads, a date text.
// - The first kPlainDatabases are plain, like real data: no NULLs, no empty tables, no copied rows, and
//   texts unique per column unless a literal of the queries asks for a value. The others are edge
//   cases: few distinct texts (ties, duplicate names), NULLs in nullable columns and foreign keys,
//   copies of whole rows, and every fourth one leaves some tables empty.
#include <algorithm>
#include <cstdio>
#include <set>

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

std::string date_text(Random& random) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02d", int(2018 + random.below(5)), int(1 + random.below(12)),
                  int(1 + random.below(28)));
    return buffer;
}

// A value from the column's own domain: texts are `<column> <n>` (and a few x), n the row's number
// on plain databases (unique) and one of five on the others.
Value domain_value(const Column& column, bool date_like, bool plain, size_t row, Random& random) {
    if (date_like || column.type == ColumnType::DateTime) {
        std::string date = date_text(random);
        if (column.type == ColumnType::DateTime && random.chance(30))
            date += " 1" + std::to_string(random.below(10)) + ":00:00";
        return date;
    }
    switch (column.type) {
        case ColumnType::Integer: return int64_t(random.below(10));
        case ColumnType::Boolean: return int64_t(random.below(2));
        case ColumnType::Real:
            // Spider's "number" is mostly whole numbers; a few halves check rounding and averages.
            return random.chance(20) ? Value(double(random.below(20)) / 2 + 0.5) : Value(int64_t(random.below(10)));
        default: {
            std::string base = support::to_lower(column.name);
            // Lengths differ too (ORDER BY LENGTH(name), substr): "name 1", "name 2x", "name 3xx".
            size_t n = plain ? row + 1 : 1 + random.below(5);
            return base + " " + std::to_string(n) + std::string((n - 1) % 3, 'x');
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

// The tables in an order where referenced tables come first (cycles broken in schema order).
std::vector<size_t> fill_order(const Schema& schema) {
    std::vector<size_t> order;
    std::vector<bool> placed(schema.tables.size(), false);
    while (order.size() < schema.tables.size()) {
        bool progress = false;
        for (size_t i = 0; i < schema.tables.size(); ++i) {
            if (placed[i]) continue;
            bool ready = true;
            for (const ForeignKey& fk : schema.tables[i].foreign_keys) {
                for (size_t j = 0; j < schema.tables.size(); ++j)
                    if (j != i && !placed[j] && support::iequals(schema.tables[j].name, fk.referenced_table))
                        ready = false;
            }
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

size_t column_index(const Table& table, std::string_view name) {
    for (size_t i = 0; i < table.columns.size(); ++i)
        if (support::iequals(table.columns[i].name, name)) return i;
    return size_t(-1);
}

class Generator {
public:
    Generator(const Schema& schema, const LiteralHints& hints, uint64_t seed, size_t index)
        : schema_(schema), hints_(hints), random_(seed, index), index_(index) {}

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
        for (size_t i : fill_order(schema_)) fill(db, i);
        return db;
    }

private:
    bool plain() const { return is_plain_database(index_); }
    bool nulls_allowed() const { return !plain() && index_ % 4 != 0; }

    size_t row_count() {
        if (plain()) return index_ == 0 ? 6 : 4 + random_.below(7);
        if (index_ % 4 == 3 && random_.chance(35)) return 0;
        return 2 + random_.below(11);
    }

    const SynthTable* find_table(const SynthDatabase& db, std::string_view name) const {
        for (const SynthTable& t : db.tables)
            if (support::iequals(t.name, name)) return &t;
        return nullptr;
    }

    Value plain_value(const Column& column, size_t row) {
        bool key = column.primary_key;
        if (nulls_allowed() && !key && !column.not_null && random_.chance(12)) return Null{};
        const std::vector<Value>* hinted = hints_.find(column.name);
        if (hinted && !hinted->empty() && random_.chance(key ? 40 : 55)) {
            const Value& v = (*hinted)[random_.below(hinted->size())];
            if (suits(v, column.type)) return v;
        }
        if (!hints_.loose.empty() && random_.chance(5)) {
            const Value& v = hints_.loose[random_.below(hints_.loose.size())];
            if (suits(v, column.type) && !(column.type == ColumnType::Text && !is_text_value(v))) return v;
        }
        // Integer keys count up from 1, as most real tables do; other keys draw from a wider domain.
        if (key && (column.type == ColumnType::Integer || column.type == ColumnType::Real))
            return int64_t(1 + random_.below(20));
        return domain_value(column, hints_.is_date_column(column.name), plain(), row, random_);
    }

    void fill(SynthDatabase& db, size_t table_index) {
        const Table& table = schema_.tables[table_index];
        SynthTable& out = db.tables[table_index];
        const size_t wanted = row_count();
        std::set<std::vector<Value>, ValueRowLess> keys;
        std::vector<size_t> key_columns;
        for (const std::string& k : table.primary_key)
            if (size_t i = column_index(table, k); i != size_t(-1)) key_columns.push_back(i);
        for (size_t n = 0; n < wanted; ++n) {
            for (int attempt = 0; attempt < 12; ++attempt) {
                std::vector<Value> row = draw_row(db, table, out);
                if (row.empty()) break;  // a NOT NULL foreign key with nothing to reference
                std::vector<Value> key;
                for (size_t k : key_columns) key.push_back(row[k]);
                if (!key_columns.empty() && !keys.insert(key).second) continue;
                out.rows.push_back(std::move(row));
                break;
            }
        }
    }

    std::vector<Value> draw_row(const SynthDatabase& db, const Table& table, const SynthTable& so_far) {
        std::vector<Value> row;
        // A copy of an earlier row (keys redrawn below): whole-row duplicates for DISTINCT and GROUP BY.
        const size_t number = so_far.rows.size();
        bool copy = !plain() && !so_far.rows.empty() && random_.chance(15);
        if (copy)
            row = so_far.rows[random_.below(so_far.rows.size())];
        else
            for (const Column& c : table.columns) row.push_back(plain_value(c, number));
        for (size_t i = 0; i < table.columns.size(); ++i)
            if (copy && table.columns[i].primary_key) row[i] = plain_value(table.columns[i], number);
        for (const ForeignKey& fk : table.foreign_keys) {
            const SynthTable* target = find_table(db, fk.referenced_table);
            const Table* target_schema = schema_.find_table(fk.referenced_table);
            if (target == &so_far && so_far.rows.empty()) target = nullptr;
            std::vector<size_t> from, to;
            for (size_t k = 0; k < fk.columns.size(); ++k) {
                from.push_back(column_index(table, fk.columns[k]));
                size_t referenced = size_t(-1);
                if (target_schema) {
                    if (k < fk.referenced_columns.size())
                        referenced = column_index(*target_schema, fk.referenced_columns[k]);
                    else if (k < target_schema->primary_key.size())
                        referenced = column_index(*target_schema, target_schema->primary_key[k]);
                }
                to.push_back(referenced);
            }
            bool usable = target && !target->rows.empty() &&
                          std::none_of(from.begin(), from.end(), [](size_t i) { return i == size_t(-1); }) &&
                          std::none_of(to.begin(), to.end(), [](size_t i) { return i == size_t(-1); });
            bool nullable = std::none_of(from.begin(), from.end(), [&](size_t i) {
                return i == size_t(-1) || table.columns[i].primary_key || table.columns[i].not_null;
            });
            if (!usable || (nullable && nulls_allowed() && random_.chance(8))) {
                if (!nullable && !from.empty()) return {};
                for (size_t i : from)
                    if (i != size_t(-1)) row[i] = Null{};
                continue;
            }
            const auto& referenced_row = target->rows[random_.below(target->rows.size())];
            for (size_t k = 0; k < from.size(); ++k) row[from[k]] = referenced_row[to[k]];
        }
        return row;
    }

    const Schema& schema_;
    const LiteralHints& hints_;
    Random random_;
    size_t index_;
};

}  // namespace

bool is_plain_database(size_t index) { return index < kPlainDatabases; }

size_t SynthDatabase::row_count() const {
    size_t n = 0;
    for (const SynthTable& t : tables) n += t.rows.size();
    return n;
}

SynthDatabase generate_database(const Schema& schema, const LiteralHints& hints, uint64_t seed, size_t index) {
    return Generator(schema, hints, seed, index).run();
}

}  // namespace qdiff::results::synth
