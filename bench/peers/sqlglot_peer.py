"""sqlglot (Debian's python3-sqlglot) on the same query files, timed as bench_support.cpp times ours."""
import json
import sys
import time

import sqlglot

from peer_args import parse_args


def read_queries(files):
    queries = []
    for name in files:
        with open(name, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n").split("\t")[0]
                if line:
                    queries.append(line)
    return queries


def one_pass(queries, dialect):
    rejected = 0
    start = time.perf_counter()
    for q in queries:
        try:
            sqlglot.parse(q, read=dialect)
        except Exception:
            rejected += 1
    return (time.perf_counter() - start) * 1e6 / len(queries), rejected


def main():
    passes, dialect, files = parse_args(sys.argv[1:], passes=3)
    queries = read_queries(files)
    cold, rejected = one_pass(queries, dialect)
    warm = min(one_pass(queries, dialect)[0] for _ in range(passes))
    print(json.dumps({"tool": "sqlglot " + sqlglot.__version__, "queries": len(queries), "rejected": rejected,
                      "cold_us": round(cold, 2), "warm_us": round(warm, 2), "queries_per_s": round(1e6 / warm)}))


if __name__ == "__main__":
    main()
