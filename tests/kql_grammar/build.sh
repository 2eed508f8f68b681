#!/usr/bin/env bash
# Builds the scratch KQL grammar driver into build-kql/ (never committed).
# usage: tests/kql_grammar/build.sh [-O1|-O2]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
opt="${1:--O1}"
b="$root/build-kql"
mkdir -p "$b/gen" "$b/obj$opt"
(cd "$root/grammars/kql" && antlr4 -Dlanguage=Cpp -visitor -no-listener -package qdiff_gen -o "$b/gen" KqlLexer.g4 KqlParser.g4)
cxx="g++ -std=c++17 $opt -w -I/usr/include/antlr4-runtime -I$b/gen"
objs=()
for f in KqlLexer KqlParser; do
  o="$b/obj$opt/$f.o"
  if [ ! -f "$o" ] || [ "$b/gen/$f.cpp" -nt "$o" ]; then $cxx -c "$b/gen/$f.cpp" -o "$o"; fi
  objs+=("$o")
done
$cxx -c "$root/tests/kql_grammar/kql_driver.cpp" -o "$b/obj$opt/kql_driver.o"
g++ -o "$b/kql_driver$opt" "$b/obj$opt/kql_driver.o" "${objs[@]}" -lantlr4-runtime
echo "built $b/kql_driver$opt"
