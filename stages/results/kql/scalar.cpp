// Scalar expressions and functions with KQL's rules (README.md in this directory lists them): typed
// nulls that propagate through arithmetic and comparisons, strings that are never null, long / long
// staying a long, datetime and timespan arithmetic, case rules of the string operators, dynamic values
// as JSON.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <functional>
#include <optional>
#include <regex>
#include <unordered_map>

#include "ast/semantics/operators.hpp"
#include "stages/results/kql/interpreter.hpp"
#include "stages/results/kql/kql_time.hpp"
#include "support/strings.hpp"

namespace qdiff::results::kql {

using namespace ast;

namespace {

bool is_term_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

std::string lower(std::string_view s) { return support::to_lower(s); }

// `has`: the needle occurs with a term boundary on both sides (terms are maximal runs of ASCII letters
// and digits); hasprefix/hassuffix need the boundary only at the start/end.
bool has_term(std::string_view hay, std::string_view needle, bool need_start, bool need_end) {
    if (needle.empty()) return true;
    for (size_t pos = hay.find(needle); pos != std::string_view::npos; pos = hay.find(needle, pos + 1)) {
        bool start_ok = !need_start || pos == 0 || !is_term_char(hay[pos - 1]) || !is_term_char(needle.front());
        size_t end = pos + needle.size();
        bool end_ok = !need_end || end == hay.size() || !is_term_char(hay[end]) || !is_term_char(needle.back());
        if (start_ok && end_ok) return true;
    }
    return false;
}

KValue null_bool() { return KValue::null_of(KType::Bool); }


KValue parse_number_text(std::string_view s, KType type) {
    std::string t(s);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
    size_t start = 0;
    while (start < t.size() && std::isspace(static_cast<unsigned char>(t[start]))) ++start;
    t = t.substr(start);
    if (t.empty()) return KValue::null_of(type);
    if (type == KType::Int || type == KType::Long) {
        int64_t x = 0;
        auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), x);
        if (ec == std::errc() && p == t.data() + t.size()) return KValue::integer_of(type, x);
        double d = 0;
        auto [p2, ec2] = std::from_chars(t.data(), t.data() + t.size(), d);
        if (ec2 == std::errc() && p2 == t.data() + t.size() && std::isfinite(d))
            return KValue::integer_of(type, int64_t(d));
        return KValue::null_of(type);
    }
    double d = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), d);
    if (ec == std::errc() && p == t.data() + t.size()) return KValue::real(d);
    std::string l = lower(t);
    if (l == "nan") return KValue::real(NAN);
    if (l == "inf" || l == "infinity" || l == "+inf") return KValue::real(INFINITY);
    if (l == "-inf" || l == "-infinity") return KValue::real(-INFINITY);
    return KValue::null_of(KType::Real);
}

}  // namespace

KValue convert_to(const KValue& v, KType type) {
    if (v.type == type) return v;
    if (v.null && v.type != KType::String) return KValue::null_of(type);
    switch (type) {
        case KType::String: return KValue::string(to_text(v));
        case KType::Int:
        case KType::Long:
            if (v.is_integral() || v.type == KType::Bool) return KValue::integer_of(type, v.i);
            if (v.is_real()) return std::isfinite(v.d) ? KValue::integer_of(type, int64_t(v.d)) : KValue::null_of(type);
            if (v.type == KType::TimeSpan || v.type == KType::DateTime) return KValue::integer_of(type, v.i);
            if (v.type == KType::Dynamic) {
                if (v.dyn->is_number()) return convert_to(from_json_scalar(*v.dyn), type);
                if (v.dyn->is_boolean()) return KValue::integer_of(type, v.dyn->get<bool>() ? 1 : 0);
                if (v.dyn->is_string()) return parse_number_text(v.dyn->get<std::string>(), type);
                return KValue::null_of(type);
            }
            return parse_number_text(v.s, type);
        case KType::Real:
        case KType::Decimal: {
            KValue out;
            if (v.is_numeric() || v.type == KType::Bool) out = KValue::real(v.is_real() ? v.d : double(v.i));
            else if (v.type == KType::Dynamic)
                out = v.dyn->is_number() ? KValue::real(v.dyn->get<double>())
                      : v.dyn->is_string() ? parse_number_text(v.dyn->get<std::string>(), KType::Real)
                                           : KValue::null_of(KType::Real);
            else if (v.type == KType::TimeSpan || v.type == KType::DateTime) out = KValue::real(double(v.i));
            else out = parse_number_text(v.s, KType::Real);
            out.type = type;
            return out;
        }
        case KType::Bool:
            if (v.is_numeric()) return KValue::boolean(v.as_double() != 0);
            if (v.type == KType::Dynamic) {
                if (v.dyn->is_boolean()) return KValue::boolean(v.dyn->get<bool>());
                if (v.dyn->is_number()) return KValue::boolean(v.dyn->get<double>() != 0);
                if (v.dyn->is_string()) return convert_to(KValue::string(v.dyn->get<std::string>()), type);
                return null_bool();
            }
            if (v.type == KType::String) {
                std::string l = lower(v.s);
                if (l == "true" || l == "1") return KValue::boolean(true);
                if (l == "false" || l == "0") return KValue::boolean(false);
            }
            return null_bool();
        case KType::DateTime: {
            std::string text = v.type == KType::Dynamic ? to_text(v) : v.s;
            if (v.type == KType::String || v.type == KType::Dynamic)
                if (auto t = parse_datetime(text)) return KValue::datetime(*t);
            return KValue::null_of(type);
        }
        case KType::TimeSpan: {
            if (v.is_integral()) return KValue::timespan(v.i);
            if (v.is_real()) return KValue::timespan(int64_t(v.d));
            std::string text = v.type == KType::Dynamic ? to_text(v) : v.s;
            if (v.type == KType::String || v.type == KType::Dynamic)
                if (auto t = parse_timespan(text)) return KValue::timespan(*t);
            return KValue::null_of(type);
        }
        case KType::Dynamic:
            if (v.type == KType::String) {
                auto j = nlohmann::json::parse(v.s, nullptr, false);
                if (j.is_discarded()) return KValue::dynamic(v.s);
                return KValue::dynamic(std::move(j));
            }
            return KValue::dynamic(to_json(v));
        case KType::Guid: {
            KValue out = KValue::string(to_text(v));
            out.type = KType::Guid;
            return out;
        }
    }
    return v;
}

std::string inferred_name(const Expr* e) {
    if (const auto* c = dyn_cast<ColumnRef>(e)) {
        if (c->path.size() == 1) return name_text(c->path[0]);
        std::string out;
        for (const Name& n : c->path) out += (out.empty() ? "" : "_") + name_text(n);
        return out;
    }
    if (const auto* s = dyn_cast<Subscript>(e)) {
        std::string base = inferred_name(s->base);
        const auto* l = dyn_cast<Literal>(s->index);
        if (!base.empty() && l && l->type == LiteralType::String) return base + "_" + std::string(l->text);
    }
    if (const auto* f = dyn_cast<FieldAccess>(e)) {
        std::string base = inferred_name(f->base);
        if (!base.empty()) return base + "_" + name_text(f->field);
    }
    return "";
}

KValue Interpreter::literal(const Literal& l) {
    std::string_view text = l.text;
    auto typed_null = [&](KType t) { return support::iequals(text, "null"); };
    switch (l.type) {
        case LiteralType::Integer: {
            if (typed_null(KType::Long)) return KValue::null_of(KType::Long);
            int64_t x = 0;
            std::string t(text);
            int base = 10;
            if (t.starts_with("0x") || t.starts_with("0X")) {
                t = t.substr(2);
                base = 16;
            }
            auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), x, base);
            if (ec != std::errc() || p != t.data() + t.size()) {
                double d = 0;
                auto [p2, ec2] = std::from_chars(t.data(), t.data() + t.size(), d);
                if (ec2 == std::errc() && p2 == t.data() + t.size()) return KValue::integer(int64_t(d));
                throw KqlError("not a number: " + t);
            }
            return KValue::integer(x);
        }
        case LiteralType::Decimal: {
            if (typed_null(KType::Real)) return KValue::null_of(KType::Real);
            KValue v = parse_number_text(text, KType::Real);
            if (v.null) throw KqlError("not a number: " + std::string(text));
            return v;
        }
        case LiteralType::String: return KValue::string(std::string(text));
        case LiteralType::Boolean:
            if (typed_null(KType::Bool)) return null_bool();
            return KValue::boolean(support::iequals(text, "true") || text == "1");
        case LiteralType::Null: return KValue::null_of(KType::Dynamic);
        case LiteralType::Timespan: {
            if (typed_null(KType::TimeSpan)) return KValue::null_of(KType::TimeSpan);
            auto t = parse_timespan(text);
            if (!t) throw KqlError("not a timespan: " + std::string(text));
            return KValue::timespan(*t);
        }
        case LiteralType::Datetime: {
            if (typed_null(KType::DateTime)) return KValue::null_of(KType::DateTime);
            if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front())
                text = text.substr(1, text.size() - 2);
            auto t = parse_datetime(text);
            if (!t) throw KqlUnsupported("datetime literal spelled '" + std::string(text) + "'");
            return KValue::datetime(*t);
        }
        case LiteralType::Dynamic: {
            auto j = nlohmann::json::parse(text, nullptr, false);
            if (j.is_discarded()) throw KqlUnsupported("dynamic literal '" + std::string(text) + "'");
            return KValue::dynamic(std::move(j));
        }
        case LiteralType::Guid: {
            KValue v = KValue::string(lower(text));
            v.type = KType::Guid;
            if (typed_null(KType::Guid)) return KValue::null_of(KType::Guid);
            return v;
        }
        default: throw KqlUnsupported("literal of kind " + std::string(enum_name(l.type)));
    }
}

bool Interpreter::eval_predicate(const Expr* e, const Scope& scope) {
    KValue v = eval(e, scope);
    if (v.null) return false;
    if (v.type == KType::Bool) return v.i != 0;
    if (v.type == KType::Dynamic && v.dyn->is_boolean()) return v.dyn->get<bool>();
    throw KqlError("a filter must be a bool, got " + std::string(type_name(v.type)));
}

namespace {

KValue arithmetic(BinaryOp op, const KValue& a, const KValue& b) {
    auto is_time = [](const KValue& v) { return v.type == KType::DateTime || v.type == KType::TimeSpan; };
    KValue x = a.type == KType::Dynamic && !a.null ? from_json_scalar(*a.dyn) : a;
    KValue y = b.type == KType::Dynamic && !b.null ? from_json_scalar(*b.dyn) : b;
    if (x.type == KType::Bool) x = KValue::integer(x.i);
    if (y.type == KType::Bool) y = KValue::integer(y.i);
    if (is_time(x) || is_time(y)) {
        KType result = KType::TimeSpan;
        if (op == BinaryOp::Add && x.type == KType::DateTime && y.type == KType::TimeSpan) result = KType::DateTime;
        else if (op == BinaryOp::Add && x.type == KType::TimeSpan && y.type == KType::DateTime) result = KType::DateTime;
        else if (op == BinaryOp::Sub && x.type == KType::DateTime && y.type == KType::TimeSpan) result = KType::DateTime;
        else if (op == BinaryOp::Sub && x.type == KType::DateTime && y.type == KType::DateTime) result = KType::TimeSpan;
        else if ((op == BinaryOp::Add || op == BinaryOp::Sub) && x.type == KType::TimeSpan && y.type == KType::TimeSpan)
            result = KType::TimeSpan;
        else if (op == BinaryOp::Div && x.type == KType::TimeSpan && y.type == KType::TimeSpan) result = KType::Real;
        else if ((op == BinaryOp::Mul || op == BinaryOp::Div) && x.type == KType::TimeSpan && y.is_numeric())
            result = KType::TimeSpan;
        else if (op == BinaryOp::Mul && x.is_numeric() && y.type == KType::TimeSpan) result = KType::TimeSpan;
        else if (op == BinaryOp::Mod && x.type == KType::TimeSpan && y.type == KType::TimeSpan) result = KType::TimeSpan;
        else
            throw KqlError(std::string("operator ") + std::string(enum_name(op)) + " on " +
                           std::string(type_name(x.type)) + " and " + std::string(type_name(y.type)));
        if (x.null || y.null) return KValue::null_of(result);
        if (result == KType::Real) return KValue::real(double(x.i) / double(y.i));
        if (op == BinaryOp::Mul) {
            double factor = x.type == KType::TimeSpan ? y.as_double() : x.as_double();
            int64_t t = x.type == KType::TimeSpan ? x.i : y.i;
            return KValue::timespan(int64_t(std::llround(double(t) * factor)));
        }
        if (op == BinaryOp::Div) {
            if (y.as_double() == 0) return KValue::null_of(KType::TimeSpan);
            return KValue::timespan(int64_t(std::llround(double(x.i) / y.as_double())));
        }
        if (op == BinaryOp::Mod) return y.i == 0 ? KValue::null_of(result) : KValue::timespan(x.i % y.i);
        int64_t r = op == BinaryOp::Add ? x.i + y.i : x.i - y.i;
        return KValue::integer_of(result, r);
    }
    if (!x.is_numeric() || !y.is_numeric()) {
        if ((x.null && x.type != KType::String) || (y.null && y.type != KType::String))
            return KValue::null_of(KType::Real);
        throw KqlError(std::string("arithmetic on ") + std::string(type_name(x.type)) + " and " +
                       std::string(type_name(y.type)));
    }
    bool integral = x.is_integral() && y.is_integral();
    if (x.null || y.null) return KValue::null_of(integral ? KType::Long : KType::Real);
    if (integral) {
        switch (op) {
            case BinaryOp::Add: return KValue::integer(int64_t(uint64_t(x.i) + uint64_t(y.i)));
            case BinaryOp::Sub: return KValue::integer(int64_t(uint64_t(x.i) - uint64_t(y.i)));
            case BinaryOp::Mul: return KValue::integer(int64_t(uint64_t(x.i) * uint64_t(y.i)));
            // long / long stays a long, truncated towards zero (1 / 2 is 0); division by 0 is null.
            case BinaryOp::Div:
                if (y.i == 0 || (x.i == INT64_MIN && y.i == -1)) return KValue::null_of(KType::Long);
                return KValue::integer(x.i / y.i);
            case BinaryOp::Mod:
                if (y.i == 0 || (x.i == INT64_MIN && y.i == -1)) return KValue::null_of(KType::Long);
                // KQL's % is never negative: -14 % 12 is 10, as is -14 % -12.
                {
                    int64_t r = x.i % y.i;
                    if (r < 0) r += y.i < 0 ? -y.i : y.i;
                    return KValue::integer(r);
                }
            default: break;
        }
    }
    double p = x.as_double(), q = y.as_double();
    switch (op) {
        case BinaryOp::Add: return KValue::real(p + q);
        case BinaryOp::Sub: return KValue::real(p - q);
        case BinaryOp::Mul: return KValue::real(p * q);
        case BinaryOp::Div: return KValue::real(p / q);
        case BinaryOp::Mod: return KValue::real(std::fmod(p, q));
        default: break;
    }
    throw KqlUnsupported("operator " + std::string(enum_name(op)));
}

// The operands of a comparison brought to one type: a string against a datetime literal, a dynamic
// element against a scalar.
void unify(KValue& a, KValue& b) {
    if (a.type == KType::Dynamic && !a.null && b.type != KType::Dynamic) a = convert_to(from_json_scalar(*a.dyn), b.type);
    if (b.type == KType::Dynamic && !b.null && a.type != KType::Dynamic) b = convert_to(from_json_scalar(*b.dyn), a.type);
    if (a.type == KType::DateTime && b.type == KType::String) b = convert_to(b, KType::DateTime);
    if (b.type == KType::DateTime && a.type == KType::String) a = convert_to(a, KType::DateTime);
    if (a.type == KType::TimeSpan && b.type == KType::String) b = convert_to(b, KType::TimeSpan);
    if (b.type == KType::TimeSpan && a.type == KType::String) a = convert_to(a, KType::TimeSpan);
}

KValue compare(BinaryOp op, KValue a, KValue b) {
    unify(a, b);
    // A null against a value: == is false and != is true; two nulls and every ordering give null.
    if ((op == BinaryOp::Eq || op == BinaryOp::NotEq) && a.null != b.null) return KValue::boolean(op == BinaryOp::NotEq);
    if (a.null || b.null) return null_bool();
    bool comparable = (a.is_numeric() || a.type == KType::Bool) == (b.is_numeric() || b.type == KType::Bool) &&
                      (a.is_numeric() || a.type == KType::Bool || a.type == b.type ||
                       ((a.type == KType::String || a.type == KType::Guid) &&
                        (b.type == KType::String || b.type == KType::Guid)));
    if (op == BinaryOp::Eq || op == BinaryOp::NotEq) {
        bool eq = comparable && values_equal(a, b);
        return KValue::boolean(op == BinaryOp::Eq ? eq : !eq);
    }
    if (!comparable)
        throw KqlError("cannot compare " + std::string(type_name(a.type)) + " with " + std::string(type_name(b.type)));
    int c = compare_values(a, b);
    switch (op) {
        case BinaryOp::Lt: return KValue::boolean(c < 0);
        case BinaryOp::LtEq: return KValue::boolean(c <= 0);
        case BinaryOp::Gt: return KValue::boolean(c > 0);
        case BinaryOp::GtEq: return KValue::boolean(c >= 0);
        default: break;
    }
    throw KqlUnsupported("operator " + std::string(enum_name(op)));
}

// The text a string operator reads from a value: strings as they are, other values as tostring().
std::string operand_text(const KValue& v) { return to_text(v); }

bool string_op(BinaryOp op, const std::string& hay_raw, const std::string& needle_raw) {
    bool cs = !semantics::binary_operator(op).ignores_case;  // has_cs, contains_cs, ...
    std::string hay = cs ? hay_raw : lower(hay_raw), needle = cs ? needle_raw : lower(needle_raw);
    switch (op) {
        case BinaryOp::Has:
        case BinaryOp::HasCs: return has_term(hay, needle, true, true);
        case BinaryOp::HasPrefix:
        case BinaryOp::HasPrefixCs: return has_term(hay, needle, true, false);
        case BinaryOp::HasSuffix:
        case BinaryOp::HasSuffixCs: return has_term(hay, needle, false, true);
        case BinaryOp::Contains:
        case BinaryOp::ContainsCs: return hay.find(needle) != std::string::npos;
        case BinaryOp::StartsWith:
        case BinaryOp::StartsWithCs: return hay.starts_with(needle);
        case BinaryOp::EndsWith:
        case BinaryOp::EndsWithCs: return hay.ends_with(needle);
        default: break;
    }
    return false;
}

// Items of an `in` list or has_any list: dynamic arrays are flattened, a tabular argument gives its
// first column.
void flatten_into(const KValue& v, std::vector<KValue>& out) {
    if (v.type == KType::Dynamic && !v.null && v.dyn->is_array()) {
        for (const auto& e : *v.dyn) out.push_back(from_json_scalar(e));
        return;
    }
    out.push_back(v);
}

}  // namespace

KValue Interpreter::eval(const Expr* e, const Scope& scope) {
    tick();
    switch (e->kind) {
        case Kind::Literal: return literal(static_cast<const Literal&>(*e));
        case Kind::ColumnRef: {
            const auto& c = static_cast<const ColumnRef&>(*e);
            std::string first = name_text(c.path[0]);
            if (c.path.size() == 2 && (first == "$left" || first == "$right")) {
                const Table* t = first == "$left" ? scope.left : scope.right;
                const Row* r = first == "$left" ? scope.left_row : scope.right_row;
                if (!t || !r) throw KqlUnsupported("$left/$right outside a join condition");
                int i = t->find(c.path[1].text);
                if (i < 0) throw KqlError("no column named '" + name_text(c.path[1]) + "'");
                return (*r)[size_t(i)];
            }
            KValue base;
            int i = scope.table ? scope.table->find(first) : -1;
            if (i >= 0) {
                if (!scope.row) return KValue::null_of(scope.table->columns[size_t(i)].type);
                base = (*scope.row)[size_t(i)];
            } else if (auto it = scalars_.find(first); it != scalars_.end()) {
                base = it->second;
            } else if (auto t = tables_.find(first); t != tables_.end()) {
                throw KqlUnsupported("a table used as a scalar ('" + first + "')");
            } else if (c.path.size() == 1 && (support::iequals(first, "true") || support::iequals(first, "false"))) {
                // True/False: bool literals in another case, which Kusto accepts.
                return KValue::boolean(support::iequals(first, "true"));
            } else {
                throw KqlError("no column or name '" + first + "'");
            }
            // a.b.c on a dynamic column: property access.
            for (size_t k = 1; k < c.path.size(); ++k) {
                if (base.null || base.type != KType::Dynamic || !base.dyn->is_object())
                    return KValue::null_of(KType::Dynamic);
                auto it = base.dyn->find(std::string(c.path[k].text));
                if (it == base.dyn->end()) return KValue::null_of(KType::Dynamic);
                base = KValue::dynamic(*it);
            }
            return base;
        }
        case Kind::Unary: {
            const auto& u = static_cast<const Unary&>(*e);
            KValue v = eval(u.operand, scope);
            switch (u.op) {
                case UnaryOp::Not:
                    if (v.null) return null_bool();
                    return KValue::boolean(!convert_to(v, KType::Bool).i);
                case UnaryOp::Negate:
                    if (v.null) return v;
                    if (v.is_real()) return KValue::real(-v.d);
                    if (v.is_integral() || v.type == KType::TimeSpan) return KValue::integer_of(v.type, -v.i);
                    throw KqlError("cannot negate a " + std::string(type_name(v.type)));
                case UnaryOp::Plus: return v;
                default: throw KqlUnsupported("unary operator " + std::string(enum_name(u.op)));
            }
        }
        case Kind::Binary: {
            const auto& b = static_cast<const Binary&>(*e);
            if (b.op == BinaryOp::And || b.op == BinaryOp::Or) {
                KValue l = eval(b.lhs, scope);
                bool is_and = b.op == BinaryOp::And;
                auto truth = [](const KValue& v) -> int {  // -1 null, 0 false, 1 true
                    if (v.null) return -1;
                    return convert_to(v, KType::Bool).i ? 1 : 0;
                };
                int x = truth(l);
                if (is_and && x == 0) return KValue::boolean(false);
                if (!is_and && x == 1) return KValue::boolean(true);
                int y = truth(eval(b.rhs, scope));
                if (is_and) return y == 0 ? KValue::boolean(false) : (x == 1 && y == 1) ? KValue::boolean(true) : null_bool();
                return y == 1 ? KValue::boolean(true) : (x == 0 && y == 0) ? KValue::boolean(false) : null_bool();
            }
            if (isa<Star>(b.lhs)) {
                // `* has "x"`: the operator holds for some column of the row.
                bool string_family = b.op >= BinaryOp::Has && b.op <= BinaryOp::EndsWithCs && b.op != BinaryOp::HasAny &&
                                     b.op != BinaryOp::HasAll;
                if (!string_family || !scope.table || !scope.row || !static_cast<const Star*>(b.lhs)->pattern.empty())
                    throw KqlUnsupported("* " + std::string(enum_name(b.op)) + " (search in every column)");
                std::string needle = operand_text(eval(b.rhs, scope));
                for (const KValue& v : *scope.row)
                    if (string_op(b.op, operand_text(v), needle)) return KValue::boolean(true);
                return KValue::boolean(false);
            }
            KValue l = eval(b.lhs, scope);
            switch (b.op) {
                case BinaryOp::Add:
                case BinaryOp::Sub:
                case BinaryOp::Mul:
                case BinaryOp::Div:
                case BinaryOp::Mod: return arithmetic(b.op, l, eval(b.rhs, scope));
                case BinaryOp::Eq:
                case BinaryOp::NotEq:
                case BinaryOp::Lt:
                case BinaryOp::LtEq:
                case BinaryOp::Gt:
                case BinaryOp::GtEq: return compare(b.op, l, eval(b.rhs, scope));
                case BinaryOp::EqualsCi: {
                    KValue r = eval(b.rhs, scope);
                    return KValue::boolean(lower(operand_text(l)) == lower(operand_text(r)));
                }
                case BinaryOp::Has:
                case BinaryOp::HasCs:
                case BinaryOp::HasPrefix:
                case BinaryOp::HasPrefixCs:
                case BinaryOp::HasSuffix:
                case BinaryOp::HasSuffixCs:
                case BinaryOp::Contains:
                case BinaryOp::ContainsCs:
                case BinaryOp::StartsWith:
                case BinaryOp::StartsWithCs:
                case BinaryOp::EndsWith:
                case BinaryOp::EndsWithCs: {
                    KValue r = eval(b.rhs, scope);
                    return KValue::boolean(string_op(b.op, operand_text(l), operand_text(r)));
                }
                case BinaryOp::HasAny:
                case BinaryOp::HasAll: {
                    std::vector<KValue> items;
                    if (const auto* t = dyn_cast<Tuple>(b.rhs))
                        for (const Expr* item : t->items) flatten_into(eval(item, scope), items);
                    else
                        flatten_into(eval(b.rhs, scope), items);
                    std::string hay = lower(operand_text(l));
                    bool any = false, all = true;
                    for (const KValue& item : items) {
                        bool found = has_term(hay, lower(operand_text(item)), true, true);
                        any = any || found;
                        all = all && found;
                    }
                    return KValue::boolean(b.op == BinaryOp::HasAny ? any : all);
                }
                case BinaryOp::MatchesRegex: {
                    KValue r = eval(b.rhs, scope);
                    std::string text = operand_text(l);
                    if (text.size() > 100000) throw KqlError("matches regex: the text is too long");
                    try {
                        std::regex re(operand_text(r), std::regex::ECMAScript);
                        return KValue::boolean(std::regex_search(text, re));
                    } catch (const std::regex_error&) {
                        throw KqlError("matches regex: not a valid regular expression");
                    }
                }
                default: throw KqlUnsupported("operator " + std::string(enum_name(b.op)));
            }
        }
        case Kind::Between: {
            const auto& b = static_cast<const Between&>(*e);
            KValue v = eval(b.expr, scope), lo = eval(b.low, scope), hi = eval(b.high, scope);
            // between (datetime .. timespan): the window from the datetime on.
            if (lo.type == KType::DateTime && hi.type == KType::TimeSpan && !lo.null && !hi.null)
                hi = KValue::datetime(lo.i + hi.i);
            KValue ge = compare(BinaryOp::GtEq, v, lo), le = compare(BinaryOp::LtEq, v, hi);
            if (ge.null || le.null) return null_bool();
            return KValue::boolean(ge.i && le.i);
        }
        case Kind::InList: {
            const auto& in = static_cast<const InList&>(*e);
            KValue v = eval(in.expr, scope);
            std::vector<KValue> items;
            for (const Expr* item : in.items) {
                if (const auto* sub = dyn_cast<SubqueryExpr>(item)) {
                    Table t = eval_query(*sub->query);
                    for (const Row& r : t.rows)
                        if (!r.empty()) items.push_back(r[0]);
                    continue;
                }
                if (const auto* ref = dyn_cast<ColumnRef>(item); ref && ref->path.size() == 1 &&
                                                                 tables_.count(name_text(ref->path[0])) &&
                                                                 !(scope.table && scope.table->find(ref->path[0].text) >= 0)) {
                    const Table& t = tables_.at(name_text(ref->path[0]));
                    for (const Row& r : t.rows)
                        if (!r.empty()) items.push_back(r[0]);
                    continue;
                }
                flatten_into(eval(item, scope), items);
            }
            if (v.null) return KValue::boolean(false);
            for (const KValue& item : items) {
                if (in.case_insensitive) {
                    if (lower(operand_text(v)) == lower(operand_text(item))) return KValue::boolean(true);
                } else {
                    KValue eq = compare(BinaryOp::Eq, v, item);
                    if (!eq.null && eq.i) return KValue::boolean(true);
                }
            }
            return KValue::boolean(false);
        }
        case Kind::InSubquery: {
            const auto& in = static_cast<const InSubquery&>(*e);
            KValue v = eval(in.expr, scope);
            Table t = eval_query(*in.query);
            if (v.null) return KValue::boolean(false);
            for (const Row& r : t.rows) {
                if (r.empty()) continue;
                KValue eq = compare(BinaryOp::Eq, v, r[0]);
                if (!eq.null && eq.i) return KValue::boolean(true);
            }
            return KValue::boolean(false);
        }
        case Kind::FunctionCall: return call_function(static_cast<const FunctionCall&>(*e), scope);
        case Kind::Subscript: {
            const auto& s = static_cast<const Subscript&>(*e);
            if (s.slice) throw KqlUnsupported("array slices a[i:j]");
            KValue base = eval(s.base, scope), index = eval(s.index, scope);
            if (base.null || base.type != KType::Dynamic || index.null) return KValue::null_of(KType::Dynamic);
            if (base.dyn->is_array() && index.is_integral()) {
                int64_t n = int64_t(base.dyn->size()), i = index.i < 0 ? index.i + n : index.i;
                if (i < 0 || i >= n) return KValue::null_of(KType::Dynamic);
                return KValue::dynamic((*base.dyn)[size_t(i)]);
            }
            if (base.dyn->is_object() && index.type == KType::String) {
                auto it = base.dyn->find(index.s);
                return it == base.dyn->end() ? KValue::null_of(KType::Dynamic) : KValue::dynamic(*it);
            }
            return KValue::null_of(KType::Dynamic);
        }
        case Kind::FieldAccess: {
            const auto& f = static_cast<const FieldAccess&>(*e);
            KValue base = eval(f.base, scope);
            if (base.null || base.type != KType::Dynamic || !base.dyn->is_object()) return KValue::null_of(KType::Dynamic);
            auto it = base.dyn->find(std::string(f.field.text));
            return it == base.dyn->end() ? KValue::null_of(KType::Dynamic) : KValue::dynamic(*it);
        }
        case Kind::SubqueryExpr: {
            // A tabular expression used as a value (toscalar-like): its first cell.
            throw KqlUnsupported("a tabular expression used as a scalar");
        }
        case Kind::Case: {
            const auto& c = static_cast<const ast::Case&>(*e);
            if (c.operand) throw KqlUnsupported("CASE with an operand");
            for (const When* w : c.whens)
                if (eval_predicate(w->condition, scope)) return eval(w->result, scope);
            return c.else_ ? eval(c.else_, scope) : KValue::null_of(KType::String);
        }
        case Kind::Tuple: {
            const auto& t = static_cast<const Tuple&>(*e);
            if (t.items.size() == 1) return eval(t.items[0], scope);
            throw KqlUnsupported("a tuple used as a value");
        }
        default: throw KqlUnsupported("expression " + std::string(kind_name(e->kind)));
    }
}

// ---- functions -------------------------------------------------------------------------------------

namespace {

using Args = std::vector<KValue>;

void need(const Args& a, size_t lo, size_t hi, const std::string& name) {
    if (a.size() < lo || a.size() > hi) throw KqlError(name + "() takes " + std::to_string(lo) +
                                                       (hi != lo ? ".." + std::to_string(hi) : "") + " arguments");
}

double num(const KValue& v, const std::string& name) {
    if (v.is_numeric() || v.type == KType::Bool) return v.as_double();
    if (v.type == KType::Dynamic && v.dyn->is_number()) return v.dyn->get<double>();
    throw KqlError(name + "(): a number is needed, got " + std::string(type_name(v.type)));
}

std::string text_arg(const KValue& v) { return to_text(v); }

KValue as_dynamic(const KValue& v) {
    if (v.type == KType::Dynamic) return v;
    if (v.type == KType::String) return convert_to(v, KType::Dynamic);
    return KValue::dynamic(to_json(v));
}

int64_t start_of(int64_t ticks, const std::string& unit, int64_t offset) {
    CivilTime c = civil_from_ticks(ticks);
    int64_t days = floor_div(ticks, kTicksPerDay);
    if (unit == "day") return (days + offset) * kTicksPerDay;
    if (unit == "week") {
        int64_t weekday = ((days % 7) + 7 + 4) % 7;  // 1970-01-01 was a Thursday; weeks start on Sunday
        return (days - weekday + 7 * offset) * kTicksPerDay;
    }
    int year = c.year, month = c.month;
    if (unit == "month") {
        int64_t m = int64_t(year) * 12 + (month - 1) + offset;
        return days_from_civil(int(floor_div(m, 12)), int(m - floor_div(m, 12) * 12) + 1, 1) * kTicksPerDay;
    }
    return days_from_civil(year + int(offset), 1, 1) * kTicksPerDay;  // year
}

int64_t add_months(int64_t ticks, int64_t months) {
    CivilTime c = civil_from_ticks(ticks);
    int64_t m = int64_t(c.year) * 12 + (c.month - 1) + months;
    c.year = int(floor_div(m, 12));
    c.month = int(m - floor_div(m, 12) * 12) + 1;
    static const int days_in[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (c.year % 4 == 0 && c.year % 100 != 0) || c.year % 400 == 0;
    int last = days_in[c.month - 1] + (c.month == 2 && leap ? 1 : 0);
    c.day = std::min(c.day, last);
    return ticks_from_civil(c);
}

std::string format_datetime_pattern(int64_t ticks, const std::string& f) {
    CivilTime c = civil_from_ticks(ticks);
    std::string out;
    auto pad = [](int64_t v, size_t width) {
        std::string s = std::to_string(v);
        return s.size() < width ? std::string(width - s.size(), '0') + s : s;
    };
    for (size_t i = 0; i < f.size();) {
        char ch = f[i];
        size_t n = 1;
        while (i + n < f.size() && f[i + n] == ch) ++n;
        switch (ch) {
            case 'y': out += n <= 2 ? pad(c.year % 100, n) : pad(c.year, n); break;
            case 'M': out += pad(c.month, n); break;
            case 'd': out += pad(c.day, n); break;
            case 'H': out += pad(c.hour, n); break;
            case 'h': out += pad(c.hour % 12 == 0 ? 12 : c.hour % 12, n); break;
            case 'm': out += pad(c.minute, n); break;
            case 's': out += pad(c.second, n); break;
            case 'f':
            case 'F': {
                std::string frac = pad(c.fraction_ticks, 7).substr(0, std::min<size_t>(n, 7));
                if (ch == 'F') {
                    while (!frac.empty() && frac.back() == '0') frac.pop_back();
                    if (frac.empty() && !out.empty() && out.back() == '.') out.pop_back();
                }
                out += frac;
                break;
            }
            case 't': out += c.hour < 12 ? (n == 1 ? "A" : "AM") : (n == 1 ? "P" : "PM"); break;
            default:
                if (std::isalpha(static_cast<unsigned char>(ch)))
                    throw KqlUnsupported("format_datetime specifier '" + std::string(n, ch) + "'");
                out += std::string(n, ch);
        }
        i += n;
    }
    return out;
}

}  // namespace

KValue Interpreter::call_function(const FunctionCall& f, const Scope& scope) {
    std::string name = function_name(f);
    if (f.name.size() > 1) throw KqlUnsupported("function " + std::string(f.name.back().text) + " called as a method");
    if (is_aggregate_function(name) && scope.group) return aggregate(f, scope);
    // User functions: let f = (x:long) { x + 1 };
    if (auto it = functions_.find(std::string(f.name.back().text)); it != functions_.end()) {
        const Lambda& lambda = *it->second;
        const auto* body = dyn_cast<Expr>(lambda.body);
        if (!body) throw KqlUnsupported("a tabular function used as a scalar");
        if (++lambda_depth_ > 32) throw KqlError("functions call each other too deeply");
        auto saved = scalars_;
        for (size_t i = 0; i < lambda.params.size(); ++i) {
            const ColumnDef* p = lambda.params[i];
            const Expr* arg = i < f.args.size() ? f.args[i] : nullptr;
            if (!arg)
                for (const Constraint* c : p->constraints)
                    if (c->constraint == ConstraintKind::Default) arg = c->expr;
            if (!arg) throw KqlError("function called without its argument '" + name_text(p->name) + "'");
            scalars_[name_text(p->name)] = eval(arg, scope);
        }
        // The body sees the parameters, not the caller's columns of the same name.
        Scope inner = scope;
        KValue out;
        try {
            out = eval(body, inner);
        } catch (...) {
            scalars_ = std::move(saved);
            --lambda_depth_;
            throw;
        }
        scalars_ = std::move(saved);
        --lambda_depth_;
        return out;
    }
    if (is_aggregate_function(name)) throw KqlError("aggregate function " + name + "() outside summarize");
    if (name == "toscalar") {
        if (f.args.size() == 1)
            if (const auto* sub = dyn_cast<SubqueryExpr>(f.args[0])) {
                Table t = eval_query(*sub->query);
                if (t.rows.empty() || t.columns.empty()) return KValue::null_of(KType::String);
                return t.rows.front().front();
            }
        throw KqlUnsupported("function toscalar in this form");
    }
    if (name == "typeof") throw KqlUnsupported("function typeof");
    // iff/case evaluate only the branch they return.
    if (name == "iff" || name == "iif") {
        if (f.args.size() != 3) throw KqlError(name + "() takes 3 arguments");
        KValue c = eval(f.args[0], scope);
        bool yes = !c.null && convert_to(c, KType::Bool).i;
        return eval(f.args[yes ? 1 : 2], scope);
    }
    if (name == "case") {
        if (f.args.size() < 3 || f.args.size() % 2 == 0) throw KqlError("case() takes pairs and an else value");
        for (size_t i = 0; i + 1 < f.args.size(); i += 2)
            if (eval_predicate(f.args[i], scope)) return eval(f.args[i + 1], scope);
        return eval(f.args.back(), scope);
    }
    Args a;
    for (const Expr* arg : f.args) {
        if (isa<Star>(arg)) throw KqlUnsupported("function " + name + "(*)");
        if (const auto* named = dyn_cast<NamedArg>(arg)) {
            a.push_back(eval(named->value, scope));
            continue;
        }
        a.push_back(eval(arg, scope));
    }
    auto any_null = [&] {
        for (const KValue& v : a)
            if (v.null) return true;
        return false;
    };

    // -- conversions
    static const std::unordered_map<std::string, KType> conversions = {
        {"tostring", KType::String},   {"toint", KType::Int},          {"tolong", KType::Long},
        {"todouble", KType::Real},     {"toreal", KType::Real},        {"todecimal", KType::Decimal},
        {"tobool", KType::Bool},       {"toboolean", KType::Bool},     {"todatetime", KType::DateTime},
        {"totimespan", KType::TimeSpan}, {"todynamic", KType::Dynamic}, {"toobject", KType::Dynamic},
        {"parse_json", KType::Dynamic}, {"toguid", KType::Guid}};
    if (auto it = conversions.find(name); it != conversions.end()) {
        need(a, 1, 1, name);
        if (it->second == KType::Guid && a[0].type == KType::String && a[0].s.size() != 36)
            return KValue::null_of(KType::Guid);
        return convert_to(a[0], it->second);
    }
    // -- nulls and emptiness
    if (name == "isnull") return need(a, 1, 1, name), KValue::boolean(a[0].null || (a[0].type == KType::Dynamic && a[0].dyn->is_null()));
    if (name == "isnotnull") return need(a, 1, 1, name), KValue::boolean(!(a[0].null || (a[0].type == KType::Dynamic && a[0].dyn->is_null())));
    if (name == "isempty" || name == "isnotempty") {
        need(a, 1, 1, name);
        bool empty = a[0].null || to_text(a[0]).empty();
        return KValue::boolean(name == "isempty" ? empty : !empty);
    }
    if (name == "coalesce") {
        for (const KValue& v : a)
            if (!v.null && !(v.type == KType::String && v.s.empty())) return v;
        return a.empty() ? KValue::null_of(KType::String) : a.back();
    }
    if (name == "not") return need(a, 1, 1, name), a[0].null ? null_bool() : KValue::boolean(!convert_to(a[0], KType::Bool).i);
    // -- strings
    if (name == "strlen") {
        // Unicode code points, not bytes.
        need(a, 1, 1, name);
        int64_t n = 0;
        for (unsigned char c : text_arg(a[0])) n += (c & 0xC0) != 0x80;
        return KValue::integer(n);
    }
    if (name == "range") {
        need(a, 2, 3, name);
        if (a[0].null || a[1].null) return KValue::null_of(KType::Dynamic);
        KValue step = a.size() == 3 ? a[2] : (a[0].type == KType::DateTime || a[0].type == KType::TimeSpan)
                                                 ? KValue::timespan(3600 * kTicksPerSecond)
                                                 : KValue::integer(1);
        nlohmann::json out = nlohmann::json::array();
        KValue v = a[0];
        // KQL caps range() at 1,048,576 elements.
        for (size_t n = 0; n < 1'048'576; ++n) {
            KValue past = compare(step.as_double() >= 0 || step.type == KType::TimeSpan ? BinaryOp::Gt : BinaryOp::Lt, v, a[1]);
            if (step.type == KType::TimeSpan && step.i < 0) past = compare(BinaryOp::Lt, v, a[1]);
            if (past.null || past.i) break;
            out.push_back(to_json(v));
            v = arithmetic(BinaryOp::Add, v, step);
            if ((step.is_numeric() && step.as_double() == 0) || (step.type == KType::TimeSpan && step.i == 0)) break;
        }
        return KValue::dynamic(std::move(out));
    }
    if (name == "strcat") {
        std::string out;
        for (const KValue& v : a) out += text_arg(v);
        return KValue::string(out);
    }
    if (name == "strcat_delim") {
        if (a.size() < 2) throw KqlError("strcat_delim() takes a delimiter and values");
        std::string out, delim = text_arg(a[0]);
        for (size_t i = 1; i < a.size(); ++i) out += (i > 1 ? delim : "") + text_arg(a[i]);
        return KValue::string(out);
    }
    if (name == "tolower") return need(a, 1, 1, name), KValue::string(lower(text_arg(a[0])));
    if (name == "toupper") return need(a, 1, 1, name), KValue::string(support::to_upper(text_arg(a[0])));
    if (name == "substring") {
        need(a, 2, 3, name);
        std::string s = text_arg(a[0]);
        if (a[1].null) return KValue::string("");
        int64_t start = int64_t(num(a[1], name)), n = a.size() == 3 && !a[2].null ? int64_t(num(a[2], name)) : int64_t(s.size());
        if (start < 0) start = 0;
        if (start >= int64_t(s.size()) || n <= 0) return KValue::string("");
        return KValue::string(s.substr(size_t(start), size_t(n)));
    }
    if (name == "indexof") {
        need(a, 2, 5, name);
        if (a.size() > 2) throw KqlUnsupported("function indexof with a start or a count");
        size_t p = text_arg(a[0]).find(text_arg(a[1]));
        return KValue::integer(p == std::string::npos ? -1 : int64_t(p));
    }
    if (name == "replace_string") {
        need(a, 3, 3, name);
        std::string s = text_arg(a[0]), from = text_arg(a[1]), to = text_arg(a[2]);
        if (from.empty()) return KValue::string(s);
        std::string out;
        for (size_t p = 0;;) {
            size_t q = s.find(from, p);
            if (q == std::string::npos) {
                out += s.substr(p);
                break;
            }
            out += s.substr(p, q - p) + to;
            p = q + from.size();
        }
        return KValue::string(out);
    }
    if (name == "reverse") {
        need(a, 1, 1, name);
        std::string s = text_arg(a[0]);
        std::reverse(s.begin(), s.end());
        return KValue::string(s);
    }
    if (name == "trim" || name == "trim_start" || name == "trim_end") {
        need(a, 2, 2, name);
        std::string s = text_arg(a[1]);
        try {
            std::regex re(text_arg(a[0]), std::regex::ECMAScript);
            if (name != "trim_end") {
                std::smatch m;
                while (!s.empty() && std::regex_search(s, m, re, std::regex_constants::match_continuous) && m.length(0) > 0)
                    s = s.substr(size_t(m.length(0)));
            }
            if (name != "trim_start") {
                std::regex end_re("(?:" + text_arg(a[0]) + ")$", std::regex::ECMAScript);
                std::smatch m;
                while (!s.empty() && std::regex_search(s, m, end_re) && m.length(0) > 0)
                    s = s.substr(0, s.size() - size_t(m.length(0)));
            }
        } catch (const std::regex_error&) {
            throw KqlError(name + "(): not a valid regular expression");
        }
        return KValue::string(s);
    }
    if (name == "split") {
        need(a, 2, 3, name);
        std::string s = text_arg(a[0]), d = text_arg(a[1]);
        nlohmann::json parts = nlohmann::json::array();
        if (d.empty()) throw KqlError("split(): an empty delimiter");
        for (size_t p = 0;;) {
            size_t q = s.find(d, p);
            parts.push_back(s.substr(p, q == std::string::npos ? std::string::npos : q - p));
            if (q == std::string::npos) break;
            p = q + d.size();
        }
        if (a.size() == 3) {
            int64_t i = int64_t(num(a[2], name));
            if (i < 0 || i >= int64_t(parts.size())) return KValue::dynamic(nlohmann::json::array());
            return KValue::dynamic(nlohmann::json::array({parts[size_t(i)]}));
        }
        return KValue::dynamic(parts);
    }
    if (name == "extract" || name == "extract_all" || name == "replace_regex" || name == "countof") {
        if (name == "extract") {
            need(a, 3, 4, name);
            if (a.size() == 4) throw KqlUnsupported("function extract with a type argument");
            std::string s = text_arg(a[2]);
            try {
                std::regex re(text_arg(a[0]), std::regex::ECMAScript);
                std::smatch m;
                int64_t group = int64_t(num(a[1], name));
                if (!std::regex_search(s, m, re) || group < 0 || size_t(group) >= m.size() || !m[size_t(group)].matched)
                    return KValue::string("");
                return KValue::string(m[size_t(group)].str());
            } catch (const std::regex_error&) {
                throw KqlError("extract(): not a valid regular expression");
            }
        }
        if (name == "replace_regex") {
            need(a, 3, 3, name);
            try {
                std::regex re(text_arg(a[1]), std::regex::ECMAScript);
                // KQL's \1 in the rewrite is ECMAScript's $1.
                std::string rewrite = text_arg(a[2]), fixed;
                for (size_t i = 0; i < rewrite.size(); ++i) {
                    if (rewrite[i] == '\\' && i + 1 < rewrite.size() && std::isdigit(static_cast<unsigned char>(rewrite[i + 1])))
                        fixed += '$';
                    else if (rewrite[i] == '$')
                        fixed += "$$";
                    else
                        fixed += rewrite[i];
                }
                return KValue::string(std::regex_replace(text_arg(a[0]), re, fixed));
            } catch (const std::regex_error&) {
                throw KqlError("replace_regex(): not a valid regular expression");
            }
        }
        if (name == "countof") {
            need(a, 2, 3, name);
            if (a.size() == 3) throw KqlUnsupported("function countof with a kind");
            std::string s = text_arg(a[0]), n = text_arg(a[1]);
            if (n.empty()) return KValue::integer(0);
            int64_t count = 0;
            for (size_t p = s.find(n); p != std::string::npos; p = s.find(n, p + n.size())) ++count;
            return KValue::integer(count);
        }
        throw KqlUnsupported("function " + name);
    }
    // -- numbers
    if (name == "abs") {
        need(a, 1, 1, name);
        if (a[0].null) return a[0];
        if (a[0].is_integral() || a[0].type == KType::TimeSpan) return KValue::integer_of(a[0].type, a[0].i < 0 ? -a[0].i : a[0].i);
        return KValue::real(std::fabs(num(a[0], name)));
    }
    if (name == "round") {
        need(a, 1, 2, name);
        if (any_null()) return KValue::null_of(a[0].type);
        int64_t digits = a.size() == 2 ? int64_t(num(a[1], name)) : 0;
        double scale = std::pow(10.0, double(digits));
        double r = std::round(num(a[0], name) * scale) / scale;
        return a[0].is_integral() ? KValue::integer_of(a[0].type, int64_t(r)) : KValue::real(r);
    }
    if (name == "ceiling") {
        need(a, 1, 1, name);
        if (a[0].null || a[0].is_integral()) return a[0];
        return KValue::real(std::ceil(num(a[0], name)));
    }
    if (name == "sqrt" || name == "exp" || name == "log" || name == "log10" || name == "log2" || name == "exp10" ||
        name == "exp2") {
        need(a, 1, 1, name);
        if (a[0].null) return KValue::null_of(KType::Real);
        double x = num(a[0], name);
        double r = name == "sqrt"    ? std::sqrt(x)
                   : name == "exp"   ? std::exp(x)
                   : name == "exp10" ? std::pow(10.0, x)
                   : name == "exp2"  ? std::exp2(x)
                   : name == "log"   ? std::log(x)
                   : name == "log10" ? std::log10(x)
                                     : std::log2(x);
        if (std::isnan(r) || (name.starts_with("log") && x <= 0)) return KValue::null_of(KType::Real);
        return KValue::real(r);
    }
    if (name == "pow") {
        need(a, 2, 2, name);
        if (any_null()) return KValue::null_of(KType::Real);
        return KValue::real(std::pow(num(a[0], name), num(a[1], name)));
    }
    if (name == "min_of" || name == "max_of") {
        const KValue* best = nullptr;
        for (const KValue& v : a) {
            if (v.null) continue;
            if (!best || (name == "min_of" ? compare_values(v, *best) < 0 : compare_values(v, *best) > 0)) best = &v;
        }
        return best ? *best : (a.empty() ? KValue::null_of(KType::Long) : a.front());
    }
    if (name == "bin" || name == "floor") {
        need(a, 2, 2, name);
        const KValue &v = a[0], &size = a[1];
        if (v.null || size.null) return KValue::null_of(v.type);
        if (v.type == KType::DateTime || v.type == KType::TimeSpan) {
            int64_t s = size.type == KType::TimeSpan ? size.i : int64_t(num(size, name) * double(kTicksPerDay));
            if (s <= 0) return KValue::null_of(v.type);
            return KValue::integer_of(v.type, floor_div(v.i, s) * s);
        }
        if (v.is_integral() && size.is_integral()) {
            if (size.i <= 0) return KValue::null_of(v.type);
            return KValue::integer_of(v.type, floor_div(v.i, size.i) * size.i);
        }
        double s = num(size, name);
        if (s <= 0) return KValue::null_of(KType::Real);
        return KValue::real(std::floor(num(v, name) / s) * s);
    }
    if (name == "bin_at") {
        need(a, 3, 3, name);
        const KValue &v = a[0], &size = a[1], &at = a[2];
        if (any_null()) return KValue::null_of(v.type);
        if (v.type == KType::DateTime || v.type == KType::TimeSpan) {
            if (size.type != KType::TimeSpan || size.i <= 0) throw KqlError("bin_at(): a timespan bin size is needed");
            return KValue::integer_of(v.type, at.i + floor_div(v.i - at.i, size.i) * size.i);
        }
        if (v.is_integral() && size.is_integral() && at.is_integral())
            return KValue::integer_of(v.type, at.i + floor_div(v.i - at.i, size.i) * size.i);
        double s = num(size, name), o = num(at, name);
        return KValue::real(o + std::floor((num(v, name) - o) / s) * s);
    }
    // -- dates and times
    if (name == "now") {
        need(a, 0, 1, name);
        return KValue::datetime(now_ticks() + (a.empty() || a[0].null ? 0 : a[0].i));
    }
    if (name == "ago") {
        need(a, 1, 1, name);
        if (a[0].null) return KValue::null_of(KType::DateTime);
        KValue span = a[0].type == KType::TimeSpan ? a[0] : convert_to(a[0], KType::TimeSpan);
        return KValue::datetime(now_ticks() - span.i);
    }
    for (const char* unit : {"day", "week", "month", "year"}) {
        if (name == std::string("startof") + unit || name == std::string("endof") + unit) {
            need(a, 1, 2, name);
            if (any_null() || a[0].type != KType::DateTime) return KValue::null_of(KType::DateTime);
            int64_t offset = a.size() == 2 ? int64_t(num(a[1], name)) : 0;
            if (name.starts_with("start")) return KValue::datetime(start_of(a[0].i, unit, offset));
            return KValue::datetime(start_of(a[0].i, unit, offset + 1) - 1);
        }
    }
    if (name == "dayofweek") {
        need(a, 1, 1, name);
        if (a[0].null) return KValue::null_of(KType::TimeSpan);
        int64_t days = floor_div(a[0].i, kTicksPerDay);
        return KValue::timespan((((days % 7) + 7 + 4) % 7) * kTicksPerDay);
    }
    if (name == "dayofmonth" || name == "getmonth" || name == "monthofyear" || name == "getyear" ||
        name == "hourofday" || name == "dayofyear" || name == "datetime_part") {
        std::string part = name;
        KValue v;
        if (name == "datetime_part") {
            need(a, 2, 2, name);
            part = lower(text_arg(a[0]));
            v = a[1];
        } else {
            need(a, 1, 1, name);
            v = a[0];
        }
        if (v.null) return KValue::null_of(KType::Int);
        if (v.type != KType::DateTime) v = convert_to(v, KType::DateTime);
        if (v.null) return KValue::null_of(KType::Int);
        CivilTime c = civil_from_ticks(v.i);
        int64_t r;
        if (part == "dayofmonth" || part == "day") r = c.day;
        else if (part == "getmonth" || part == "monthofyear" || part == "month") r = c.month;
        else if (part == "getyear" || part == "year") r = c.year;
        else if (part == "hourofday" || part == "hour") r = c.hour;
        else if (part == "minute") r = c.minute;
        else if (part == "second") r = c.second;
        else if (part == "dayofyear") r = days_from_civil(c.year, c.month, c.day) - days_from_civil(c.year, 1, 1) + 1;
        else if (part == "quarter") r = (c.month - 1) / 3 + 1;
        else throw KqlUnsupported("datetime_part '" + part + "'");
        return KValue::integer_of(KType::Int, r);
    }
    if (name == "datetime_add") {
        need(a, 3, 3, name);
        if (a[1].null || a[2].null) return KValue::null_of(KType::DateTime);
        std::string part = lower(text_arg(a[0]));
        int64_t n = int64_t(num(a[1], name)), t = a[2].i;
        static const std::unordered_map<std::string, int64_t> fixed = {
            {"week", 7 * kTicksPerDay}, {"day", kTicksPerDay}, {"hour", 3600 * kTicksPerSecond},
            {"minute", 60 * kTicksPerSecond}, {"second", kTicksPerSecond}, {"millisecond", 10000},
            {"microsecond", 10}, {"nanosecond", 0}};
        if (part == "year") return KValue::datetime(add_months(t, 12 * n));
        if (part == "quarter") return KValue::datetime(add_months(t, 3 * n));
        if (part == "month") return KValue::datetime(add_months(t, n));
        if (auto it = fixed.find(part); it != fixed.end() && it->second) return KValue::datetime(t + n * it->second);
        throw KqlUnsupported("datetime_add part '" + part + "'");
    }
    if (name == "datetime_diff") {
        need(a, 3, 3, name);
        if (a[1].null || a[2].null) return KValue::null_of(KType::Long);
        std::string part = lower(text_arg(a[0]));
        CivilTime x = civil_from_ticks(a[1].i), y = civil_from_ticks(a[2].i);
        if (part == "year") return KValue::integer(x.year - y.year);
        if (part == "quarter") return KValue::integer((x.year * 4 + (x.month - 1) / 3) - (y.year * 4 + (y.month - 1) / 3));
        if (part == "month") return KValue::integer((x.year * 12 + x.month) - (y.year * 12 + y.month));
        static const std::unordered_map<std::string, int64_t> unit = {
            {"day", kTicksPerDay}, {"hour", 3600 * kTicksPerSecond}, {"minute", 60 * kTicksPerSecond},
            {"second", kTicksPerSecond}, {"millisecond", 10000}, {"microsecond", 10}};
        if (part == "nanosecond") return KValue::integer((a[1].i - a[2].i) * 100);
        if (part == "week") {
            int64_t dx = floor_div(a[1].i, kTicksPerDay), dy = floor_div(a[2].i, kTicksPerDay);
            // Weeks start on Sunday: the number of week boundaries between the two.
            return KValue::integer(floor_div(dx + 4, 7) - floor_div(dy + 4, 7));
        }
        if (auto it = unit.find(part); it != unit.end())
            return KValue::integer(floor_div(a[1].i, it->second) - floor_div(a[2].i, it->second));
        throw KqlUnsupported("datetime_diff part '" + part + "'");
    }
    if (name == "format_datetime") {
        need(a, 2, 2, name);
        if (a[0].null) return KValue::string("");
        return KValue::string(format_datetime_pattern(a[0].i, text_arg(a[1])));
    }
    if (name == "make_datetime") {
        need(a, 3, 7, name);
        if (any_null()) return KValue::null_of(KType::DateTime);
        CivilTime c;
        c.year = int(num(a[0], name));
        c.month = int(num(a[1], name));
        c.day = int(num(a[2], name));
        if (a.size() > 3) c.hour = int(num(a[3], name));
        if (a.size() > 4) c.minute = int(num(a[4], name));
        if (a.size() > 5) {
            double s = num(a[5], name);
            c.second = int(s);
            c.fraction_ticks = int64_t(std::llround((s - c.second) * kTicksPerSecond));
        }
        if (c.month < 1 || c.month > 12 || c.day < 1 || c.day > 31) return KValue::null_of(KType::DateTime);
        return KValue::datetime(ticks_from_civil(c));
    }
    if (name == "make_timespan") {
        need(a, 2, 4, name);
        if (any_null()) return KValue::null_of(KType::TimeSpan);
        double total = a.size() == 2 ? num(a[0], name) * 3600 + num(a[1], name) * 60
                       : a.size() == 3 ? num(a[0], name) * 3600 + num(a[1], name) * 60 + num(a[2], name)
                                       : num(a[0], name) * 86400 + num(a[1], name) * 3600 + num(a[2], name) * 60 + num(a[3], name);
        return KValue::timespan(int64_t(std::llround(total * kTicksPerSecond)));
    }
    // -- dynamic
    if (name == "pack_array" || name == "make_array") {
        nlohmann::json out = nlohmann::json::array();
        for (const KValue& v : a) out.push_back(to_json(v));
        return KValue::dynamic(out);
    }
    if (name == "pack" || name == "bag_pack" || name == "pack_dictionary") {
        if (a.size() % 2) throw KqlError(name + "() takes key/value pairs");
        nlohmann::json out = nlohmann::json::object();
        for (size_t i = 0; i + 1 < a.size(); i += 2) out[text_arg(a[i])] = to_json(a[i + 1]);
        return KValue::dynamic(out);
    }
    if (name == "array_length") {
        need(a, 1, 1, name);
        KValue d = as_dynamic(a[0]);
        if (d.null || !d.dyn->is_array()) return KValue::null_of(KType::Long);
        return KValue::integer(int64_t(d.dyn->size()));
    }
    if (name == "array_concat") {
        nlohmann::json out = nlohmann::json::array();
        for (const KValue& v : a) {
            KValue d = as_dynamic(v);
            if (d.null || !d.dyn->is_array()) return KValue::null_of(KType::Dynamic);
            for (const auto& e : *d.dyn) out.push_back(e);
        }
        return KValue::dynamic(out);
    }
    if (name == "strcat_array") {
        need(a, 2, 2, name);
        KValue d = as_dynamic(a[0]);
        if (d.null || !d.dyn->is_array()) return KValue::string("");
        std::string out, delim = text_arg(a[1]);
        bool first = true;
        for (const auto& e : *d.dyn) {
            out += (first ? "" : delim) + to_text(KValue::dynamic(e));
            first = false;
        }
        return KValue::string(out);
    }
    if (name == "bag_keys") {
        need(a, 1, 1, name);
        KValue d = as_dynamic(a[0]);
        if (d.null || !d.dyn->is_object()) return KValue::null_of(KType::Dynamic);
        nlohmann::json out = nlohmann::json::array();
        for (const auto& [k, v] : d.dyn->items()) out.push_back(k);
        return KValue::dynamic(out);
    }
    if (name == "set_has_element" || name == "array_index_of") {
        need(a, 2, 2, name);
        KValue d = as_dynamic(a[0]);
        if (d.null || !d.dyn->is_array()) return name == "set_has_element" ? null_bool() : KValue::null_of(KType::Long);
        nlohmann::json needle = to_json(a[1]);
        for (size_t i = 0; i < d.dyn->size(); ++i)
            if ((*d.dyn)[i] == needle || values_equal(from_json_scalar((*d.dyn)[i]), a[1]))
                return name == "set_has_element" ? KValue::boolean(true) : KValue::integer(int64_t(i));
        return name == "set_has_element" ? KValue::boolean(false) : KValue::integer(-1);
    }
    if (name == "array_slice") {
        need(a, 3, 3, name);
        KValue d = as_dynamic(a[0]);
        if (d.null || !d.dyn->is_array() || a[1].null || a[2].null) return KValue::null_of(KType::Dynamic);
        int64_t n = int64_t(d.dyn->size()), s = a[1].i < 0 ? a[1].i + n : a[1].i, e = a[2].i < 0 ? a[2].i + n : a[2].i;
        nlohmann::json out = nlohmann::json::array();
        for (int64_t i = std::max<int64_t>(0, s); i <= e && i < n; ++i) out.push_back((*d.dyn)[size_t(i)]);
        return KValue::dynamic(out);
    }
    // Argument i as an array (a copy), or nullopt when it is not one.
    auto array_arg = [&](size_t i) -> std::optional<nlohmann::json> {
        if (i >= a.size()) throw KqlError(name + "() needs an array");
        KValue d = as_dynamic(a[i]);
        if (d.null || !d.dyn->is_array()) return std::nullopt;
        return *d.dyn;
    };
    if (name == "array_sort_asc" || name == "array_sort_desc") {
        need(a, 1, 2, name);
        if (a.size() == 2 && a[1].type != KType::Bool) throw KqlUnsupported("function " + name + " of several arrays");
        auto arr = array_arg(0);
        if (!arr) return KValue::null_of(KType::Dynamic);
        bool nulls_last = a.size() == 2 ? (!a[1].null && a[1].i) : true;
        std::vector<nlohmann::json> items(arr->begin(), arr->end()), nulls;
        std::vector<nlohmann::json> values;
        for (auto& e : items) (e.is_null() ? nulls : values).push_back(e);
        bool desc = name == "array_sort_desc";
        std::stable_sort(values.begin(), values.end(), [&](const nlohmann::json& x, const nlohmann::json& y) {
            int c = compare_values(from_json_scalar(x), from_json_scalar(y));
            return desc ? c > 0 : c < 0;
        });
        nlohmann::json out = nlohmann::json::array();
        if (!nulls_last) for (auto& e : nulls) out.push_back(e);
        for (auto& e : values) out.push_back(e);
        if (nulls_last) for (auto& e : nulls) out.push_back(e);
        return KValue::dynamic(std::move(out));
    }
    if (name == "array_reverse") {
        need(a, 1, 1, name);
        auto arr = array_arg(0);
        if (!arr) return KValue::null_of(KType::Dynamic);
        nlohmann::json out = nlohmann::json::array();
        for (auto it = arr->rbegin(); it != arr->rend(); ++it) out.push_back(*it);
        return KValue::dynamic(std::move(out));
    }
    if (name == "array_sum") {
        need(a, 1, 1, name);
        auto arr = array_arg(0);
        if (!arr) return KValue::null_of(KType::Real);
        double sum = 0;
        for (const auto& e : *arr) {
            if (!e.is_number()) return KValue::null_of(KType::Real);
            sum += e.get<double>();
        }
        return KValue::real(sum);
    }
    if (name == "array_shift_left" || name == "array_shift_right" || name == "array_rotate_left" ||
        name == "array_rotate_right") {
        need(a, 2, 3, name);
        auto arr = array_arg(0);
        if (!arr || a[1].null) return KValue::null_of(KType::Dynamic);
        int64_t n = int64_t(arr->size()), k = int64_t(num(a[1], name));
        bool rotate = name.starts_with("array_rotate");
        if (name.ends_with("right")) k = -k;
        nlohmann::json fill = a.size() == 3 ? to_json(a[2]) : nlohmann::json(nullptr);
        nlohmann::json out = nlohmann::json::array();
        for (int64_t i = 0; i < n; ++i) {
            int64_t from = i + k;
            if (rotate) out.push_back((*arr)[size_t(((from % n) + n) % n)]);
            else out.push_back(from >= 0 && from < n ? (*arr)[size_t(from)] : fill);
        }
        return KValue::dynamic(std::move(out));
    }
    if (name == "array_iff" || name == "array_iif") {
        need(a, 3, 3, name);
        auto cond = array_arg(0);
        if (!cond) return KValue::null_of(KType::Dynamic);
        nlohmann::json conditions = *cond;
        KValue yes = as_dynamic(a[1]), no = as_dynamic(a[2]);
        auto pick = [&](const KValue& v, size_t i) -> nlohmann::json {
            if (v.null) return nullptr;
            if (!v.dyn->is_array()) return *v.dyn;
            return i < v.dyn->size() ? (*v.dyn)[i] : nlohmann::json(nullptr);
        };
        nlohmann::json out = nlohmann::json::array();
        for (size_t i = 0; i < conditions.size(); ++i) {
            const auto& c = conditions[i];
            if (c.is_boolean()) out.push_back(pick(c.get<bool>() ? yes : no, i));
            else if (c.is_number()) out.push_back(pick(c.get<double>() != 0 ? yes : no, i));
            else out.push_back(nullptr);
        }
        return KValue::dynamic(std::move(out));
    }
    if (name == "bag_has_key" || name == "bag_remove_keys") {
        need(a, 2, 2, name);
        KValue bag = as_dynamic(a[0]);
        if (bag.null || !bag.dyn->is_object()) return name == "bag_has_key" ? null_bool() : KValue::null_of(KType::Dynamic);
        // A key, or a JSONPath of properties: $.a.b or $['a'].
        auto path_of = [](const std::string& key) {
            std::vector<std::string> parts;
            if (!key.starts_with("$")) return std::vector<std::string>{key};
            std::string rest = key.substr(1);
            if (rest.find('[') != std::string::npos) throw KqlUnsupported("JSONPath with brackets");
            size_t start = 0;
            while (start < rest.size()) {
                if (rest[start] != '.') throw KqlUnsupported("JSONPath '" + key + "'");
                size_t end = rest.find('.', start + 1);
                parts.push_back(rest.substr(start + 1, end == std::string::npos ? std::string::npos : end - start - 1));
                start = end == std::string::npos ? rest.size() : end;
            }
            return parts;
        };
        if (name == "bag_has_key") {
            const nlohmann::json* at = bag.dyn.get();
            for (const std::string& part : path_of(text_arg(a[1]))) {
                if (!at->is_object() || !at->contains(part)) return KValue::boolean(false);
                at = &(*at)[part];
            }
            return KValue::boolean(true);
        }
        nlohmann::json out = *bag.dyn;
        KValue keys = as_dynamic(a[1]);
        if (keys.null || !keys.dyn->is_array()) return KValue::null_of(KType::Dynamic);
        for (const auto& key : *keys.dyn) {
            if (!key.is_string()) continue;
            std::vector<std::string> parts = path_of(key.get<std::string>());
            nlohmann::json* at = &out;
            for (size_t i = 0; i + 1 < parts.size() && at; ++i)
                at = at->is_object() && at->contains(parts[i]) ? &(*at)[parts[i]] : nullptr;
            if (at && at->is_object()) at->erase(parts.back());
        }
        return KValue::dynamic(std::move(out));
    }
    if (name == "set_difference" || name == "set_intersect" || name == "set_union") {
        if (a.size() < 2) throw KqlError(name + "() takes at least two arrays");
        std::vector<std::vector<std::string>> keys;
        std::vector<nlohmann::json> arrays;
        for (size_t i = 0; i < a.size(); ++i) {
            auto arr = array_arg(i);
            if (!arr) return KValue::null_of(KType::Dynamic);
            arrays.push_back(*arr);
        }
        auto key = [](const nlohmann::json& e) { return group_key(from_json_scalar(e)); };
        auto contains = [&](const nlohmann::json& arr, const std::string& k) {
            for (const auto& e : arr)
                if (key(e) == k) return true;
            return false;
        };
        nlohmann::json out = nlohmann::json::array();
        std::unordered_map<std::string, bool> seen;
        auto add = [&](const nlohmann::json& e) {
            if (seen.emplace(key(e), true).second) out.push_back(e);
        };
        if (name == "set_union") {
            for (const auto& arr : arrays)
                for (const auto& e : arr) add(e);
        } else {
            for (const auto& e : arrays[0]) {
                bool keep = name == "set_difference";
                for (size_t i = 1; i < arrays.size(); ++i) {
                    bool in = contains(arrays[i], key(e));
                    if (name == "set_difference" && in) keep = false;
                    if (name == "set_intersect") keep = i == 1 ? in : keep && in;
                }
                if (name == "set_intersect" && arrays.size() == 1) keep = true;
                if (keep) add(e);
            }
        }
        return KValue::dynamic(std::move(out));
    }
    if (name == "tohex") {
        need(a, 1, 2, name);
        if (a[0].null || !a[0].is_integral()) return a[0].null ? KValue::string("") : KValue::null_of(KType::String);
        uint64_t v = a[0].type == KType::Int ? uint64_t(uint32_t(int32_t(a[0].i))) : uint64_t(a[0].i);
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%llx", static_cast<unsigned long long>(v));
        std::string out = buffer;
        if (a.size() == 2 && !a[1].null && int64_t(out.size()) < a[1].i) out = std::string(size_t(a[1].i) - out.size(), '0') + out;
        return KValue::string(out);
    }
    static const std::unordered_map<std::string, double (*)(double)> unary_math = {
        {"cos", [](double x) { return std::cos(x); }},   {"sin", [](double x) { return std::sin(x); }},
        {"tan", [](double x) { return std::tan(x); }},   {"acos", [](double x) { return std::acos(x); }},
        {"asin", [](double x) { return std::asin(x); }}, {"atan", [](double x) { return std::atan(x); }},
        {"cot", [](double x) { return 1 / std::tan(x); }},
        {"degrees", [](double x) { return x * 180 / M_PI; }}, {"radians", [](double x) { return x * M_PI / 180; }},
        {"sign", [](double x) { return double((x > 0) - (x < 0)); }}};
    if (auto it = unary_math.find(name); it != unary_math.end()) {
        need(a, 1, 1, name);
        if (a[0].null) return KValue::null_of(KType::Real);
        return KValue::real(it->second(num(a[0], name)));
    }
    if (name == "atan2") {
        need(a, 2, 2, name);
        if (any_null()) return KValue::null_of(KType::Real);
        return KValue::real(std::atan2(num(a[0], name), num(a[1], name)));
    }
    if (name == "pi") return need(a, 0, 0, name), KValue::real(M_PI);
    if (name == "isnan" || name == "isinf" || name == "isfinite") {
        need(a, 1, 1, name);
        if (a[0].null) return null_bool();
        double x = num(a[0], name);
        return KValue::boolean(name == "isnan" ? std::isnan(x) : name == "isinf" ? std::isinf(x) : std::isfinite(x));
    }
    if (name == "bag_zip") {
        // Keys pair with the values at their index; a key that is not a string is skipped, a value
        // past the end (or values that are not an array) is null.
        need(a, 2, 2, name);
        auto keys = array_arg(0);
        if (!keys) return KValue::null_of(KType::Dynamic);
        auto values = array_arg(1);
        nlohmann::json out = nlohmann::json::object();
        for (size_t i = 0; i < keys->size(); ++i) {
            if (!(*keys)[i].is_string()) continue;
            out[(*keys)[i].get<std::string>()] = values && i < values->size() ? (*values)[i] : nlohmann::json(nullptr);
        }
        return KValue::dynamic(std::move(out));
    }
    if (name == "string_size") return need(a, 1, 1, name), KValue::integer(int64_t(text_arg(a[0]).size()));
    if (name == "unicode_codepoints_from_string") {
        need(a, 1, 1, name);
        std::string text = text_arg(a[0]);
        nlohmann::json out = nlohmann::json::array();
        for (size_t i = 0; i < text.size();) {
            unsigned char c = static_cast<unsigned char>(text[i]);
            int length = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
            uint32_t code = length == 1 ? c : c & (0x7F >> length);
            for (int k = 1; k < length && i + size_t(k) < text.size(); ++k)
                code = (code << 6) | (static_cast<unsigned char>(text[i + size_t(k)]) & 0x3F);
            out.push_back(code);
            i += size_t(length);
        }
        return KValue::dynamic(std::move(out));
    }
    if (name == "unicode_codepoints_to_string") {
        need(a, 1, 1, name);
        auto codes = array_arg(0);
        if (!codes) return KValue::string("");
        std::string out;
        for (const auto& e : *codes) {
            if (!e.is_number_integer()) return KValue::string("");
            int64_t cp = e.get<int64_t>();
            if (cp < 0 || cp > 0x10FFFF) return KValue::string("");
            if (cp < 0x80) out += char(cp);
            else if (cp < 0x800) out += {char(0xC0 | (cp >> 6)), char(0x80 | (cp & 0x3F))};
            else if (cp < 0x10000)
                out += {char(0xE0 | (cp >> 12)), char(0x80 | ((cp >> 6) & 0x3F)), char(0x80 | (cp & 0x3F))};
            else
                out += {char(0xF0 | (cp >> 18)), char(0x80 | ((cp >> 12) & 0x3F)), char(0x80 | ((cp >> 6) & 0x3F)),
                        char(0x80 | (cp & 0x3F))};
        }
        return KValue::string(out);
    }
    if (name == "base64_encode_tostring") {
        need(a, 1, 1, name);
        static const char* const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        std::string in = text_arg(a[0]), out;
        for (size_t i = 0; i < in.size(); i += 3) {
            uint32_t chunk = uint32_t(static_cast<unsigned char>(in[i])) << 16;
            if (i + 1 < in.size()) chunk |= uint32_t(static_cast<unsigned char>(in[i + 1])) << 8;
            if (i + 2 < in.size()) chunk |= uint32_t(static_cast<unsigned char>(in[i + 2]));
            out += alphabet[(chunk >> 18) & 63];
            out += alphabet[(chunk >> 12) & 63];
            out += i + 1 < in.size() ? alphabet[(chunk >> 6) & 63] : '=';
            out += i + 2 < in.size() ? alphabet[chunk & 63] : '=';
        }
        return KValue::string(out);
    }
    if (name == "gettype") throw KqlUnsupported("function gettype");
    throw KqlUnsupported("function " + name);
}

}  // namespace qdiff::results::kql
