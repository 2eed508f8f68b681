"""The Python examples of README.md run as written (the pandas and Dask ones are covered by
test_pandas.py and test_dask.py)."""

import os
import re

import pytest

from conftest import SOURCE_DIR, require_corpus


def readme_examples():
    with open(os.path.join(SOURCE_DIR, "README.md"), encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("\n## Python\n"):]
    section = section[:section.index("\n## ", 1)]
    return [block for block in re.findall(r"```python\n(.*?)```", section, re.S) if block.startswith("import qdiff\n")]


# What each example prints, as its comments say.
PRINTED = {"sql": ["0.87\n", "update filters singer.age > 30 singer.age >= 30", "unknown column 'nme'"],
           "kql": ["False unknown-column did you mean 'level'?"],
           "weaviate": ["weaviate-ast 0.97\n", "'filters': 0.8", "syntax-error"]}


@pytest.mark.parametrize("name, example", zip(PRINTED, readme_examples()), ids=list(PRINTED))
def test_readme_example(name, example, capsys, monkeypatch):
    if "spider" in example:
        require_corpus("sql", "spider", "tables.json")
    monkeypatch.chdir(SOURCE_DIR)  # the examples' relative paths
    exec(compile(example, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    for text in PRINTED[name]:
        assert text in printed
    assert len(readme_examples()) == len(PRINTED)
