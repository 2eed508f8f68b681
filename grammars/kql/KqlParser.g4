// KQL (Kusto Query Language) parser for qdiff.
// Written for this project from the Kusto documentation (learn.microsoft.com/kusto); ANTLR 4.7.2.
//
// Shape:
//   query            top rule: a management command (detected, not parsed) or `;`-separated statements
//   statement        let / set / declare / alias / restrict / pattern / a tabular or scalar expression
//   pipeExpression   a source followed by `| operator` steps (tabular expression)
//   expr             one left-recursive scalar expression rule with precedence alternatives
// Every alternative of a multi-alternative rule carries a label, so that a typed visitor has one
// method per node kind; every tabular operator has its own rule (whereOperator, summarizeOperator...).
// No semantic predicates: the driver parses SLL + bail first and falls back to LL.
parser grammar KqlParser;

options { tokenVocab = KqlLexer; superClass = ParserBase; contextSuperClass = ContextBase; }

// ParserBase: rule entry and exit without the runtime's dynamic_casts; ContextBase: rule contexts from
// the per-thread pool (parsers/common/parser_base.hpp).
@parser::header {#include "parsers/common/parser_base.hpp"}

// =============================================================================================
// Top level
// =============================================================================================

query
    : DOT anyName .*? EOF                             # ManagementCommand
    | HASH anyName .*? EOF                            # ClientDirective
    | (statement (SEMI statement)* SEMI?)? EOF        # QueryStatements
    ;

statement
    : letStatement                                    # LetStmt
    | setStatement                                    # SetStmt
    | declareStatement                                # DeclareStmt
    | aliasStatement                                  # AliasStmt
    | restrictStatement                               # RestrictStmt
    | declarePatternStatement                         # DeclarePatternStmt
    | pipeExpression                                  # ExpressionStmt
    ;

letStatement
    : LET name ASSIGN letValue
    ;

letValue
    : functionDefinition                              # LetFunction
    | VIEW functionDefinition                         # LetView
    | pipeExpression                                  # LetExpression
    ;

functionDefinition
    : LPAREN (functionParameter (COMMA functionParameter)*)? RPAREN functionBody
    ;

functionParameter
    : declName COLON parameterType (ASSIGN expr)?
    ;

parameterType
    : scalarType                                      # ScalarParameterType
    | LPAREN tabularSchema? RPAREN                    # TabularParameterType
    ;

// (*), (*, x:int), (a:string, b:long)
tabularSchema
    : STAR (COMMA schemaColumn)*                      # OpenTabularSchema
    | schemaColumn (COMMA schemaColumn)*              # ClosedTabularSchema
    ;

functionBody
    : LBRACE (statement (SEMI statement)* SEMI?)? RBRACE
    ;

setStatement
    : SET optionName (ASSIGN optionValue)?
    ;

declareStatement
    : DECLARE QUERY_PARAMETERS LPAREN (functionParameter (COMMA functionParameter)*)? RPAREN
    ;

declarePatternStatement
    : DECLARE PATTERN name (ASSIGN patternDefinition)?
    ;

aliasStatement
    : ALIAS DATABASE name ASSIGN expr
    ;

restrictStatement
    : RESTRICT ACCESS TO LPAREN (unionTable (COMMA unionTable)*)? RPAREN
    ;

// declare pattern p = (a:string)[b:string] { ("x").["y"] = { print 1 }; };
patternDefinition
    : LPAREN (functionParameter (COMMA functionParameter)*)? RPAREN
      (LBRACKET functionParameter (COMMA functionParameter)* RBRACKET)?
      LBRACE (patternCase SEMI)* RBRACE
    ;

patternCase
    : LPAREN (literal (COMMA literal)*)? RPAREN (DOT LBRACKET literal RBRACKET)? ASSIGN functionBody
    ;

// =============================================================================================
// Tabular expressions
// =============================================================================================

pipeExpression
    : pipeSource (PIPE pipeOperator)*
    ;

// A pipeline without a source: the body of mv-apply, partition, fork, facet.
contextualPipe
    : pipeOperator (PIPE pipeOperator)*
    ;

pipeSource
    : printOperator                                   # PrintSource
    | rangeOperator                                   # RangeSource
    | unionOperator                                   # UnionSource
    | searchOperator                                  # SearchSource
    | findOperator                                    # FindSource
    | evaluateOperator                                # EvaluateSource
    | externalDataExpression                          # ExternalDataSource
    | inlineExternalTableExpression                   # InlineExternalTableSource
    | macroExpandOperator                             # MacroExpandSource
    | expr                                            # ExpressionSource
    ;

pipeOperator
    : whereOperator                                   # WhereOp
    | projectOperator                                 # ProjectOp
    | projectAwayOperator                             # ProjectAwayOp
    | projectKeepOperator                             # ProjectKeepOp
    | projectRenameOperator                           # ProjectRenameOp
    | projectReorderOperator                          # ProjectReorderOp
    | projectByNamesOperator                          # ProjectByNamesOp
    | extendOperator                                  # ExtendOp
    | summarizeOperator                               # SummarizeOp
    | countOperator                                   # CountOp
    | distinctOperator                                # DistinctOp
    | takeOperator                                    # TakeOp
    | topOperator                                     # TopOp
    | topNestedOperator                               # TopNestedOp
    | topHittersOperator                              # TopHittersOp
    | sortOperator                                    # SortOp
    | joinOperator                                    # JoinOp
    | lookupOperator                                  # LookupOp
    | unionOperator                                   # UnionOp
    | mvExpandOperator                                # MvExpandOp
    | mvApplyOperator                                 # MvApplyOp
    | parseOperator                                   # ParseOp
    | parseWhereOperator                              # ParseWhereOp
    | parseKvOperator                                 # ParseKvOp
    | makeSeriesOperator                              # MakeSeriesOp
    | renderOperator                                  # RenderOp
    | asOperator                                      # AsOp
    | invokeOperator                                  # InvokeOp
    | evaluateOperator                                # EvaluateOp
    | searchOperator                                  # SearchOp
    | findOperator                                    # FindOp
    | sampleOperator                                  # SampleOp
    | sampleDistinctOperator                          # SampleDistinctOp
    | serializeOperator                               # SerializeOp
    | partitionOperator                               # PartitionOp
    | forkOperator                                    # ForkOp
    | facetOperator                                   # FacetOp
    | getSchemaOperator                               # GetSchemaOp
    | scanOperator                                    # ScanOp
    | consumeOperator                                 # ConsumeOp
    | reduceOperator                                  # ReduceOp
    | macroExpandOperator                             # MacroExpandOp
    | makeGraphOperator                               # MakeGraphOp
    | graphMatchOperator                              # GraphMatchOp
    | graphShortestPathsOperator                      # GraphShortestPathsOp
    | graphToTableOperator                            # GraphToTableOp
    | graphMarkComponentsOperator                     # GraphMarkComponentsOp
    | printOperator                                   # PrintOp
    ;

// ---------------------------------------------------------------------------------------------
// Operator parameters: kind=inner, hint.strategy=shuffle, withsource=T, isfuzzy=true ...
// ---------------------------------------------------------------------------------------------

// any `name = value` parameter (only used where no `name = expr` column assignment can follow)
operatorParameter
    : optionName ASSIGN optionValue
    ;

// dotted parameters only: hint.strategy=..., hint.shufflekey=...; used where a column
// assignment `x = expr` could follow (summarize, distinct, sort...)
hintParameter
    : anyName DOT anyName (DOT anyName)* ASSIGN optionValue
    ;

// parameters of operators whose column list may start with `name = expr` (mv-expand, make-series)
kindOrHintParameter
    : (KIND | BAGEXPANSION | WITH_ITEMINDEX) ASSIGN optionValue  # KindParameter
    | hintParameter                                             # HintKindParameter
    ;

optionName
    : anyName (DOT anyName)*
    ;

optionValue
    : literal                                         # LiteralOptionValue
    | MINUS (INT_LITERAL | REAL_LITERAL)              # NegativeOptionValue
    | name (DOT name)*                                # NameOptionValue
    ;

// ---------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------

whereOperator
    : (WHERE | FILTER) namedExpression
    ;

projectOperator
    : PROJECT (namedExpression (COMMA namedExpression)*)?
    ;

projectAwayOperator
    : PROJECT_AWAY (columnPattern (COMMA columnPattern)*)?
    ;

projectKeepOperator
    : PROJECT_KEEP (columnPattern (COMMA columnPattern)*)?
    ;

projectRenameOperator
    : PROJECT_RENAME columnRename (COMMA columnRename)*
    ;

columnRename
    : name ASSIGN name
    ;

projectReorderOperator
    : PROJECT_REORDER (reorderColumn (COMMA reorderColumn)*)?
    ;

reorderColumn
    : columnPattern (ASC | DESC | GRANNY_ASC | GRANNY_DESC)?
    ;

projectByNamesOperator
    : PROJECT_BY_NAMES (expr (COMMA expr)*)?
    ;

extendOperator
    : EXTEND namedExpression (COMMA namedExpression)*
    ;

summarizeOperator
    : SUMMARIZE hintParameter* (namedExpression (COMMA namedExpression)*)?
      (BY namedExpression (COMMA namedExpression)*)?
    ;

countOperator
    : COUNT (AS name)?
    ;

distinctOperator
    : DISTINCT hintParameter* (STAR | expr (COMMA expr)*)
    ;

takeOperator
    : (TAKE | LIMIT) hintParameter* expr
    ;

topOperator
    : TOP hintParameter* expr BY sortExpression (COMMA sortExpression)*
    ;

topNestedOperator
    : topNestedClause (COMMA topNestedClause)*
    ;

topNestedClause
    : TOP_NESTED expr? OF namedExpression (WITH OTHERS ASSIGN expr)? BY namedExpression (ASC | DESC)?
    ;

topHittersOperator
    : TOP_HITTERS expr OF expr (BY expr)?
    ;

sortOperator
    : (SORT | ORDER) hintParameter* BY sortExpression (COMMA sortExpression)*
    ;

sortExpression
    : expr (ASC | DESC)? (NULLS (FIRST | LAST))?
    ;

joinOperator
    : JOIN operatorParameter* expr joinCondition?
    ;

lookupOperator
    : LOOKUP operatorParameter* expr joinCondition?
    ;

joinCondition
    : ON expr (COMMA expr)*                           # JoinOnCondition
    | WHERE expr                                      # JoinWhereCondition
    ;

unionOperator
    : UNION operatorParameter* unionTable (COMMA unionTable)*
    ;

unionTable
    : starPattern                                     # WildcardUnionTable
    | expr DOT starPattern                            # QualifiedWildcardUnionTable
    | expr                                            # ExpressionUnionTable
    ;

mvExpandOperator
    : (MV_EXPAND | MVEXPAND) kindOrHintParameter* mvExpandColumn (COMMA mvExpandColumn)* (LIMIT expr)?
    ;

mvExpandColumn
    : namedExpression (TO TYPEOF LPAREN typeofArgument RPAREN)?
    ;

mvApplyOperator
    : (MV_APPLY | MVAPPLY) kindOrHintParameter* mvExpandColumn (COMMA mvExpandColumn)* (LIMIT expr)?
      ON LPAREN contextualPipe RPAREN
    ;

parseOperator
    : PARSE operatorParameter* expr WITH parsePattern
    ;

parseWhereOperator
    : PARSE_WHERE operatorParameter* expr WITH parsePattern
    ;

parsePattern
    : parsePatternItem+
    ;

parsePatternItem
    : STAR                                            # ParseWildcard
    | stringLiteral                                   # ParseText
    | declName (COLON scalarType)?                    # ParseColumn
    ;

parseKvOperator
    : PARSE_KV expr AS LPAREN schemaColumn (COMMA schemaColumn)* RPAREN
      (WITH LPAREN operatorParameter (COMMA operatorParameter)* RPAREN)?
    ;

makeSeriesOperator
    : MAKE_SERIES kindOrHintParameter* makeSeriesAggregation (COMMA makeSeriesAggregation)*
      ON expr makeSeriesRange (BY namedExpression (COMMA namedExpression)*)?
    ;

makeSeriesAggregation
    : namedExpression (DEFAULT ASSIGN expr)?
    ;

makeSeriesRange
    : (FROM expr)? (TO expr)? STEP expr               # FromToStepRange
    | IN RANGE LPAREN expr COMMA expr COMMA expr RPAREN  # InRange
    ;

renderOperator
    : RENDER name (WITH LPAREN renderProperty (COMMA renderProperty)* RPAREN | renderProperty*)
    ;

renderProperty
    : name ASSIGN expr (COMMA expr)*
    ;

asOperator
    : AS hintParameter* name
    ;

invokeOperator
    : INVOKE name LPAREN argumentList? RPAREN
    ;

evaluateOperator
    : EVALUATE operatorParameter* name LPAREN argumentList? RPAREN (COLON LPAREN tabularSchema RPAREN)?
    ;

searchOperator
    : SEARCH operatorParameter* (IN LPAREN unionTable (COMMA unionTable)* RPAREN)? searchPredicate
    ;

// search Col:"value" or "text" and x > 1
// Terms joined by and/or. An expression term already takes in `and expr` / `or expr`, so an explicit
// connective after it is only needed before a Col:"v" or * term. Written this way, no second path
// reads `expr and expr`: with `searchTerm ((AND | OR) searchTerm)*`, SLL prediction of expr's
// operator loop followed that path through expr's global FOLLOW and looked ahead to the end of every
// and/or chain (quadratic time on long chains anywhere in a query).
searchPredicate
    : headSearchTerm ((AND | OR) searchPredicate)?
    | expressionSearchTerm ((AND | OR) headSearchTerm ((AND | OR) searchPredicate)?)?
    ;

headSearchTerm
    : name COLON stringLiteral                        # ColumnSearchTerm
    | STAR                                            # AnySearchTerm
    ;

expressionSearchTerm
    : expr
    ;

findOperator
    : FIND operatorParameter* (IN LPAREN unionTable (COMMA unionTable)* RPAREN WHERE | WHERE)? searchPredicate
      (PROJECT_SMART | PROJECT findColumn (COMMA findColumn)*)?
    ;

findColumn
    : name (COLON scalarType)?
    ;

sampleOperator
    : SAMPLE hintParameter* expr
    ;

sampleDistinctOperator
    : SAMPLE_DISTINCT hintParameter* expr OF expr
    ;

serializeOperator
    : SERIALIZE (namedExpression (COMMA namedExpression)*)?
    ;

partitionOperator
    : PARTITION operatorParameter* BY expr operatorParameter*
      ( LPAREN contextualPipe RPAREN                  // T | partition by x (top 3 by y)
      | LBRACE pipeExpression RBRACE                  // legacy: partition by x { T | ... }
      )
    ;

forkOperator
    : FORK forkBranch+
    ;

forkBranch
    : (name ASSIGN)? LPAREN contextualPipe RPAREN
    ;

facetOperator
    : FACET BY name (COMMA name)* (WITH LPAREN contextualPipe RPAREN)?
    ;

getSchemaOperator
    : GETSCHEMA
    ;

scanOperator
    : SCAN operatorParameter* (ORDER BY sortExpression (COMMA sortExpression)*)?
      (PARTITION BY expr (COMMA expr)*)?
      (DECLARE LPAREN functionParameter (COMMA functionParameter)* RPAREN)?
      WITH LPAREN scanStep+ RPAREN
    ;

scanStep
    : STEP name (OUTPUT ASSIGN name)? COLON expr (FAT_ARROW namedExpression (COMMA namedExpression)*)? SEMI
    ;

consumeOperator
    : CONSUME operatorParameter*
    ;

reduceOperator
    : REDUCE BY expr (WITH operatorParameter (COMMA operatorParameter)*)?
    ;

macroExpandOperator
    : MACRO_EXPAND operatorParameter* expr AS name LPAREN statement (SEMI statement)* SEMI? RPAREN
    ;

// ---------------------------------------------------------------------------------------------
// Graph operators
// ---------------------------------------------------------------------------------------------

makeGraphOperator
    : MAKE_GRAPH operatorParameter* expr graphEdgeDirection expr
      (WITH graphNodesTable (COMMA graphNodesTable)* | WITH_NODE_ID ASSIGN name)?
      (PARTITIONED_BY expr LPAREN contextualPipe RPAREN)?
    ;

graphEdgeDirection
    : MINUS MINUS GT                                  # DirectedEdge
    | MINUS MINUS                                     # UndirectedEdge
    ;

graphNodesTable
    : expr ON name
    ;

graphMatchOperator
    : GRAPH_MATCH operatorParameter* graphPattern (COMMA graphPattern)*
      (WHERE expr)? (PROJECT namedExpression (COMMA namedExpression)*)?
    ;

graphShortestPathsOperator
    : GRAPH_SHORTEST_PATHS operatorParameter* graphPattern (COMMA graphPattern)*
      (WHERE expr)? (PROJECT namedExpression (COMMA namedExpression)*)?
    ;

// (a)-[e*1..3]->(b)<-[f]-(c)--(d)
graphPattern
    : graphNode (graphEdge graphNode)*
    ;

graphNode
    : LPAREN name? RPAREN
    ;

graphEdge
    : MINUS LBRACKET graphEdgeBody RBRACKET MINUS GT  # RightEdge
    | LT MINUS LBRACKET graphEdgeBody RBRACKET MINUS  # LeftEdge
    | MINUS LBRACKET graphEdgeBody RBRACKET MINUS     # AnyEdge
    | MINUS MINUS GT                                  # RightAnonymousEdge
    | LT MINUS MINUS                                  # LeftAnonymousEdge
    | MINUS MINUS                                     # AnyAnonymousEdge
    ;

graphEdgeBody
    : name? (STAR graphPathLength (DOTDOT graphPathLength)?)?
    ;

graphPathLength
    : INT_LITERAL | identifier
    ;

graphToTableOperator
    : GRAPH_TO_TABLE graphToTableOutput (COMMA graphToTableOutput)*
    ;

graphToTableOutput
    : (NODES | EDGES) (AS name)? operatorParameter*
    ;

graphMarkComponentsOperator
    : GRAPH_MARK_COMPONENTS operatorParameter*
    ;

// ---------------------------------------------------------------------------------------------
// Sources
// ---------------------------------------------------------------------------------------------

printOperator
    : PRINT namedExpression (COMMA namedExpression)*
    ;

rangeOperator
    : RANGE name FROM expr TO expr STEP expr
    ;

externalDataExpression
    : EXTERNALDATA operatorParameter* LPAREN tabularSchema RPAREN
      LBRACKET expr (COMMA expr)* RBRACKET
      (WITH LPAREN operatorParameter (COMMA operatorParameter)* COMMA? RPAREN)?
    ;

inlineExternalTableExpression
    : INLINE_EXTERNAL_TABLE (LPAREN tabularSchema RPAREN)? inlineExternalTableClause*
      LPAREN expr (COMMA expr)* RPAREN
      (WITH LPAREN operatorParameter (COMMA operatorParameter)* COMMA? RPAREN)?
    ;

inlineExternalTableClause
    : operatorParameter                                          # InlineTableParameter
    | PARTITION BY LPAREN partitionColumn (COMMA partitionColumn)* RPAREN  # InlineTablePartition
    | optionName ASSIGN LPAREN expr+ RPAREN                     # InlineTablePathFormat
    ;

partitionColumn
    : declName COLON scalarType (ASSIGN expr)?
    ;

datatableExpression
    : DATATABLE operatorParameter* LPAREN schemaColumn (COMMA schemaColumn)* RPAREN
      LBRACKET (datatableValue (COMMA datatableValue)* COMMA?)? RBRACKET
    ;

datatableValue
    : (MINUS | PLUS)? literal
    ;

schemaColumn
    : declName COLON scalarType
    ;

// ---------------------------------------------------------------------------------------------
// Column lists
// ---------------------------------------------------------------------------------------------

// x = expr, (a, b) = expr, or a plain expression
namedExpression
    : declName ASSIGN expr                            # AssignedExpression
    | LPAREN declName (COMMA declName)* RPAREN ASSIGN expr  # TupleAssignedExpression
    | expr                                            # PlainExpression
    ;

// column name patterns: a, a*, *a, *a*, a*b, *
columnPattern
    : starPattern                                     # WildcardColumn
    | name                                            # NamedColumn
    ;

starPattern
    : name? STAR (name STAR)* name?
    ;

// =============================================================================================
// Scalar expressions
// =============================================================================================

expr
    : expr DOT identifier LPAREN argumentList? RPAREN # MethodCall
    | expr DOT identifier                             # MemberAccess
    | expr DOT? LBRACKET expr RBRACKET                # IndexAccess
    | primary                                         # PrimaryExpression
    | STAR (stringOperator | EQEQ | NEQ | EQTILDE | BANGTILDE) expr  # AnyColumnExpression
    | (MINUS | PLUS) primary                          # UnaryExpression
    | expr (STAR | SLASH | PERCENT) expr              # MultiplicativeExpression
    | expr (PLUS | MINUS) expr                        # AdditiveExpression
    | expr (LT | LE | GT | GE) expr                   # RelationalExpression
    | expr (EQEQ | NEQ | NEQ2 | EQTILDE | BANGTILDE) expr  # EqualityExpression
    | expr stringOperator expr                        # StringOperatorExpression
    | expr MATCHES REGEX expr                         # MatchesRegexExpression
    | expr (IN | NOT_IN | IN_CI | NOT_IN_CI | HAS_ANY | HAS_ALL)
      LPAREN pipeExpression (COMMA pipeExpression)* RPAREN   # InExpression
    | expr (BETWEEN | NOT_BETWEEN) LPAREN expr DOTDOT expr RPAREN  # BetweenExpression
    | expr AND expr                                   # AndExpression
    | expr OR expr                                    # OrExpression
    ;

stringOperator
    : HAS | NOT_HAS | HAS_CS | NOT_HAS_CS
    | HASPREFIX | NOT_HASPREFIX | HASPREFIX_CS | NOT_HASPREFIX_CS
    | HASSUFFIX | NOT_HASSUFFIX | HASSUFFIX_CS | NOT_HASSUFFIX_CS
    | CONTAINS | NOT_CONTAINS | CONTAINS_CS | NOT_CONTAINS_CS | CONTAINSCS | NOTCONTAINS | NOTCONTAINSCS
    | STARTSWITH | NOT_STARTSWITH | STARTSWITH_CS | NOT_STARTSWITH_CS
    | ENDSWITH | NOT_ENDSWITH | ENDSWITH_CS | NOT_ENDSWITH_CS
    | LIKE | NOTLIKE | LIKECS | NOTLIKECS
    ;

primary
    : literal                                         # LiteralPrimary
    | LPAREN pipeExpression RPAREN                    # ParenthesizedPrimary
    | TYPEOF LPAREN typeofArgument RPAREN             # TypeofPrimary
    | datatableExpression                             # DatatablePrimary
    | ENTITY_GROUP LBRACKET expr (COMMA expr)* RBRACKET  # EntityGroupPrimary
    | name LPAREN argumentList? RPAREN                # FunctionCallPrimary
    | name DATASCOPE ASSIGN identifier                # DataScopedNamePrimary
    | name                                            # NamePrimary
    ;

argumentList
    : argument (COMMA argument)*
    ;

argument
    : declName ASSIGN expr                            # NamedArgument
    | STAR                                            # StarArgument
    | pipeExpression                                  # PositionalArgument
    ;

typeofArgument
    : scalarType                                      # ScalarTypeofArgument
    | tabularSchema                                   # SchemaTypeofArgument
    | identifier                                      # NamedTypeofArgument
    ;

scalarType
    : T_BOOL | T_DATETIME | T_DECIMAL | T_DYNAMIC | T_GUID | T_INT | T_LONG | T_REAL | T_STRING
    | T_TIMESPAN
    ;

// =============================================================================================
// Literals
// =============================================================================================

literal
    : stringLiteral                                   # StringLiteralValue
    | INT_LITERAL                                     # IntLiteralValue
    | HEX_LITERAL                                     # HexLiteralValue
    | REAL_LITERAL                                    # RealLiteralValue
    | INT_LITERAL DOT                                 # TrailingDotRealLiteralValue
    | TIMESPAN_LITERAL                                # TimespanLiteralValue
    | TYPED_LITERAL                                   # TypedLiteralValue
    | (TRUE_LITERAL | FALSE_LITERAL)                                  # BoolLiteralValue
    | NULL_LITERAL                                            # NullLiteralValue
    | T_DYNAMIC LPAREN jsonValue RPAREN               # DynamicLiteralValue
    ;

// adjacent string literals are concatenated: "a" "b" 'c'
stringLiteral
    : STRING_LITERAL+
    ;

jsonValue
    : LBRACE (jsonMember (COMMA jsonMember)*)? RBRACE # JsonObject
    | LBRACKET (jsonValue (COMMA jsonValue)*)? RBRACKET  # JsonArray
    | MINUS? (INT_LITERAL | REAL_LITERAL | HEX_LITERAL)  # JsonNumber
    | stringLiteral                                   # JsonString
    | TIMESPAN_LITERAL                                # JsonTimespan
    | TYPED_LITERAL                                   # JsonTypedLiteral
    | (TRUE_LITERAL | FALSE_LITERAL)                                  # JsonBool
    | NULL_LITERAL                                            # JsonNull
    | T_DYNAMIC LPAREN jsonValue RPAREN               # JsonDynamic
    ;

jsonMember
    : STRING_LITERAL COLON jsonValue
    ;

// =============================================================================================
// Names
// =============================================================================================

name
    : identifier                                      # PlainName
    | LBRACKET stringLiteral RBRACKET                 # BracketedName
    ;

// Identifiers, including the contextual keywords that Kusto accepts as column/table names.
identifier
    : IDENTIFIER | DOLLAR_IDENTIFIER
    | BAGEXPANSION | WITH_ITEMINDEX | ACCESS | ALIAS | CLUSTER | DATASCOPE | CONSUME | COUNT | DATABASE | DECLARE | DEFAULT | DISTINCT
    | EDGES | EVALUATE | EXTEND | FACET | FILTER | FORK | FROM | GETSCHEMA | JOIN | KIND | LET
    | LIMIT | LOOKUP | MATCHES | MVAPPLY | MVEXPAND | NODES | NULLS | ON | ORDER | OUTPUT
    | PARSE | PARTITION | PATTERN | QUERY_PARAMETERS | RANGE | REDUCE | REGEX | RENDER | RESTRICT
    | SCAN | SERIALIZE | SORT | STEP | SUMMARIZE | TAKE | TOP | TYPEOF | VIEW | WITH
    | WITH_NODE_ID | WITH_SOURCE | T_BOOL | T_GUID
    ;

// A name being declared (x = ..., column and parameter declarations, option names): Kusto accepts
// more keywords here than in references.
declName
    : name | keyword
    ;

// Any word: option names (hint.strategy, with_match_id), management command names.
anyName
    : identifier | keyword | stringOperatorKeyword | scalarType
    ;

keyword
    : AS | BY | DATATABLE | EXTERNALDATA | FIND | INVOKE | OF | PRINT | SAMPLE | SAMPLE_DISTINCT
    | SEARCH | SET | TO | TOP_HITTERS | TOP_NESTED | WHERE | UNION | PROJECT | ASC | DESC | FIRST
    | LAST | OTHERS | WITH_MATCH_ID | IN | AND | OR | BETWEEN | GRANNY_ASC | GRANNY_DESC
    | TRUE_LITERAL | FALSE_LITERAL | NULL_LITERAL | ENTITY_GROUP | INLINE_EXTERNAL_TABLE
    ;

stringOperatorKeyword
    : HAS | HAS_CS | HASPREFIX | HASPREFIX_CS | HASSUFFIX | HASSUFFIX_CS | CONTAINS | CONTAINS_CS
    | CONTAINSCS | NOTCONTAINS | NOTCONTAINSCS | STARTSWITH | STARTSWITH_CS | ENDSWITH
    | ENDSWITH_CS | LIKE | NOTLIKE | LIKECS | NOTLIKECS | HAS_ANY | HAS_ALL
    ;
