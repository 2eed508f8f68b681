#!/usr/bin/env bash
# The main job on the bundled examples: set up, build, parse every example in corpus/examples (SQL,
# KQL, Weaviate; the language is detected) and print its AST and diagnostics, score the generated
# queries of corpus/diff against the expected one, then evaluate the bundled cases of corpus/batch
# with `qdiff batch`: SQL cases executed on an SQLite database built here from corpus/batch's SQL
# (no server), and the seed-000 KQL cases with their result sets given as files; then writes the HTML
# reports of those records and of the Spider dev pairs and prints their paths at the end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh" release
qdiff="$root/build/release/qdiff"
status=0
for file in "$root"/corpus/examples/*; do
  echo "=== $(basename "$file")"
  "$qdiff" parse "$file" || status=$?
done
# Examples of broken input are expected to fail with diagnostics (exit 1).
for file in "$root"/corpus/broken/*; do
  echo "=== $(basename "$file") (broken on purpose)"
  if "$qdiff" parse "$file"; then echo "expected a syntax error in $file" >&2; status=1; fi
done
for generated in "$root"/corpus/diff/generated_*; do
  echo "=== qdiff diff expected.kql $(basename "$generated")"
  "$qdiff" diff "$root/corpus/diff/expected.kql" "$generated" || status=$?
done
# qdiff batch exits 1 when a case fails, and some bundled cases are wrong on purpose: only a usage
# error (2) or a lost record fails the job.
batch_dir="$root/build/release/batch"
mkdir -p "$batch_dir"
rm -f "$batch_dir/restaurants.sqlite"
sqlite3 "$batch_dir/restaurants.sqlite" < "$root/corpus/batch/restaurants.sql"
run_batch() {
  local cases=$1 out=$2; shift 2
  echo "=== qdiff batch $(basename "$cases") $*"
  local code=0
  rm -f "$out"
  "$qdiff" batch "$cases" -o "$out" "$@" || code=$?
  if [ "$code" -ge 2 ] || [ "$(grep -c . "$out")" -ne "$(grep -c . "$cases")" ]; then
    echo "qdiff batch $cases: exit $code, $(grep -c . "$out") records for $(grep -c . "$cases") cases" >&2
    status=1
  fi
  # One line per case, from the leading fields of its record (their order is fixed).
  sed -E 's/^\{"line":[0-9]+,"id":"([^"]*)","status":"([a-z]+)","pass":(true|false),"total":([^,]+),"query_similarity":([^,]+),"query_similarity_source":"([a-z]+)","results_match":([^,]+),.*/  \1: pass \3, total \4 (query_similarity \5 from \6, results_match \7; status \2)/' "$out"
}
run_batch "$root/corpus/batch/restaurants_cases.jsonl" "$batch_dir/restaurants_records.jsonl" \
  --db "sqlite:$batch_dir/restaurants.sqlite"
run_batch "$root/corpus/batch/seed000/cases.jsonl" "$batch_dir/seed000_records.jsonl"

# HTML reports (qdiff report): the bundled batch examples, and the 1,034 Spider dev pairs of the two
# prediction files in ../shared/corpus (side by side) when the corpus is there.
reports=()
"$qdiff" report "$batch_dir/restaurants_records.jsonl" "$batch_dir/seed000_records.jsonl" \
  -o "$batch_dir/examples_report.html" --title "qdiff batch: the bundled examples" || status=1
reports+=("$batch_dir/examples_report.html")
spider="${QDIFF_CORPUS_DIR:-$root/../shared/corpus}/sql/spider"
if [ -f "$spider/gold.tsv" ]; then
  spider_dir="$root/build/release/spider"
  mkdir -p "$spider_dir"
  records=()
  for model in pred pred-dailsql-gpt4; do
    [ -f "$spider/$model.sql" ] || continue
    echo "=== qdiff batch: Spider dev, $model.sql"
    /usr/bin/python3 "$root/bench/spider_cases.py" "$spider" "$spider/$model.sql" --dialect sqlite > "$spider_dir/$model.cases.jsonl"
    rm -f "$spider_dir/$model.jsonl"
    code=0
    "$qdiff" batch "$spider_dir/$model.cases.jsonl" -o "$spider_dir/$model.jsonl" 2> "$spider_dir/$model.summary.txt" || code=$?
    head -n 3 "$spider_dir/$model.summary.txt"
    if [ "$code" -ge 2 ] || [ "$(grep -c . "$spider_dir/$model.jsonl")" -ne "$(grep -c . "$spider_dir/$model.cases.jsonl")" ]; then
      echo "qdiff batch on Spider ($model): exit $code, records lost" >&2
      status=1
    fi
    records+=("$spider_dir/$model.jsonl")
  done
  "$qdiff" report "${records[@]}" -o "$spider_dir/spider_report.html" --title "Spider dev: 1,034 gold/prediction pairs" || status=1
  reports+=("$spider_dir/spider_report.html")
else
  echo "(no Spider corpus at $spider: its report is skipped)"
fi
echo
for report in "${reports[@]}"; do echo "report: $report"; done
exit "$status"
