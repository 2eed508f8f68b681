"""qdiff.diff: the dict of `qdiff diff --format json`, and ParseError naming the side that fails."""

import os

import pytest

import qdiff
from conftest import SOURCE_DIR


def corpus_file(*parts):
    return os.path.join(SOURCE_DIR, "corpus", *parts)


@pytest.mark.parametrize("generated", ["generated_equivalent.kql", "generated_sql.sql", "generated_wrong_table.kql"])
def test_diff_matches_the_cli(cli_json, example, generated):
    expected_text = example("diff", "expected.kql")
    result = qdiff.diff(expected_text, example("diff", generated))
    assert result == cli_json("diff", "--format", "json", corpus_file("diff", "expected.kql"),
                              corpus_file("diff", generated))


def test_scores_and_explanations():
    same = qdiff.diff("SELECT name FROM singer WHERE age > 30", "select NAME from singer where 30 < age")
    assert same["score"] == 1.0 and same["profile"] == "full"
    changed = qdiff.diff("SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE age > 31")
    assert 0.9 < changed["score"] < 1.0
    [pair] = changed["components"]["filters"]["changed"]
    assert pair["expected"]["text"] == "singer.age > 30" and pair["generated"]["text"] == "singer.age > 31"
    assert pair["generated"]["column"] == 31  # where `age > 31` starts
    gated = qdiff.diff("SELECT name FROM singer", "SELECT name FROM concert")
    assert gated["gated"] is True and gated["score"] == 0.0


def test_profiles(example):
    assert {"full", "weaviate-ast", "hybrid"} <= set(qdiff.profiles())
    weaviate = example("examples", "articles_near_text.graphql")
    assert qdiff.diff(weaviate, weaviate)["profile"] == "weaviate-ast"
    hybrid = qdiff.diff("SELECT a FROM t", "SELECT b FROM t", profile="hybrid")
    assert hybrid["profile"] == "hybrid" and "final_score" in hybrid
    from_file = qdiff.diff("SELECT a FROM t", "SELECT b FROM t",
                           profile=os.path.join(SOURCE_DIR, "scoring", "profiles", "full.json"))
    assert from_file["score"] == qdiff.diff("SELECT a FROM t", "SELECT b FROM t", profile="full")["score"]
    with pytest.raises(ValueError):
        qdiff.diff("SELECT a FROM t", "SELECT a FROM t", profile="no-such-profile")


def test_languages_can_differ_per_side():
    result = qdiff.diff("T | where x > 1 | project y", "SELECT y FROM T WHERE x > 1", expected_lang="kql", lang="sql")
    assert result["score"] == 1.0


@pytest.mark.parametrize("expected, generated, side", [("SELECT a FROM", "SELECT a FROM t", "expected"),
                                                        ("SELECT a FROM t", "SELECT a FORM t", "generated")])
def test_a_side_that_does_not_parse_raises(expected, generated, side):
    with pytest.raises(qdiff.ParseError) as raised:
        qdiff.diff(expected, generated, lang="sql")
    assert raised.value.side == side
    assert raised.value.diagnostics and all(d["severity"] in ("error", "warning", "note") for d in raised.value.diagnostics)
    assert side + ":1:" in str(raised.value)  # the rendered diagnostic names the side


def test_explain_false_gives_the_scores_only():
    expected, generated = "SELECT name FROM singer WHERE age > 30", "SELECT name, age FROM singer WHERE age >= 30"
    full = qdiff.diff(expected, generated)
    scores = qdiff.diff(expected, generated, explain=False)
    assert "edits" not in scores and scores["score"] == full["score"]
    assert scores["components"] == {name: {k: c[k] for k in ("score", "weight", "absent")}
                                    for name, c in full["components"].items()}


def test_normalize_off_as_the_cli():
    # A drift fixed: Python ignored the normalization switches that `qdiff diff --normalize-off` takes.
    expected, generated = "SELECT a FROM t WHERE b > 1", "SELECT a FROM t WHERE 1 < b"
    assert qdiff.diff(expected, generated)["score"] == 1.0
    off = qdiff.diff(expected, generated, normalize_off=["comparison-orientation"])
    assert off["score"] < 1.0
    assert off == qdiff.diff(expected, generated, normalize_off="comparison-orientation")
    with pytest.raises(ValueError, match="unknown normalization rule 'bogus'"):
        qdiff.diff(expected, generated, normalize_off=["bogus"])
