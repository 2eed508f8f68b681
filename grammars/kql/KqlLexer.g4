// KQL (Kusto Query Language) lexer for qdiff.
// Written for this project from the Kusto documentation; ANTLR 4.7.2 (no caseInsensitive option:
// KQL keywords are case-sensitive and lower-case anyway).
lexer grammar KqlLexer;

// LexerBase: Lexer::nextToken without the runtime's dynamic_casts (parsers/common/lexer_base.hpp).
options { superClass = LexerBase; }
@lexer::header {#include "parsers/common/lexer_base.hpp"}

// ---------------------------------------------------------------------------------------------
// Trivia
// ---------------------------------------------------------------------------------------------
WS            : [ \t\r\n\f\u000B\u00A0\u2000-\u200B\u202F\u205F\u3000\uFEFF]+ -> channel(HIDDEN);
LINE_COMMENT  : '//' ~[\r\n]* -> channel(HIDDEN);

// ---------------------------------------------------------------------------------------------
// Literal tokens whose contents are raw text (KQL reads them without tokenizing the inside):
// datetime(2020-01-01 10:00:00.5), time(1.2:00:00), timespan(1d), guid(74be...), int(1), real(+inf)
// ---------------------------------------------------------------------------------------------
TYPED_LITERAL
    : ( 'datetime' | 'date' | 'time' | 'timespan' | 'guid' | 'uniqueid' | 'bool' | 'boolean'
      | 'int' | 'int32' | 'long' | 'int64' | 'real' | 'double' | 'decimal' )
      [ \t]* '(' ~[)\r\n]* ')'
    ;

// ---------------------------------------------------------------------------------------------
// Query operator keywords (hyphenated ones are single tokens: longest match beats `project` `-`)
// ---------------------------------------------------------------------------------------------
AS                   : 'as';
CONSUME              : 'consume';
COUNT                : 'count';
DATATABLE            : 'datatable';
DISTINCT             : 'distinct';
EVALUATE             : 'evaluate';
EXTEND               : 'extend';
EXTERNALDATA         : 'externaldata' | 'external_data';
INLINE_EXTERNAL_TABLE: 'inline_external_table';
FACET                : 'facet';
FILTER               : 'filter';
FIND                 : 'find';
FORK                 : 'fork';
GETSCHEMA            : 'getschema';
GRAPH_MARK_COMPONENTS: 'graph-mark-components';
GRAPH_MATCH          : 'graph-match';
GRAPH_SHORTEST_PATHS : 'graph-shortest-paths';
GRAPH_TO_TABLE       : 'graph-to-table';
INVOKE               : 'invoke';
JOIN                 : 'join';
LIMIT                : 'limit';
LOOKUP               : 'lookup';
MACRO_EXPAND         : 'macro-expand';
ENTITY_GROUP         : 'entity_group';
MAKE_GRAPH           : 'make-graph';
MAKE_SERIES          : 'make-series';
MV_APPLY             : 'mv-apply';
MV_EXPAND            : 'mv-expand';
MVEXPAND             : 'mvexpand';
MVAPPLY              : 'mvapply';
ORDER                : 'order';
PARSE                : 'parse';
PARSE_KV             : 'parse-kv';
PARSE_WHERE          : 'parse-where';
PARTITION            : 'partition';
PRINT                : 'print';
PROJECT              : 'project';
PROJECT_AWAY         : 'project-away';
PROJECT_BY_NAMES     : 'project-by-names';
PROJECT_KEEP         : 'project-keep';
PROJECT_RENAME       : 'project-rename';
PROJECT_REORDER      : 'project-reorder';
PROJECT_SMART        : 'project-smart';
RANGE                : 'range';
REDUCE               : 'reduce';
RENDER               : 'render';
SAMPLE               : 'sample';
SAMPLE_DISTINCT      : 'sample-distinct';
SCAN                 : 'scan';
SEARCH               : 'search';
SERIALIZE            : 'serialize';
SORT                 : 'sort';
SUMMARIZE            : 'summarize';
TAKE                 : 'take';
TOP                  : 'top';
TOP_HITTERS          : 'top-hitters';
TOP_NESTED           : 'top-nested';
UNION                : 'union';
WHERE                : 'where';

// statements
ALIAS                : 'alias';
DECLARE              : 'declare';
LET                  : 'let';
PATTERN              : 'pattern';
QUERY_PARAMETERS     : 'query_parameters';
RESTRICT             : 'restrict';
SET                  : 'set';

// other keywords
ACCESS               : 'access';
AND                  : 'and';
ASC                  : 'asc';
BY                   : 'by';
CLUSTER              : 'cluster';
DATABASE             : 'database';
DATASCOPE            : 'datascope';
DEFAULT              : 'default';
DESC                 : 'desc';
EDGES                : 'edges';
FALSE_LITERAL                : 'false';
FIRST                : 'first';
FROM                 : 'from';
GRANNY_ASC           : 'granny-asc';
GRANNY_DESC          : 'granny-desc';
IN                   : 'in';
KIND                 : 'kind';
LAST                 : 'last';
MATCHES              : 'matches';
NODES                : 'nodes';
NULL_LITERAL                 : 'null';
NULLS                : 'nulls';
OF                   : 'of';
ON                   : 'on';
OR                   : 'or';
OUTPUT               : 'output';
REGEX                : 'regex';
STEP                 : 'step';
TO                   : 'to';
TRUE_LITERAL                 : 'true';
TYPEOF               : 'typeof';
VIEW                 : 'view';
WITH                 : 'with';
WITH_MATCH_ID        : 'with_match_id';
WITH_ITEMINDEX       : 'with_itemindex';
BAGEXPANSION         : 'bagexpansion';
WITH_NODE_ID         : 'with_node_id';
WITH_SOURCE          : 'withsource';
OTHERS               : 'others';
PARTITIONED_BY       : 'partitioned-by';

// scalar type names (when not followed by `(`, see TYPED_LITERAL)
T_BOOL      : 'bool' | 'boolean';
T_DATETIME  : 'datetime' | 'date';
T_DECIMAL   : 'decimal';
T_DYNAMIC   : 'dynamic';
T_GUID      : 'guid' | 'uniqueid';
T_INT       : 'int' | 'int32';
T_LONG      : 'long' | 'int64';
T_REAL      : 'real' | 'double';
T_STRING    : 'string';
T_TIMESPAN  : 'timespan' | 'time';

// string / comparison operators spelled as words
BETWEEN        : 'between';
NOT_BETWEEN    : '!between';
CONTAINS       : 'contains';
NOT_CONTAINS   : '!contains';
CONTAINS_CS    : 'contains_cs';
NOT_CONTAINS_CS: '!contains_cs';
CONTAINSCS     : 'containscs';
NOTCONTAINS    : 'notcontains';
NOTCONTAINSCS  : 'notcontainscs';
ENDSWITH       : 'endswith';
NOT_ENDSWITH   : '!endswith';
ENDSWITH_CS    : 'endswith_cs';
NOT_ENDSWITH_CS: '!endswith_cs';
HAS            : 'has';
NOT_HAS        : '!has';
HAS_CS         : 'has_cs';
NOT_HAS_CS     : '!has_cs';
HAS_ALL        : 'has_all';
HAS_ANY        : 'has_any';
HASPREFIX      : 'hasprefix';
NOT_HASPREFIX  : '!hasprefix';
HASPREFIX_CS   : 'hasprefix_cs';
NOT_HASPREFIX_CS: '!hasprefix_cs';
HASSUFFIX      : 'hassuffix';
NOT_HASSUFFIX  : '!hassuffix';
HASSUFFIX_CS   : 'hassuffix_cs';
NOT_HASSUFFIX_CS: '!hassuffix_cs';
LIKE           : 'like';
LIKECS         : 'likecs';
NOTLIKE        : 'notlike';
NOTLIKECS      : 'notlikecs';
STARTSWITH     : 'startswith';
NOT_STARTSWITH : '!startswith';
STARTSWITH_CS  : 'startswith_cs';
NOT_STARTSWITH_CS: '!startswith_cs';
IN_CI          : 'in~';
NOT_IN         : '!in';
NOT_IN_CI      : '!in~';

// ---------------------------------------------------------------------------------------------
// Punctuation
// ---------------------------------------------------------------------------------------------
PIPE       : '|';
COMMA      : ',';
SEMI       : ';';
COLON      : ':';
LPAREN     : '(';
RPAREN     : ')';
LBRACKET   : '[';
RBRACKET   : ']';
LBRACE     : '{';
RBRACE     : '}';
DOTDOT     : '..';
DOT        : '.';
FAT_ARROW  : '=>';
EQEQ       : '==';
EQTILDE    : '=~';
ASSIGN     : '=';
NEQ        : '!=';
NEQ2       : '<>';
BANGTILDE  : '!~';
LE         : '<=';
GE         : '>=';
LT         : '<';
GT         : '>';
PLUS       : '+';
MINUS      : '-';
STAR       : '*';
SLASH      : '/';
PERCENT    : '%';
QUESTION   : '?';
BANG       : '!';
HASH       : '#';

// ---------------------------------------------------------------------------------------------
// Literals
// ---------------------------------------------------------------------------------------------
TIMESPAN_LITERAL
    : DIGITS ('.' DIGITS)? TIME_UNIT
    ;
fragment TIME_UNIT
    : 'd' | 'day' | 'days'
    | 'h' | 'hr' | 'hrs' | 'hour' | 'hours'
    | 'm' | 'min' | 'minute' | 'minutes'
    | 's' | 'sec' | 'second' | 'seconds'
    | 'ms' | 'milli' | 'millis' | 'millisec' | 'millisecond' | 'milliseconds'
    | 'micro' | 'micros' | 'microsec' | 'microsecond' | 'microseconds'
    | 'nano' | 'nanos' | 'nanosec' | 'nanosecond' | 'nanoseconds'
    | 'tick' | 'ticks'
    ;

HEX_LITERAL  : '0' [xX] [0-9a-fA-F]+;
REAL_LITERAL
    : DIGITS '.' DIGITS EXPONENT?
    | DIGITS EXPONENT
    ;
INT_LITERAL  : DIGITS;
fragment DIGITS   : [0-9]+;
fragment EXPONENT : [eE] [+-]? DIGITS;

// "..." and '...' with backslash escapes; @"..." / @'...' verbatim (quote doubled);
// h / H prefix: obfuscated string (same forms); ```...``` multi-line.
STRING_LITERAL
    : [hH]? ( '"' ( ~["\\\r\n] | '\\' ~[\r\n] )* '"'
            | '\'' ( ~['\\\r\n] | '\\' ~[\r\n] )* '\''
            | '@"' ( ~["\r\n] | '""' )* '"'
            | '@\'' ( ~['\r\n] | '\'\'' )* '\''
            )
    | '```' ( ~'`' | '`' ~'`' | '``' ~'`' )* '```'
    | '~~~' ( ~'~' | '~' ~'~' | '~~' ~'~' )* '~~~'
    ;

// The same openings without their closing quote: one explicit token, so that the parser reports
// "unterminated string" at the right place instead of a cascade of errors.
UNTERMINATED_STRING
    : [hH]? ( '"' ( ~["\\\r\n] | '\\' ~[\r\n] )* '\\'?
            | '\'' ( ~['\\\r\n] | '\\' ~[\r\n] )* '\\'?
            | '@"' ( ~["\r\n] | '""' )*
            | '@\'' ( ~['\r\n] | '\'\'' )*
            )
    | '```' ( ~'`' | '`' ~'`' | '``' ~'`' )* '`'? '`'?
    | '~~~' ( ~'~' | '~' ~'~' | '~~' ~'~' )* '~'? '~'?
    ;

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------
DOLLAR_IDENTIFIER : '$' [a-zA-Z_] [a-zA-Z_0-9]*;   // $left, $right
IDENTIFIER        : [a-zA-Z_] [a-zA-Z_0-9]*
                  | DIGITS [a-zA-Z_] [a-zA-Z_0-9]*   // 5h_MovingAvg, 10abc: names may start with digits
                  ;

// Anything else is one error token: the lexer never stalls on bad bytes.
ERROR_CHAR : .;
