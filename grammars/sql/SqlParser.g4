// SQL parser for qdiff: the union of the PostgreSQL, SQLite, MySQL and T-SQL flavours that
// text-to-SQL models and benchmarks produce ("generic" dialect). Dialect-specific rejection
// happens after parsing. Written for this project; see NOTES.md for the design choices.
//
// Conventions
// - Every alternative of a rule with several alternatives carries a `# Label`, so a typed
//   transformer has one visit method per node kind. Rules that are plain token sets
//   (nonReservedKeyword, timeUnit, ...) are the exception: read the token.
// - Expressions are two left-recursive rules: `expr` holds the boolean connectives (NOT, AND,
//   XOR, OR) and `valueExpr` everything else, so that `BETWEEN a AND b` cannot swallow a
//   boolean AND. One parenthesis level costs two rule frames (expr -> valueExpr).
// - Keywords: a small reserved set; every other keyword is an identifier too
//   (nonReservedKeyword), because Spider/BIRD name columns `year`, `date`, `type`, ...
// - No semantic predicates; decisions are meant to be SLL-friendly.
parser grammar SqlParser;

// ParserBase and ContextBase (parsers/common/parser_base.hpp): ANTLR's Parser without its
// dynamic_casts, and rule contexts allocated from a per-thread pool.
options { tokenVocab = SqlLexer; superClass = ParserBase; contextSuperClass = ContextBase; }

@parser::header {#include "parsers/common/parser_base.hpp"}

// ================================================================= entry points

// Statements separated by ';', empty statements allowed. Two statements need a ';' between them.
sqlScript
    : statement? (SEMI statement?)* EOF
    ;

// One expression alone (tests, the linter's expression snippets).
standaloneExpression
    : expr EOF
    ;

statement
    : EXPLAIN explainOption* statement                  # ExplainStatement
    | queryExpression                                   # SelectStatement
    | withClause dmlBody                                # WithStatement
    | insertStatement                                   # InsertStmt
    | updateStatement                                   # UpdateStmt
    | deleteStatement                                   # DeleteStmt
    | mergeStatement                                    # MergeStmt
    | createTableStatement                              # CreateTableStmt
    | createViewStatement                               # CreateViewStmt
    | createIndexStatement                              # CreateIndexStmt
    | createSchemaStatement                             # CreateSchemaStmt
    | createFunctionStatement                           # CreateFunctionStmt
    | dropStatement                                     # DropStmt
    | alterTableStatement                               # AlterTableStmt
    | truncateStatement                                 # TruncateStmt
    | GRANT looseTail                                   # GrantStatement
    | REVOKE looseTail                                  # RevokeStatement
    | PRAGMA qualifiedName (EQ pragmaValue | LPAREN pragmaValue RPAREN)?   # PragmaStatement
    | ATTACH DATABASE? expr AS identifier               # AttachStatement
    | DETACH DATABASE? identifier                       # DetachStatement
    | transactionStatement                              # TransactionStmt
    | SET looseTail                                     # SetStatement
    | DECLARE looseTail                                 # DeclareStatement
    | USE identifier                                    # UseStatement
    | SHOW looseTail                                    # ShowStatement
    | VACUUM looseTail?                                 # VacuumStatement
    | ANALYZE qualifiedName?                            # AnalyzeStatement
    ;

explainOption
    : QUERY PLAN                                        # ExplainQueryPlan
    | ANALYZE                                           # ExplainAnalyze
    | VERBOSE                                           # ExplainVerbose
    | LPAREN looseToken* RPAREN                         # ExplainOptionList
    ;

// A statement body after a top-level WITH clause. (Without WITH, the statement rule lists the
// bodies directly: one parse-tree level less for the common case.)
dmlBody
    : queryExpression                                   # SelectBody
    | insertStatement                                   # InsertBody
    | updateStatement                                   # UpdateBody
    | deleteStatement                                   # DeleteBody
    | mergeStatement                                    # MergeBody
    ;

// Anything up to the end of the statement (for statements accepted only so that the linter
// can flag them). Never place it right after a qualifiedName or an expression: it would put every
// token into their follow sets and turn one-token decisions into adaptivePredict calls.
looseTail
    : looseToken+
    ;

looseToken
    : ~(SEMI | LPAREN | RPAREN)                         # LooseAtom
    | LPAREN looseToken* RPAREN                         # LooseGroup
    ;

pragmaValue
    : signedNumber                                      # PragmaNumber
    | identifier                                        # PragmaName
    | string                                            # PragmaString
    | op=(ON | TRUE_ | FALSE_ | NULL_ | DEFAULT)        # PragmaKeyword
    ;

// ================================================================= queries

// A query with its own optional WITH clause (subqueries, CTE bodies, INSERT ... SELECT).
query
    : withClause? queryExpression
    ;

withClause
    : WITH RECURSIVE? commonTableExpression (COMMA commonTableExpression)*
    ;

commonTableExpression
    : identifier columnAliasList? AS (NOT? MATERIALIZED)? LPAREN cteBody RPAREN
    ;

cteBody
    : query                                             # CteQuery
    | insertStatement                                   # CteInsert
    | updateStatement                                   # CteUpdate
    | deleteStatement                                   # CteDelete
    ;

// Set operations with ORDER BY / LIMIT applying to the whole.
queryExpression
    : queryBody orderByClause? limitClause? lockingClause?
    ;

// Set operations are a flat list, left to right; INTERSECT binds tighter than UNION / EXCEPT /
// MINUS, and the transformer builds that tree. (A left-recursive rule here would put precedence
// predicates into the follow set of every SELECT clause, and ANTLR would then have to call
// adaptivePredict for each optional clause instead of a one-token switch.)
queryBody
    : queryPrimary (setOperator queryPrimary)*
    ;

setOperator
    : op=(UNION | INTERSECT | EXCEPT | MINUS) setQuantifier?
    ;

queryPrimary
    // BigQuery SELECT AS STRUCT / SELECT AS VALUE
    // BigQuery and DuckDB allow a comma after the last select item (`SELECT a, b, FROM t`).
    : SELECT selectQuantifier? (AS selectAs=identifier)? topClause? selectItem (COMMA selectItem)* trailingComma=COMMA?
      intoClause?
      fromClause?
      whereClause?
      groupByClause?
      havingClause?
      (windowClause qualifyClause? | qualifyClause windowClause?)?   # SelectCore
    // DuckDB: FROM first, the select list optional (then every column).
    | fromClause (SELECT selectQuantifier? selectItem (COMMA selectItem)*)?
      whereClause?
      groupByClause?
      havingClause?
      (windowClause qualifyClause? | qualifyClause windowClause?)?   # FromFirstCore
    | valuesClause                                      # ValuesQuery
    | LPAREN query RPAREN                               # ParenthesizedQuery
    // DuckDB's PIVOT / UNPIVOT statements: PIVOT t ON col [IN (..)] | ON c1, c2 [USING agg, ..] [GROUP BY ..];
    // UNPIVOT t ON c1, c2 [INTO NAME n VALUE v]
    | PIVOT tableRef ON on+=identifier (COMMA on+=identifier)* (IN LPAREN pivotValue (COMMA pivotValue)* RPAREN)?
      (USING pivotAggregate (COMMA pivotAggregate)*)? groupByClause?                  # PivotStatementCore
    | UNPIVOT tableRef ON identifier (COMMA identifier)*
      (INTO nameWord=identifier nameColumn=identifier valueWord=identifier valueColumn=identifier)?   # UnpivotStatementCore
    ;

setQuantifier
    : ALL                                               # SetAll
    | DISTINCT                                          # SetDistinct
    ;

selectQuantifier
    : ALL                                               # SelectAll
    | DISTINCT                                          # SelectDistinct
    | DISTINCT ON LPAREN exprList RPAREN                # SelectDistinctOn
    ;

// T-SQL TOP n [PERCENT] [WITH TIES]
topClause
    : TOP (INTEGER_LITERAL | DECIMAL_LITERAL | parameter | LPAREN expr RPAREN) PERCENT? (WITH TIES)?
    ;

selectList
    : selectItem (COMMA selectItem)*
    ;

selectItem
    : STAR starModifier*                                # SelectStar
    | qualifiedStar starModifier*                       # SelectQualifiedStar
    | expr (AS? (aliasName=identifier | aliasString=STRING))?   # SelectExpr
    ;

// BigQuery `* EXCEPT (a)`, DuckDB and Snowflake `* EXCLUDE (a)` / `* EXCLUDE a`, `* REPLACE (x AS a)`.
starModifier
    : (EXCEPT | EXCLUDE) LPAREN identifier (COMMA identifier)* RPAREN   # StarExcept
    | EXCLUDE identifier                                # StarExcludeOne
    | REPLACE LPAREN starReplacement (COMMA starReplacement)* RPAREN   # StarReplace
    ;

starReplacement
    : expr AS? identifier
    ;

columnAliasList
    : LPAREN identifier (COMMA identifier)* RPAREN
    ;

intoClause
    : INTO (TEMP | TEMPORARY)? TABLE? (qualifiedName | parameter) (COMMA (qualifiedName | parameter))*
    ;

valuesClause
    : VALUES valuesRow (COMMA valuesRow)*
    ;

valuesRow
    : ROW? LPAREN exprList RPAREN
    ;

// ---------------------------------------------------------------- FROM

fromClause
    : FROM tableRef (COMMA tableRef)*
    ;

// Joins are a flat list, left-associative: ((a JOIN b) JOIN c). Not left-recursive, for the same
// reason as queryBody.
// A table operator (PIVOT, UNPIVOT, sampling) applies to the relation just before it.
tableRef
    : tablePrimary (joinClause | tableOperator)*
    ;

tableOperator
    : PIVOT LPAREN pivotAggregate (COMMA pivotAggregate)* FOR pivotColumns IN LPAREN pivotValues RPAREN
      (DEFAULT ON NULL_ LPAREN expr RPAREN)? RPAREN tableAlias?                       # PivotOperator
    | UNPIVOT (nulls=(INCLUDE | EXCLUDE) NULLS)? LPAREN pivotColumns FOR identifier
      IN LPAREN pivotValue (COMMA pivotValue)* RPAREN RPAREN tableAlias?              # UnpivotOperator
    // TABLESAMPLE (PostgreSQL, T-SQL, BigQuery, DuckDB), SAMPLE (Snowflake), USING SAMPLE (DuckDB)
    | (TABLESAMPLE | SAMPLE | USING SAMPLE) sampleSpec tableAlias?                     # SampleOperator
    ;

pivotAggregate
    : expr (AS? identifier)?
    ;

// The column(s) a PIVOT spreads, or the value column(s) an UNPIVOT fills.
pivotColumns
    : identifier (DOT identifier)*                      # SinglePivotColumn
    | LPAREN identifier (COMMA identifier)* RPAREN      # PivotColumnList
    ;

pivotValues
    : ANY orderByClause?                                # AnyPivotValues
    | query                                             # QueryPivotValues
    | pivotValue (COMMA pivotValue)*                    # ListedPivotValues
    ;

pivotValue
    : expr (AS? (alias=identifier | aliasString=STRING | aliasNumber=INTEGER_LITERAL))?
    ;

sampleSpec
    : method=identifier? LPAREN sampleSize RPAREN sampleSeed?                                     # MethodFirstSample
    | sampleSize (LPAREN method=identifier (COMMA seed=signedNumber)? RPAREN)? sampleSeed?        # SizeFirstSample
    ;

sampleSize
    : (number | parameter) unit=(PERCENT | PERCENT_SIGN | ROWS)?
    ;

sampleSeed
    : (REPEATABLE | SEED) LPAREN signedNumber RPAREN
    ;

joinClause
    : CROSS JOIN tablePrimary                           # CrossJoin
    | joinKind? JOIN tablePrimary joinCondition?        # QualifiedJoin
    | NATURAL joinKind? JOIN tablePrimary               # NaturalJoin
    | op=(CROSS | OUTER) APPLY tablePrimary             # ApplyJoin
    ;

joinKind
    : INNER                                             # InnerJoinKind
    | LEFT OUTER?                                       # LeftJoinKind
    | RIGHT OUTER?                                      # RightJoinKind
    | FULL OUTER?                                       # FullJoinKind
    ;

joinCondition
    : ON expr                                           # OnCondition
    | USING LPAREN identifier (COMMA identifier)* RPAREN   # UsingCondition
    ;

tablePrimary
    // `ds.events_*`: a BigQuery wildcard table
    // Time travel before the alias (T-SQL, Snowflake) or after it (BigQuery)
    : qualifiedName wildcard=STAR? (timeTravel tableAlias? | tableAlias timeTravel?)? tableHint?   # NamedTable
    // Snowflake `@stage/path (FILE_FORMAT => 'f')`
    | STAGE_NAME (LPAREN functionArg (COMMA functionArg)* RPAREN)? tableAlias?   # StageTable
    | LATERAL? LPAREN query RPAREN tableAlias?          # DerivedTable
    // Snowflake TABLE(GENERATOR(...)); BigQuery UNNEST(a) AS x WITH OFFSET AS i
    | LATERAL? (functionCall | TABLE LPAREN functionCall RPAREN) tableAlias? withOffset?   # TableFunction
    | LPAREN tableRef RPAREN tableAlias?                # ParenthesizedTableRef
    ;

// BigQuery / T-SQL `FOR SYSTEM_TIME AS OF ts`; Snowflake `AT(TIMESTAMP => ts)`, `BEFORE(STATEMENT => id)`
timeTravel
    : FOR period=identifier AS OF expr                                  # SystemTimeTravel
    // T-SQL's periods of a temporal table's history: FROM a TO b, BETWEEN a AND b, CONTAINED IN (a, b), ALL
    | FOR period=identifier (FROM lower=valueExpr TO upper=valueExpr | BETWEEN lower=valueExpr AND upper=valueExpr
        | contained=identifier IN LPAREN lower=valueExpr COMMA upper=valueExpr RPAREN | ALL)   # SystemTimeRange
    | point=(AT | BEFORE) LPAREN (by=identifier | OFFSET) FAT_ARROW expr RPAREN   # AtTimeTravel
    ;

withOffset
    : WITH OFFSET (AS? identifier)?
    ;

// `AS 'x'` / `'x'` (SQLite, MySQL) are string aliases.
tableAlias
    : AS? (aliasName=identifier columnAliasList? | aliasString=STRING)
    ;

// Hints that choose how a table is read, not what it holds: the tree keeps none of them.
tableHint
    : WITH LPAREN identifier (COMMA identifier)* RPAREN   # TsqlTableHint
    | indexHint+                                        # MysqlIndexHints
    | (INDEXED BY identifier | NOT INDEXED)             # SqliteIndexedBy
    ;

// MySQL `USE INDEX (i)`, `FORCE KEY FOR ORDER BY (i, j)`, `IGNORE INDEX ()`
indexHint
    : (USE | FORCE | IGNORE) (INDEX | KEY) (FOR (JOIN | ORDER BY | GROUP BY))?
      LPAREN (identifier (COMMA identifier)*)? RPAREN
    ;

// ---------------------------------------------------------------- WHERE .. QUALIFY

whereClause
    : WHERE expr
    ;

// GROUP BY ALL (DuckDB, Snowflake): every select-list item that holds no aggregate.
groupByClause
    : GROUP BY (groupAll=ALL | setQuantifier? groupingElement (COMMA groupingElement)* (WITH ROLLUP)?)
    ;

groupingElement
    : ROLLUP LPAREN exprList RPAREN                     # RollupGrouping
    | CUBE LPAREN exprList RPAREN                       # CubeGrouping
    | GROUPING SETS LPAREN groupingSet (COMMA groupingSet)* RPAREN   # GroupingSetsGrouping
    | LPAREN RPAREN                                     # EmptyGrouping
    | expr                                              # ExprGrouping
    ;

groupingSet
    : LPAREN exprList? RPAREN                           # ParenGroupingSet
    | expr                                              # ExprGroupingSet
    ;

havingClause
    : HAVING expr
    ;

windowClause
    : WINDOW windowDefinition (COMMA windowDefinition)*
    ;

windowDefinition
    : identifier AS LPAREN windowSpec RPAREN
    ;

qualifyClause
    : QUALIFY expr
    ;

// ---------------------------------------------------------------- ORDER BY, LIMIT

// ORDER BY ALL (DuckDB, Snowflake): by every select-list item, left to right.
orderByClause
    : ORDER BY (orderAll=ALL dir=(ASC | DESC)? (NULLS nulls=(FIRST | LAST))? | orderItem (COMMA orderItem)*)
    ;

orderItem
    : expr dir=(ASC | DESC)? (NULLS nulls=(FIRST | LAST))?
    ;

limitClause
    : LIMIT (ALL | expr) (COMMA expr | OFFSET expr)?                     # LimitOffset
    | OFFSET expr (ROW | ROWS)? (fetchClause | LIMIT (ALL | expr))?      # OffsetFetch
    | fetchClause                                                       # FetchOnly
    ;

fetchClause
    : FETCH (FIRST | NEXT) expr? PERCENT? (ROW | ROWS) (ONLY | WITH TIES)
    ;

lockingClause
    : FOR (UPDATE | SHARE) (OF qualifiedName (COMMA qualifiedName)*)? (NOWAIT | SKIP_ LOCKED)?
    ;

// ================================================================= expressions

exprList
    : expr (COMMA expr)*
    ;

// Boolean connectives. Precedence, tightest first: NOT, AND, XOR, OR.
expr
    : NOT expr                                          # NotExpr
    | expr AND expr                                     # AndExpr
    | expr XOR expr                                     # XorExpr
    | expr OR expr                                      # OrExpr
    | valueExpr                                         # ValueExpression
    ;

// Everything below the boolean connectives. Alternatives that start with valueExpr are in
// precedence order, tightest first (PostgreSQL's order: postfix, unary, ^, * /, + -, other
// operators, LIKE/IN/BETWEEN, comparison, IS).
valueExpr
    // ---- primaries
    : value=(INTEGER_LITERAL | DECIMAL_LITERAL | HEX_LITERAL)           # NumberLiteralExpr
    | value=(STRING | NATIONAL_STRING | ESCAPE_STRING | HEX_STRING | BIT_STRING | DOLLAR_STRING)   # StringLiteralExpr
    | NULL_                                                             # NullLiteralExpr
    | value=(TRUE_ | FALSE_)                                            # BooleanLiteralExpr
    | parameter                                                         # ParameterExpr
    | CASE operand=expr? caseWhen+ (ELSE elseExpr=expr)? END           # CaseExpr
    | op=(CAST | TRY_CAST | SAFE_CAST) LPAREN expr AS dataType RPAREN   # CastExpr
    | CONVERT LPAREN expr USING identifier RPAREN                       # ConvertUsingExpr
    | EXTRACT LPAREN extractField FROM expr RPAREN                      # ExtractExpr
    | SUBSTRING LPAREN expr (FROM expr)? FOR expr RPAREN                # SubstringForExpr
    | SUBSTRING LPAREN expr FROM expr RPAREN                            # SubstringFromExpr
    | POSITION LPAREN valueExpr IN valueExpr RPAREN                     # PositionExpr
    | TRIM LPAREN trimSpec=(LEADING | TRAILING | BOTH)? chars=valueExpr? FROM valueExpr RPAREN   # TrimFromExpr
    | EXISTS LPAREN query RPAREN                                        # ExistsExpr
    | ARRAY LBRACKET exprList? RBRACKET                                 # ArrayLiteralExpr
    | ARRAY LT dataType GT LBRACKET exprList? RBRACKET                  # TypedArrayExpr
    | STRUCT (LT structField (COMMA structField)* GT)? LPAREN (structArg (COMMA structArg)*)? RPAREN
      (DOT fields+=identifier)*                                         # StructExpr
    | LBRACE (structEntry (COMMA structEntry)*)? RBRACE                 # StructLiteralExpr
    | LBRACKET exprList? RBRACKET                                       # BracketListExpr
    | ARRAY BRACKET_IDENTIFIER                                          # ArraySingleNameExpr
    | ARRAY LPAREN query RPAREN                                         # ArraySubqueryExpr
    | ROW LPAREN exprList? RPAREN                                       # RowConstructorExpr
    | MATCH LPAREN exprList RPAREN AGAINST LPAREN valueExpr fullTextModifier? RPAREN   # MatchAgainstExpr
    | INTERVAL intervalValue intervalUnit?                              # IntervalExpr
    | op=(DATE | TIME | TIMESTAMP) string                               # TypedLiteralExpr
    | op=(CURRENT_DATE | CURRENT_TIME | CURRENT_TIMESTAMP | LOCALTIME | LOCALTIMESTAMP | CURRENT_USER)
      (LPAREN INTEGER_LITERAL? RPAREN)?                                 # CurrentValueExpr
    | DEFAULT                                                           # DefaultValueExpr
    | LPAREN query RPAREN                                               # SubqueryExpr
    // `(x).field`: a field of a struct or composite value (as the printer writes FieldAccess)
    | LPAREN expr (COMMA expr)* RPAREN (DOT fields+=identifier)*        # ParenExpr
    // `ARRAY_AGG(..)[OFFSET(0)]` is a SubscriptExpr; `f(x).field` reads a field of the result
    | functionCall (DOT fields+=identifier)*                            # FunctionCallExpr
    | identifier (DOT identifier)*                                      # ColumnRefExpr
    // ---- postfix
    // BigQuery `arr[SAFE_OFFSET(0)].field`: fields of the element
    | valueExpr LBRACKET (index=expr | lower=expr? COLON upper=expr?) RBRACKET (DOT fields+=identifier)*   # SubscriptExpr
    // Snowflake `col:field.sub` (only the dialect's lexing makes PATH_COLON)
    | valueExpr PATH_COLON identifier (DOT identifier)*                 # PathAccessExpr
    | valueExpr DOUBLE_COLON dataType                                   # PgCastExpr
    | valueExpr COLLATE collationName                                   # CollateExpr
    // ---- prefix
    | op=(MINUS_SIGN | PLUS | TILDE | BANG) valueExpr                   # UnaryExpr
    | valueExpr AT TIME ZONE valueExpr                                  # AtTimeZoneExpr
    // ---- arithmetic
    | valueExpr op=(CARET | DOUBLE_STAR) valueExpr                      # PowerExpr
    | valueExpr op=(STAR | SLASH | DOUBLE_SLASH | PERCENT_SIGN | DIV | MOD) valueExpr   # MultiplicativeExpr
    | valueExpr op=(PLUS | MINUS_SIGN) valueExpr                        # AdditiveExpr
    // ---- other operators
    | valueExpr op=(JSON_EXTRACT | JSON_EXTRACT_TEXT | JSON_PATH | JSON_PATH_TEXT
                   | CONTAINS | CONTAINED_BY | QUESTION | QUESTION_PIPE | QUESTION_AMP | AMP_AMP) valueExpr   # JsonExpr
    | valueExpr op=AT_AT valueExpr                                      # TextSearchMatchExpr
    | valueExpr op=CONCAT valueExpr                                     # ConcatExpr
    | valueExpr op=(NULL_SAFE_EQ_OR_COSINE | L2_DISTANCE | NEG_INNER_PRODUCT) valueExpr   # DistanceExpr
    | valueExpr op=(SHIFT_LEFT | SHIFT_RIGHT | AMP | PIPE) valueExpr    # BitwiseExpr
    // ---- predicates
    | valueExpr NOT? IN LPAREN query RPAREN                             # InSubqueryExpr
    | valueExpr NOT? IN LPAREN exprList? RPAREN                         # InListExpr
    // BigQuery `x IN UNNEST(array)`
    | valueExpr NOT? IN unnest=functionCall                             # InUnnestExpr
    | valueExpr NOT? BETWEEN SYMMETRIC? lower=valueExpr AND upper=valueExpr   # BetweenExpr
    | valueExpr NOT? likeOperator valueExpr                             # LikeExpr
    | valueExpr NOT? likeOperator quantifier=(ANY | SOME | ALL) LPAREN (query | exprList) RPAREN   # QuantifiedLikeExpr
    // `a LIKE p ESCAPE e` parses as LikeEscapeExpr(LikeExpr(a, p), e), as SQLite's grammar does:
    // an ESCAPE alternative inside LikeExpr would need full-context (LL) prediction. The
    // transformer folds it and reports ESCAPE without a LIKE-family operand.
    | valueExpr ESCAPE valueExpr                                        # LikeEscapeExpr
    | valueExpr op=(TILDE | IMATCH | NOT_MATCH | NOT_IMATCH) valueExpr  # RegexMatchExpr
    | valueExpr op=(EQ | DOUBLE_EQ | NOT_EQ | LT | LE | GT | GE) valueExpr   # ComparisonExpr
    | valueExpr op=(EQ | DOUBLE_EQ | NOT_EQ | LT | LE | GT | GE)
      quantifier=(ANY | SOME | ALL) LPAREN (query | expr) RPAREN       # QuantifiedComparisonExpr
    | valueExpr IS NOT? value=(NULL_ | TRUE_ | FALSE_ | UNKNOWN)        # IsLiteralExpr
    | valueExpr IS NOT? DISTINCT FROM valueExpr                         # IsDistinctFromExpr
    | valueExpr IS NOT? valueExpr                                       # IsExpr
    | valueExpr (op=(ISNULL | NOTNULL) | notNull=NOT NULL_)              # NullTestPostfixExpr
    ;

caseWhen
    : WHEN condition=expr THEN result=expr
    ;

// BigQuery STRUCT(1 AS a, x)
structArg
    : expr (AS identifier)?
    ;

// DuckDB {'a': 1, b: 2}
structEntry
    : (key=STRING | identifier) COLON expr
    ;

// STRUCT<a INT64, STRING>
structField
    : identifier? dataType
    ;

// MySQL MATCH ... AGAINST (... IN NATURAL LANGUAGE MODE | IN BOOLEAN MODE | WITH QUERY EXPANSION)
fullTextModifier
    : IN NATURAL? identifier identifier? (WITH QUERY identifier)?   # InModeModifier
    | WITH QUERY identifier                                       # QueryExpansionModifier
    ;

likeOperator
    : LIKE                                              # LikeOp
    | ILIKE                                             # IlikeOp
    | GLOB                                              # GlobOp
    | REGEXP                                            # RegexpOp
    | RLIKE                                             # RlikeOp
    | MATCH                                             # MatchOp
    | SIMILAR TO                                        # SimilarToOp
    ;

// BigQuery's WEEK(MONDAY): weeks that start on that day
extractField
    : identifier (LPAREN weekday=identifier RPAREN)?    # ExtractFieldName
    | string                                            # ExtractFieldString
    ;

collationName
    : identifier                                        # CollationIdentifier
    | STRING                                            # CollationString
    ;

// The quantity of an INTERVAL: a string ('1 year'), or (MySQL INTERVAL n DAY) a signed number,
// parenthesised expression, parameter, function call or column.
intervalValue
    : string                                            # IntervalString
    | sign=(PLUS | MINUS_SIGN)? number                  # IntervalNumber
    | sign=(PLUS | MINUS_SIGN)? LPAREN expr RPAREN      # IntervalParenExpr
    | parameter                                         # IntervalParameter
    | sign=(PLUS | MINUS_SIGN)? functionCall            # IntervalFunctionCall
    | sign=(PLUS | MINUS_SIGN)? identifier (DOT identifier)*   # IntervalColumn
    ;

intervalUnit
    : from=timeUnit (TO to=timeUnit)?
    ;

timeUnit
    : YEAR | YEARS | QUARTER | MONTH | MONTHS | WEEK | WEEKS | DAY | DAYS
    | HOUR | HOURS | MINUTE | MINUTES | SECOND | SECONDS | MILLISECOND | MICROSECOND
    ;

// ---------------------------------------------------------------- function calls

// The name is a qualified name, or one of the reserved words that are also function names.
functionCall
    : (name=qualifiedName | keywordName=(LEFT | RIGHT | OFFSET)) LPAREN functionArgs? RPAREN
      nullTreatment? withinGroupClause? filterClause? overClause?
    ;

// IGNORE NULLS / RESPECT NULLS of FIRST_VALUE, LAG, ARRAY_AGG (inside the parentheses or after them)
nullTreatment
    : (IGNORE | RESPECT) NULLS
    ;

functionArgs
    : STAR                                                               # StarArgs
    | setQuantifier? functionArg (COMMA functionArg)* nullTreatment? orderByClause? (LIMIT limit=expr)?
      (SEPARATOR string)?                                                # ExprArgs
    ;

functionArg
    : expr                                              # PositionalArg
    // Snowflake FLATTEN(input => .., OUTER => TRUE): OUTER is reserved elsewhere
    | (argName=identifier | outerName=OUTER) FAT_ARROW expr   # NamedArg
    | qualifiedStar                                     # QualifiedStarArg
    // DuckDB 1.3 `lambda x: body`, `lambda x, y: body`
    | LAMBDA identifier (COMMA identifier)* COLON expr   # KeywordLambdaArg
    ;

withinGroupClause
    : WITHIN GROUP LPAREN orderByClause RPAREN
    ;

filterClause
    : FILTER LPAREN WHERE expr RPAREN
    ;

overClause
    : OVER identifier                                   # NamedWindowOver
    | OVER LPAREN windowSpec RPAREN                     # InlineWindowOver
    ;

windowSpec
    : baseWindow=identifier? (PARTITION BY exprList)? orderByClause? frameClause?
    ;

frameClause
    : unit=(ROWS | RANGE | GROUPS) (frameBound | BETWEEN frameBound AND frameBound) frameExclusion?
    ;

frameBound
    : UNBOUNDED PRECEDING                               # UnboundedPreceding
    | UNBOUNDED FOLLOWING                               # UnboundedFollowing
    | CURRENT ROW                                       # CurrentRowBound
    | valueExpr PRECEDING                               # OffsetPreceding
    | valueExpr FOLLOWING                               # OffsetFollowing
    ;

frameExclusion
    : EXCLUDE (CURRENT ROW | GROUP | TIES | NO OTHERS)
    ;

// ---------------------------------------------------------------- types

dataType
    : typeName (LPAREN typeParameter (COMMA typeParameter)* RPAREN)?
      timeZoneSpec? UNSIGNED? ZEROFILL? arrayTypeSuffix*
    ;

typeName
    : DOUBLE PRECISION?                                 # DoubleType
    | (SIGNED | UNSIGNED) typeNameWord?                 # SignedType
    | INTERVAL intervalUnit?                            # IntervalType
    | ARRAY LT dataType GT                              # ArrayOfType
    | STRUCT LT structField (COMMA structField)* GT     # StructType
    // DuckDB STRUCT(a INTEGER, b VARCHAR), UNION(a INT, b VARCHAR); MAP(K, V) is a NamedType
    | (STRUCT | UNION) LPAREN structField (COMMA structField)* RPAREN   # ParenStructType
    | identifier (DOT identifier)* VARYING?             # NamedType
    ;

typeNameWord
    : IDENTIFIER
    ;

// A name (VARCHAR(MAX)) or a type (DuckDB MAP(VARCHAR, INTEGER[])).
typeParameter
    : signedNumber                                      # NumericTypeParameter
    | dataType                                          # NamedTypeParameter
    ;

timeZoneSpec
    : (WITH | WITHOUT) TIME ZONE
    ;

arrayTypeSuffix
    : LBRACKET INTEGER_LITERAL? RBRACKET                # BracketArraySuffix
    | ARRAY                                             # KeywordArraySuffix
    ;

// ---------------------------------------------------------------- literals, names
// (Literals inside expressions are inlined in valueExpr; these rules serve the other places.)

number
    : INTEGER_LITERAL                                   # IntegerNumber
    | DECIMAL_LITERAL                                   # DecimalNumber
    | HEX_LITERAL                                       # HexNumber
    ;

signedNumber
    : (PLUS | MINUS_SIGN)? number
    ;

string
    : STRING                                            # PlainString
    | NATIONAL_STRING                                   # NationalString
    | ESCAPE_STRING                                     # EscapeString
    | HEX_STRING                                        # HexString
    | BIT_STRING                                        # BitString
    | DOLLAR_STRING                                     # DollarString
    ;

parameter
    : QUESTION                                          # AnonymousParameter
    | NUMBERED_PARAM                                    # NumberedParameter
    | NAMED_PARAM                                       # NamedParameter
    ;

// Where a name ends an expression (IntervalColumn, NamedType, ColumnRefExpr) the grammar spells
// out `identifier (DOT identifier)*` instead: precedence predicates in qualifiedName's follow set
// would turn its loop into an adaptivePredict call for every table name.
qualifiedName
    : identifier (DOT identifier)*
    ;

// t.*, s.t.* (its own rule so that no DOT follows a qualifiedName anywhere: its loop stays a
// one-token decision)
qualifiedStar
    : (identifier DOT)+ STAR
    ;

identifier
    : IDENTIFIER                                        # PlainIdentifier
    | QUOTED_IDENTIFIER                                 # QuotedIdentifier
    | BACKTICK_IDENTIFIER                               # BacktickIdentifier
    | BRACKET_IDENTIFIER                                # BracketIdentifier
    | nonReservedKeyword                                # KeywordIdentifier
    ;

// Keywords that are also identifiers. The reserved ones (not listed) are those that would make
// the grammar ambiguous or that no engine lets you use bare: ALL AND ANY ARRAY AS ASC BETWEEN
// BY CASE CAST CHECK COLLATE CONSTRAINT CREATE CROSS CURRENT_DATE CURRENT_TIME
// CURRENT_TIMESTAMP CURRENT_USER DEFAULT DESC DISTINCT ELSE END EXCEPT EXISTS FALSE FETCH FOR
// FOREIGN FROM FULL GROUP HAVING IN INNER INTERSECT INTO IS JOIN LATERAL LEFT LIKE LIMIT
// LOCALTIME LOCALTIMESTAMP MINUS NATURAL NOT NULL OFFSET ON OR ORDER OUTER PRIMARY QUALIFY
// REFERENCES RETURNING RIGHT SELECT SET SOME TABLE THEN TO TRUE UNION UNIQUE USING WHEN WHERE
// WINDOW WITH.
nonReservedKeyword
    : ABORT | ACTION | ADD | AFTER | AGAINST | ALTER | ALWAYS | ANALYZE | APPLY | AT | ATTACH
    | AUTHORIZATION | AUTOINCREMENT | AUTO_INCREMENT | BEFORE | BEGIN | BOTH | CASCADE | COLUMN | COMMENT
    | COMMIT | CONCURRENTLY | CONFLICT | CONVERT | CUBE | CURRENT | DATABASE | DATE | DAY | DAYS | DECLARE
    | DEFERRABLE | DEFERRED | DELETE | DETACH | DIV | DO | DOUBLE | DROP | DUPLICATE | ESCAPE
    | EXCLUDE | EXCLUSIVE | EXPLAIN | EXTRACT | FAIL | FILTER | FIRST | FOLLOWING | FORCE | FUNCTION | GENERATED | GLOB
    | GRANT | GROUPING | GROUPS | HOUR | HOURS | IDENTITY | IF | IGNORE | ILIKE | IMMEDIATE | INCLUDE
    | INDEX | INDEXED | INHERITS | INITIALLY | INSERT | INTERVAL | ISNULL | KEY | LAMBDA | LAST | LEADING | LOCAL
    | LOCKED | MATCH | MATCHED | MATERIALIZED | MERGE | MICROSECOND | MILLISECOND | MINUTE
    | MINUTES | MOD | MONTH | MONTHS | NEXT | NO | NOTHING | NOTNULL | NOWAIT | NULLS | OF
    | ONLY | OTHERS | OVER | OWNER | PARTITION | PERCENT | PIVOT | PLAN | POSITION | PRAGMA | PRECEDING
    | PRECISION | QUARTER | QUERY | RANGE | RECURSIVE | REGEXP | RENAME | REPEATABLE | REPLACE | RESPECT | RESTRICT
    | REVOKE | RLIKE | ROLLBACK | ROLLUP | ROW | ROWS | SAMPLE | SAVEPOINT | SCHEMA | SECOND | SECONDS | SEED
    | SEPARATOR | SESSION | SETS | SHARE | SHOW | SIGNED | SIMILAR | SKIP_ | SOURCE | START
    | STORED | STRUCT | SUBSTRING | SYMMETRIC | TABLESAMPLE | TARGET | TEMP | TEMPORARY | TIES | TIME | TIMESTAMP | TOP
    | TRAILING | TRANSACTION | TRIM | TRUNCATE | TRY_CAST | SAFE_CAST | TYPE | UNBOUNDED | UNKNOWN
    | UNLOGGED | UNPIVOT | UNSIGNED | UPDATE | USE | VACUUM | VALUES | VARYING | VERBOSE | VIEW | WEEK
    | WEEKS | WITHIN | WITHOUT | WORK | XOR | YEAR | YEARS | ZEROFILL | ZONE
    ;

// ================================================================= data modification

insertStatement
    : (INSERT (OR conflictResolution)? | REPLACE) IGNORE? INTO? qualifiedName (AS identifier)?
      columnAliasList? insertSource onConflictClause? returningClause?
    ;

conflictResolution
    : ROLLBACK | ABORT | REPLACE | FAIL | IGNORE
    ;

insertSource
    : DEFAULT VALUES                                    # DefaultValuesSource
    | query                                             # QuerySource
    ;

onConflictClause
    : ON CONFLICT conflictTarget? DO NOTHING                                # OnConflictDoNothing
    | ON CONFLICT conflictTarget? DO UPDATE SET assignmentList whereClause? # OnConflictDoUpdate
    | ON DUPLICATE KEY UPDATE assignmentList                                # OnDuplicateKeyUpdate
    ;

conflictTarget
    : LPAREN indexedColumn (COMMA indexedColumn)* RPAREN whereClause?      # ConflictColumns
    | ON CONSTRAINT identifier                                              # ConflictConstraint
    ;

assignmentList
    : assignment (COMMA assignment)*
    ;

assignment
    : qualifiedName EQ expr                             # SingleAssignment
    | columnAliasList EQ (LPAREN exprList RPAREN | ROW LPAREN exprList RPAREN | LPAREN query RPAREN)   # MultiAssignment
    ;

returningClause
    : RETURNING selectList
    ;

updateStatement
    : UPDATE (OR conflictResolution)? tableRef (COMMA tableRef)* SET assignmentList
      fromClause? whereClause? orderByClause? limitClause? returningClause?
    ;

deleteStatement
    : DELETE FROM? qualifiedName tableAlias? (USING tableRef (COMMA tableRef)*)?
      whereClause? orderByClause? limitClause? returningClause?
    ;

mergeStatement
    : MERGE INTO? qualifiedName tableAlias? USING tablePrimary ON expr mergeWhenClause+
    ;

mergeWhenClause
    : WHEN MATCHED (AND expr)? THEN mergeAction                                   # MergeWhenMatched
    | WHEN NOT MATCHED (BY (TARGET | SOURCE))? (AND expr)? THEN mergeAction       # MergeWhenNotMatched
    ;

mergeAction
    : UPDATE SET assignmentList                         # MergeUpdate
    | DELETE                                            # MergeDelete
    | INSERT columnAliasList? (VALUES LPAREN exprList RPAREN | DEFAULT VALUES)   # MergeInsert
    | DO NOTHING                                        # MergeDoNothing
    ;

// ================================================================= data definition

createTableStatement
    : CREATE (OR REPLACE)? (TEMP | TEMPORARY | UNLOGGED | LOCAL TEMP | LOCAL TEMPORARY)? TABLE
      ifNotExists? qualifiedName
      ( LPAREN tableElement (COMMA tableElement)* RPAREN tableOption* (AS query)?
      | AS query
      )
    ;

ifNotExists
    : IF NOT EXISTS
    ;

ifExists
    : IF EXISTS
    ;

tableElement
    : tableConstraint                                   # TableConstraintElement
    | columnDefinition                                  # ColumnElement
    | LIKE qualifiedName                                # LikeTableElement
    ;

columnDefinition
    : identifier dataType? columnConstraint*
    ;

columnConstraint
    : (CONSTRAINT identifier)? PRIMARY KEY (ASC | DESC)? (ON CONFLICT conflictResolution)? AUTOINCREMENT?   # PrimaryKeyColumnConstraint
    | (CONSTRAINT identifier)? NOT NULL_ (ON CONFLICT conflictResolution)?   # NotNullColumnConstraint
    | (CONSTRAINT identifier)? NULL_                    # NullColumnConstraint
    | (CONSTRAINT identifier)? UNIQUE KEY? (ON CONFLICT conflictResolution)?   # UniqueColumnConstraint
    | (CONSTRAINT identifier)? CHECK LPAREN expr RPAREN # CheckColumnConstraint
    | (CONSTRAINT identifier)? DEFAULT defaultValue     # DefaultColumnConstraint
    | (CONSTRAINT identifier)? referencesClause         # ReferencesColumnConstraint
    | (AUTOINCREMENT | AUTO_INCREMENT)                  # AutoIncrementColumnConstraint
    | IDENTITY (LPAREN signedNumber COMMA signedNumber RPAREN)?   # IdentityColumnConstraint
    | GENERATED (ALWAYS | BY DEFAULT) AS (IDENTITY (LPAREN looseToken* RPAREN)? | LPAREN expr RPAREN STORED?)   # GeneratedColumnConstraint
    | COLLATE collationName                             # CollateColumnConstraint
    | COMMENT string                                    # CommentColumnConstraint
    | ON UPDATE defaultValue                            # OnUpdateColumnConstraint
    ;

// A column default: the subset of expressions that DDL uses (PostgreSQL's b_expr is similar). Not a
// full valueExpr, so that `DEFAULT 0 NOT NULL` keeps its NOT NULL constraint (valueExpr has SQLite's
// postfix `x NOT NULL`).
defaultValue
    : defaultPrimary (DOUBLE_COLON dataType)*
    ;

defaultPrimary
    : sign=(PLUS | MINUS_SIGN)? number                  # NumberDefault
    | string                                            # StringDefault
    | value=(NULL_ | TRUE_ | FALSE_)                    # KeywordDefault
    | op=(CURRENT_DATE | CURRENT_TIME | CURRENT_TIMESTAMP | LOCALTIME | LOCALTIMESTAMP | CURRENT_USER)
      (LPAREN INTEGER_LITERAL? RPAREN)?                 # CurrentValueDefault
    | functionCall                                      # FunctionCallDefault
    | LPAREN expr RPAREN                                # ParenDefault
    | identifier                                        # NameDefault
    ;

referencesClause
    : REFERENCES qualifiedName columnAliasList? referentialAction* deferrable?
    ;

referentialAction
    : ON (DELETE | UPDATE) (CASCADE | RESTRICT | NO ACTION | SET NULL_ | SET DEFAULT)   # OnDeleteOrUpdate
    | MATCH identifier                                                               # MatchType
    ;

deferrable
    : NOT? DEFERRABLE (INITIALLY (DEFERRED | IMMEDIATE))?
    ;

tableConstraint
    : (CONSTRAINT identifier)? PRIMARY KEY LPAREN indexedColumn (COMMA indexedColumn)* RPAREN (ON CONFLICT conflictResolution)?   # PrimaryKeyTableConstraint
    | (CONSTRAINT identifier)? UNIQUE (KEY | INDEX)? identifier? LPAREN indexedColumn (COMMA indexedColumn)* RPAREN (ON CONFLICT conflictResolution)?   # UniqueTableConstraint
    | (CONSTRAINT identifier)? FOREIGN KEY columnAliasList referencesClause   # ForeignKeyTableConstraint
    | (CONSTRAINT identifier)? CHECK LPAREN expr RPAREN                      # CheckTableConstraint
    | (KEY | INDEX) identifier? LPAREN indexedColumn (COMMA indexedColumn)* RPAREN   # IndexTableConstraint
    ;

indexedColumn
    : expr (COLLATE collationName)? (ASC | DESC)?
    ;

// Trailing table options, accepted loosely: ENGINE=InnoDB, WITHOUT ROWID, INHERITS (a), ...
tableOption
    : WITHOUT identifier                                # WithoutRowidOption
    | INHERITS LPAREN qualifiedName (COMMA qualifiedName)* RPAREN   # InheritsOption
    | identifier EQ? (identifier | signedNumber | string)   # KeyValueOption
    | DEFAULT? identifier EQ? identifier               # DefaultCharsetOption
    ;

// CREATE [OR REPLACE] [TEMP] FUNCTION f(params) ...: the signature and body are kept as loose tokens
// (BigQuery's RETURNS .. LANGUAGE js AS """..""", SQL bodies AS (..), Snowflake's $$..$$).
createFunctionStatement
    : CREATE (OR REPLACE)? temp=(TEMP | TEMPORARY)? FUNCTION ifNotExists? qualifiedName LPAREN looseToken* RPAREN
      looseTail?
    ;

createViewStatement
    : CREATE (OR REPLACE)? (TEMP | TEMPORARY)? MATERIALIZED? VIEW ifNotExists? qualifiedName
      columnAliasList? AS query
    ;

createIndexStatement
    : CREATE UNIQUE? INDEX CONCURRENTLY? ifNotExists? qualifiedName? ON qualifiedName
      (USING identifier)? LPAREN indexedColumn (COMMA indexedColumn)* RPAREN whereClause?
    ;

createSchemaStatement
    : CREATE (SCHEMA | DATABASE) ifNotExists? qualifiedName (AUTHORIZATION identifier)?
    ;

dropStatement
    : DROP objectType=(TABLE | VIEW | INDEX | SCHEMA | DATABASE) ifExists? qualifiedName (COMMA qualifiedName)*
      (CASCADE | RESTRICT)?                                                       # DropObject
    | DROP MATERIALIZED VIEW ifExists? qualifiedName (COMMA qualifiedName)* (CASCADE | RESTRICT)?   # DropMaterializedView
    ;

alterTableStatement
    : ALTER TABLE ifExists? ONLY? qualifiedName alterTableAction (COMMA alterTableAction)*
    ;

alterTableAction
    : ADD COLUMN? ifNotExists? columnDefinition                       # AddColumnAction
    | ADD tableConstraint                                             # AddConstraintAction
    | DROP COLUMN? ifExists? identifier (CASCADE | RESTRICT)?         # DropColumnAction
    | DROP CONSTRAINT ifExists? identifier (CASCADE | RESTRICT)?      # DropConstraintAction
    | RENAME COLUMN? from=identifier TO to=identifier                 # RenameColumnAction
    | RENAME TO identifier                                            # RenameTableAction
    | OWNER TO identifier                                             # OwnerToAction
    | ALTER COLUMN? identifier looseToken+                            # AlterColumnAction
    | ~(SEMI | LPAREN | RPAREN | DOT) looseToken*                      # OtherAlterAction
    ;

truncateStatement
    : TRUNCATE TABLE? qualifiedName (COMMA qualifiedName)* truncateOption*
    ;

truncateOption
    : identifier IDENTITY                               # IdentityTruncateOption
    | (CASCADE | RESTRICT)                              # CascadeTruncateOption
    ;

transactionStatement
    : (BEGIN | START) (DEFERRED | IMMEDIATE | EXCLUSIVE)? (TRANSACTION | WORK)?   # BeginTransaction
    | (COMMIT | END) (TRANSACTION | WORK)?                                    # CommitTransaction
    | ROLLBACK (TRANSACTION | WORK)? (TO SAVEPOINT? identifier)?              # RollbackTransaction
    | SAVEPOINT identifier                                                     # SavepointStatement
    ;
