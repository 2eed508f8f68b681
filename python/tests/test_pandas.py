"""qdiff.pandas.score_frame: one row of record columns per row of the frame."""

import math

import pandas as pd
import pytest

import qdiff
import qdiff.pandas


def test_score_frame_returns_the_record_columns_with_the_frame_index():
    df = pd.DataFrame({"expected": ["SELECT a FROM t", "SELECT a FROM t WHERE b > 1", "SELECT a FROM t"],
                       "generated": ["SELECT a FROM t", "SELECT c FROM t WHERE d < 5", "SELECT a FORM t"],
                       "lang": ["sql", "sql", None]},
                      index=["q1", "q2", "q3"])
    scores = qdiff.pandas.score_frame(df, threads=2)
    assert list(scores.index) == ["q1", "q2", "q3"]
    assert list(scores.columns) == qdiff.pandas.RECORD_COLUMNS
    assert list(scores["id"]) == ["q1", "q2", "q3"]  # no id column: the index labels
    assert list(scores["pass"]) == [True, False, False]
    assert scores.loc["q1", "score"] == 1.0 and scores.loc["q1", "confidence"] == 95  # missing-limit, a warning
    assert 0 < scores.loc["q2", "score"] < 0.9  # the execution profile, the batch default
    assert scores.loc["q2", "components"]["filters"] < 1.0 and scores.loc["q2", "components"]["collection"] == 1.0
    assert math.isnan(scores.loc["q3", "score"]) and scores.loc["q3", "components"] is None
    assert scores.loc["q3", "confidence"] == 0


def test_score_frame_matches_score_cases_and_takes_options():
    df = pd.DataFrame({"gold": ["SELECT a, b FROM t"], "pred": ["SELECT a FROM t"], "id": ["x"]})
    scores = qdiff.pandas.score_frame(df, expected="gold", generated="pred", profile="hybrid", full_records=True)
    [record] = qdiff.score_cases([{"id": "x", "expected": "SELECT a, b FROM t", "generated": "SELECT a FROM t"}],
                                 profile="hybrid")
    assert scores.loc[0, "record"]["structural"] == record["structural"]
    assert scores.loc[0, "total"] == record["total"]


def test_a_missing_column_is_named():
    with pytest.raises(KeyError, match="no 'generated' column"):
        qdiff.pandas.score_frame(pd.DataFrame({"expected": ["SELECT 1"]}))


def test_qdiff_pandas_works_after_import_qdiff_alone():
    """The README's example (issue 33): `import qdiff`, then qdiff.pandas, without `import qdiff.pandas`."""
    import subprocess
    import sys
    code = ("import qdiff, pandas as pd\n"
            "df = pd.DataFrame({'expected': ['SELECT a FROM t'], 'generated': ['SELECT a FROM t']})\n"
            "print(qdiff.pandas.score_frame(df)['total'][0])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1.0"
