"""qdiff.lint and schemas: the dict of `qdiff lint --format json`; SchemaError for a bad schema."""

import os

import pytest

import qdiff

SCHEMA_DDL = "CREATE TABLE singer (singer_id int PRIMARY KEY, name text, age int, country text);"


def test_lint_matches_the_cli(cli_json, tmp_path):
    schema_file = tmp_path / "schema.sql"
    schema_file.write_text(SCHEMA_DDL)
    query = tmp_path / "query.sql"
    query.write_text("SELECT nme FROM singer WHERE age > 'thirty'")
    result = qdiff.lint(query.read_text(), schema=str(schema_file))
    assert result == cli_json("lint", "--format", "json", "--schema", str(schema_file), str(query), expect_codes=(0, 1))
    assert result["valid"] is False
    assert "unknown-column" in {d["code"] for d in result["diagnostics"]}


def test_a_loaded_schema_is_reused():
    schema = qdiff.schema_from_text(SCHEMA_DDL)
    assert isinstance(schema, qdiff.Schema) and schema.tables == ["singer"]
    good = qdiff.lint("SELECT name FROM singer WHERE age > 30 ORDER BY age LIMIT 10", schema=schema)
    assert good == {"valid": True, "confidence": 100, "diagnostics": []}
    unknown = qdiff.lint("SELECT name FROM artist", schema=schema)
    assert unknown["confidence"] == 0
    [diagnostic] = [d for d in unknown["diagnostics"] if d["code"] == "unknown-table"]
    assert (diagnostic["line"], diagnostic["column"]) == (1, 18)


def test_spider_schema_by_db_id(spider_dir):
    schema = qdiff.load_schema(os.path.join(spider_dir, "tables.json") + "#concert_singer")
    assert "singer" in schema.tables
    assert qdiff.lint("SELECT name FROM singer", schema=schema)["valid"]


def test_syntax_errors_are_diagnostics_not_exceptions():
    result = qdiff.lint("SELECT * FORM t", lang="sql")
    assert result["valid"] is False and result["confidence"] == 0
    assert result["diagnostics"][0]["code"] == "unexpected-token"


def test_disable_and_severity():
    schema = qdiff.schema_from_text(SCHEMA_DDL)
    query = "SELECT nme FROM singer"
    assert "unknown-column" in {d["code"] for d in qdiff.lint(query, schema=schema)["diagnostics"]}
    assert "unknown-column" not in {d["code"] for d in qdiff.lint(query, schema=schema, disable=["unknown-column"])["diagnostics"]}
    demoted = qdiff.lint(query, schema=schema, severity={"unknown-column": "warning"})
    assert demoted["valid"] is True
    with pytest.raises(ValueError, match="unknown diagnostic code"):
        qdiff.lint(query, disable=["no-such-rule"])
    with pytest.raises(ValueError, match="unknown severity"):
        qdiff.lint(query, severity={"unknown-column": "fatal"})


def test_a_schema_that_cannot_be_loaded_raises_schema_error(tmp_path):
    with pytest.raises(qdiff.SchemaError) as missing:
        qdiff.load_schema(str(tmp_path / "absent.json"))
    assert missing.value.diagnostics and "absent.json" in str(missing.value)
    broken = tmp_path / "broken.json"
    broken.write_text('{"tables": [')
    with pytest.raises(qdiff.SchemaError) as bad:
        qdiff.lint("SELECT 1", schema=str(broken))
    assert bad.value.diagnostics[0]["severity"] == "error"
