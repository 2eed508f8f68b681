"""qdiff.score_cases: the records of `qdiff batch`, streamed in input order."""

import itertools
import json
import os

import pytest

import qdiff
from conftest import SOURCE_DIR, comparable, write_jsonl

BATCH_DIR = os.path.join(SOURCE_DIR, "corpus", "batch")
SEED_JUDGE = "cmd:" + os.path.join(SOURCE_DIR, "tests", "data", "batch", "seed000_judge.sh")


def test_records_equal_the_cli_on_a_database(cli_batch, restaurants_db):
    cases_file = os.path.join(BATCH_DIR, "restaurants_cases.jsonl")
    with open(cases_file, encoding="utf-8") as f:
        records = list(qdiff.score_cases(f, db=restaurants_db, threads=2, base_dir=BATCH_DIR))
    expected = cli_batch(cases_file, "--db", restaurants_db, "--threads", "2")
    assert [comparable(r) for r in records] == [comparable(r) for r in expected]
    assert len(records) == 13
    assert any(r["results_match"] is not None for r in records)


def test_judge_result_files_and_judge_cache(cli_batch, tmp_path):
    cases_file = os.path.join(BATCH_DIR, "seed000", "cases.jsonl")
    with open(cases_file, encoding="utf-8") as f:
        cases = [json.loads(line) for line in f]
    cache = tmp_path / "judge-cache"
    options = dict(judge=SEED_JUDGE, judge_cache=cache, base_dir=os.path.dirname(cases_file))
    first = list(qdiff.score_cases(cases, **options))
    assert [r["query_similarity"] for r in first] == [1.0, 0.95, 0.6]
    assert [r["stages"]["judge"]["details"]["cached"] for r in first] == [False, False, False]
    again = list(qdiff.score_cases(cases, **options))
    assert [r["stages"]["judge"]["details"]["cached"] for r in again] == [True, True, True]
    cli_records = cli_batch(cases_file, "--judge", SEED_JUDGE, "--judge-cache", str(cache))
    assert [comparable(r) for r in again] == [comparable(r) for r in cli_records]


def test_bad_cases_become_error_records_and_none_is_lost():
    cases = [{"id": "good", "expected": "SELECT a FROM t", "generated": "SELECT a FROM t"},
             {"id": "no-generated", "expected": "SELECT a FROM t"},
             "this line is not JSON",
             "   ",  # a blank line: skipped, as in a JSONL file, but it keeps its line number
             {"expected": "SELECT a FROM t", "generated": "SELECT a FORM t", "lang": "sql"},
             {"id": "bad-lang", "expected": "x", "generated": "y", "lang": "cobol"}]
    records = list(qdiff.score_cases(cases, threads=2))
    assert [r["id"] for r in records] == ["good", "no-generated", "line 3", "line 5", "bad-lang"]
    assert [r["line"] for r in records] == [1, 2, 3, 5, 6]
    assert [r["status"] for r in records] == ["ok", "error", "error", "ok", "error"]
    assert records[0]["pass"] is True
    assert "missing string field \"generated\"" in records[1]["error"]
    assert records[3]["pass"] is False and records[3]["diagnostics"]["generated"][0]["code"] == "unexpected-token"
    assert "unknown lang 'cobol'" in records[4]["error"]


def test_streaming_keeps_order_and_starts_before_the_input_ends():
    consumed = []

    def endless():
        for i in itertools.count():
            consumed.append(i)
            yield {"id": i, "expected": "SELECT a FROM t WHERE b = %d" % i, "generated": "SELECT a FROM t WHERE b = %d" % (i % 7)}

    stream = qdiff.score_cases(endless(), threads=2)
    first = list(itertools.islice(stream, 200))
    stream.close()
    assert [r["id"] for r in first] == [str(i) for i in range(200)]
    assert [r["structural"]["score"] == 1.0 for r in first[:8]] == [True] * 7 + [False]
    # Flat memory: only a window of cases beyond the records handed out was read.
    assert len(consumed) < 200 + 3 * 2 * 32 + 10


def test_options_are_checked_at_once():
    with pytest.raises(ValueError, match="db must be"):
        qdiff.score_cases([], db="mysql://x")
    with pytest.raises(ValueError):
        qdiff.score_cases([], profile="no-such-profile")
    with pytest.raises(ValueError, match="blend"):
        qdiff.score_cases([], blend=1.5)
    with pytest.raises(ValueError, match="results_mode"):
        qdiff.score_cases([], results_mode="median")
    assert list(qdiff.score_cases([])) == []


def test_an_error_of_the_input_iterator_reaches_the_caller_after_the_records_before_it():
    def failing():
        for i in range(5):
            yield {"id": i, "expected": "SELECT 1", "generated": "SELECT 1"}
        raise RuntimeError("the source broke")

    got = []
    with pytest.raises(RuntimeError, match="the source broke"):
        for record in qdiff.score_cases(failing(), threads=2):
            got.append(record["id"])
    assert got == ["0", "1", "2", "3", "4"]


def test_profile_and_start(cli_batch, tmp_path):
    cases = [{"expected": "SELECT a, b FROM t", "generated": "SELECT a FROM t"}]
    [record] = qdiff.score_cases(cases, profile="hybrid", start=41)
    assert record["id"] == "line 41" and record["line"] == 41
    assert record["structural"]["profile"] == "hybrid"
    [cli_record] = cli_batch(write_jsonl(tmp_path / "one.jsonl", cases), "--profile", "hybrid")
    record.update(line=1, id="line 1")
    assert comparable(record) == comparable(cli_record)


def test_options_shared_with_qdiff_batch():
    # Drift fixed: score_cases lacked --normalize-off and --positional-columns.
    case = {"id": "1", "lang": "sql", "expected": "SELECT a FROM t WHERE b > 1", "generated": "SELECT a FROM t WHERE 1 < b"}
    [on] = list(qdiff.score_cases([case], threads=1))
    [off] = list(qdiff.score_cases([case], threads=1, normalize_off=["comparison-orientation"]))
    assert on["structural"]["score"] == 1.0 and off["structural"]["score"] < 1.0
    assert list(qdiff.score_cases([case], threads=1, positional_columns=True))[0]["verdict"] == "equivalent"
    with pytest.raises(ValueError, match="normalize_off"):
        qdiff.score_cases([], normalize_off=["bogus"])
