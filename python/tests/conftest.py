"""Shared fixtures: the qdiff command-line tool the results are compared with, and the corpora.

ctest sets QDIFF_CLI, QDIFF_CORPUS_DIR and QDIFF_SOURCE_DIR (python/CMakeLists.txt); run by hand,
set them the same way, and PYTHONPATH to <build>/python."""

import json
import os
import subprocess

import pytest

SOURCE_DIR = os.environ.get("QDIFF_SOURCE_DIR", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))


def corpus_path(*parts):
    return os.path.join(os.environ.get("QDIFF_CORPUS_DIR", os.path.join(SOURCE_DIR, "..", "shared", "corpus")), *parts)


def require_corpus(*parts):
    """The corpus file or folder at PARTS; when it is absent, skips the test, or fails it when
    QDIFF_REQUIRE_CORPUS is set (scripts/test.sh, CI), as the C++ tests do (tests/support/corpus.hpp)."""
    path = corpus_path(*parts)
    if not os.path.exists(path):
        if os.environ.get("QDIFF_REQUIRE_CORPUS", "") not in ("", "0"):
            pytest.fail(f"corpus not found at {path} and QDIFF_REQUIRE_CORPUS is set")
        pytest.skip(f"corpus not found at {path}")
    return path


def plain_env():
    """The environment for programs that are not this Python: without the ASan runtime the ASan build
    preloads for the extension (python/CMakeLists.txt); an ASan-built qdiff links its own."""
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    return env


@pytest.fixture(scope="session")
def cli():
    """Runs `qdiff ARGS...` and returns its standard output."""
    path = os.environ.get("QDIFF_CLI")
    if not path or not os.path.exists(path):
        pytest.skip("QDIFF_CLI does not name the qdiff executable (ctest sets it)")

    def run(*args, stdin=None, expect_codes=(0,)):
        done = subprocess.run([path, *args], input=stdin, capture_output=True, text=True, env=plain_env())
        assert done.returncode in expect_codes, done.stderr
        return done.stdout

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    return lambda *args, **kw: json.loads(cli(*args, **kw))


@pytest.fixture(scope="session")
def example():
    """The text of a file of the shipped corpus (corpus/...)."""

    def read(*parts):
        with open(os.path.join(SOURCE_DIR, "corpus", *parts), encoding="utf-8") as f:
            return f.read()

    return read


@pytest.fixture(scope="session")
def spider_dir():
    path = corpus_path("sql", "spider")
    if not os.path.exists(os.path.join(path, "gold.tsv")):
        pytest.skip("the Spider corpus is absent (%s): the Spider tests are skipped" % path)
    return path


def comparable(record):
    """A record without what differs from run to run: the timings."""
    record = json.loads(json.dumps(record))
    record.pop("timings", None)
    for stage in (record.get("stages") or {}).values():
        stage.pop("seconds", None)
        (stage.get("details") or {}).pop("generated_seconds", None)
    return record


@pytest.fixture(scope="session")
def cli_batch(cli):
    """`qdiff batch ARGS...`: its records, in output order."""

    def run(*args):
        out = cli("batch", *args, expect_codes=(0, 1))
        return [json.loads(line) for line in out.splitlines() if line.strip()]

    return run


@pytest.fixture(scope="session")
def restaurants_db(tmp_path_factory):
    """corpus/batch's SQLite database, built from its SQL as scripts/run.sh does."""
    import sqlite3

    path = tmp_path_factory.mktemp("restaurants") / "restaurants.sqlite"
    with open(os.path.join(SOURCE_DIR, "corpus", "batch", "restaurants.sql"), encoding="utf-8") as f:
        script = f.read()
    with sqlite3.connect(path) as db:
        db.executescript(script)
    return "sqlite:%s" % path


def spider_cases(spider_dir, limit=None):
    """The Spider dev pairs as `qdiff batch` cases, as bench/batch_bench.sh builds them."""
    tables = os.path.join(spider_dir, "tables.json")
    cases = []
    with open(os.path.join(spider_dir, "gold.tsv"), encoding="utf-8") as gold, \
            open(os.path.join(spider_dir, "pred.sql"), encoding="utf-8") as pred:
        for i, (gold_line, pred_line) in enumerate(zip(gold, pred), 1):
            query, db_id = (gold_line.rstrip("\n").split("\t") + [""])[:2]
            cases.append({"id": str(i), "lang": "sql", "expected": query, "generated": pred_line.rstrip("\n"),
                          "schema": tables + "#" + db_id})
            if limit and len(cases) == limit:
                break
    return cases


def write_jsonl(path, cases):
    with open(path, "w", encoding="utf-8") as f:
        for case in cases:
            f.write(json.dumps(case) + "\n")
    return str(path)
