"""score_cases: the batch pipeline of `qdiff batch` as a streaming generator of records."""

import json
import math
import numbers
import os
import queue
import threading

from . import _qdiff


class _Stopped(Exception):
    """The consumer closed the generator: the run stops pulling cases."""


def _option_text(value):
    """An option's value as `qdiff batch` reads it: switches as true/false, lists as NAME,NAME."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def make_scorer(threads=None, profile=None, db=None, judge=None, judge_model=None, judge_cache=None,
                results_mode="exact", timeout=None, blend=0.5, pass_threshold=None, lang="auto",
                dialect="generic", base_dir=None, verdict="evidence", positional_columns=False, normalize_off=()):
    """A BatchScorer for these options (checked here: a bad option raises ValueError now). The names are
    `qdiff batch`'s, with _ for -, and are checked by the same code."""
    options = {"threads": threads or None, "profile": profile, "db": db, "judge": judge, "judge_model": judge_model,
               "judge_cache": judge_cache, "results_mode": results_mode, "timeout": timeout, "blend": blend,
               "pass_threshold": pass_threshold, "lang": lang, "dialect": dialect, "verdict": verdict,
               "positional_columns": positional_columns,
               "normalize_off": [normalize_off] if isinstance(normalize_off, str) else list(normalize_off)}
    given = {name: _option_text(value) for name, value in options.items()
             if value is not None and value != "" and value != []}
    return _qdiff.BatchScorer(options=given, base_dir=str(base_dir) if base_dir is not None else os.getcwd())


def _plain(value):
    """JSON for values pandas and numpy hand out: numpy scalars become Python numbers."""
    if hasattr(value, "item"):
        return value.item()
    raise TypeError("a case field of type %s is not JSON" % type(value).__name__)


def _missing(value):
    return value is None or (isinstance(value, numbers.Real) and not isinstance(value, bool) and math.isnan(value))


def case_line(case):
    """A case (a dict of `qdiff batch` fields, or a JSONL line) as the JSONL text the pipeline reads.
    Missing values (None, NaN: an empty cell of a DataFrame) leave their field out."""
    if isinstance(case, (str, bytes)):
        return case.decode("utf-8", "replace") if isinstance(case, bytes) else case
    return json.dumps({k: v for k, v in case.items() if not _missing(v)}, ensure_ascii=False, default=_plain)


def run_scorer(scorer, cases, start=1):
    """Yields the record of every case, in input order, as dicts; records of the first cases arrive
    while later ones are still read (at most scorer.window cases are in flight)."""
    records = queue.Queue(maxsize=max(1, scorer.window))
    stop = threading.Event()
    end = object()
    failure = []
    numbered = _numbered_lines(cases, start)

    def next_case():
        if stop.is_set():
            raise _Stopped()
        try:
            return next(numbered, None)
        except BaseException as error:
            # The input ends here: the cases read so far are still scored and handed out, then
            # the consumer gets the error.
            failure.append(error)
            return None

    def put(item):
        while True:
            try:
                records.put(item, timeout=0.05)
                return True
            except queue.Full:
                if stop.is_set():
                    return False

    def emit(text):
        if not put(text):
            raise _Stopped()

    def work():
        try:
            scorer.run(next_case, emit)
        except BaseException as error:  # handed to the consumer, raised there
            failure.append(error)
        put(end)

    worker = threading.Thread(target=work, name="qdiff-score-cases", daemon=True)
    worker.start()
    finished = False
    try:
        while True:
            item = records.get()
            if item is end:
                break
            yield json.loads(item)
        finished = True
    finally:
        stop.set()
        if finished:
            worker.join()
    if failure and not isinstance(failure[0], _Stopped):
        raise failure[0]


def _numbered_lines(cases, start):
    """(line number, JSONL text) per case; blank text lines are skipped but keep their number, as
    `qdiff batch` numbers the lines of its input file."""
    for line, case in enumerate(cases, start):
        text = case_line(case)
        if isinstance(case, (str, bytes)):
            text = text.rstrip("\r\n")
            if not text.strip(" \t"):
                continue
        yield line, text
