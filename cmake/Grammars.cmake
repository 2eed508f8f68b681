# Generates the C++ parsers of every grammar under grammars/ with Debian's ANTLR 4.7.2 tool, in one
# invocation (one JVM start), into the build tree. The generated code is never committed.
set(QDIFF_GENERATED_DIR ${CMAKE_CURRENT_BINARY_DIR}/generated)
find_program(ANTLR4_TOOL antlr4 REQUIRED)  # Debian's wrapper: sets the tool's class path

file(GLOB QDIFF_GRAMMARS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/grammars/*/*.g4)
set(QDIFF_GRAMMAR_OUTPUTS "")
set(QDIFF_LAZY_STATICS "")  # commands: each lexer's and parser's statics built on first use
foreach(grammar ${QDIFF_GRAMMARS})
  get_filename_component(name ${grammar} NAME_WE)
  list(APPEND QDIFF_GRAMMAR_OUTPUTS ${QDIFF_GENERATED_DIR}/${name}.cpp)
  list(APPEND QDIFF_LAZY_STATICS COMMAND ${CMAKE_COMMAND} -DSOURCE=${QDIFF_GENERATED_DIR}/${name}.cpp
       -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/LazyGrammarStatics.cmake)
  if(name MATCHES "Parser$")
    list(APPEND QDIFF_GRAMMAR_OUTPUTS ${QDIFF_GENERATED_DIR}/${name}Visitor.cpp
                                      ${QDIFF_GENERATED_DIR}/${name}BaseVisitor.cpp)
  endif()
endforeach()

if(QDIFF_GRAMMARS)
  # Lexers first, so that each parser finds its lexer's .tokens file.
  set(lexers ${QDIFF_GRAMMARS})
  list(FILTER lexers INCLUDE REGEX "Lexer\\.g4$")
  set(parsers ${QDIFF_GRAMMARS})
  list(FILTER parsers EXCLUDE REGEX "Lexer\\.g4$")
  add_custom_command(
    OUTPUT ${QDIFF_GRAMMAR_OUTPUTS}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${QDIFF_GENERATED_DIR}
    COMMAND ${ANTLR4_TOOL} -Dlanguage=Cpp -visitor -no-listener
            -package qdiff_gen -Xexact-output-dir -o ${QDIFF_GENERATED_DIR} -lib ${QDIFF_GENERATED_DIR}
            ${lexers}
    COMMAND ${ANTLR4_TOOL} -Dlanguage=Cpp -visitor -no-listener
            -package qdiff_gen -Xexact-output-dir -o ${QDIFF_GENERATED_DIR} -lib ${QDIFF_GENERATED_DIR}
            ${parsers}
    ${QDIFF_LAZY_STATICS}
    DEPENDS ${QDIFF_GRAMMARS} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/LazyGrammarStatics.cmake
    COMMENT "Generating parsers from ${CMAKE_CURRENT_SOURCE_DIR}/grammars"
    VERBATIM)
endif()

# Generated code is third-party style: no warnings, and -fno-char8_t for its u8"" literals.
add_library(qdiff_grammars OBJECT ${QDIFF_GRAMMAR_OUTPUTS} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/empty.cpp)
target_include_directories(qdiff_grammars SYSTEM PRIVATE ${ANTLR4_INCLUDE_DIR} ${QDIFF_GENERATED_DIR})
# The generated parsers' base classes (grammar option superClass) are ours.
target_include_directories(qdiff_grammars PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_options(qdiff_grammars PRIVATE -w -fno-char8_t -g0)
# Under the sanitizers (the test build) the generated parsers are the bulk of the compile time;
# -O1 halves it, and nobody debugs generated code.
if(QDIFF_SANITIZE OR QDIFF_FUZZ)
  target_compile_options(qdiff_grammars PRIVATE -O1)
endif()
set_target_properties(qdiff_grammars PROPERTIES POSITION_INDEPENDENT_CODE ON)

# The keyword table of the hand-written SQL lexer, from the keyword rules of SqlLexer.g4
# (`SELECT: S E L E C T;`, `AUTO_INCREMENT: A U T O '_' I N C R E M E N T;`).
set(QDIFF_SQL_LEXER_GRAMMAR ${CMAKE_CURRENT_SOURCE_DIR}/grammars/sql/SqlLexer.g4)
if(EXISTS ${QDIFF_SQL_LEXER_GRAMMAR})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${QDIFF_SQL_LEXER_GRAMMAR})
  file(STRINGS ${QDIFF_SQL_LEXER_GRAMMAR} keyword_rules REGEX "^[A-Z_]+: ([A-Z]|'_')( ([A-Z]|'_'))*;$")
  set(keyword_table "// Generated from SqlLexer.g4 by cmake/Grammars.cmake.\n")
  foreach(rule ${keyword_rules})
    string(REGEX MATCH "^[A-Z_]+" token "${rule}")
    string(REGEX REPLACE "^[A-Z_]+: " "" spelling "${rule}")
    string(REGEX REPLACE "[ ;']" "" spelling "${spelling}")
    string(APPEND keyword_table "{\"${spelling}\", SqlLexer::${token}},\n")
  endforeach()
  file(MAKE_DIRECTORY ${QDIFF_GENERATED_DIR})
  file(CONFIGURE OUTPUT ${QDIFF_GENERATED_DIR}/sql_keywords.inc CONTENT "${keyword_table}")
endif()
