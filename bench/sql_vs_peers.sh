#!/usr/bin/env bash
# SQL parse throughput, qdiff beside sqlglot and libpg_query, in one run on the same queries
# (Spider and BIRD dev gold). Prints one JSON line per tool, then the ratios.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${QDIFF_CORPUS_DIR:-$root/../shared/corpus}
files=("$corpus/sql/spider/gold.tsv" "$corpus/sql/bird/gold.tsv")
"$root/scripts/setup.sh"
dpkg-query -W python3-sqlglot libpg-query-dev >/dev/null 2>&1 || {
  echo "installing the peers (python3-sqlglot, libpg-query-dev)" >&2
  apt-get install -y -qq python3-sqlglot libpg-query-dev >&2
  rm -f "$root/build/release/CMakeCache.txt"
}
"$root/scripts/build.sh" release
bin="$root/build/release/bench"
results=$(mktemp)
"$bin/sql_parse_bench" "${files[@]}" | tee -a "$results"
[ -x "$bin/pg_query_peer" ] && "$bin/pg_query_peer" "${files[@]}" | tee -a "$results"
/usr/bin/python3 "$root/bench/peers/sqlglot_peer.py" "${files[@]}" | tee -a "$results"
/usr/bin/python3 - "$results" <<'PY'
import json, sys
rows = {r["tool"].split()[0]: r for r in map(json.loads, open(sys.argv[1]))}
ours = rows["qdiff"]
for name, peer in rows.items():
    if name == "qdiff":
        continue
    print(f"warm per query: qdiff {ours['warm_us']:.1f} us, {name} {peer['warm_us']:.1f} us: "
          f"qdiff is {peer['warm_us'] / ours['warm_us']:.2f}x {name}'s throughput "
          f"(cold: {peer['cold_us'] / ours['cold_us']:.2f}x)")
PY
rm -f "$results"
