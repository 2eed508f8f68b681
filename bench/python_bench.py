"""The Python module against the C++ it wraps, on the Spider dev (gold, prediction) pairs:

1. per pair: qdiff.diff() from Python (parse both, diff, the result as a dict) against the same
   parse + diff in C++ (bench/diff_bench on one thread): the overhead of the Python call; with
   explain=True against C++ that also renders the JSON explanation (diff_bench --explain);
2. Python threads: qdiff.diff() from 1 and 2 threads (the GIL is released while C++ works);
3. Dask: qdiff.dask.score_bag on a LocalCluster of 2 worker processes (1 thread each) against
   `qdiff batch --threads 2` on the same cases: throughput of both, and whether the records are the
   same (less their timings).

    python_bench.py BUILD_DIR SPIDER_DIR    (bench/python_bench.sh builds and runs it)
Prints one JSON line per measurement, then the ratios. The machine may be busy: compare the ratios
of one run (CPU time is the steadier measure when other jobs compete for the cores)."""

import json
import logging
import os
import subprocess
import sys
import tempfile
import time
import threading

PASSES = 3


def emit(row):
    print(json.dumps(row), flush=True)
    return row


def timed_passes(run, count):
    """Warm wall and CPU microseconds per item (the best of PASSES, after a cold pass)."""
    run()
    wall, cpu = float("inf"), float("inf")
    for _ in range(PASSES):
        w, c = time.perf_counter(), time.process_time()
        run()
        wall, cpu = min(wall, time.perf_counter() - w), min(cpu, time.process_time() - c)
    return round(1e6 * wall / count, 2), round(1e6 * cpu / count, 2)


def main(build_dir, spider_dir):
    sys.path.insert(0, os.path.join(build_dir, "python"))
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python", "tests"))
    import dask.bag as db
    import distributed

    import qdiff
    import qdiff.dask
    from conftest import comparable, spider_cases, write_jsonl

    gold_file, pred_file = os.path.join(spider_dir, "gold.tsv"), os.path.join(spider_dir, "pred.sql")
    with open(gold_file, encoding="utf-8") as g, open(pred_file, encoding="utf-8") as p:
        pairs = [(gl.rstrip("\n").split("\t")[0], pl.rstrip("\n")) for gl, pl in zip(g, p)]

    def diff_one(pair, explain=True):
        try:
            return qdiff.diff(pair[0], pair[1], lang="sql", profile="full", explain=explain)["score"]
        except qdiff.ParseError:
            return None

    # 1. the Python call against the C++ call, one thread; explain=True against C++ that also renders
    #    the JSON explanation (the dict is the same document)
    cpp = {}
    for explain in (False, True):
        args = [os.path.join(build_dir, "bench", "diff_bench"), "--threads", "1", "--passes", str(PASSES)]
        out = subprocess.run(args + (["--explain"] if explain else []) + [gold_file, pred_file], check=True,
                             capture_output=True, text=True).stdout.splitlines()[0]
        row = json.loads(out)
        cpp[explain] = emit({"run": "c++ parse+diff" + (" + JSON explanation" if explain else ""), "threads": 1,
                             "pairs": row["pairs"], "warm_us": row["warm_us"], "warm_cpu_us": row["warm_cpu_us"]})
    rows = {}
    for explain in (True, False):
        wall, cpu = timed_passes(lambda: [diff_one(p, explain) for p in pairs], len(pairs))
        rows[explain] = emit({"run": "python qdiff.diff", "explain": explain, "threads": 1, "pairs": len(pairs),
                              "warm_us": wall, "warm_cpu_us": cpu})

    # 2. Python threads, each looping over its share of the pairs (scores only: building the
    #    explanation's Python objects needs the GIL). Not an executor's map: a future per pair costs
    #    Python-side time of the order of the call itself.
    def on_threads(count):
        shares = [pairs[i::count] for i in range(count)]
        workers = [threading.Thread(target=lambda share=share: [diff_one(p, False) for p in share]) for share in shares]
        for w in workers:
            w.start()
        for w in workers:
            w.join()

    wall2, cpu2 = timed_passes(lambda: on_threads(2), len(pairs))
    two = emit({"run": "python qdiff.diff", "explain": False, "threads": 2, "pairs": len(pairs), "warm_us": wall2,
                "warm_cpu_us": cpu2})

    # 3. Dask LocalCluster (2 worker processes) against qdiff batch --threads 2
    cases = spider_cases(spider_dir)
    cases_file = write_jsonl(os.path.join(tempfile.mkdtemp(), "cases.jsonl"), cases)
    seconds = float("inf")  # the best of PASSES runs, as for Dask below
    for _ in range(PASSES):
        start = time.perf_counter()
        done = subprocess.run([os.path.join(build_dir, "qdiff"), "batch", cases_file, "--threads", "2"],
                              capture_output=True, text=True)
        seconds = min(seconds, time.perf_counter() - start)
    cli_records = [json.loads(line) for line in done.stdout.splitlines()]
    batch = emit({"run": "qdiff batch", "threads": 2, "cases": len(cli_records), "seconds": round(seconds, 3),
                  "cases_per_s": round(len(cli_records) / seconds)})

    seconds = float("inf")
    for _ in range(PASSES):
        start = time.perf_counter()
        in_process = list(qdiff.score_cases(cases, threads=2))
        seconds = min(seconds, time.perf_counter() - start)
    local = emit({"run": "python qdiff.score_cases", "threads": 2, "cases": len(in_process),
                  "seconds": round(seconds, 3), "cases_per_s": round(len(in_process) / seconds)})

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster, distributed.Client(cluster):
        bag = db.from_sequence(cases, npartitions=8)
        qdiff.dask.score_bag(db.from_sequence(cases[:20], npartitions=2)).compute()  # the workers import qdiff
        best = float("inf")
        for _ in range(PASSES):
            start = time.perf_counter()
            dask_records = qdiff.dask.score_bag(bag).compute()
            best = min(best, time.perf_counter() - start)
    same = [comparable(r) for r in dask_records] == [comparable(r) for r in cli_records]
    same_local = [comparable(r) for r in in_process] == [comparable(r) for r in cli_records]
    dask_row = emit({"run": "dask LocalCluster", "workers": 2, "threads_per_worker": 1, "partitions": 8,
                     "cases": len(dask_records), "seconds": round(best, 3),
                     "cases_per_s": round(len(dask_records) / best), "records_equal_cli": same,
                     "score_cases_records_equal_cli": same_local})

    for explain, row in rows.items():
        base = cpp[explain]
        print(f"Python call overhead per pair, explain={explain} (qdiff.diff against {base['run']}, one thread): "
              f"CPU {row['warm_cpu_us'] / base['warm_cpu_us'] - 1:+.1%} ({row['warm_cpu_us']:.1f} us against "
              f"{base['warm_cpu_us']:.1f} us), wall {row['warm_us'] / base['warm_us'] - 1:+.1%}")
    print(f"qdiff.diff(explain=False) on 2 Python threads: {rows[False]['warm_us'] / two['warm_us']:.2f}x the pairs/s "
          "of one thread")
    print(f"Dask LocalCluster (2 workers): {dask_row['cases_per_s']} cases/s, qdiff batch --threads 2: "
          f"{batch['cases_per_s']} cases/s ({dask_row['cases_per_s'] / batch['cases_per_s']:.2f}x); "
          f"qdiff.score_cases(threads=2): {local['cases_per_s']} cases/s; records identical to the CLI's: "
          f"dask {same}, score_cases {same_local}")
    return 0 if same and same_local else 1


if __name__ == "__main__":  # the Dask workers are new processes that import this file
    sys.exit(main(sys.argv[1], sys.argv[2]))
