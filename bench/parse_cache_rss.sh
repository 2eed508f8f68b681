#!/usr/bin/env bash
# Peak memory of `qdiff parse --batch` over the fuzz corpora's inputs and MUTANTS (16) mutants of each
# (bench/fuzz_corpus_jsonl.py), with ANTLR's caches unbounded and with the default limit, and how each
# grammar's caches grow meanwhile (bench/parse_cache_bench, one row every 50,000 inputs). The records of
# the two runs must be byte-identical: a clear changes the speed of the parses after it, not their result.
# Usage: bench/parse_cache_rss.sh [OUT_DIR]   (QDIFF_CORPUS_DIR: ../shared/corpus; without it, the
# hand-written seeds only)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${QDIFF_CORPUS_DIR:-$root/../shared/corpus}
out=${1:-$(mktemp -d)}
mkdir -p "$out"
qdiff="$root/build/release/qdiff"
bench="$root/build/release/bench/parse_cache_bench"
[ -x "$qdiff" ] && [ -x "$bench" ] || "$root/scripts/build.sh" release qdiff_cli parse_cache_bench
seeds=("$root/tests/fuzz/seeds" "$root/tests/fuzz/crashes")
if [ -d "$corpus" ]; then
  [ -d "$out/seeds" ] || /usr/bin/python3 "$root/scripts/fuzz_seeds.py" "$corpus" "$out/seeds" >/dev/null
  seeds+=("$out/seeds")
fi
MUTANTS=${MUTANTS:-16} /usr/bin/python3 "$root/bench/fuzz_corpus_jsonl.py" "$out/inputs.jsonl" "${seeds[@]}"
peak() {  # LIMIT: peak RSS in MB of qdiff parse --batch with that cache limit
  QDIFF_PARSE_CACHE_LIMIT=$1 /usr/bin/time -f %M "$qdiff" parse --batch "$out/inputs.jsonl" >"$out/records.$1.jsonl" \
    2>"$out/time.$1" || true
  echo $(( $(tail -1 "$out/time.$1") / 1024 ))
}
default=$(env -u QDIFF_PARSE_CACHE_LIMIT "$qdiff" --help | sed -n 's/.*past it (\([0-9]*\);.*/\1/p')
unbounded=$(peak 0)
bounded=$(peak "$default")
cmp -s "$out/records.0.jsonl" "$out/records.$default.jsonl" && same=true || same=false
echo "{\"inputs\": $(wc -l <"$out/inputs.jsonl"), \"peak_rss_mb_unbounded\": $unbounded, \"default_limit\": $default," \
     "\"peak_rss_mb_default_limit\": $bounded, \"records_identical\": $same}"
"$bench" --limit "$default" --every 50000 "$out/inputs.jsonl" >"$out/growth.tsv"
echo "cache growth with the default limit: $out/growth.tsv" >&2
$same
