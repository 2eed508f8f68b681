// JSON grammar (RFC 8259) for the Weaviate front end, written for qdiff.
//
// Rules are small structs so that actions (json_parser.cpp) and error messages (below) can be
// attached per rule. Every `must<>` rule has exactly one error message; the control class
// refuses to compile a `must<>` without one. Nesting depth is enforced by the control class on
// the `array` and `object` rules.
#pragma once

#include <tao/pegtl.hpp>

namespace qdiff::weaviate::json_grammar {

namespace pegtl = tao::pegtl;

// --- lexical -----------------------------------------------------------------------------------
struct ws : pegtl::star<pegtl::one<' ', '\t', '\n', '\r'>> {};
struct bom : pegtl::utf8::bom {};

struct kw_true : pegtl::string<'t', 'r', 'u', 'e'> {};
struct kw_false : pegtl::string<'f', 'a', 'l', 's', 'e'> {};
struct kw_null : pegtl::string<'n', 'u', 'l', 'l'> {};

// --- numbers -----------------------------------------------------------------------------------
struct minus : pegtl::one<'-'> {};
struct int_part : pegtl::sor<pegtl::one<'0'>, pegtl::seq<pegtl::range<'1', '9'>, pegtl::star<pegtl::digit>>> {};
struct int_after_minus : int_part {};  // must: "-" needs digits
struct frac_digits : pegtl::plus<pegtl::digit> {};
struct frac : pegtl::seq<pegtl::one<'.'>, pegtl::must<frac_digits>> {};
struct exp_digits : pegtl::plus<pegtl::digit> {};
struct exp : pegtl::seq<pegtl::one<'e', 'E'>, pegtl::opt<pegtl::one<'+', '-'>>, pegtl::must<exp_digits>> {};
struct number : pegtl::seq<pegtl::sor<pegtl::seq<minus, pegtl::must<int_after_minus>>, int_part>, pegtl::opt<frac>,
                           pegtl::opt<exp>> {};

// --- strings -----------------------------------------------------------------------------------
// Printable ASCII except '"' and '\'; bytes >= 0x80 are matched as whole UTF-8 sequences.
struct plain_run : pegtl::plus<pegtl::ranges<0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F>> {};
struct utf8_char : pegtl::utf8::range<0x80, 0x10FFFF> {};
struct hex4 : pegtl::rep<4, pegtl::xdigit> {};
struct escape_body
    : pegtl::sor<pegtl::one<'"', '\\', '/', 'b', 'f', 'n', 'r', 't'>, pegtl::seq<pegtl::one<'u'>, hex4>> {};
struct escape : pegtl::seq<pegtl::one<'\\'>, pegtl::must<escape_body>> {};
struct string_chars : pegtl::star<pegtl::sor<plain_run, escape, utf8_char>> {};
struct string_close : pegtl::one<'"'> {};
struct string : pegtl::seq<pegtl::one<'"'>, string_chars, pegtl::must<string_close>> {};
struct key : pegtl::seq<pegtl::one<'"'>, string_chars, pegtl::must<string_close>> {};

// --- structure ---------------------------------------------------------------------------------
struct value;

struct begin_array : pegtl::one<'['> {};
struct end_array : pegtl::one<']'> {};
struct begin_object : pegtl::one<'{'> {};
struct end_object : pegtl::one<'}'> {};
struct comma : pegtl::one<','> {};
struct colon : pegtl::one<':'> {};

struct array_no_trailing_comma : pegtl::not_at<end_array> {};
struct array_next_value : pegtl::seq<value> {};
struct array_close : pegtl::one<']'> {};
struct array_body
    : pegtl::seq<value, ws,
                 pegtl::star<comma, ws, pegtl::must<array_no_trailing_comma>, pegtl::must<array_next_value>, ws>,
                 pegtl::must<array_close>> {};
struct array_content : pegtl::sor<end_array, array_body> {};
struct array : pegtl::seq<begin_array, ws, pegtl::must<array_content>> {};

struct member_colon : colon {};
struct member_value : pegtl::seq<value> {};
struct member : pegtl::seq<key, ws, pegtl::must<member_colon>, ws, pegtl::must<member_value>> {};
struct object_no_trailing_comma : pegtl::not_at<end_object> {};
struct object_next_member : pegtl::seq<member> {};
struct object_close : pegtl::one<'}'> {};
struct object_body
    : pegtl::seq<member, ws,
                 pegtl::star<comma, ws, pegtl::must<object_no_trailing_comma>, pegtl::must<object_next_member>, ws>,
                 pegtl::must<object_close>> {};
struct object_content : pegtl::sor<end_object, object_body> {};
struct object : pegtl::seq<begin_object, ws, pegtl::must<object_content>> {};

struct value : pegtl::sor<string, number, object, array, kw_true, kw_false, kw_null> {};

struct root_value : pegtl::seq<value> {};
struct end_of_text : pegtl::eof {};
struct text : pegtl::seq<pegtl::opt<bom>, ws, pegtl::must<root_value>, ws, pegtl::must<end_of_text>> {};

// --- one error message per must<> rule -----------------------------------------------------------
template <typename Rule>
inline constexpr const char* error_message = nullptr;

template <>
inline constexpr const char* error_message<int_after_minus> = "expected a digit after '-'";
template <>
inline constexpr const char* error_message<frac_digits> = "expected a digit after the decimal point";
template <>
inline constexpr const char* error_message<exp_digits> = "expected a digit in the exponent";
template <>
inline constexpr const char* error_message<escape_body> =
    "invalid escape sequence (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)";
template <>
inline constexpr const char* error_message<string_close> = "unterminated string";
template <>
inline constexpr const char* error_message<array_no_trailing_comma> = "trailing comma before ']'";
template <>
inline constexpr const char* error_message<array_next_value> = "expected a JSON value after ','";
template <>
inline constexpr const char* error_message<array_close> = "expected ',' or ']' after an array element";
template <>
inline constexpr const char* error_message<array_content> = "expected a JSON value or ']'";
template <>
inline constexpr const char* error_message<member_colon> = "expected ':' after an object key";
template <>
inline constexpr const char* error_message<member_value> = "expected a JSON value after ':'";
template <>
inline constexpr const char* error_message<object_no_trailing_comma> = "trailing comma before '}'";
template <>
inline constexpr const char* error_message<object_next_member> = "expected a string key after ','";
template <>
inline constexpr const char* error_message<object_close> = "expected ',' or '}' after an object member";
template <>
inline constexpr const char* error_message<object_content> = "expected a string key or '}'";
template <>
inline constexpr const char* error_message<root_value> = "expected a JSON value";
template <>
inline constexpr const char* error_message<end_of_text> = "unexpected text after the JSON value";

/// Rules whose nesting is counted against max_nesting_depth.
template <typename Rule>
inline constexpr bool is_nesting = false;
template <>
inline constexpr bool is_nesting<array> = true;
template <>
inline constexpr bool is_nesting<object> = true;

}  // namespace qdiff::weaviate::json_grammar
