#!/usr/bin/env bash
# `qdiff batch --db synth:8` on KQL cases (issue 30): the NL2KQL gold queries, each against itself and
# against one broken variant (bench/nl2kql_cases.py), on one core, beside the same batch without a
# database; prints cases per CPU second and the verdicts. bench/synth_bench.sh gives SQL's figure.
# Usage: bench/kql_synth_bench.sh [N] (QDIFF_BENCH_NO_BUILD=1 measures build/release/qdiff as it is).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-8}
corpus=${QDIFF_CORPUS_DIR:-$root/../shared/corpus}
if [ -z "${QDIFF_BENCH_NO_BUILD:-}" ]; then "$root/scripts/build.sh" release; fi
qdiff="$root/build/release/qdiff"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 "$root/bench/nl2kql_cases.py" "$corpus/kql/nl2kql" > "$work/cases.jsonl"
cases=$(grep -c . "$work/cases.jsonl")
source "$root/bench/batch_measure.sh"
measure "no database" --db none
measure "synth:$n" --db "synth:$n"
/usr/bin/python3 - "$work/records.jsonl" <<'PY'
import collections, json, sys
verdicts = collections.Counter()
for line in open(sys.argv[1]):
    record = json.loads(line)
    results = record["stages"].get("results", {})
    pair = "gold-vs-gold" if record["id"].endswith("-same") else "gold-vs-broken"
    verdicts[pair, results.get("details", {}).get("synth_verdict", results.get("status"))] += 1
for (pair, verdict), count in sorted(verdicts.items()):
    print(f"{pair}: {verdict} {count}")
PY
