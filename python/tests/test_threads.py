"""The GIL is released while the C++ library works: Python threads calling qdiff run in parallel,
and their results are those of one thread. (How far they scale is measured by
bench/python_bench.py, not here.)"""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import qdiff

PAIRS = [("SELECT name, age FROM singer WHERE age > %d ORDER BY age" % i,
          "SELECT name FROM singer WHERE age >= %d ORDER BY age DESC" % (i % 5)) for i in range(60)]


def long_query(terms):
    return "SELECT " + ", ".join("c%d + %d * c%d" % (i, i, i + 1) for i in range(terms)) + " FROM t"


def calibrated_text(function, seconds=0.5):
    """A query text on which `function` alone takes at least `seconds`."""
    terms = 500
    while True:
        text = long_query(terms)
        start = time.perf_counter()
        function(text)
        if time.perf_counter() - start >= seconds or terms >= 256000:
            return text
        terms *= 2


def python_progress_during(function, text):
    """Runs function(text) on another thread while this one keeps running Python; returns in how many
    tenths of the call this thread ran. Holding the GIL for the call would give 0 (at most the first
    and last tenth); one long pause of this thread on a busy machine costs only a few tenths."""
    started, done = threading.Event(), threading.Event()
    window = []

    def call():
        started.set()
        begin = time.perf_counter()
        function(text)
        window.extend([begin, time.perf_counter()])
        done.set()

    worker = threading.Thread(target=call)
    worker.start()
    started.wait()
    ran, last = [], 0.0
    while not done.is_set():
        now = time.perf_counter()
        if now - last > 0.001:
            ran.append(now)
            last = now
    worker.join()
    begin, end = window
    tenths = {int(10 * (t - begin) / (end - begin)) for t in ran if begin <= t < end}
    return len(tenths)


def check_releases_the_gil(function):
    text = calibrated_text(function)
    tenths = python_progress_during(function, text)
    assert tenths >= 3, "Python ran in only %d tenths of the call" % tenths


# The functions are timed on long texts with small results: turning a large result into Python
# objects needs the GIL and would blur what is measured.
def parse_to_syntax_error(text):
    with pytest.raises(qdiff.ParseError):
        qdiff.parse(text + " WHERE", lang="sql")  # parsed to the end, then a short diagnostic


def test_parse_releases_the_gil():
    check_releases_the_gil(parse_to_syntax_error)


def test_diff_releases_the_gil():
    check_releases_the_gil(lambda text: qdiff.diff(text, text.replace("c1 ", "c2 "), lang="sql", explain=False))


def test_lint_releases_the_gil():
    check_releases_the_gil(lambda text: qdiff.lint(text, lang="sql"))


def test_score_cases_releases_the_gil():
    check_releases_the_gil(lambda text: list(qdiff.score_cases([{"expected": text, "generated": text, "lang": "sql"}])))


def test_threads_give_the_results_of_one_thread():
    alone = [qdiff.diff(e, g)["score"] for e, g in PAIRS]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda pair: qdiff.diff(*pair)["score"], PAIRS * 4))
    assert together == alone * 4
    assert len(set(alone)) > 1
