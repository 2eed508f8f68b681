#!/usr/bin/env bash
# Peak memory (RSS, /usr/bin/time -v) of each command and fuzz target on the hostile input matrix
# (scripts/hostile_inputs.py: deep nesting, huge lists, 10 MB inputs, binary junk). Prints one TSV row
# per (input, command): input, bytes, command, exit code, seconds, peak RSS in MB.
#
#   scripts/hostile_rss.sh [OUT_DIR]          QDIFF=build/release/qdiff FUZZ=build/fuzz/tests/fuzz
# FUZZ (optional): also runs each fuzz target's executable once on the inputs of its language (ASan
# build: its RSS includes ASan's shadow memory and quarantine, so it is an upper bound).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/hostile}
qdiff=${QDIFF:-$root/build/release/qdiff}
fuzz=${FUZZ:-}
nice=(nice -n "${NICE:-19}")
[ -x "$qdiff" ] || { echo "no qdiff at $qdiff (QDIFF=...)" >&2; exit 2; }
[ -f "$out/.done" ] || { /usr/bin/python3 "$root/scripts/hostile_inputs.py" "$out" && touch "$out/.done"; }

measure() {  # NAME INPUT COMMAND...
  local name=$1 input=$2; shift 2
  local t=$(mktemp)
  "${nice[@]}" /usr/bin/time -v -o "$t" "$@" >/dev/null 2>&1
  local code=$?
  local rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$t")
  local secs=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$t")
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(basename "$input")" "$(stat -c %s "$input")" "$name" "$code" "$secs" \
    "$(( ${rss:-0} / 1024 ))"
  rm -f "$t"
}

printf 'input\tbytes\tcommand\texit\twall\tpeak_rss_mb\n'
for f in "$out"/*; do
  case "$(basename "$f")" in
    sql-*) lang=sql ;; kql-*) lang=kql ;; weaviate-*) lang=weaviate ;; batch-*) continue ;; *) lang=auto ;;
  esac
  measure "parse --lang $lang" "$f" "$qdiff" parse --lang "$lang" --format json "$f"
  measure "lint --lang $lang" "$f" "$qdiff" lint --lang "$lang" --format json "$f"
  measure "diff --lang $lang (x vs x)" "$f" "$qdiff" diff --lang "$lang" --format json "$f" "$f"
  if [ -n "$fuzz" ]; then
    # The fuzz targets' mode byte: \0 is the generic dialect for sql and lint (tests/fuzz/targets.hpp).
    moded=$(mktemp); { printf '\0'; cat "$f"; } >"$moded"
    case $lang in
      sql) measure "fuzz_sql" "$f" "$fuzz/fuzz_sql" -rss_limit_mb=8192 "$moded" ;;
      kql) measure "fuzz_kql" "$f" "$fuzz/fuzz_kql" -rss_limit_mb=8192 "$f" ;;
      weaviate) measure "fuzz_weaviate" "$f" "$fuzz/fuzz_weaviate" -rss_limit_mb=8192 "$f" ;;
      *) measure "fuzz_detect" "$f" "$fuzz/fuzz_detect" -rss_limit_mb=8192 "$f" ;;
    esac
    measure "fuzz_lint" "$f" "$fuzz/fuzz_lint" -rss_limit_mb=8192 "$moded"
    { cat "$f"; printf '\0'; cat "$f"; } >"$moded"  # the diff target: expected NUL generated
    measure "fuzz_diff (x vs x)" "$f" "$fuzz/fuzz_diff" -rss_limit_mb=8192 "$moded"
    rm -f "$moded"
  fi
done
for f in "$out"/batch-*.jsonl; do
  measure "batch --threads 2" "$f" "$qdiff" batch "$f" -o /dev/null --threads 2
done
