"""Labelled (expected, generated) pairs on defog's databases, for developing and checking
`qdiff calibrate` where no model predictions with databases are at hand. SYNTHETIC: the generated
side is another of defog's accepted answers for the question, or the gold with one model-like
mistake (a flipped operator or direction, DISTINCT added or dropped, another aggregate, a LIMIT off
by one, a conjunct or the ORDER BY dropped, LEFT for inner join, a literal changed). The label is
execution: both run on the SQLite build of the database (bench/defog_databases), and the pair is
positive when the results have the same columns count and the same bag of rows (the same list when
the expected query orders). A mutant that happens to return the same rows on this data is positive.

usage: defog_labels.py SQLITE_DIR QUESTIONS.csv OUT.jsonl"""
import csv
import json
import re
import sqlite3
import sys


def run(db, sql):
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        con.set_progress_handler(lambda: 1 if run.steps_exceeded() else 0, 100000)
        cur = con.execute(sql)
        rows = cur.fetchmany(20000)
        width = len(cur.description or [])
        con.close()
        return width, rows
    except Exception:
        return None


run.calls = 0


def _steps_exceeded():
    run.calls += 1
    return run.calls > 200  # about 20M virtual machine steps: a runaway join


run.steps_exceeded = _steps_exceeded


def canonical(v):
    if isinstance(v, float):
        return round(v, 6)
    return v


def same_result(expected, generated, ordered):
    if expected is None or generated is None or expected[0] != generated[0]:
        return False
    e = [tuple(canonical(v) for v in r) for r in expected[1]]
    g = [tuple(canonical(v) for v in r) for r in generated[1]]
    if ordered:
        return e == g
    key = lambda r: tuple((x is None, str(type(x)), str(x)) for x in r)
    return sorted(e, key=key) == sorted(g, key=key)


MUTATIONS = [
    ("operator > to <", r" > ", " < "), ("operator < to >", r" < ", " > "), ("operator >= to >", r" >= ", " > "),
    ("operator <= to <", r" <= ", " < "), ("operator = to <>", r" = '", " <> '"), ("operator > to >=", r" > ", " >= "),
    ("DESC to ASC", r" DESC", " ASC"), ("ASC to DESC", r" ASC", " DESC"),
    ("DISTINCT dropped", r"SELECT DISTINCT ", "SELECT "), ("DISTINCT added", r"^SELECT (?!DISTINCT)", "SELECT DISTINCT "),
    ("COUNT DISTINCT to COUNT", r"COUNT\(DISTINCT ", "COUNT("), ("SUM to AVG", r"SUM\(", "AVG("),
    ("AVG to SUM", r"AVG\(", "SUM("), ("MAX to MIN", r"MAX\(", "MIN("), ("MIN to MAX", r"MIN\(", "MAX("),
    ("COUNT to SUM", r"COUNT\(", "SUM("),
    ("LEFT JOIN to JOIN", r" LEFT JOIN ", " JOIN "), ("JOIN to LEFT JOIN", r" (?<!LEFT )JOIN ", " LEFT JOIN "),
    ("ORDER BY dropped", r" ORDER BY [^;()]*?(?=( LIMIT|;|$))", ""),
    ("LIMIT dropped", r" LIMIT \d+", ""),
    ("conjunct dropped", r" AND [^()]*?(?=( GROUP BY| ORDER BY| LIMIT|;|$))", ""),
    ("LIKE to =", r" LIKE ", " = "),
]


def mutants(gold):
    out = []
    for name, pattern, replacement in MUTATIONS:
        m = re.sub(pattern, replacement, gold, count=1, flags=re.I)
        if m != gold:
            out.append((name, m))
    m = re.sub(r"LIMIT (\d+)", lambda x: f"LIMIT {int(x.group(1)) + 1}", gold, count=1, flags=re.I)
    if m != gold:
        out.append(("LIMIT off by one", m))
    m = re.sub(r"(WHERE [^;]*?[=<>] *)(\d+)\b", lambda x: x.group(1) + str(int(x.group(2)) + 1), gold, count=1, flags=re.I)
    if m != gold:
        out.append(("literal changed", m))
    return out


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    db_dir, questions, out_path = sys.argv[1:]
    written = positives = 0
    with open(questions, newline="", encoding="utf-8") as f, open(out_path, "w", encoding="utf-8") as out:
        for row in csv.DictReader(f):
            answers = [a.strip() for a in row["query"].split(";") if a.strip() and "{" not in a]
            if not answers:
                continue
            db = f"{db_dir}/{row['db_name']}.sqlite"
            gold = answers[0]
            run.calls = 0
            expected = run(db, gold)
            if expected is None:
                continue
            ordered = re.search(r"ORDER BY [^()]*$", gold, re.I) is not None
            candidates = [("another accepted answer", a) for a in answers[1:]] + mutants(gold)
            for kind, generated in candidates:
                run.calls = 0
                label = same_result(expected, run(db, generated), ordered)
                out.write(json.dumps({"db_id": row["db_name"], "dialect": "sqlite", "lang": "sql", "kind": kind,
                                      "expected": gold, "generated": generated, "label": label}) + "\n")
                written += 1
                positives += label
    print(f"{written} labelled pairs, {positives} positive", file=sys.stderr)


if __name__ == "__main__":
    main()
