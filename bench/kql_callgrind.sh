#!/usr/bin/env bash
# Instructions per query of qdiff's KQL front end (valgrind's callgrind), warm, on the KQL corpus that
# bench/kql_vs_kusto.sh times (kql_bench's queries): the stable measure on a busy machine, beside that
# script's wall-clock ratio. kql_bench always makes one warm-up pass; warm is the difference between a
# run with one more pass and a run with none, divided by the query count; cold is the whole run with
# none (start, reading the corpus, the first parses that build the DFAs), divided likewise, as
# bench/sql_callgrind.sh counts it.
# Usage: bench/kql_callgrind.sh [OUT_DIR]   (OUT_DIR keeps callgrind.out.warm for callgrind_annotate)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$(mktemp -d)}
mkdir -p "$out"
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
bin=${KQL_BENCH:-$root/build/release/bench/kql_bench}
[ -x "$bin" ] || "$root/scripts/build.sh" release kql_bench
corpus_args=()
[ -n "${QDIFF_KQL_CORPUS:-}" ] && corpus_args=(--corpus "$QDIFF_KQL_CORPUS")
total() {  # instructions of one run with $1 timed passes after the warm-up
  valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out.$2" "$bin" --repeat "$1" "${corpus_args[@]}" \
    >"$out/stdout.$2" 2>"$out/valgrind.$2.log"
  sed -n 's/^summary: //p' "$out/callgrind.out.$2"
}
cold=$(total 0 cold)
both=$(total 1 warm)
queries=$(sed -n 's/.*(\([0-9]*\) queries.*/\1/p' "$out/stdout.warm")
warm=$(((both - cold) / queries))
echo "{\"tool\": \"qdiff kql callgrind\", \"queries\": $queries, \"cold_instr_per_query\": $((cold / queries)), \"warm_instr_per_query\": $warm}"
