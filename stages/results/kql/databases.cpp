#include "stages/results/kql/databases.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "stages/results/kql/interpreter.hpp"
#include "support/csv.hpp"
#include "support/strings.hpp"

namespace qdiff::results::kql {

namespace fs = std::filesystem;

bool is_tables_db(std::string_view db) { return db.starts_with("tables:"); }

namespace {

// The narrowest type for a column's texts (empty texts do not count).
KType infer_type(const std::vector<const std::string*>& texts) {
    bool all_bool = true, all_long = true, all_real = true, all_date = true, all_json = true, any = false;
    for (const std::string* t : texts) {
        if (!t || t->empty()) continue;
        any = true;
        std::string l = support::to_lower(*t);
        all_bool = all_bool && (l == "true" || l == "false");
        KValue n = convert_to(KValue::string(*t), KType::Long);
        KValue r = convert_to(KValue::string(*t), KType::Real);
        all_long = all_long && !n.null && t->find_first_of(".eE") == std::string::npos;
        all_real = all_real && !r.null;
        all_date = all_date && t->size() >= 10 && parse_datetime(*t).has_value();
        all_json = all_json && (t->front() == '[' || t->front() == '{') &&
                   !nlohmann::json::parse(*t, nullptr, false).is_discarded();
    }
    if (!any) return KType::String;
    if (all_bool) return KType::Bool;
    if (all_long) return KType::Long;
    if (all_real) return KType::Real;
    if (all_date) return KType::DateTime;
    if (all_json) return KType::Dynamic;
    return KType::String;
}

KValue typed(const std::string* text, KType type) {
    if (!text || (text->empty() && type != KType::String)) return KValue::null_of(type);
    return convert_to(KValue::string(*text), type);
}

bool read_file(const fs::path& path, std::string& text) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
    return true;
}

bool load_csv(const std::string& text, KqlTable& table, std::string& error) {
    auto cells = support::parse_csv(text);
    if (cells.empty()) {
        error = "no header line";
        return false;
    }
    const auto& header = cells.front();
    for (size_t r = 1; r < cells.size(); ++r)
        if (cells[r].size() != header.size() && !(cells[r].size() == 1 && cells[r][0].empty())) {
            error = "line " + std::to_string(r + 1) + " has " + std::to_string(cells[r].size()) + " fields, the header " +
                    std::to_string(header.size());
            return false;
        }
    for (size_t c = 0; c < header.size(); ++c) {
        std::vector<const std::string*> texts;
        for (size_t r = 1; r < cells.size(); ++r)
            if (cells[r].size() == header.size()) texts.push_back(&cells[r][c]);
        table.columns.push_back({header[c], infer_type(texts)});
    }
    for (size_t r = 1; r < cells.size(); ++r) {
        if (cells[r].size() != header.size()) continue;
        Row row;
        for (size_t c = 0; c < header.size(); ++c) row.push_back(typed(&cells[r][c], table.columns[c].type));
        table.rows.push_back(std::move(row));
    }
    return true;
}

bool load_json_lines(const std::string& text, KqlTable& table, std::string& error) {
    std::vector<nlohmann::json> objects;
    std::istringstream lines(text);
    std::string line;
    size_t number = 0;
    std::vector<std::string> names;
    while (std::getline(lines, line)) {
        ++number;
        if (support::fold_whitespace(line).empty()) continue;
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            error = "line " + std::to_string(number) + " is not a JSON object";
            return false;
        }
        // Columns in the order the file first names them (nlohmann::json sorts keys; ordered_json does not).
        const nlohmann::ordered_json ordered = nlohmann::ordered_json::parse(line);
        for (const auto& [k, v] : ordered.items())
            if (std::find(names.begin(), names.end(), k) == names.end()) names.push_back(k);
        objects.push_back(std::move(j));
    }
    for (const std::string& name : names) {
        // Numbers and booleans keep their JSON type; strings are typed like CSV texts; objects and
        // arrays are dynamic.
        bool dynamic = false, real = false, integral = false, boolean = false, string = false;
        std::vector<std::string> texts;
        for (const auto& o : objects) {
            auto it = o.find(name);
            if (it == o.end() || it->is_null()) continue;
            if (it->is_object() || it->is_array()) dynamic = true;
            else if (it->is_boolean()) boolean = true;
            else if (it->is_number_integer()) integral = true;
            else if (it->is_number()) real = true;
            else {
                string = true;
                texts.push_back(it->get<std::string>());
            }
        }
        KType type = KType::String;
        if (dynamic || (int(boolean) + int(integral || real) + int(string) > 1)) type = KType::Dynamic;
        else if (boolean) type = KType::Bool;
        else if (real) type = KType::Real;
        else if (integral) type = KType::Long;
        else if (string) {
            std::vector<const std::string*> pointers;
            for (const std::string& t : texts) pointers.push_back(&t);
            type = infer_type(pointers);
            if (type != KType::DateTime && type != KType::Guid) type = KType::String;
        }
        table.columns.push_back({name, type});
    }
    for (const auto& o : objects) {
        Row row;
        for (const KqlColumn& c : table.columns) {
            auto it = o.find(c.name);
            if (it == o.end() || it->is_null()) {
                row.push_back(KValue::null_of(c.type));
                continue;
            }
            KValue v = it->is_string() ? KValue::string(it->get<std::string>()) : from_json_scalar(*it);
            row.push_back(c.type == KType::Dynamic ? KValue::dynamic(*it) : convert_to(v, c.type));
        }
        table.rows.push_back(std::move(row));
    }
    return true;
}

}  // namespace

bool load_tables_dir(const std::string& dir, KqlDatabase& out, std::string& error) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        error = "tables:" + dir + " is not a directory";
        return false;
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        std::string ext = support::to_lower(entry.path().extension().string());
        if (entry.is_regular_file() && (ext == ".csv" || ext == ".jsonl" || ext == ".json")) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        error = "tables:" + dir + " has no .csv, .jsonl or .json file";
        return false;
    }
    for (const fs::path& file : files) {
        KqlTable table;
        table.name = file.stem().string();
        if (out.find(table.name)) {
            error = "two files for table " + table.name + " in " + dir;
            return false;
        }
        std::string text, why;
        if (!read_file(file, text)) {
            error = "cannot read " + file.string();
            return false;
        }
        bool ok = support::to_lower(file.extension().string()) == ".csv" ? load_csv(text, table, why)
                                                                       : load_json_lines(text, table, why);
        if (!ok) {
            error = file.string() + ": " + why;
            return false;
        }
        out.tables.push_back(std::move(table));
    }
    return true;
}

KType kql_type_of(const Column& column) {
    if (auto t = parse_type_name(column.declared_type)) return *t;
    std::string d = support::to_lower(column.declared_type);
    if (d.starts_with("system.")) {
        if (d == "system.int64") return KType::Long;
        if (d == "system.int32") return KType::Int;
        if (d == "system.double") return KType::Real;
        if (d == "system.datetime") return KType::DateTime;
        if (d == "system.timespan") return KType::TimeSpan;
        if (d == "system.boolean" || d == "system.sbyte") return KType::Bool;
        if (d == "system.object") return KType::Dynamic;
        if (d == "system.guid") return KType::Guid;
        return KType::String;
    }
    switch (column.type) {
        case ColumnType::Integer: return KType::Long;
        case ColumnType::Real: return KType::Real;
        case ColumnType::Boolean: return KType::Bool;
        case ColumnType::DateTime: return KType::DateTime;
        default: return KType::String;
    }
}

KqlHints kql_hints_for(const Schema& schema, synth::LiteralHints hints) {
    for (const qdiff::Table& t : schema.tables)
        for (const Column& c : t.columns)
            if (kql_type_of(c) == KType::DateTime) hints.date_columns.push_back(support::to_lower(c.name));
    return KqlHints{std::move(hints)};
}

synth::DataKind kql_database_kind(const KqlHints& hints, size_t index) {
    return synth::kind_of_database(hints.typed, index);
}

KqlDatabase synthesize_kql(const Schema& schema, const KqlHints& kql_hints, uint64_t seed, size_t index,
                           int64_t now_ticks) {
    const synth::LiteralHints& hints = kql_hints.typed;
    // Datetime columns are drawn as dates; they are moved next to now, at offsets that fall on both
    // sides of the usual ago() windows.
    synth::SynthDatabase data = synth::generate_database(schema, hints, seed, index);
    static const int64_t minute = 60 * kTicksPerSecond, hour = 60 * minute, day = 24 * hour;
    static const int64_t offsets[] = {5 * minute, 30 * minute, 59 * minute, 61 * minute, 3 * hour, 23 * hour,
                                      25 * hour, 2 * day,     6 * day,      8 * day,     13 * day, 15 * day,
                                      29 * day,  31 * day,    45 * day,     90 * day};
    KqlDatabase out;
    for (const synth::SynthTable& st : data.tables) {
        const qdiff::Table* table = schema.find_table(st.name);
        KqlTable kt;
        kt.name = st.name;
        for (const std::string& name : st.columns) {
            const Column* column = table ? table->find_column(name) : nullptr;
            kt.columns.push_back({name, column ? kql_type_of(*column) : KType::String});
        }
        for (const auto& row : st.rows) {
            Row values;
            for (size_t i = 0; i < row.size(); ++i) {
                KType type = kt.columns[i].type;
                const Value& v = row[i];
                if (std::holds_alternative<Null>(v)) {
                    values.push_back(KValue::null_of(type));
                    continue;
                }
                KValue raw = std::holds_alternative<int64_t>(v)  ? KValue::integer(std::get<int64_t>(v))
                             : std::holds_alternative<double>(v) ? KValue::real(std::get<double>(v))
                                                                 : KValue::string(std::get<std::string>(v));
                KValue value = convert_to(raw, type);
                if (type == KType::DateTime && !value.null) {
                    const std::vector<Value>* hinted = hints.find(kt.columns[i].name);
                    bool from_query = hinted && std::find(hinted->begin(), hinted->end(), v) != hinted->end();
                    if (!from_query) {
                        uint64_t h = uint64_t(value.i / kTicksPerSecond) * 0x9e3779b97f4a7c15ULL;
                        value.i = now_ticks - offsets[(h >> 33) % std::size(offsets)] - int64_t((h >> 20) % 600) * kTicksPerSecond;
                    }
                }
                if (type == KType::String && value.null) value = KValue::string("");
                values.push_back(std::move(value));
            }
            kt.rows.push_back(std::move(values));
        }
        out.tables.push_back(std::move(kt));
    }
    return out;
}

namespace {

void add_hint(synth::LiteralHints& hints, const ast::ColumnRef* column, const std::vector<Value>& values) {
    if (!column || column->path.empty()) return;
    std::string name = support::to_lower(column->path.back().text);
    auto it = std::find_if(hints.by_column.begin(), hints.by_column.end(), [&](const auto& p) { return p.first == name; });
    if (it == hints.by_column.end()) it = hints.by_column.insert(hints.by_column.end(), {name, {}});
    for (const Value& v : values)
        if (std::find(it->second.begin(), it->second.end(), v) == it->second.end() && it->second.size() < 64)
            it->second.push_back(v);
}

std::vector<Value> string_variants(const std::string& s) {
    std::string upper = support::to_upper(s), lower = support::to_lower(s), title = lower;
    if (!title.empty()) title[0] = char(std::toupper(static_cast<unsigned char>(title[0])));
    // Each pair of neighbours separates two operators: == / =~ (case), has / contains (term or not),
    // startswith / endswith / contains (position).
    return {Value(s), Value(upper), Value(lower), Value(title), Value(s + " tail"), Value("head " + s),
            Value("x" + s + "x"), Value(s + "x"), Value("x" + s), Value("x-" + upper + "-x")};
}

// ago(span), now(), now() +- span, datetime(...): the instant, when the arguments are literals.
std::optional<int64_t> instant_of(const ast::Expr* e, int64_t now) {
    if (const auto* l = ast::dyn_cast<ast::Literal>(e); l && l->type == ast::LiteralType::Datetime) {
        std::string_view text = l->text;
        if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front())
            text = text.substr(1, text.size() - 2);
        return parse_datetime(text);
    }
    if (const auto* call = ast::dyn_cast<ast::FunctionCall>(e); call && !call->name.empty()) {
        std::string fn = support::to_lower(call->name.back().text);
        if (fn == "now" && call->args.empty()) return now;
        if (fn == "ago" && call->args.size() == 1)
            if (const auto* l = ast::dyn_cast<ast::Literal>(call->args[0]); l && l->type == ast::LiteralType::Timespan)
                if (auto t = parse_timespan(l->text)) return now - *t;
    }
    if (const auto* b = ast::dyn_cast<ast::Binary>(e); b && (b->op == ast::BinaryOp::Add || b->op == ast::BinaryOp::Sub)) {
        auto base = instant_of(b->lhs, now);
        const auto* l = ast::dyn_cast<ast::Literal>(b->rhs);
        if (base && l && l->type == ast::LiteralType::Timespan)
            if (auto t = parse_timespan(l->text)) return b->op == ast::BinaryOp::Add ? *base + *t : *base - *t;
    }
    return std::nullopt;
}

std::vector<Value> around(int64_t instant) {
    std::vector<Value> out;
    for (int64_t delta : {-60LL, 0LL, 60LL}) {
        std::string text = format_datetime_iso(instant + delta * kTicksPerSecond);
        out.emplace_back(text);
    }
    return out;
}

void walk_kql(const ast::Node& n, synth::LiteralHints& hints, int64_t now) {
    using ast::BinaryOp;
    if (const auto* b = ast::dyn_cast<ast::Binary>(&n)) {
        const auto* column = ast::dyn_cast<ast::ColumnRef>(b->lhs);
        const auto* literal = ast::dyn_cast<ast::Literal>(b->rhs);
        bool string_op = b->op == BinaryOp::Eq || b->op == BinaryOp::NotEq || b->op == BinaryOp::EqualsCi ||
                         (b->op >= BinaryOp::Has && b->op <= BinaryOp::EndsWithCs && b->op != BinaryOp::HasAny &&
                          b->op != BinaryOp::HasAll);
        if (column && literal && literal->type == ast::LiteralType::String && string_op)
            add_hint(hints, column, string_variants(std::string(literal->text)));
        if ((b->op == BinaryOp::HasAny || b->op == BinaryOp::HasAll) && column)
            if (const auto* t = ast::dyn_cast<ast::Tuple>(b->rhs))
                for (const ast::Expr* item : t->items)
                    if (const auto* l = ast::dyn_cast<ast::Literal>(item); l && l->type == ast::LiteralType::String)
                        add_hint(hints, column, string_variants(std::string(l->text)));
        if (column)
            if (auto instant = instant_of(b->rhs, now)) add_hint(hints, column, around(*instant));
    } else if (const auto* between = ast::dyn_cast<ast::Between>(&n)) {
        const auto* column = ast::dyn_cast<ast::ColumnRef>(between->expr);
        for (const ast::Expr* bound : {between->low, between->high})
            if (auto instant = instant_of(bound, now)) add_hint(hints, column, around(*instant));
    } else if (const auto* in = ast::dyn_cast<ast::InList>(&n)) {
        const auto* column = ast::dyn_cast<ast::ColumnRef>(in->expr);
        for (const ast::Expr* item : in->items)
            if (const auto* l = ast::dyn_cast<ast::Literal>(item); l && l->type == ast::LiteralType::String) {
                std::string s(l->text);
                add_hint(hints, column, {Value(s), Value(support::to_upper(s)), Value(support::to_lower(s))});
            }
    }
    ast::for_each_child(n, [&](const ast::Node& child) { walk_kql(child, hints, now); });
}

}  // namespace

void add_kql_hints(const ParseResult& parsed, synth::LiteralHints& hints, int64_t now_ticks) {
    if (parsed.ok() && parsed.script()) walk_kql(*parsed.script(), hints, now_ticks);
}

synth::SynthDatabase to_synth_database(const KqlDatabase& db) {
    synth::SynthDatabase out;
    for (const KqlTable& t : db.tables) {
        synth::SynthTable st;
        st.name = t.name;
        for (const KqlColumn& c : t.columns) {
            st.columns.push_back(c.name);
            switch (c.type) {
                case KType::Bool:
                case KType::Int:
                case KType::Long: st.declared_types.push_back("INTEGER"); break;
                case KType::Real:
                case KType::Decimal: st.declared_types.push_back("REAL"); break;
                default: st.declared_types.push_back("TEXT");
            }
        }
        for (const Row& r : t.rows) {
            std::vector<Value> row;
            for (const KValue& v : r) {
                if (v.type == KType::Bool && !v.null) row.push_back(int64_t(v.i));
                else if (v.type == KType::DateTime && !v.null) {
                    // SQLite's date functions read "YYYY-MM-DD HH:MM:SS".
                    std::string text = format_datetime_iso(v.i);
                    text[10] = ' ';
                    text.pop_back();
                    row.push_back(text);
                } else row.push_back(to_result_value(v));
            }
            st.rows.push_back(std::move(row));
        }
        out.tables.push_back(std::move(st));
    }
    return out;
}

KqlDatabase from_synth_database(const synth::SynthDatabase& data, const KqlDatabase& like) {
    KqlDatabase out;
    for (const synth::SynthTable& st : data.tables) {
        const KqlTable* model = like.find(st.name);
        KqlTable kt;
        kt.name = st.name;
        for (size_t i = 0; i < st.columns.size(); ++i) {
            KType type = KType::String;
            if (model)
                for (const KqlColumn& c : model->columns)
                    if (c.name == st.columns[i]) type = c.type;
            kt.columns.push_back({st.columns[i], type});
        }
        for (const auto& row : st.rows) {
            Row values;
            for (size_t i = 0; i < row.size(); ++i) {
                const Value& v = row[i];
                KType type = kt.columns[i].type;
                if (std::holds_alternative<Null>(v)) values.push_back(KValue::null_of(type));
                else if (std::holds_alternative<int64_t>(v))
                    values.push_back(convert_to(KValue::integer(std::get<int64_t>(v)), type));
                else if (std::holds_alternative<double>(v))
                    values.push_back(convert_to(KValue::real(std::get<double>(v)), type));
                else
                    values.push_back(convert_to(KValue::string(std::get<std::string>(v)), type));
            }
            kt.rows.push_back(std::move(values));
        }
        out.tables.push_back(std::move(kt));
    }
    return out;
}

}  // namespace qdiff::results::kql
