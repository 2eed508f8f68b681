"""sqlglot.diff.diff (Debian's python3-sqlglot) on the same (gold, prediction) pairs as diff_bench.cpp:
parse both with sqlglot, then diff, timed the same way (a cold pass, then the best warm pass)."""
import json
import sys
import time

import sqlglot
from sqlglot.diff import diff  # `sqlglot.diff` itself is this function, re-exported


def read_lines(name):
    with open(name, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t")[0] for line in f]


def one_pass(pairs, dialect):
    failed = 0
    start = time.perf_counter()
    for gold, pred in pairs:
        try:
            diff(sqlglot.parse_one(gold, read=dialect), sqlglot.parse_one(pred, read=dialect))
        except Exception:
            failed += 1
    return (time.perf_counter() - start) * 1e6 / len(pairs), failed


def main():
    args = sys.argv[1:]
    passes, dialect = 2, "sqlite"
    files = []
    while args:
        a = args.pop(0)
        if a == "--passes":
            passes = int(args.pop(0))
        elif a == "--dialect":
            dialect = args.pop(0)
        else:
            files.append(a)
    gold, pred = read_lines(files[0]), read_lines(files[1])
    pairs = list(zip(gold, pred))
    cold, failed = one_pass(pairs, dialect)
    warm = min(one_pass(pairs, dialect)[0] for _ in range(passes))
    print(json.dumps({"tool": "sqlglot " + sqlglot.__version__, "threads": 1, "pairs": len(pairs),
                      "unscored": failed, "cold_us": round(cold, 2), "warm_us": round(warm, 2),
                      "pairs_per_s": round(1e6 / warm)}))


if __name__ == "__main__":
    main()
