"""sqlglot.diff.diff (Debian's python3-sqlglot) on the same (gold, prediction) pairs as diff_bench.cpp:
parse both with sqlglot, then diff, timed the same way (a cold pass, then the best warm pass)."""
import json
import sys
import time

import sqlglot
from sqlglot.diff import diff  # `sqlglot.diff` itself is this function, re-exported

from peer_args import parse_args


def read_lines(name):
    with open(name, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t")[0] for line in f]


def one_pass(pairs, dialect):
    failed = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for gold, pred in pairs:
        try:
            diff(sqlglot.parse_one(gold, read=dialect), sqlglot.parse_one(pred, read=dialect))
        except Exception:
            failed += 1
    wall = (time.perf_counter() - start) * 1e6 / len(pairs)
    cpu = (time.process_time() - cpu_start) * 1e6 / len(pairs)
    return wall, cpu, failed


def main():
    passes, dialect, files = parse_args(sys.argv[1:], passes=2)
    gold, pred = read_lines(files[0]), read_lines(files[1])
    pairs = list(zip(gold, pred))
    cold, _, failed = one_pass(pairs, dialect)
    warm_passes = [one_pass(pairs, dialect) for _ in range(passes)]
    warm = min(p[0] for p in warm_passes)
    warm_cpu = min(p[1] for p in warm_passes)
    print(json.dumps({"tool": "sqlglot " + sqlglot.__version__, "threads": 1, "pairs": len(pairs),
                      "unscored": failed, "cold_us": round(cold, 2), "warm_us": round(warm, 2), "warm_cpu_us": round(warm_cpu, 2),
                      "pairs_per_s": round(1e6 / warm)}))


if __name__ == "__main__":
    main()
