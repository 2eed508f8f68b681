#!/usr/bin/env bash
# Execution labels from synthesized databases (`qdiff batch --db synth:N`, issue 12) for the Spider dev
# predictions (pred.sql and pred-dailsql-gpt4.sql against gold.tsv, schemas from tables.json): one JSON
# line per pair, {"source", "line", "db_id", "expected", "generated", "verdict", "reason",
# "edge_cases_only"}, verdict equal | different | undecided | error; edge_cases_only is true for a
# "different" found only on the edge-case databases (NULLs, duplicates, ties, empty tables). Usage: bench/synth_labels.sh OUT.jsonl [N] [SEED]
# (QDIFF_BENCH_NO_BUILD=1 uses build/release/qdiff as it is). Prints the counts per source.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: synth_labels.sh OUT.jsonl [N] [SEED]}
n=${2:-8}
seed=${3:-1}
corpus=${QDIFF_CORPUS_DIR:-$root/../shared/corpus}
spider="$corpus/sql/spider"
if [ -z "${QDIFF_BENCH_NO_BUILD:-}" ]; then "$root/scripts/build.sh" release; fi
qdiff="$root/build/release/qdiff"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: > "$out"
for source in pred dailsql; do
  preds="$spider/pred.sql"; [ "$source" = dailsql ] && preds="$spider/pred-dailsql-gpt4.sql"
  /usr/bin/python3 "$root/bench/spider_cases.py" "$spider" "$preds" --dialect sqlite > "$work/cases.jsonl"
  code=0
  "$qdiff" batch "$work/cases.jsonl" --db "synth:$n:$seed" --threads "${QDIFF_THREADS:-$(nproc)}" > "$work/records.jsonl" || code=$?
  [ "$code" -le 1 ] || exit 1
  /usr/bin/python3 - "$source" "$work/cases.jsonl" "$work/records.jsonl" >> "$out" <<'PY'
import json, sys
source = sys.argv[1]
cases = {c["id"]: c for c in map(json.loads, open(sys.argv[2]))}
for record in map(json.loads, open(sys.argv[3])):
    case = cases[record["id"]]
    line, db_id = record["id"], case["schema"].rsplit("#", 1)[1]
    results = (record.get("stages") or {}).get("results", {})
    details = results.get("details", {})
    verdict = details.get("synth_verdict") or "error"
    reason = results.get("reason") or "; ".join(record.get("reasons", []))
    print(json.dumps({"source": source, "line": int(line), "db_id": db_id, "expected": case["expected"],
                      "generated": case["generated"], "verdict": verdict, "reason": reason,
                      "edge_cases_only": bool(details.get("synth_edge_cases_only", False))}))
PY
done
/usr/bin/python3 - "$out" <<'PY'
import collections, json, sys
counts = collections.defaultdict(collections.Counter)
for label in map(json.loads, open(sys.argv[1])):
    counts[label["source"]][label["verdict"]] += 1
    counts[label["source"]]["edge"] += label["edge_cases_only"]
for source, c in counts.items():
    total = sum(c[v] for v in ("equal", "different", "undecided", "error"))
    print(source, total, " ".join(f"{v}={c[v]} ({100 * c[v] / total:.1f}%)" for v in ("equal", "different", "undecided", "error")),
          f"(different on edge cases only: {c['edge']})")
PY
