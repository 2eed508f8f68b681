"""qdiff.dask on a LocalCluster of two worker processes: the records of `qdiff batch`, in input order;
databases and the judge cache used from the workers; a worker killed mid-run loses no record."""

import json
import logging
import os
import signal
import time

import pytest

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")
import dask.bag as db  # noqa: E402
import dask.dataframe as dd  # noqa: E402
import pandas as pd  # noqa: E402

import qdiff  # noqa: E402
import qdiff.dask  # noqa: E402
import qdiff.pandas  # noqa: E402
from conftest import SOURCE_DIR, comparable, spider_cases, write_jsonl  # noqa: E402

BATCH_DIR = os.path.join(SOURCE_DIR, "corpus", "batch")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=logging.ERROR)
    with cluster, distributed.Client(cluster) as client:
        yield client


def synthetic_cases(n):
    return [{"id": "c%d" % i, "lang": "sql", "expected": "SELECT a, b FROM t%d WHERE c > %d" % (i % 9, i),
             "generated": "SELECT a FROM t%d WHERE c >= %d" % (i % 9, i - i % 3)} for i in range(n)]


def test_spider_pairs_equal_the_cli_records(client, cli_batch, spider_dir, tmp_path):
    cases = spider_cases(spider_dir)
    records = qdiff.dask.score_bag(db.from_sequence(cases, npartitions=8)).compute()
    expected = cli_batch(write_jsonl(tmp_path / "spider.jsonl", cases), "--threads", "2")
    assert len(records) == len(cases) == len(expected)
    assert [comparable(r) for r in records] == [comparable(r) for r in expected]


def test_jsonl_lines_keep_their_line_numbers_across_partitions(client, cli_batch, tmp_path):
    path = write_jsonl(tmp_path / "cases.jsonl", synthetic_cases(50))
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    records = qdiff.dask.score_bag(db.from_sequence(lines, npartitions=4)).compute()
    assert [r["line"] for r in records] == list(range(1, 51))
    assert [comparable(r) for r in records] == [comparable(r) for r in cli_batch(path)]


def test_databases_and_the_judge_cache_are_used_from_the_workers(client, cli_batch, restaurants_db, tmp_path):
    restaurants = os.path.join(BATCH_DIR, "restaurants_cases.jsonl")
    with open(restaurants, encoding="utf-8") as f:
        cases = f.readlines()
    records = qdiff.dask.score_bag(db.from_sequence(cases, npartitions=3), db=restaurants_db, base_dir=BATCH_DIR).compute()
    assert [comparable(r) for r in records] == [comparable(r) for r in cli_batch(restaurants, "--db", restaurants_db)]
    assert sum(r["stages"]["results"]["status"] == "ok" for r in records) >= 8

    seed = os.path.join(BATCH_DIR, "seed000", "cases.jsonl")
    with open(seed, encoding="utf-8") as f:
        cases = f.readlines()
    judge = "cmd:" + os.path.join(SOURCE_DIR, "tests", "data", "batch", "seed000_judge.sh")
    cache = str(tmp_path / "judge-cache")
    options = dict(judge=judge, judge_cache=cache, base_dir=os.path.dirname(seed))
    first = qdiff.dask.score_bag(db.from_sequence(cases, npartitions=3), **options).compute()
    assert [r["query_similarity"] for r in first] == [1.0, 0.95, 0.6]
    assert os.listdir(cache)
    again = qdiff.dask.score_bag(db.from_sequence(cases, npartitions=3), **options).compute()
    assert all(r["stages"]["judge"]["details"]["cached"] for r in again)
    assert [comparable(r) for r in again] == [comparable(r) for r in cli_batch(seed, "--judge", judge, "--judge-cache", cache)]


def test_dataframe_partitions(client):
    frame = pd.DataFrame(synthetic_cases(30)).drop(columns=["id"])
    scores = qdiff.dask.score_dataframe(dd.from_pandas(frame, npartitions=3)).compute()
    pd.testing.assert_frame_equal(scores, qdiff.pandas.score_frame(frame))


def test_bad_options_raise_before_computing():
    with pytest.raises(ValueError, match="results_mode"):
        qdiff.dask.score_bag(db.from_sequence([], npartitions=1), results_mode="median")


def test_a_worker_killed_mid_run_loses_no_record(client):
    cases = synthetic_cases(1200)
    future = client.compute(qdiff.dask.score_bag(db.from_sequence(cases, npartitions=24)))
    deadline = time.monotonic() + 60
    busy = []
    while not busy and time.monotonic() < deadline:
        busy = [worker for worker, keys in client.processing().items() if any("score_partition" in str(k) for k in keys)]
        time.sleep(0.01)
    assert busy, "no partition started within a minute"
    pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
    assert not future.done()
    os.kill(pid, signal.SIGKILL)
    records = future.result(timeout=300)
    assert busy[0] not in client.scheduler_info()["workers"]  # the worker did die
    assert [comparable(r) for r in records] == [comparable(r) for r in qdiff.score_cases(cases)]
