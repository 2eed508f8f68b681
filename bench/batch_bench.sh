#!/usr/bin/env bash
# `qdiff batch` throughput and peak memory over the Spider dev gold/prediction pairs (no database, no
# judge): 1 thread and all cores, on the input once (1x) and ten times over (10x). The records go to
# /dev/null; /usr/bin/time -v gives the wall time and the peak resident set. Memory must stay flat
# from 1x to 10x (a bounded window of cases in flight). Prints one JSON line per run, then ratios.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${QDIFF_CORPUS_DIR:-$root/../shared/corpus}
spider="$corpus/sql/spider"
# QDIFF_BENCH_NO_BUILD=1 measures the existing build/release/qdiff as it is.
if [ -z "${QDIFF_BENCH_NO_BUILD:-}" ]; then
  "$root/scripts/setup.sh"
  "$root/scripts/build.sh" release
fi
qdiff="$root/build/release/qdiff"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

/usr/bin/python3 "$root/bench/spider_cases.py" "$spider" "$spider/pred.sql" > "$work/cases_1x.jsonl"
# 10x: the same cases again under other ids (batch scoring does not cache across cases).
for copy in $(seq 0 9); do sed -E "s/^\{\"id\": \"/{\"id\": \"$copy-/" "$work/cases_1x.jsonl"; done > "$work/cases_10x.jsonl"

cores=$(nproc)
results="$work/results.jsonl"
for size in 1x 10x; do
  cases=$(grep -c . "$work/cases_$size.jsonl")
  for threads in 1 "$cores"; do
    code=0
    /usr/bin/time -v -o "$work/time.txt" "$qdiff" batch "$work/cases_$size.jsonl" --threads "$threads" \
      > "$work/records.jsonl" 2> "$work/stderr.txt" || code=$?
    [ "$code" -le 1 ] || { cat "$work/stderr.txt" >&2; exit 1; }
    records=$(grep -c . "$work/records.jsonl")
    [ "$records" -eq "$cases" ] || { echo "lost records: $records of $cases" >&2; exit 1; }
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$work/time.txt")
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
    # CPU seconds too: on a loaded machine the wall time mostly measures waiting for a core.
    cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$work/time.txt")
    echo "{\"input\": \"$size\", \"cases\": $cases, \"threads\": $threads, \"seconds\": $wall, \"cpu_seconds\": $cpu, \"cases_per_second\": $(awk "BEGIN {printf \"%.0f\", $cases / $wall}"), \"cases_per_cpu_second\": $(awk "BEGIN {printf \"%.0f\", $cases / $cpu}"), \"peak_rss_kb\": $rss}" | tee -a "$results"
  done
  grep -m1 "cases," "$work/stderr.txt" >&2
done
/usr/bin/python3 - "$results" "$cores" <<'PY'
import json, sys
runs = {(r["input"], r["threads"]): r for r in map(json.loads, open(sys.argv[1]))}
cores = int(sys.argv[2])
for size in ("1x", "10x"):
    one, all_ = runs[(size, 1)], runs[(size, cores)]
    print(f"{size}: {one['cases_per_second']} cases/s on 1 thread, {all_['cases_per_second']} on {cores}: "
          f"{all_['cases_per_second'] / one['cases_per_second']:.2f}x")
for threads in sorted({1, cores}):
    small, big = runs[("1x", threads)], runs[("10x", threads)]
    print(f"{threads} thread(s): peak RSS {small['peak_rss_kb']} kB at 1x, {big['peak_rss_kb']} kB at 10x: "
          f"{big['peak_rss_kb'] / small['peak_rss_kb']:.2f}x for 10x the input")
PY
