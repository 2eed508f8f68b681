"""qdiff.parse and qdiff.detect_language: the same answers as `qdiff parse --format json`."""

import os

import pytest

import qdiff
from conftest import SOURCE_DIR


@pytest.mark.parametrize("name, language", [("spider_join.sql", "sql"), ("traces_by_level.kql", "kql"),
                                            ("articles_near_text.graphql", "weaviate")])
def test_parse_matches_the_cli(cli_json, example, name, language):
    text = example("examples", name)
    result = qdiff.parse(text)
    assert result["ok"] is True
    assert result["language"] == language
    assert result["ast"]["kind"] == "Script"
    assert result == cli_json("parse", "--format", "json", os.path.join(SOURCE_DIR, "corpus", "examples", name))


def test_lang_and_dialect_are_passed_on():
    assert qdiff.parse("T | take 5", lang="kql")["language"] == "kql"
    result = qdiff.parse("SELECT TOP 3 name FROM singer", lang="sql", dialect="tsql")
    assert result["ok"]
    with pytest.raises(qdiff.ParseError):
        qdiff.parse("SELECT TOP 3 name FROM singer", lang="sql", dialect="sqlite")


def test_a_syntax_error_raises_parse_error_with_its_diagnostics():
    with pytest.raises(qdiff.ParseError) as raised:
        qdiff.parse("SELECT * FORM t", lang="sql")
    error = raised.value
    assert isinstance(error, qdiff.QdiffError)
    assert error.side == "text" and error.language == "sql"
    first = error.diagnostics[0]
    assert first["code"] == "unexpected-token"
    assert first["severity"] == "error"
    assert (first["line"], first["column"]) == (1, 10)
    # str() is the compiler-style rendering, caret line included.
    assert "error: unexpected 'FORM'" in str(error) and "^~~~" in str(error)


def test_unknown_names_raise_value_error():
    with pytest.raises(ValueError, match="unknown lang 'cobol'"):
        qdiff.parse("SELECT 1", lang="cobol")
    with pytest.raises(ValueError, match="unknown dialect 'oracle'"):
        qdiff.parse("SELECT 1", dialect="oracle")


def test_detect_language():
    assert qdiff.detect_language("SELECT a FROM t") == "sql"
    assert qdiff.detect_language("T | take 5") == "kql"
    assert qdiff.detect_language('{ Get { Article { title } } }') == "weaviate"


def test_non_text_input_is_a_type_error():
    with pytest.raises(TypeError):
        qdiff.parse(42)


def test_the_parse_cache_limit_clears_the_caches_and_parsing_goes_on():
    saved = qdiff.parse_cache_limit()
    try:
        qdiff.set_parse_cache_limit(1)
        assert qdiff.parse_cache_limit() == 1
        query = "SELECT a FROM t WHERE b > 1"
        expected = qdiff.parse(query, lang="sql")
        before = qdiff.parse_cache_stats("sql")
        # The caches are measured every 256 parses: one of these passes the one-byte limit.
        for _ in range(300):
            assert qdiff.parse(query, lang="sql") == expected
        after = qdiff.parse_cache_stats("sql")
        assert after["clears"] > before["clears"]
        assert after["parses"] >= before["parses"] + 300
        assert qdiff.parse_cache_stats("weaviate") == {"bytes": 0, "clears": 0, "parses": 0}
    finally:
        qdiff.set_parse_cache_limit(saved)
