"""The exceptions of the qdiff package: each carries the diagnostics that explain it."""


class QdiffError(Exception):
    """Base class of qdiff's errors. ``diagnostics`` lists dicts with the fields of
    ``qdiff parse --format json``: code, severity, message, line, column, ..."""

    def __init__(self, message, diagnostics=()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)


class ParseError(QdiffError):
    """A query does not parse. ``side`` is "text" for parse() and lint(), "expected" or
    "generated" for diff(); ``language`` the language it was read as. str(error) is the
    compiler-style rendering with caret lines."""

    def __init__(self, message, diagnostics=(), side="text", language="auto"):
        super().__init__(message, diagnostics)
        self.side = side
        self.language = language


class SchemaError(QdiffError):
    """A schema file (or text) cannot be loaded; the diagnostics say where and why."""


def raise_if_failed(result):
    """The extension reports failures as {"error": {...}}; this turns one into an exception."""
    error = result.get("error") if isinstance(result, dict) else None
    if not isinstance(error, dict):
        return result
    if "side" in error:
        raise ParseError(error["message"], error["diagnostics"], error["side"], error["language"])
    raise SchemaError(error["message"], error["diagnostics"])
