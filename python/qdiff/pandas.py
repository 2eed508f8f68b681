"""pandas helpers: score a DataFrame of expected/generated queries, one row per case.

    import qdiff.pandas
    scores = qdiff.pandas.score_frame(df)             # df has "expected" and "generated" columns
    df.join(scores)                                   # total, pass, score, components, confidence, ...
"""

import pandas as pd

from ._batch import make_scorer, run_scorer

# The columns score_frame returns, from each case's `qdiff batch` record.
RECORD_COLUMNS = ["id", "status", "pass", "total", "score", "components", "confidence", "query_similarity",
                  "results_match", "reasons"]
# The columns a frame may have besides expected/generated, passed on as the case fields of the same name.
CASE_FIELDS = ["id", "question", "lang", "dialect", "schema", "db", "expected_result", "generated_result"]


def record_row(record):
    """A record flattened to RECORD_COLUMNS: score is the structural score and components maps each
    component to its score (both None when a query does not parse)."""
    structural = record.get("structural") or {}
    return {
        "id": record["id"],
        "status": record["status"],
        "pass": record["pass"],
        "total": record["total"],
        "score": structural.get("score"),
        "components": {name: c["score"] for name, c in structural.get("components", {}).items()} or None,
        "confidence": record.get("confidence"),
        "query_similarity": record.get("query_similarity"),
        "results_match": record.get("results_match"),
        "reasons": record.get("reasons", []),
    }


def frame_cases(df, expected="expected", generated="generated"):
    """The rows of a frame as `qdiff batch` cases (dicts); without an id column, a case's id is its
    row's index label."""
    for column in (expected, generated):
        if column not in df.columns:
            raise KeyError("the frame has no %r column (columns: %s)" % (column, ", ".join(map(str, df.columns))))
    fields = [f for f in CASE_FIELDS if f in df.columns and f not in (expected, generated)]
    columns = [expected, generated] + fields
    names = ["expected", "generated"] + fields
    with_index = "id" not in fields
    for label, *values in df[columns].itertuples(index=True, name=None):
        case = dict(zip(names, values))
        if with_index:
            case["id"] = str(label)
        yield case


def frame_scores(records, index, full_records=False):
    """The frame of RECORD_COLUMNS (and "record" with full_records) of the records of a frame's rows."""
    rows, kept = [], []
    for record in records:
        rows.append(record_row(record))
        if full_records:
            kept.append(record)
    out = pd.DataFrame(rows, columns=RECORD_COLUMNS, index=index)
    if full_records:
        out["record"] = kept
    return out


def score_frame(df, expected="expected", generated="generated", start=1, full_records=False, **options):
    """Scores every row of a DataFrame; returns a DataFrame with the same index and RECORD_COLUMNS
    (plus "record", the whole record, with full_records=True).

    expected/generated: the names of the query columns. Columns named like case fields (id,
    question, lang, dialect, schema, db, expected_result, generated_result) are passed on per row;
    without an id column, the index labels are the ids.
    options: those of qdiff.score_cases (threads, profile, db, judge, ...)."""
    records = run_scorer(make_scorer(**options), frame_cases(df, expected, generated), start)
    return frame_scores(records, df.index, full_records)
