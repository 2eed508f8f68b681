"""qdiff: parse SQL, KQL and Weaviate queries into one AST, lint them against a schema, and score a
generated query against an expected one.

Every function returns plain values (dicts, lists, str, numbers) with the fields of the matching
``qdiff`` command's JSON output, releases the GIL while the C++ library works (Python threads run in
parallel), and raises a :class:`QdiffError` subclass carrying the diagnostics when a query or schema
cannot be read. Bad arguments (an unknown language, dialect or profile) raise ValueError.
"""

from . import _qdiff
from ._batch import make_scorer, run_scorer
from ._errors import ParseError, QdiffError, SchemaError, raise_if_failed

__all__ = ["parse", "diff", "lint", "load_schema", "schema_from_text", "score_cases", "detect_language",
           "profiles", "Schema", "QdiffError", "ParseError", "SchemaError", "set_parse_cache_limit",
           "parse_cache_limit", "parse_cache_stats"]

Schema = _qdiff.Schema


def __getattr__(name):
    """qdiff.pandas and qdiff.dask import pandas and Dask, which the rest of qdiff does not need: they
    load on first use, so `import qdiff` then `qdiff.pandas.score_frame(df)` works as the README shows."""
    if name in ("pandas", "dask"):
        import importlib
        return importlib.import_module("." + name, __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def set_parse_cache_limit(bytes):
    """Bounds ANTLR's prediction caches of each grammar (SQL, KQL) to about this many bytes: past it they
    are cleared between parses, and the parses after a clear are slower (cold) until they are warm again.
    0 is unbounded; the default is 32 MiB, or QDIFF_PARSE_CACHE_LIMIT from the environment. For long
    workers (Dask, services) over varied text, whose memory would otherwise grow with each new shape."""
    _qdiff.set_parse_cache_limit(bytes)


def parse_cache_limit():
    """The limit set_parse_cache_limit sets, in bytes (0: unbounded)."""
    return _qdiff.parse_cache_limit()


def parse_cache_stats(lang):
    """{"bytes", "clears", "parses"} of one grammar's caches ("sql" or "kql"; Weaviate's parser keeps
    none): their estimated size now, the clears and the parses since the process started."""
    return _qdiff.parse_cache_stats(lang)


def parse(text, lang="auto", dialect="generic"):
    """Parses a query. Returns {"ok", "language", "diagnostics", "ast"} as ``qdiff parse --format
    json``; raises ParseError when the text has syntax errors.

    lang: "auto" (detected), "sql", "kql" or "weaviate"; dialect (SQL): "generic", "postgres",
    "sqlite", "mysql", "tsql", "bigquery", "snowflake", "duckdb" or "auto" (guessed from the text;
    the list is include/qdiff/dialects.def)."""
    result = _qdiff.parse(text, lang, dialect)
    if not result["ok"]:
        raise_if_failed(result)
    return result


def diff(expected, generated, profile=None, lang="auto", expected_lang=None, dialect="generic", explain=True,
         normalize_off=()):
    """Scores a generated query against an expected one. Returns the dict of ``qdiff diff --format
    json``: score, gated, profile, components (each with score, weight, matched, missing, extra,
    changed), edits, ...; raises ParseError naming the side that does not parse.

    profile: a built-in profile name (see profiles()) or a profile file; by default weaviate-ast
    for two Weaviate queries and full otherwise. expected_lang defaults to lang. explain=False
    leaves out the explanation (matched, missing, extra, changed and edits): the scores only, for
    scoring many pairs, where turning every atom into Python objects would cost more than the diff.
    normalize_off: normalization rules to switch off (names as ``qdiff diff --normalize-off`` takes them;
    an unknown one raises ValueError naming the rules)."""
    if isinstance(normalize_off, str):
        normalize_off = [normalize_off]
    return raise_if_failed(_qdiff.diff(expected, generated, profile, lang, expected_lang, dialect, explain,
                                       list(normalize_off)))


def load_schema(spec):
    """Loads a schema once for many lint() calls: "path" or "path#name", where name picks one
    database of a multi-database file (Spider's tables.json: the db_id). Any format qdiff reads
    (schema/README.md). Raises SchemaError."""
    return raise_if_failed(_qdiff.load_schema(str(spec)))


def schema_from_text(text, origin="<schema>", name=""):
    """A schema from text in memory (CREATE TABLE statements, or a JSON schema format)."""
    return raise_if_failed(_qdiff.schema_from_text(text, origin, name))


def lint(text, schema=None, lang="auto", dialect="generic", disable=(), severity=None):
    """Lints a query. Returns {"valid", "confidence", "diagnostics"} as ``qdiff lint --format json``
    (syntax errors are diagnostics here, not an exception).

    schema: a Schema (load_schema, schema_from_text), a "path[#name]" string (loaded for this call
    only), or None (schema-free rules only). disable: rule codes to skip; severity: {code: "error" |
    "warning" | "note"}."""
    if schema is not None and not isinstance(schema, Schema):
        schema = load_schema(schema)
    return _qdiff.lint(text, schema, lang, dialect, list(disable), dict(severity or {}))


def detect_language(text):
    """The language qdiff reads a text as under lang="auto": "sql", "kql" or "weaviate"."""
    return _qdiff.detect_language(text)


def profiles():
    """The names of the built-in weight profiles."""
    return list(_qdiff.profiles())


def score_cases(cases, threads=None, profile=None, db=None, judge=None, judge_model=None, judge_cache=None,
                results_mode="exact", timeout=None, blend=0.5, pass_threshold=None, lang="auto",
                dialect="generic", base_dir=None, start=1, verdict="evidence", positional_columns=False,
                normalize_off=()):
    """Evaluates cases as `qdiff batch` does and yields one record (a dict) per case, in input order,
    while later cases are still being read: a generator over any iterable, with flat memory.

    cases: dicts with the fields of a `qdiff batch` line (id, question, lang, dialect, expected,
    generated, schema, db, expected_result, generated_result), or JSONL text lines (an open file).
    A case that cannot be evaluated becomes an error record; none is dropped. The records are those
    `qdiff batch` writes: pass, total, query_similarity, results_match, structural (score,
    components), confidence, diagnostics, stages, timings, ...

    threads: worker threads (default: every core); profile, db ("sqlite:PATH" | "postgres:URI" |
    "synth[:N[:SEED]]" | "none"; default: synthesized databases for SQL cases with a schema), judge (URL |
    "cmd:PROGRAM"), judge_model, judge_cache (a folder), results_mode ("exact" | "set" | "recall" | "f1"),
    timeout (seconds), verdict ("evidence" | "seed"), blend, pass_threshold (default: the verdict model's
    threshold; 0.9 with verdict="seed"), positional_columns, normalize_off (rule names), lang and dialect
    (defaults for cases without one): the options of `qdiff batch`, checked by the same code. base_dir: the folder relative paths in cases are taken from
    (default: the current one). start: the line number of the first case (records say "line",
    and a case without an id gets "line N").

    Options are checked at once (ValueError); the cases are read as the generator is consumed."""
    scorer = make_scorer(threads, profile, db, judge, judge_model, judge_cache, results_mode, timeout, blend,
                         pass_threshold, lang, dialect, base_dir, verdict, positional_columns, normalize_off)
    return run_scorer(scorer, cases, start)
