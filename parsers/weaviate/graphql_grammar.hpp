// GraphQL executable-document grammar (GraphQL spec, October 2021 edition), written for qdiff.
//
// Covers what Weaviate's /v1/graphql accepts and what models write: operations (shorthand
// `{ ... }` and `query Name($v: Type = default) @dir { ... }`), fields with aliases, arguments
// and directives, fragment spreads, inline fragments (`... on Class { }`), fragment definitions,
// variables and every value kind (including block strings). Commas are insignificant, as in the
// spec. Every must<> rule has one error message; nesting depth is enforced by the control class
// on the rules marked `is_nesting`.
#pragma once

#include <tao/pegtl.hpp>

namespace qdiff::weaviate::graphql_grammar {

namespace pegtl = tao::pegtl;

// --- ignored tokens ------------------------------------------------------------------------------
struct comment : pegtl::seq<pegtl::one<'#'>, pegtl::star<pegtl::not_one<'\n', '\r'>>> {};
struct ignored : pegtl::sor<pegtl::one<' ', '\t', '\n', '\r', ','>, comment, pegtl::utf8::bom> {};
struct ign : pegtl::star<ignored> {};

// --- names and keywords --------------------------------------------------------------------------
struct name_start : pegtl::ranges<'a', 'z', 'A', 'Z', '_'> {};
struct name_char : pegtl::ranges<'a', 'z', 'A', 'Z', '0', '9', '_'> {};
struct name : pegtl::seq<name_start, pegtl::star<name_char>> {};

template <char... Cs>
struct keyword : pegtl::seq<pegtl::string<Cs...>, pegtl::not_at<name_char>> {};
struct kw_query : keyword<'q', 'u', 'e', 'r', 'y'> {};
struct kw_mutation : keyword<'m', 'u', 't', 'a', 't', 'i', 'o', 'n'> {};
struct kw_subscription : keyword<'s', 'u', 'b', 's', 'c', 'r', 'i', 'p', 't', 'i', 'o', 'n'> {};
struct kw_fragment : keyword<'f', 'r', 'a', 'g', 'm', 'e', 'n', 't'> {};
struct kw_on : keyword<'o', 'n'> {};
struct kw_true : keyword<'t', 'r', 'u', 'e'> {};
struct kw_false : keyword<'f', 'a', 'l', 's', 'e'> {};
struct kw_null : keyword<'n', 'u', 'l', 'l'> {};

// --- numbers ---------------------------------------------------------------------------------------
struct int_part : pegtl::sor<pegtl::one<'0'>, pegtl::seq<pegtl::range<'1', '9'>, pegtl::star<pegtl::digit>>> {};
struct int_after_minus : int_part {};
struct frac_digits : pegtl::plus<pegtl::digit> {};
struct frac : pegtl::seq<pegtl::one<'.'>, pegtl::must<frac_digits>> {};
struct exp_digits : pegtl::plus<pegtl::digit> {};
struct exp : pegtl::seq<pegtl::one<'e', 'E'>, pegtl::opt<pegtl::one<'+', '-'>>, pegtl::must<exp_digits>> {};
// A number must not be directly followed by '.', a digit or a name character ("0123", "1x").
struct number_end : pegtl::not_at<pegtl::sor<pegtl::one<'.'>, name_char>> {};
struct number : pegtl::seq<pegtl::sor<pegtl::seq<pegtl::one<'-'>, pegtl::must<int_after_minus>>, int_part>,
                           pegtl::opt<frac>, pegtl::opt<exp>, pegtl::must<number_end>> {};

// --- strings ---------------------------------------------------------------------------------------
struct plain_run : pegtl::plus<pegtl::ranges<0x09, 0x09, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F>> {};
struct utf8_char : pegtl::utf8::range<0x80, 0x10FFFF> {};
struct hex4 : pegtl::rep<4, pegtl::xdigit> {};
struct escape_body
    : pegtl::sor<pegtl::one<'"', '\\', '/', 'b', 'f', 'n', 'r', 't'>, pegtl::seq<pegtl::one<'u'>, hex4>> {};
struct escape : pegtl::seq<pegtl::one<'\\'>, pegtl::must<escape_body>> {};
struct string_close : pegtl::one<'"'> {};
struct string_value
    : pegtl::seq<pegtl::one<'"'>, pegtl::star<pegtl::sor<plain_run, escape, utf8_char>>, pegtl::must<string_close>> {};

struct triple_quote : pegtl::string<'"', '"', '"'> {};
struct block_escape : pegtl::string<'\\', '"', '"', '"'> {};
struct block_plain : pegtl::plus<pegtl::ranges<0x09, 0x0A, 0x0D, 0x0D, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F>> {};
struct block_char : pegtl::sor<block_plain, block_escape, pegtl::one<'\\'>,
                               pegtl::seq<pegtl::not_at<triple_quote>, pegtl::one<'"'>>, utf8_char> {};
struct block_close : triple_quote {};
struct block_string : pegtl::seq<triple_quote, pegtl::star<block_char>, pegtl::must<block_close>> {};

// --- values ----------------------------------------------------------------------------------------
struct value;

struct variable_name : name {};
struct variable : pegtl::seq<pegtl::one<'$'>, pegtl::must<variable_name>> {};
struct enum_value : name {};  // reached only after true/false/null failed

struct list_open : pegtl::one<'['> {};
struct list_close : pegtl::one<']'> {};
struct list_value : pegtl::seq<list_open, ign, pegtl::star<value, ign>, pegtl::must<list_close>> {};

struct object_open : pegtl::one<'{'> {};
struct object_close : pegtl::one<'}'> {};
struct object_field_colon : pegtl::one<':'> {};
struct object_field_value : pegtl::seq<value> {};
struct object_field : pegtl::seq<name, ign, pegtl::must<object_field_colon>, ign, pegtl::must<object_field_value>> {};
struct object_value : pegtl::seq<object_open, ign, pegtl::star<object_field, ign>, pegtl::must<object_close>> {};

struct value : pegtl::sor<variable, number, block_string, string_value, kw_true, kw_false, kw_null, enum_value,
                          list_value, object_value> {};

// --- arguments and directives ----------------------------------------------------------------------
struct argument_colon : pegtl::one<':'> {};
struct argument_value : pegtl::seq<value> {};
struct argument : pegtl::seq<name, ign, pegtl::must<argument_colon>, ign, pegtl::must<argument_value>> {};
struct first_argument : pegtl::seq<argument> {};
struct arguments_close : pegtl::one<')'> {};
struct arguments : pegtl::seq<pegtl::one<'('>, ign, pegtl::must<first_argument>, ign, pegtl::star<argument, ign>,
                              pegtl::must<arguments_close>> {};

struct directive_name : name {};
struct directive : pegtl::seq<pegtl::one<'@'>, pegtl::must<directive_name>, pegtl::opt<ign, arguments>> {};
struct directives : pegtl::seq<directive, pegtl::star<ign, directive>> {};

// --- selections ------------------------------------------------------------------------------------
struct selection_set;

struct alias : pegtl::seq<name, ign, pegtl::one<':'>> {};
struct field_name : name {};
struct field : pegtl::seq<pegtl::opt<alias, ign>, field_name, pegtl::opt<ign, arguments>, pegtl::opt<ign, directives>,
                          pegtl::opt<ign, selection_set>> {};

struct type_name : name {};
struct type_condition : pegtl::seq<kw_on, ign, pegtl::must<type_name>> {};
struct ellipsis : pegtl::string<'.', '.', '.'> {};
struct inline_selection_set : pegtl::seq<selection_set> {};
struct inline_fragment_body
    : pegtl::sor<
          pegtl::seq<type_condition, pegtl::opt<ign, directives>, ign, pegtl::must<inline_selection_set>>,
          pegtl::seq<pegtl::at<pegtl::one<'@', '{'>>, pegtl::opt<directives, ign>, pegtl::must<inline_selection_set>>> {
};
struct fragment_name : pegtl::seq<pegtl::not_at<kw_on>, name> {};
struct fragment_spread_body : pegtl::seq<fragment_name, pegtl::opt<ign, directives>> {};
struct fragment_rest : pegtl::sor<inline_fragment_body, fragment_spread_body> {};
struct fragment_selection : pegtl::seq<ellipsis, ign, pegtl::must<fragment_rest>> {};

struct selection : pegtl::sor<fragment_selection, field> {};
struct first_selection : pegtl::seq<selection> {};
struct selection_open : pegtl::one<'{'> {};
struct selection_close : pegtl::one<'}'> {};
struct selection_set : pegtl::seq<selection_open, ign, pegtl::must<first_selection>, ign, pegtl::star<selection, ign>,
                                  pegtl::must<selection_close>> {};

// --- variable definitions --------------------------------------------------------------------------
struct type;
struct named_type : name {};
struct list_type_inner : pegtl::seq<type> {};
struct list_type_close : pegtl::one<']'> {};
struct list_type : pegtl::seq<pegtl::one<'['>, ign, pegtl::must<list_type_inner>, ign, pegtl::must<list_type_close>> {};
struct type : pegtl::seq<pegtl::sor<list_type, named_type>, pegtl::opt<ign, pegtl::one<'!'>>> {};

struct variable_definition_variable : variable {};
struct variable_definition_colon : pegtl::one<':'> {};
struct variable_definition_type : pegtl::seq<type> {};
struct default_value_value : pegtl::seq<value> {};
struct default_value : pegtl::seq<pegtl::one<'='>, ign, pegtl::must<default_value_value>> {};
struct variable_definition
    : pegtl::seq<variable_definition_variable, ign, pegtl::must<variable_definition_colon>, ign,
                 pegtl::must<variable_definition_type>, pegtl::opt<ign, default_value>, pegtl::opt<ign, directives>> {};
struct first_variable_definition : pegtl::seq<variable_definition> {};
struct variable_definitions_close : pegtl::one<')'> {};
struct variable_definitions
    : pegtl::seq<pegtl::one<'('>, ign, pegtl::must<first_variable_definition>, ign,
                 pegtl::star<variable_definition, ign>, pegtl::must<variable_definitions_close>> {};

// --- definitions -----------------------------------------------------------------------------------
struct operation_type : pegtl::sor<kw_query, kw_mutation, kw_subscription> {};
struct operation_name : name {};
struct operation_selection_set : pegtl::seq<selection_set> {};
struct typed_operation
    : pegtl::seq<operation_type, pegtl::opt<ign, operation_name>, pegtl::opt<ign, variable_definitions>,
                 pegtl::opt<ign, directives>, ign, pegtl::must<operation_selection_set>> {};
struct shorthand_begin : pegtl::success {};
struct shorthand_operation : pegtl::seq<pegtl::at<selection_open>, shorthand_begin, selection_set> {};
struct operation_definition : pegtl::sor<shorthand_operation, typed_operation> {};

struct fragment_definition_name : fragment_name {};
struct fragment_definition_type : pegtl::seq<type_condition> {};
struct fragment_definition_selection_set : pegtl::seq<selection_set> {};
struct fragment_definition
    : pegtl::seq<kw_fragment, ign, pegtl::must<fragment_definition_name>, ign, pegtl::must<fragment_definition_type>,
                 pegtl::opt<ign, directives>, ign, pegtl::must<fragment_definition_selection_set>> {};

struct definition : pegtl::sor<operation_definition, fragment_definition> {};
struct first_definition : pegtl::seq<definition> {};
/// The document; the driver reports anything after it as trailing text.
struct document : pegtl::seq<ign, pegtl::must<first_definition>, pegtl::star<ign, definition>> {};

// --- one error message per must<> rule -------------------------------------------------------------
template <typename Rule>
inline constexpr const char* error_message = nullptr;

template <>
inline constexpr const char* error_message<int_after_minus> = "expected a digit after '-'";
template <>
inline constexpr const char* error_message<frac_digits> = "expected a digit after the decimal point";
template <>
inline constexpr const char* error_message<exp_digits> = "expected a digit in the exponent";
template <>
inline constexpr const char* error_message<number_end> =
    "invalid number: a number cannot be followed by '.', a digit or a letter (no leading zeros)";
template <>
inline constexpr const char* error_message<escape_body> =
    "invalid escape sequence (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)";
template <>
inline constexpr const char* error_message<string_close> = "unterminated string";
template <>
inline constexpr const char* error_message<block_close> = "unterminated block string: expected '\"\"\"'";
template <>
inline constexpr const char* error_message<variable_name> = "expected a variable name after '$'";
template <>
inline constexpr const char* error_message<list_close> = "expected a value or ']' in a list";
template <>
inline constexpr const char* error_message<object_field_colon> = "expected ':' after an input field name";
template <>
inline constexpr const char* error_message<object_field_value> = "expected a value after ':'";
template <>
inline constexpr const char* error_message<object_close> = "expected an input field name or '}'";
template <>
inline constexpr const char* error_message<argument_colon> = "expected ':' after an argument name";
template <>
inline constexpr const char* error_message<argument_value> = "expected a value after ':'";
template <>
inline constexpr const char* error_message<first_argument> =
    "expected an argument name after '(' (an argument list cannot be empty)";
template <>
inline constexpr const char* error_message<arguments_close> = "expected an argument name or ')'";
template <>
inline constexpr const char* error_message<directive_name> = "expected a directive name after '@'";
template <>
inline constexpr const char* error_message<type_name> = "expected a type name after 'on'";
template <>
inline constexpr const char* error_message<inline_selection_set> = "expected '{' to open the inline fragment";
template <>
inline constexpr const char* error_message<fragment_rest> =
    "expected 'on Type', a fragment name, a directive or '{' after '...'";
template <>
inline constexpr const char* error_message<first_selection> =
    "expected a field or '...' after '{' (a selection set cannot be empty)";
template <>
inline constexpr const char* error_message<selection_close> = "expected a field, '...' or '}'";
template <>
inline constexpr const char* error_message<list_type_inner> = "expected a type after '['";
template <>
inline constexpr const char* error_message<list_type_close> = "expected ']' to close the list type";
template <>
inline constexpr const char* error_message<variable_definition_colon> = "expected ':' after the variable name";
template <>
inline constexpr const char* error_message<variable_definition_type> = "expected a type for the variable";
template <>
inline constexpr const char* error_message<default_value_value> = "expected a default value after '='";
template <>
inline constexpr const char* error_message<first_variable_definition> =
    "expected a variable definition ('$name: Type') after '('";
template <>
inline constexpr const char* error_message<variable_definitions_close> = "expected a variable definition or ')'";
template <>
inline constexpr const char* error_message<operation_selection_set> =
    "expected '{' to open the operation's selection set";
template <>
inline constexpr const char* error_message<fragment_definition_name> = "expected a fragment name after 'fragment'";
template <>
inline constexpr const char* error_message<fragment_definition_type> = "expected 'on Type' after the fragment name";
template <>
inline constexpr const char* error_message<fragment_definition_selection_set> =
    "expected '{' to open the fragment's selection set";
template <>
inline constexpr const char* error_message<first_definition> =
    "expected a GraphQL operation: '{', 'query', 'mutation', 'subscription' or 'fragment'";

/// Rules whose nesting is counted against max_nesting_depth.
template <typename Rule>
inline constexpr bool is_nesting = false;
template <>
inline constexpr bool is_nesting<selection_set> = true;
template <>
inline constexpr bool is_nesting<list_value> = true;
template <>
inline constexpr bool is_nesting<object_value> = true;
template <>
inline constexpr bool is_nesting<list_type> = true;

}  // namespace qdiff::weaviate::graphql_grammar
