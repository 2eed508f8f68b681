"""Scoring on a Dask `distributed` cluster, partition by partition.

    import dask.bag as db
    from distributed import Client
    import qdiff.dask

    client = Client("scheduler:8786")                        # or LocalCluster()
    cases = db.read_text("cases-*.jsonl")                     # or db.from_sequence(list_of_dicts)
    records = qdiff.dask.score_bag(cases, db="sqlite:/shared/spider.sqlite", judge_cache="/shared/judge")
    records.map(json.dumps).to_textfiles("records-*.jsonl")   # the records of `qdiff batch`, in order

Each partition is one task that runs the batch pipeline (qdiff.score_cases) on the worker; options
are plain strings, so a worker opens the database and the judge cache itself (paths must be valid
on the workers: a shared filesystem or the same paths everywhere). Records keep input order and
carry the line number the case has in the whole input. A worker that dies mid-run loses nothing:
the scheduler runs its unfinished partitions again on another worker (Dask's retry of lost tasks),
and a partition is scored as a whole, so its records are produced exactly once.
"""

import threading

import dask
import dask.bag

from ._batch import make_scorer, run_scorer

_local = threading.local()


def _scorer(options):
    """One scorer per worker thread and option set, kept across partitions: the pipelines and the
    schemas they loaded (a benchmark has few schemas and many cases) are reused."""
    key = tuple(sorted(options.items()))
    cache = getattr(_local, "scorers", None)
    if cache is None:
        cache = _local.scorers = {}
    if key not in cache:
        cache.clear()
        cache[key] = make_scorer(**options)
    return cache[key]


def score_partition(cases, first_line, options):
    """The records of one partition's cases (a list, in order); first_line numbers its first case."""
    return list(run_scorer(_scorer(options), cases, first_line))


def _first_lines(lengths):
    first, line = [], 1
    for n in lengths:
        first.append(line)
        line += n
    return first


def score_bag(bag, threads=1, **options):
    """A Bag of the records (dicts) of a Bag of cases (dicts or JSONL lines), in input order, one
    partition of records per partition of cases. threads: C++ threads per partition task (default 1:
    Dask's worker threads and processes give the parallelism). options: those of qdiff.score_cases.
    Bad options raise ValueError here, before anything is computed. Records number their cases
    across the whole input: each partition's length is counted first (the cases are read twice
    when the bag reads them from files)."""
    options = dict(options, threads=threads)
    make_scorer(**options)  # checks the options now
    parts = bag.to_delayed(optimize_graph=False)
    lengths = [dask.delayed(len)(part) for part in parts]
    first_lines = dask.delayed(_first_lines)(lengths)
    scored = [dask.delayed(score_partition)(part, first_lines[i], options) for i, part in enumerate(parts)]
    return dask.bag.from_delayed(scored)


def score_dataframe(ddf, expected="expected", generated="generated", threads=1, **options):
    """A Dask DataFrame with the columns of qdiff.pandas.score_frame (total, pass, score, components,
    confidence, ...) for a Dask DataFrame of cases, partition by partition, with the same index and
    divisions. options: those of qdiff.score_cases."""
    import pandas as pd

    from .pandas import RECORD_COLUMNS

    options = dict(options, threads=threads)
    make_scorer(**options)
    meta = pd.DataFrame({c: pd.Series(dtype="object") for c in RECORD_COLUMNS}, index=ddf._meta.index)
    meta["pass"] = meta["pass"].astype(bool)
    for column in ("total", "score", "query_similarity", "results_match"):
        meta[column] = meta[column].astype(float)
    return ddf.map_partitions(score_frame_partition, expected, generated, options, meta=meta)


def score_frame_partition(df, expected, generated, options):
    """qdiff.pandas.score_frame on one partition, with this worker thread's scorer."""
    from .pandas import frame_cases, frame_scores

    return frame_scores(run_scorer(_scorer(options), frame_cases(df, expected, generated)), df.index)
