#!/usr/bin/env bash
# SQL parse throughput, qdiff beside sqlglot and libpg_query, in one run on the same queries
# (Spider and BIRD dev gold). The three run in turn ROUNDS times (default 5), so that a busy machine
# slows them alike; prints each round's JSON lines, then per peer the median of the rounds' ratios
# (and their range). Instructions per query, which do not move with the load: bench/sql_callgrind.sh.
# QDIFF_SQL_BENCH: another build's sql_parse_bench (to measure a before and an after in one sitting).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${QDIFF_CORPUS_DIR:-$root/../shared/corpus}
files=("$corpus/sql/spider/gold.tsv" "$corpus/sql/bird/gold.tsv")
rounds=${ROUNDS:-5}
"$root/scripts/setup.sh"
dpkg-query -W python3-sqlglot libpg-query-dev >/dev/null 2>&1 || {
  echo "installing the peers (python3-sqlglot, libpg-query-dev)" >&2
  apt-get install -y -qq python3-sqlglot libpg-query-dev >&2
  rm -f "$root/build/release/CMakeCache.txt"
}
bin="$root/build/release/bench"
"$root/scripts/build.sh" release sql_parse_bench
[ -x "$bin/pg_query_peer" ] || "$root/scripts/build.sh" release pg_query_peer || true
ours=${QDIFF_SQL_BENCH:-$bin/sql_parse_bench}
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for round in $(seq "$rounds"); do
  "$ours" "${files[@]}" | sed "s/^{/{\"round\": $round, /" | tee -a "$results"
  [ -x "$bin/pg_query_peer" ] && "$bin/pg_query_peer" "${files[@]}" | sed "s/^{/{\"round\": $round, /" | tee -a "$results"
  /usr/bin/python3 "$root/bench/peers/sqlglot_peer.py" "${files[@]}" | sed "s/^{/{\"round\": $round, /" | tee -a "$results"
done
/usr/bin/python3 - "$results" <<'PY'
import json, statistics, sys
rounds = {}
for r in map(json.loads, open(sys.argv[1])):
    rounds.setdefault(r["round"], {})[r["tool"].split()[0]] = r
peers = sorted({name for tools in rounds.values() for name in tools} - {"qdiff"})
for name in peers:
    for kind in ("warm", "cold"):
        ratios = sorted(t[name][f"{kind}_us"] / t["qdiff"][f"{kind}_us"] for t in rounds.values() if name in t)
        times = (statistics.median(t["qdiff"][f"{kind}_us"] for t in rounds.values()),
                 statistics.median(t[name][f"{kind}_us"] for t in rounds.values() if name in t))
        print(f"{kind} per query (median of {len(ratios)} rounds): qdiff {times[0]:.1f} us, {name} {times[1]:.1f} us: "
              f"qdiff is {statistics.median(ratios):.2f}x {name}'s throughput, takes {1 / statistics.median(ratios):.2f}x its time "
              f"(rounds {ratios[0]:.2f}-{ratios[-1]:.2f})")
PY
