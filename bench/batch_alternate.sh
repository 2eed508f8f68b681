#!/usr/bin/env bash
# Cases per CPU second of two `qdiff` builds on the same cases, run alternately (A B A B ...) so that
# the machine's noise falls on both alike; prints each run and the median ratio B / A. One thread,
# --db none unless other batch arguments are given.
# Usage: bench/batch_alternate.sh QDIFF_A QDIFF_B CASES.jsonl [ROUNDS (5)] [BATCH ARGS... (--db none)]
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 QDIFF_A QDIFF_B CASES.jsonl [ROUNDS] [BATCH ARGS...]" >&2; exit 2; }
a=$1 b=$2 cases_file=$3 rounds=${4:-5}
shift $(($# >= 4 ? 4 : 3))
args=("$@"); [ ${#args[@]} -gt 0 ] || args=(--db none)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cases=$(grep -c . "$cases_file")
run() {  # binary → cases per CPU second
  code=0
  /usr/bin/time -f "%U %S" -o "$work/time.txt" "$1" batch "$cases_file" --threads 1 "${args[@]}" \
    > "$work/records.jsonl" 2> "$work/stderr.txt" || code=$?
  [ "$code" -le 1 ] || { cat "$work/stderr.txt" >&2; exit 1; }
  [ "$(grep -c . "$work/records.jsonl")" -eq "$cases" ] || { echo "lost records" >&2; exit 1; }
  # the last line: time puts "Command exited with non-zero status 1" first when a case fails
  tail -n 1 "$work/time.txt" | awk -v n="$cases" '{printf "%.1f\n", n / ($1 + $2)}'
}
ratios=()
for ((i = 1; i <= rounds; ++i)); do
  ra=$(run "$a"); rb=$(run "$b")
  ratio=$(awk -v x="$ra" -v y="$rb" 'BEGIN {printf "%.3f", y / x}')
  ratios+=("$ratio")
  echo "{\"round\": $i, \"a_cases_per_cpu_second\": $ra, \"b_cases_per_cpu_second\": $rb, \"ratio\": $ratio}"
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}')
echo "{\"cases\": $cases, \"rounds\": $rounds, \"median_ratio_b_over_a\": $median}"
