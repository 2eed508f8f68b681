// Force-included (-include) into qdiff's own sources when the compiler is GCC 12 (cmake/Warnings.cmake).
//
// Why: GCC 12 warns -Wrestrict inside libstdc++'s std::string code (char_traits.h, basic_string.tcc)
// whenever `"text" + std::string(...)` is inlined: operator+(const char*, string&&) inserts into the
// right-hand string, and the optimiser reasons about a copy it can prove never happens (GCC bugs
// 105329 and 105651, a false positive). GCC reports it at the library's lines, so the diagnostic
// state that applies is the one in effect where the library's text is read: this header reads
// <string> with -Wrestrict off and turns it back on after, so the warning stays on for every line of
// ours (a real overlapping memcpy in our code is still reported).
#pragma once
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wrestrict"
#include <string>
#pragma GCC diagnostic pop
