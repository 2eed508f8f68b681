#!/usr/bin/env python3
"""Turns the parsing fuzz targets' seed folders into one `qdiff parse --batch` input, to measure the
memory of a long varied run (bench/parse_cache_rss.sh). Usage: fuzz_corpus_jsonl.py OUT.jsonl SEEDS...

Each SEEDS folder holds TARGET/ subfolders (scripts/fuzz_seeds.py's output, or tests/fuzz/seeds and
tests/fuzz/crashes). The inputs of the targets that parse one query are read in their target's format
(tests/fuzz/targets.hpp): `sql` and `lint` lead with a dialect byte, `roundtrip` and `normalize` with a
language byte (each dialect, then KQL, then Weaviate), `kql`, `weaviate` and `detect` have none, and
`diff` holds two queries split at the first NUL (detected languages). Each distinct (language, dialect,
text) becomes one line {"query", "lang", "dialect"}.

MUTANTS=N (environment) adds N mutants of each input after the inputs (fixed random seed): splices with
another input of the same language, deletions, duplications and copies of spans, truncations. Each mutant takes 1 to 4 of
these edits, or inserts a word or symbol of the language's inputs (libFuzzer's dictionary does the same). A
campaign's corpus is mostly such inputs, and they are what makes ANTLR's caches grow: each new broken shape is a new
path through the prediction DFA."""
import json
import random
import os
import re
import sys


def dialects():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "include", "qdiff", "dialects.def"), encoding="utf-8") as f:
        names = re.findall(r'^QDIFF_DIALECT\(\w+, \.name = "(\w+)"', f.read(), re.M)
    return names[:-1]  # Auto, the last entry, is not a dialect


DIALECTS = dialects()


def decode(data):
    return data.decode("utf-8", errors="replace")


def dialect_mode(data):
    if not data:
        return []
    return [("sql", DIALECTS[data[0] % len(DIALECTS)], decode(data[1:]))]


def language_mode(data):
    if not data:
        return []
    mode = data[0] % (len(DIALECTS) + 2)
    text = decode(data[1:])
    if mode == len(DIALECTS):
        return [("kql", "generic", text)]
    if mode == len(DIALECTS) + 1:
        return [("weaviate", "generic", text)]
    return [("sql", DIALECTS[mode], text)]


def split_pair(data):
    a, sep, b = data.partition(b"\0")
    if not sep:
        a, b = data[: len(data) // 2], data[len(data) // 2 :]
    return [("auto", "generic", decode(a)), ("auto", "generic", decode(b))]


READERS = {
    "sql": dialect_mode,
    "lint": lambda d: [("auto", r[1], r[2]) for r in dialect_mode(d)],
    "roundtrip": language_mode,
    "normalize": language_mode,
    "kql": lambda d: [("kql", "generic", decode(d))],
    "weaviate": lambda d: [("weaviate", "generic", decode(d))],
    "detect": lambda d: [("auto", "generic", decode(d))],
    "diff": split_pair,
}


def mutate(rng, text, other, words):
    for _ in range(rng.randrange(1, 5)):
        text = mutate_once(rng, text, other, words)
    return text


def mutate_once(rng, text, other, words):
    if not text:
        return other
    n = len(text)
    i, j = sorted(rng.randrange(n + 1) for _ in range(2))
    op = rng.randrange(6)
    if op == 5:  # a word or symbol of the language where it was not
        return text[:i] + " " + rng.choice(words) + " " + text[i:]
    if op == 0:  # splice: a prefix of this one, a suffix of another
        return text[:i] + other[rng.randrange(len(other) + 1):]
    if op == 1:
        return text[:i] + text[j:]
    if op == 2:
        return text[:j] + text[i:j] + text[j:]
    if op == 3:
        k = rng.randrange(n + 1)
        return text[:i] + text[k:k + (j - i)] + text[j:]
    return text[:j]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    seen = set()
    rows = []
    mutants = int(os.environ.get("MUTANTS", "0"))
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        for folder in sys.argv[2:]:
            for target in sorted(os.listdir(folder)):
                read = READERS.get(target)
                path = os.path.join(folder, target)
                if not read or not os.path.isdir(path):
                    continue
                for name in sorted(os.listdir(path)):
                    with open(os.path.join(path, name), "rb") as f:
                        for lang, dialect, text in read(f.read()):
                            if (lang, dialect, text) in seen:
                                continue
                            seen.add((lang, dialect, text))
                            rows.append((lang, dialect, text))
                            out.write(json.dumps({"query": text, "lang": lang, "dialect": dialect}) + "\n")
        rng = random.Random(32)
        by_lang = {}
        for row in rows:
            by_lang.setdefault(row[0], []).append(row[2])
        words = {lang: sorted({w for t in texts for w in re.findall(r"\w+|[^\w\s]+", t)}) or [" "]
                 for lang, texts in by_lang.items()}
        for _ in range(mutants):
            for lang, dialect, text in rows:
                mutant = mutate(rng, text, rng.choice(by_lang[lang]), words[lang])
                if (lang, dialect, mutant) in seen:
                    continue
                seen.add((lang, dialect, mutant))
                out.write(json.dumps({"query": mutant, "lang": lang, "dialect": dialect}) + "\n")
    print(f"{len(seen)} inputs", file=sys.stderr)


if __name__ == "__main__":
    main()
