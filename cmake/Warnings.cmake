# The warnings of qdiff's own targets: qdiff_warnings(TARGET) turns on -Wall -Wextra and, with
# QDIFF_WERROR, makes any warning fail the build. Only our own code: the generated ANTLR code is
# compiled with -w (cmake/Grammars.cmake) and third-party headers are SYSTEM includes.
# scripts/build.sh turns QDIFF_WERROR on for the release and asan flavours (what CI and run.sh build),
# so a new warning fails CI; a plain `cmake` configure (another compiler, a packager) leaves it off.
option(QDIFF_WERROR "Make compiler warnings in qdiff's own targets errors" OFF)

function(qdiff_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter $<$<BOOL:${QDIFF_WERROR}>:-Werror>)
  # The sanitizer build's false -Wmaybe-uninitialized in libstdc++ (GCC 12 to 14): silenced in the
  # library's lines only (see the header). First: it is the one that reads <string>.
  if(QDIFF_SANITIZE AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12
     AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 15)
    target_compile_options(${target} PRIVATE "SHELL:-include ${QDIFF_WARNINGS_DIR}/gcc_asan_regex_uninitialized.hpp")
  endif()
  # GCC 12's false -Wrestrict in libstdc++'s string code: silenced in the library's lines only
  # (see the header for why).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12
     AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE "SHELL:-include ${QDIFF_WARNINGS_DIR}/gcc12_string_restrict.hpp")
  endif()
endfunction()
set(QDIFF_WARNINGS_DIR ${CMAKE_CURRENT_LIST_DIR})
