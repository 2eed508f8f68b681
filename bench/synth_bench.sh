#!/usr/bin/env bash
# `qdiff batch --db synth:8` (issue 12) throughput and peak memory on one core, over the Spider dev
# gold/prediction pairs with tables.json schemas, side by side with the same batch without a database
# (parse, diff, lint only): the ratio is what synthesizing and running 8 databases per case costs.
# Usage: bench/synth_bench.sh [N] (QDIFF_BENCH_NO_BUILD=1 measures build/release/qdiff as it is).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-8}
corpus=${QDIFF_CORPUS_DIR:-$root/../shared/corpus}
spider="$corpus/sql/spider"
if [ -z "${QDIFF_BENCH_NO_BUILD:-}" ]; then "$root/scripts/build.sh" release; fi
qdiff="$root/build/release/qdiff"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 "$root/bench/spider_cases.py" "$spider" "$spider/pred.sql" --dialect sqlite > "$work/cases.jsonl"
cases=$(grep -c . "$work/cases.jsonl")
source "$root/bench/batch_measure.sh"
measure "no database" --db none
measure "synth:$n" --db "synth:$n"
/usr/bin/python3 - "$work/runs.jsonl" <<'PY'
import json, sys
base, synth = map(json.loads, open(sys.argv[1]))
print(f"{synth['run']}: {synth['cases_per_cpu_second']} cases/s on one core ({base['cases_per_cpu_second']} without a "
      f"database: {base['cases_per_cpu_second'] / synth['cases_per_cpu_second']:.1f}x slower), peak RSS "
      f"{synth['peak_rss_kb']} kB ({synth['peak_rss_kb'] / base['peak_rss_kb']:.2f}x)")
PY
