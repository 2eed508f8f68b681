#!/usr/bin/env python3
"""Edge-case mutations of BIRD's gold queries: does `--db synth` find the rows that tell them apart?

Issue 29 asks for no "equal" verdict where a NULL, a duplicate, a tie, an empty table or a case variant in a
column the schema leaves free would separate a pair. Each mutation below changes a gold query in a way that
only such a row shows (COUNT(x) against COUNT(*) needs a NULL in x; DISTINCT needs a duplicate; ...), where
the schema allows that row (a NULL only in a column that is no primary key). The script writes the pairs as
cases, runs `qdiff batch --db synth --results-mode exact` (bags of rows, as test-suite accuracy compares them:
a duplicate is a difference), and reports per mutation how many pairs were decided different, found equal,
undecided or failed, with the equal ones listed (each is a miss unless the pair is equivalent on every
database the schema allows: read them).

tests/results_synth_edge_mutations_test.cpp guards a sample of four of these mutations in CI.

usage: bench/edge_mutations.py QDIFF [--corpus DIR] [--out DIR] [--list N]
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

IDENT = r"(?:`[^`]+`|\w+)"
COLUMN = rf"(?:{IDENT}\.)?{IDENT}"


def primary_keys(schema_db):
    names = schema_db["column_names_original"]
    tables = schema_db["table_names_original"]
    keys = set()
    for pk in schema_db["primary_keys"]:
        for index in pk if isinstance(pk, list) else [pk]:
            table, column = names[index]
            keys.add(column.lower())
    return keys, {t.lower() for t in tables}


def bare(column):
    return column.split(".")[-1].strip("`").lower()


def count_star(sql, keys):
    """COUNT(x) -> COUNT(*): a NULL in x (x no primary key) tells them apart."""
    m = re.search(rf"COUNT\(\s*({COLUMN})\s*\)", sql, re.I)
    if not m or bare(m.group(1)) in keys:
        return None
    return sql[: m.start()] + "COUNT(*)" + sql[m.end():]


def add_distinct(sql, keys):
    """SELECT -> SELECT DISTINCT on a query without aggregates or DISTINCT: a duplicate row tells them apart."""
    if re.match(r"\s*SELECT\s+DISTINCT\b", sql, re.I) or re.search(r"\b(COUNT|SUM|AVG|MIN|MAX|GROUP\s+BY)\b", sql, re.I):
        return None
    # (one row kept, LIMIT 1, has no duplicate to remove)
    if re.search(r"\b(UNION|INTERSECT|EXCEPT|WITH)\b|\bLIMIT\s+1\s*;?\s*$", sql, re.I):
        return None
    select_list = re.match(r"\s*SELECT\s+(.*?)\s+FROM\b", sql, re.I | re.S)
    if not select_list or any(bare(c.strip()) in keys for c in select_list.group(1).split(",")):
        return None
    return re.sub(r"^\s*SELECT\s+", "SELECT DISTINCT ", sql, count=1, flags=re.I)


def equal_to_like(sql, keys):
    """x = 'text' -> x LIKE 'text': a case variant of the text tells them apart (SQLite's LIKE ignores case)."""
    m = re.search(rf"({COLUMN})\s*=\s*'([A-Za-z][^'%_]*)'", sql)
    if not m or m.group(2).lower() == m.group(2).upper():
        return None
    return sql[: m.start()] + f"{m.group(1)} LIKE '{m.group(2)}'" + sql[m.end():]


def min_to_order(sql, keys):
    """SELECT MIN(x) FROM .. -> SELECT x FROM .. ORDER BY x LIMIT 1: a NULL in x (first in SQLite's order), or no
    row at all (MIN gives one NULL row, LIMIT none), tells them apart."""
    m = re.match(rf"\s*SELECT\s+MIN\(\s*({COLUMN})\s*\)\s+(FROM\b.*)$", sql, re.I | re.S)
    if not m or re.search(r"\b(GROUP\s+BY|ORDER\s+BY|LIMIT|UNION)\b", m.group(2), re.I):
        return None
    return f"SELECT {m.group(1)} {m.group(2).rstrip().rstrip(';')} ORDER BY {m.group(1)} LIMIT 1"


def max_to_order(sql, keys):
    """SELECT MAX(x) FROM .. -> SELECT x FROM .. ORDER BY x DESC LIMIT 1: no row at all (MAX gives one NULL row),
    or only NULLs, tells them apart."""
    m = re.match(rf"\s*SELECT\s+MAX\(\s*({COLUMN})\s*\)\s+(FROM\b.*)$", sql, re.I | re.S)
    if not m or re.search(r"\b(GROUP\s+BY|ORDER\s+BY|LIMIT|UNION)\b", m.group(2), re.I):
        return None
    return f"SELECT {m.group(1)} {m.group(2).rstrip().rstrip(';')} ORDER BY {m.group(1)} DESC LIMIT 1"


def avg_to_sum(sql, keys):
    """AVG(x) -> CAST(SUM(x) AS REAL) / COUNT(*): a NULL in x tells them apart."""
    m = re.search(rf"AVG\(\s*({COLUMN})\s*\)", sql, re.I)
    if not m or bare(m.group(1)) in keys:
        return None
    return sql[: m.start()] + f"CAST(SUM({m.group(1)}) AS REAL) / COUNT(*)" + sql[m.end():]


def not_equal_or_null(sql, keys):
    """x <> v -> (x <> v OR x IS NULL): a NULL in x tells them apart."""
    m = re.search(rf"({COLUMN})\s*(<>|!=)\s*('[^']*'|-?\d+(?:\.\d+)?)", sql)
    if not m or bare(m.group(1)) in keys:
        return None
    return sql[: m.start()] + f"({m.group(0)} OR {m.group(1)} IS NULL)" + sql[m.end():]


def order_limit_to_extreme(sql, keys):
    """SELECT a FROM t WHERE w ORDER BY x DESC LIMIT 1 -> SELECT a FROM t WHERE w AND x = (SELECT MAX(x) FROM t
    WHERE w): two rows that tie on x (or a NULL x first in ascending order) tell them apart. One table only."""
    m = re.match(rf"\s*SELECT\s+(.+?)\s+FROM\s+({IDENT})\s+(?:WHERE\s+(.+?)\s+)?ORDER\s+BY\s+({IDENT})(\s+(?:ASC|DESC))?"
                 rf"\s+LIMIT\s+1\s*;?\s*$", sql, re.I | re.S)
    if not m or re.search(r"\b(JOIN|GROUP\s+BY|SELECT\b.*\bSELECT)\b", sql, re.I | re.S) or bare(m.group(4)) in keys:
        return None
    select, table, where, key, direction = m.groups()
    extreme = "MAX" if direction and direction.strip().upper() == "DESC" else "MIN"
    where_sql = f" WHERE {where}" if where else ""
    condition = f"{where} AND " if where else ""
    return f"SELECT {select} FROM {table} WHERE {condition}{key} = (SELECT {extreme}({key}) FROM {table}{where_sql})"


def count_distinct(sql, keys):
    """COUNT(DISTINCT x) -> COUNT(x): two rows with one x (a repeated value, or one row met twice through a join)
    tell them apart. Not where x is the key of the only table read."""
    m = re.search(rf"COUNT\(\s*DISTINCT\s+({COLUMN})\s*\)", sql, re.I)
    if not m or (bare(m.group(1)) in keys and not re.search(r"\bJOIN\b", sql, re.I)):
        return None
    return sql[: m.start()] + f"COUNT({m.group(1)})" + sql[m.end():]


def drop_not_null(sql, keys):
    """.. AND x IS NOT NULL -> without it: a NULL in x tells them apart (where x is what the query returns or
    orders by; elsewhere the pair may well be equivalent)."""
    m = re.search(rf"\s+AND\s+({COLUMN})\s+IS\s+NOT\s+NULL\b", sql, re.I)
    if m:
        return sql[: m.start()] + sql[m.end():]
    m = re.search(rf"\bWHERE\s+({COLUMN})\s+IS\s+NOT\s+NULL\s+AND\s+", sql, re.I)
    if m:
        return sql[: m.start()] + "WHERE " + sql[m.end():]
    return None


MUTATIONS = {
    "count_star": count_star,
    "add_distinct": add_distinct,
    "equal_to_like": equal_to_like,
    "min_to_order": min_to_order,
    "max_to_order": max_to_order,
    "avg_to_sum": avg_to_sum,
    "not_equal_or_null": not_equal_or_null,
    "order_limit_to_extreme": order_limit_to_extreme,
    "count_distinct": count_distinct,
    "drop_not_null": drop_not_null,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("qdiff")
    ap.add_argument("--corpus", default=os.environ.get("QDIFF_CORPUS_DIR", "../shared/corpus"))
    ap.add_argument("--out", default="edge_mutations")
    ap.add_argument("--list", type=int, default=5, help="equal pairs listed per mutation")
    args = ap.parse_args()
    bird = os.path.join(args.corpus, "sql", "bird")
    tables_path = os.path.abspath(os.path.join(bird, "dev_tables.json"))
    schemas = {db["db_id"]: primary_keys(db) for db in json.load(open(tables_path))}
    os.makedirs(args.out, exist_ok=True)
    cases_path = os.path.join(args.out, "cases.jsonl")
    records_path = os.path.join(args.out, "records.jsonl")
    cases = []
    with open(os.path.join(bird, "gold.tsv")) as f:
        for line_no, line in enumerate(f, 1):
            sql, db_id = line.rstrip("\n").rsplit("\t", 1)
            keys, _ = schemas[db_id]
            for name, mutate in MUTATIONS.items():
                mutated = mutate(sql, keys)
                if mutated and mutated != sql:
                    cases.append({"id": f"{line_no}:{name}", "lang": "sql", "dialect": "sqlite", "expected": sql,
                                  "generated": mutated, "db_id": db_id, "mutation": name,
                                  "schema": f"{tables_path}#{db_id}"})
    with open(cases_path, "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")
    if os.path.exists(records_path):
        os.remove(records_path)
    subprocess.run([args.qdiff, "batch", cases_path, "--results-mode", "exact", "--threads", "2", "-o", records_path],
                   check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    by_id = {c["id"]: c for c in cases}
    tally = collections.defaultdict(collections.Counter)
    equal = collections.defaultdict(list)
    for line in open(records_path):
        r = json.loads(line)
        c = by_id[r["id"]]
        stage = r.get("stages", {}).get("results", {})
        details = stage.get("details", {})
        verdict = details.get("synth_verdict", "")
        if r.get("verdict") == "equivalent":
            outcome = "equivalent (structure)"
        elif verdict == "different":
            outcome = "different: " + details.get("synth_kind", "")
        elif verdict:
            outcome = verdict
        else:
            outcome = "no synthesized verdict: " + (r.get("reasons") or [""])[0][:80]
        tally[c["mutation"]][outcome] += 1
        if verdict == "equal":
            equal[c["mutation"]].append((c["expected"], c["generated"], stage.get("reason", "")))
    print(f"{len(cases)} mutated pairs of {sum(1 for _ in open(os.path.join(bird, 'gold.tsv')))} BIRD gold queries")
    for name in MUTATIONS:
        t = tally[name]
        n = sum(t.values())
        if not n:
            continue
        different = sum(v for k, v in t.items() if k.startswith("different"))
        print(f"\n{name}: {n} pairs, different {different} ({different / n:.1%}), equal {t['equal']}, "
              f"undecided {t['undecided']}, other {n - different - t['equal'] - t['undecided']}")
        for k, v in t.most_common():
            print(f"    {v:5}  {k}")
        for e, g, why in equal[name][: args.list]:
            print(f"  EQUAL: {e[:220]}\n     vs {g[:220]}\n     {why[:160]}")


if __name__ == "__main__":
    sys.exit(main())
