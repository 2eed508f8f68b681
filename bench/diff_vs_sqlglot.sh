#!/usr/bin/env bash
# Parse + normalize + diff of the Spider (gold, prediction) pairs: qdiff on one thread and on all
# cores, beside sqlglot.diff.diff (parse + diff) on the same pairs, in one run. Prints one JSON line
# per run, then the ratios (the machine may be busy: compare the ratios of one run, not absolute times;
# the CPU-time ratio is the steadier one when other jobs compete for the cores).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${QDIFF_CORPUS_DIR:-$root/../shared/corpus}
files=("$corpus/sql/spider/gold.tsv" "$corpus/sql/spider/pred.sql")
"$root/scripts/setup.sh"
dpkg-query -W python3-sqlglot >/dev/null 2>&1 || {
  echo "installing the peer (python3-sqlglot)" >&2
  apt-get install -y -qq python3-sqlglot >&2
}
"$root/scripts/build.sh" release
results=$(mktemp)
"$root/build/release/bench/diff_bench" "$@" "${files[@]}" | tee -a "$results"
/usr/bin/python3 "$root/bench/peers/sqlglot_diff_peer.py" "${files[@]}" | tee -a "$results"
/usr/bin/python3 - "$results" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
peer = next(r for r in rows if r["tool"].startswith("sqlglot"))
ours = [r for r in rows if r["tool"] == "qdiff"]
single = next(r for r in ours if r["threads"] == 1)
for r in ours:
    print(f"qdiff on {r['threads']} thread(s): {r['pairs_per_s']} pairs/s warm, "
          f"{peer['warm_us'] / r['warm_us']:.1f}x sqlglot's {peer['pairs_per_s']} pairs/s "
          f"(cold: {peer['cold_us'] / r['cold_us']:.1f}x); scaling {single['warm_us'] / r['warm_us']:.2f}x of one thread")
print(f"CPU time per pair, one thread: qdiff {single['warm_cpu_us']:.0f} us, sqlglot {peer['warm_cpu_us']:.0f} us: "
      f"{peer['warm_cpu_us'] / single['warm_cpu_us']:.1f}x")
PY
rm -f "$results"
