"""The GIL is released while the C++ library works: Python threads calling qdiff run in parallel,
and their results are those of one thread. (How far they scale is measured by
bench/python_bench.py, not here.)"""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import qdiff

PAIRS = [("SELECT name, age FROM singer WHERE age > %d ORDER BY age" % i,
          "SELECT name FROM singer WHERE age >= %d ORDER BY age DESC" % (i % 5)) for i in range(60)]


def long_query(terms):
    return "SELECT " + ", ".join("c%d + %d * c%d" % (i, i, i + 1) for i in range(terms)) + " FROM t"


def calibrated_text(function, seconds=0.3):
    """A query text on which `function` alone takes at least `seconds`."""
    terms = 500
    while True:
        text = long_query(terms)
        start = time.perf_counter()
        function(text)
        if time.perf_counter() - start >= seconds or terms >= 256000:
            return text
        terms *= 2


def longest_pause_of_python_during(function, text):
    """Runs function(text) on another thread while this one keeps running Python, and returns
    (the call's duration, the longest time this thread could not run)."""
    started, done = threading.Event(), threading.Event()
    duration = []

    def call():
        started.set()
        begin = time.perf_counter()
        function(text)
        duration.append(time.perf_counter() - begin)
        done.set()

    worker = threading.Thread(target=call)
    worker.start()
    started.wait()
    longest, last = 0.0, time.perf_counter()
    while not done.is_set():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    return duration[0], longest


def check_releases_the_gil(function):
    text = calibrated_text(function)
    duration, pause = longest_pause_of_python_during(function, text)
    # Holding the GIL would stop this thread for the whole call.
    assert pause < duration / 2, "Python stood still for %.3f s of a %.3f s call" % (pause, duration)


def test_parse_releases_the_gil():
    check_releases_the_gil(lambda text: qdiff.parse(text, lang="sql"))


def test_diff_releases_the_gil():
    check_releases_the_gil(lambda text: qdiff.diff(text, text.replace("c1 ", "c2 "), lang="sql"))


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
