#!/usr/bin/env bash
# Instructions per query of qdiff's SQL front end (valgrind's callgrind), cold and warm, on the Spider
# and BIRD dev gold: the stable measure on a busy machine, where wall-clock times drift. Warm is
# the difference between a run with one warm pass and a run with none, divided by the query count.
# Usage: bench/sql_callgrind.sh [OUT_DIR]   (OUT_DIR keeps callgrind.out.warm for callgrind_annotate)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${QDIFF_CORPUS_DIR:-$root/../shared/corpus}
files=("$corpus/sql/spider/gold.tsv" "$corpus/sql/bird/gold.tsv")
out=${1:-$(mktemp -d)}
mkdir -p "$out"
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
bin="$root/build/release/bench/sql_parse_bench"
[ -x "$bin" ] || "$root/scripts/build.sh" release
queries=$(cat "${files[@]}" | cut -f1 | grep -c .)
total() {  # instructions of one run with $1 warm passes
  valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out.$2" "$bin" --passes "$1" "${files[@]}" \
    >/dev/null 2>"$out/valgrind.$2.log"
  sed -n 's/^summary: //p' "$out/callgrind.out.$2"
}
cold=$(total 0 cold)
both=$(total 1 warm)
echo "{\"tool\": \"qdiff callgrind\", \"queries\": $queries, \"cold_instr_per_query\": $((cold / queries)), \"warm_instr_per_query\": $(((both - cold) / queries))}"
