// SQL lexer for qdiff: the union of the PostgreSQL, SQLite, MySQL and T-SQL flavours that
// text-to-SQL models and benchmarks produce. Written for this project.
//
// ANTLR 4.7.2 has no caseInsensitive option: keywords are spelled with letter fragments.
// Every keyword is its own token; the parser decides which ones may also be identifiers
// (SqlParser.nonReservedKeyword). No semantic predicates (they defeat the DFA cache).
// Whitespace is skipped; comments go to the HIDDEN channel.
// Error tokens instead of silent skipping: UNTERMINATED_STRING (string or quoted
// identifier without its closing quote) and ERROR_CHAR for any character nothing else matches
// (one character each, so the lexer can never loop). UNTERMINATED_COMMENT is hidden (SQLite
// reads an unterminated comment as running to the end); a linter can still warn about it.
lexer grammar SqlLexer;

// Made only by the hand-written lexer, in dialects whose lexing asks for it (no rule here):
// PATH_COLON is Snowflake's `:` of `col:field`; STAGE_NAME is a Snowflake stage `@stage/path`;
// DOUBLE_STAR and DOUBLE_SLASH are DuckDB's `**` (power) and `//` (integer division).
tokens { PATH_COLON, STAGE_NAME, DOUBLE_STAR, DOUBLE_SLASH }

// ---------------------------------------------------------------- keywords
ABORT: A B O R T;
ACTION: A C T I O N;
ADD: A D D;
AFTER: A F T E R;
AGAINST: A G A I N S T;
ALL: A L L;
ALTER: A L T E R;
ALWAYS: A L W A Y S;
ANALYZE: A N A L Y Z E;
AND: A N D;
ANY: A N Y;
APPLY: A P P L Y;
ARRAY: A R R A Y;
AS: A S;
ASC: A S C;
AT: A T;
ATTACH: A T T A C H;
AUTHORIZATION: A U T H O R I Z A T I O N;
AUTOINCREMENT: A U T O I N C R E M E N T;
AUTO_INCREMENT: A U T O '_' I N C R E M E N T;
BEFORE: B E F O R E;
BEGIN: B E G I N;
BETWEEN: B E T W E E N;
BOTH: B O T H;
BY: B Y;
CASCADE: C A S C A D E;
CASE: C A S E;
CAST: C A S T;
CHECK: C H E C K;
COLLATE: C O L L A T E;
COLUMN: C O L U M N;
COMMENT: C O M M E N T;
COMMIT: C O M M I T;
CONCURRENTLY: C O N C U R R E N T L Y;
CONFLICT: C O N F L I C T;
CONSTRAINT: C O N S T R A I N T;
CONVERT: C O N V E R T;
CREATE: C R E A T E;
CROSS: C R O S S;
CUBE: C U B E;
CURRENT: C U R R E N T;
CURRENT_DATE: C U R R E N T '_' D A T E;
CURRENT_TIME: C U R R E N T '_' T I M E;
CURRENT_TIMESTAMP: C U R R E N T '_' T I M E S T A M P;
CURRENT_USER: C U R R E N T '_' U S E R;
DATABASE: D A T A B A S E;
DATE: D A T E;
DAY: D A Y;
DAYS: D A Y S;
DECLARE: D E C L A R E;
DEFAULT: D E F A U L T;
DEFERRABLE: D E F E R R A B L E;
DEFERRED: D E F E R R E D;
DELETE: D E L E T E;
DESC: D E S C;
DETACH: D E T A C H;
DISTINCT: D I S T I N C T;
DIV: D I V;
DO: D O;
DOUBLE: D O U B L E;
DROP: D R O P;
DUPLICATE: D U P L I C A T E;
ELSE: E L S E;
END: E N D;
ESCAPE: E S C A P E;
EXCEPT: E X C E P T;
EXCLUDE: E X C L U D E;
EXCLUSIVE: E X C L U S I V E;
EXISTS: E X I S T S;
EXPLAIN: E X P L A I N;
EXTRACT: E X T R A C T;
FAIL: F A I L;
FALSE_: F A L S E;
FETCH: F E T C H;
FILTER: F I L T E R;
FIRST: F I R S T;
FOLLOWING: F O L L O W I N G;
FOR: F O R;
FORCE: F O R C E;
FOREIGN: F O R E I G N;
FROM: F R O M;
FULL: F U L L;
FUNCTION: F U N C T I O N;
GENERATED: G E N E R A T E D;
GLOB: G L O B;
GRANT: G R A N T;
GROUP: G R O U P;
GROUPING: G R O U P I N G;
GROUPS: G R O U P S;
HAVING: H A V I N G;
HOUR: H O U R;
HOURS: H O U R S;
IDENTITY: I D E N T I T Y;
IF: I F;
IGNORE: I G N O R E;
ILIKE: I L I K E;
IMMEDIATE: I M M E D I A T E;
IN: I N;
INCLUDE: I N C L U D E;
INDEX: I N D E X;
INDEXED: I N D E X E D;
INHERITS: I N H E R I T S;
INITIALLY: I N I T I A L L Y;
INNER: I N N E R;
INSERT: I N S E R T;
INTERSECT: I N T E R S E C T;
INTERVAL: I N T E R V A L;
INTO: I N T O;
IS: I S;
ISNULL: I S N U L L;
JOIN: J O I N;
KEY: K E Y;
LAMBDA: L A M B D A;
LAST: L A S T;
LATERAL: L A T E R A L;
LEADING: L E A D I N G;
LEFT: L E F T;
LIKE: L I K E;
LIMIT: L I M I T;
LOCAL: L O C A L;
LOCALTIME: L O C A L T I M E;
LOCALTIMESTAMP: L O C A L T I M E S T A M P;
LOCKED: L O C K E D;
MATCH: M A T C H;
MATCHED: M A T C H E D;
MATERIALIZED: M A T E R I A L I Z E D;
MERGE: M E R G E;
MICROSECOND: M I C R O S E C O N D;
MILLISECOND: M I L L I S E C O N D;
MINUS: M I N U S;
MINUTE: M I N U T E;
MINUTES: M I N U T E S;
MOD: M O D;
MONTH: M O N T H;
MONTHS: M O N T H S;
NATURAL: N A T U R A L;
NEXT: N E X T;
NO: N O;
NOT: N O T;
NOTHING: N O T H I N G;
NOTNULL: N O T N U L L;
NOWAIT: N O W A I T;
NULL_: N U L L;
NULLS: N U L L S;
OF: O F;
OFFSET: O F F S E T;
ON: O N;
ONLY: O N L Y;
OR: O R;
ORDER: O R D E R;
OTHERS: O T H E R S;
OUTER: O U T E R;
OVER: O V E R;
OWNER: O W N E R;
PARTITION: P A R T I T I O N;
PERCENT: P E R C E N T;
PIVOT: P I V O T;
PLAN: P L A N;
POSITION: P O S I T I O N;
PRAGMA: P R A G M A;
PRECEDING: P R E C E D I N G;
PRECISION: P R E C I S I O N;
PRIMARY: P R I M A R Y;
QUALIFY: Q U A L I F Y;
QUARTER: Q U A R T E R;
QUERY: Q U E R Y;
RANGE: R A N G E;
RECURSIVE: R E C U R S I V E;
REFERENCES: R E F E R E N C E S;
REGEXP: R E G E X P;
RENAME: R E N A M E;
REPEATABLE: R E P E A T A B L E;
REPLACE: R E P L A C E;
RESPECT: R E S P E C T;
RESTRICT: R E S T R I C T;
RETURNING: R E T U R N I N G;
REVOKE: R E V O K E;
RIGHT: R I G H T;
RLIKE: R L I K E;
ROLLBACK: R O L L B A C K;
ROLLUP: R O L L U P;
ROW: R O W;
ROWS: R O W S;
SAFE_CAST: S A F E '_' C A S T;
SAMPLE: S A M P L E;
SAVEPOINT: S A V E P O I N T;
SCHEMA: S C H E M A;
SECOND: S E C O N D;
SECONDS: S E C O N D S;
SEED: S E E D;
SELECT: S E L E C T;
SEPARATOR: S E P A R A T O R;
SESSION: S E S S I O N;
SET: S E T;
SETS: S E T S;
SHARE: S H A R E;
SHOW: S H O W;
SIGNED: S I G N E D;
SIMILAR: S I M I L A R;
SKIP_: S K I P;
SOME: S O M E;
SOURCE: S O U R C E;
START: S T A R T;
STORED: S T O R E D;
STRUCT: S T R U C T;
SUBSTRING: S U B S T R I N G;
SYMMETRIC: S Y M M E T R I C;
TABLE: T A B L E;
TABLESAMPLE: T A B L E S A M P L E;
TARGET: T A R G E T;
TEMP: T E M P;
TEMPORARY: T E M P O R A R Y;
THEN: T H E N;
TIES: T I E S;
TIME: T I M E;
TIMESTAMP: T I M E S T A M P;
TO: T O;
TOP: T O P;
TRAILING: T R A I L I N G;
TRANSACTION: T R A N S A C T I O N;
TRIM: T R I M;
TRUE_: T R U E;
TRUNCATE: T R U N C A T E;
TRY_CAST: T R Y '_' C A S T;
TYPE: T Y P E;
UNBOUNDED: U N B O U N D E D;
UNION: U N I O N;
UNIQUE: U N I Q U E;
UNKNOWN: U N K N O W N;
UNLOGGED: U N L O G G E D;
UNPIVOT: U N P I V O T;
UNSIGNED: U N S I G N E D;
UPDATE: U P D A T E;
USE: U S E;
USING: U S I N G;
VACUUM: V A C U U M;
VALUES: V A L U E S;
VARYING: V A R Y I N G;
VERBOSE: V E R B O S E;
VIEW: V I E W;
WEEK: W E E K;
WEEKS: W E E K S;
WHEN: W H E N;
WHERE: W H E R E;
WINDOW: W I N D O W;
WITH: W I T H;
WITHIN: W I T H I N;
WITHOUT: W I T H O U T;
WORK: W O R K;
XOR: X O R;
YEAR: Y E A R;
YEARS: Y E A R S;
ZEROFILL: Z E R O F I L L;
ZONE: Z O N E;

// ---------------------------------------------------------------- operators and punctuation
// Longer operators first only for readability: ANTLR always takes the longest match.
NULL_SAFE_EQ_OR_COSINE: '<=>';   // MySQL NULL-safe equality; pgvector cosine distance
L2_DISTANCE: '<->';              // pgvector
NEG_INNER_PRODUCT: '<#>';        // pgvector
JSON_EXTRACT_TEXT: '->>';
JSON_EXTRACT: '->';
JSON_PATH_TEXT: '#>>';
JSON_PATH: '#>';
CONTAINS: '@>';
AT_AT: '@@';                     // PostgreSQL text search match
CONTAINED_BY: '<@';
QUESTION_PIPE: '?|';
QUESTION_AMP: '?&';
NOT_IMATCH: '!~*';
NOT_MATCH: '!~';
IMATCH: '~*';
TILDE: '~';
DOUBLE_COLON: '::';
CONCAT: '||';
AMP_AMP: '&&';
SHIFT_LEFT: '<<';
SHIFT_RIGHT: '>>';
NOT_EQ: '!=' | '<>';
DOUBLE_EQ: '==';
LE: '<=';
GE: '>=';
FAT_ARROW: '=>';
COLON_EQ: ':=';
EQ: '=';
LT: '<';
GT: '>';
PLUS: '+';
MINUS_SIGN: '-';
STAR: '*';
SLASH: '/';
PERCENT_SIGN: '%';
CARET: '^';
AMP: '&';
PIPE: '|';
BANG: '!';
LPAREN: '(';
RPAREN: ')';
LBRACKET: '[';
RBRACKET: ']';
LBRACE: '{';                     // DuckDB struct literal {'a': 1}
RBRACE: '}';
COMMA: ',';
SEMI: ';';
DOT: '.';
COLON: ':';

// ---------------------------------------------------------------- parameters
QUESTION: '?';                                  // positional parameter or PostgreSQL JSON key test
NUMBERED_PARAM: '?' DIGIT+ | '$' DIGIT+;         // SQLite ?1, PostgreSQL $1
NAMED_PARAM: ':' IDENT_START IDENT_PART* | '@' IDENT_START IDENT_PART*;   // :name, @name

// ---------------------------------------------------------------- literals
INTEGER_LITERAL: DIGIT+;
DECIMAL_LITERAL: DIGIT+ '.' DIGIT* EXPONENT? | '.' DIGIT+ EXPONENT? | DIGIT+ EXPONENT;
HEX_LITERAL: '0' [xX] HEX_DIGIT+;

STRING: '\'' ( ~'\'' | '\'\'' )* '\'';                       // '' escapes a quote
NATIONAL_STRING: [nN] '\'' ( ~'\'' | '\'\'' )* '\'';         // N'...'
ESCAPE_STRING: [eE] '\'' ( ~['\\] | '\\' . | '\'\'' )* '\''; // E'...' (backslash escapes)
HEX_STRING: [xX] '\'' ~'\''* '\'';                           // X'1F'
BIT_STRING: [bB] '\'' ~'\''* '\'';                           // B'0101'
DOLLAR_STRING: '$' DOLLAR_TAG? '$' .*? '$' DOLLAR_TAG? '$';  // $$...$$, $tag$...$tag$ (tags not checked for equality)

// ---------------------------------------------------------------- identifiers
IDENTIFIER: IDENT_START IDENT_PART*;
QUOTED_IDENTIFIER: '"' ( ~'"' | '""' )* '"';
BACKTICK_IDENTIFIER: '`' ( ~'`' | '``' )* '`';
// T-SQL [name]: only when it starts like a name and holds no comma or bracket, so that
// ARRAY[1, 2], a[1] and a[1:2] still lex as brackets (see NOTES.md).
BRACKET_IDENTIFIER: '[' IDENT_START ~[\],[\r\n]* ']';

// ---------------------------------------------------------------- comments and whitespace
LINE_COMMENT: '--' ~[\r\n]* -> channel(HIDDEN);
// Not nesting: a nesting rule makes the lexer backtrack exponentially on `/*/*/*...` (only PostgreSQL
// nests comments, and queries do not rely on it).
BLOCK_COMMENT: '/*' .*? '*/' -> channel(HIDDEN);
WS: [ \t\r\n\f\u000B\u00A0\uFEFF]+ -> skip;

// ---------------------------------------------------------------- error tokens
// Each is a strict prefix of the well-formed token, so it only wins when the closing quote
// is missing (ANTLR takes the longest match); it then runs to the end of the input.
UNTERMINATED_STRING
    : [nNxXbB]? '\'' ( ~'\'' | '\'\'' )*
    | [eE] '\'' ( ~['\\] | '\\' . | '\'\'' )* '\\'?
    | '"' ( ~'"' | '""' )*
    | '`' ( ~'`' | '``' )*
    | '$' DOLLAR_TAG? '$' ( ~'$' | '$' ~[a-zA-Z_$\u0080-\u009F\u00A1-\uFEFE\uFF00-\u{10FFFF}] )*
    ;
// SQLite reads an unterminated /* comment as running to the end of the input; so does this
// grammar (hidden channel), but with its own token type so that a linter can warn about it.
UNTERMINATED_COMMENT: '/*' ( ~'*' | '*'+ ~[*/] )* '*'* -> channel(HIDDEN);
ERROR_CHAR: .;

// ---------------------------------------------------------------- fragments
// Any non-ASCII code point is an identifier character, except U+00A0 and U+FEFF (whitespace).
fragment IDENT_START: [a-zA-Z_\u0080-\u009F\u00A1-\uFEFE\uFF00-\u{10FFFF}];
fragment IDENT_PART: [a-zA-Z_0-9$\u0080-\u009F\u00A1-\uFEFE\uFF00-\u{10FFFF}];
fragment DOLLAR_TAG: IDENT_START [a-zA-Z_0-9\u0080-\u009F\u00A1-\uFEFE\uFF00-\u{10FFFF}]*;
fragment DIGIT: [0-9];
fragment HEX_DIGIT: [0-9a-fA-F];
fragment EXPONENT: [eE] [+-]? DIGIT+;

fragment A: [aA]; fragment B: [bB]; fragment C: [cC]; fragment D: [dD]; fragment E: [eE];
fragment F: [fF]; fragment G: [gG]; fragment H: [hH]; fragment I: [iI]; fragment J: [jJ];
fragment K: [kK]; fragment L: [lL]; fragment M: [mM]; fragment N: [nN]; fragment O: [oO];
fragment P: [pP]; fragment Q: [qQ]; fragment R: [rR]; fragment S: [sS]; fragment T: [tT];
fragment U: [uU]; fragment V: [vV]; fragment W: [wW]; fragment X: [xX]; fragment Y: [yY];
fragment Z: [zZ];
