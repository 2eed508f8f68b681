# Sourced by the batch benchmarks (synth_bench.sh, kql_synth_bench.sh): `measure LABEL [ARGS...]` runs
# `$qdiff batch $work/cases.jsonl --threads 1 ARGS...` (expects $qdiff, $work, $cases), checks that no record
# is lost, and prints one JSON line (cases per CPU second, peak RSS), also appended to $work/runs.jsonl.
measure() {  # label, extra batch arguments...
  local label=$1; shift
  code=0
  /usr/bin/time -v -o "$work/time.txt" "$qdiff" batch "$work/cases.jsonl" --threads 1 "$@" > "$work/records.jsonl" 2> "$work/stderr.txt" || code=$?
  [ "$code" -le 1 ] || { cat "$work/stderr.txt" >&2; exit 1; }
  [ "$(grep -c . "$work/records.jsonl")" -eq "$cases" ] || { echo "lost records" >&2; exit 1; }
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$work/time.txt")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
  echo "{\"run\": \"$label\", \"cases\": $cases, \"cpu_seconds\": $cpu, \"cases_per_cpu_second\": $(awk "BEGIN {printf \"%.1f\", $cases / $cpu}"), \"peak_rss_kb\": $rss}" | tee -a "$work/runs.jsonl"
}
