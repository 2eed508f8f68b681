# Run by cmake/Grammars.cmake on each generated lexer and parser (-DSOURCE=NAME.cpp): their shared
# statics (the ATN deserialized from the grammar, the decision DFAs) are built by a static initializer
# at program start, for every grammar, whether or not it is used. That cost every process ~50 M
# instructions, two thirds of them for grammars a SQL run never reaches (KQL's, and the SQL lexer that
# only names tokens: the SQL text is read by the hand-written lexer) (issue 32). Here they are built by
# the first constructor instead, once, thread-safely (a function-local static); every use of them goes
# through an instance.
get_filename_component(name ${SOURCE} NAME_WE)
file(READ ${SOURCE} text)
set(definition "${name}::Initializer ${name}::_init;")
set(constructor_body "\n  _interpreter = new atn::")
string(FIND "${text}" "${definition}" at_definition)
string(FIND "${text}" "${constructor_body}" at_body)
string(FIND "${text}" "${constructor_body}" at_last_body REVERSE)
if(at_definition EQUAL -1 OR at_body EQUAL -1 OR NOT at_body EQUAL at_last_body)
  message(FATAL_ERROR "${SOURCE}: not the generated code cmake/LazyGrammarStatics.cmake expects "
                      "(one '${definition}', one constructor setting _interpreter)")
endif()
string(REPLACE "${definition}" "" text "${text}")
string(REPLACE "${constructor_body}" "\n  static Initializer statics_built_once;${constructor_body}" text "${text}")
file(WRITE ${SOURCE} "${text}")
