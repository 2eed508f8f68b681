#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (tests/fuzz/targets.def) from the shared query corpora
(../shared/corpus, never copied into the repository) into OUT/TARGET/, one input per file, in each
target's input format (a leading mode byte where the target has one). Usage: fuzz_seeds.py CORPUS OUT"""
import csv
import hashlib
import json
import os
import shutil
import re
import sys

csv.field_size_limit(1 << 24)


def dialects():
    """The mode byte of each SQL dialect: its index in include/qdiff/dialects.def (tests/fuzz/targets.hpp),
    Auto (the last entry) left out; KQL and Weaviate follow them."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "include", "qdiff", "dialects.def"), encoding="utf-8") as f:
        names = re.findall(r'^QDIFF_DIALECT\(\w+, \.name = "(\w+)"', f.read(), re.M)
    assert names[-1] == "auto", "Auto must stay the last entry of dialects.def"
    return {name: i for i, name in enumerate(names[:-1])}


DIALECTS = dialects()
KQL_MODE, WEAVIATE_MODE = len(DIALECTS), len(DIALECTS) + 1
PER_SOURCE = 400  # enough to reach the corpus' coverage; libFuzzer minimises the rest away


def lines(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return [l.rstrip("\n") for l in f]
    except OSError:
        return []


def jsonl(path, field):
    out = []
    for l in lines(path):
        try:
            v = json.loads(l).get(field)
        except (ValueError, AttributeError):
            continue
        if isinstance(v, str) and v.strip():
            out.append(v)
    return out


def defog(path):
    try:
        with open(path, encoding="utf-8", newline="") as f:
            return [q.strip() for row in csv.DictReader(f) for q in row.get("query", "").split(";") if q.strip()]
    except OSError:
        return []


def main(corpus, out):
    # Written afresh: a seed of an earlier run may mean something else now (the mode bytes follow dialects.def).
    for target in os.listdir(out) if os.path.isdir(out) else []:
        shutil.rmtree(os.path.join(out, target))

    def write(target, data):
        if isinstance(data, str):
            data = data.encode("utf-8", "replace")
        d = os.path.join(out, target)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)

    sql = {  # dialect -> queries
        "sqlite": [l.split("\t")[0] for l in lines(f"{corpus}/sql/spider/gold.tsv")[:PER_SOURCE]]
        + [l.split("\t")[0] for l in lines(f"{corpus}/sql/bird/gold.tsv")[:PER_SOURCE]]
        + lines(f"{corpus}/sql/spider/pred.sql")[:PER_SOURCE],
        "postgres": defog(f"{corpus}/sql/defog/questions_gen_postgres.csv")[:PER_SOURCE]
        + defog(f"{corpus}/sql/defog/instruct_advanced_postgres.csv")[:PER_SOURCE],
        "mysql": defog(f"{corpus}/sql/defog/questions_gen_mysql.csv")[:PER_SOURCE],
        "tsql": defog(f"{corpus}/sql/defog/questions_gen_tsql.csv")[:PER_SOURCE],
        "bigquery": defog(f"{corpus}/sql/defog/questions_gen_bigquery.csv")[:PER_SOURCE],
        "snowflake": defog(f"{corpus}/sql/defog/questions_gen_snowflake.csv")[:PER_SOURCE],
        # No DuckDB corpus: its syntax is PostgreSQL's in the main (tests/fuzz/seeds/sql/duckdb_* has its own).
        "duckdb": defog(f"{corpus}/sql/defog/questions_gen_postgres.csv")[:PER_SOURCE // 2],
        # Generic accepts every dialect's syntax: a share of each.
        "generic": [q for d in ("postgres", "mysql", "tsql", "bigquery", "snowflake")
                    for q in defog(f"{corpus}/sql/defog/questions_gen_{d}.csv")[:PER_SOURCE // 5]],
    }
    kql = (jsonl(f"{corpus}/kql/nl2kql/Sentinel_Evaluation.jsonl", "baseline")
           + jsonl(f"{corpus}/kql/nl2kql/Defender_Evaluation.jsonl", "baseline")
           + jsonl(f"{corpus}/kql/m365-defender/queries.jsonl", "code")[:PER_SOURCE]
           + jsonl(f"{corpus}/kql/docs/blocks.jsonl", "code")[:PER_SOURCE * 2])
    gorilla = f"{corpus}/weaviate/gorilla-graphql"
    weaviate = (jsonl(f"{corpus}/weaviate/acceptance/graphql.jsonl", "code")
                + jsonl(f"{gorilla}/clean-RETRY-WeaviateGorillaGQLDataset.json", "output")[:PER_SOURCE]
                + jsonl(f"{gorilla}/failed-RETRY-WeaviateGorillaGQLDataset.json", "output")[:PER_SOURCE // 4])
    if os.path.isdir(f"{gorilla}/api-examples"):
        for name in sorted(os.listdir(f"{gorilla}/api-examples")):
            weaviate += ["\n".join(lines(f"{gorilla}/api-examples/{name}"))]

    for dialect, queries in sql.items():
        for q in queries:
            mode = bytes([DIALECTS[dialect]])
            write("sql", mode + q.encode())
            write("roundtrip", mode + q.encode())
            write("normalize", mode + q.encode())
            write("lint", mode + q.encode())
            write("detect", q)
    for q in kql:
        write("kql", q)
        write("roundtrip", bytes([KQL_MODE]) + q.encode())
        write("normalize", bytes([KQL_MODE]) + q.encode())
        write("lint", b"\0" + q.encode())
        write("detect", q)
    for q in weaviate:
        write("weaviate", q)
        write("roundtrip", bytes([WEAVIATE_MODE]) + q.encode())
        write("normalize", bytes([WEAVIATE_MODE]) + q.encode())
        write("lint", b"\0" + q.encode())
        write("detect", q)

    # Pairs: gold and a model's prediction of the same question.
    gold = [l.split("\t")[0] for l in lines(f"{corpus}/sql/spider/gold.tsv")]
    pred = lines(f"{corpus}/sql/spider/pred-dailsql-gpt4.sql")
    for g, p in list(zip(gold, pred))[:PER_SOURCE]:
        write("diff", g + "\0" + p)
        write("batch_case", json.dumps({"expected": g, "generated": p, "dialect": "sqlite"}))
    for a, b in zip(kql[:100], kql[1:101]):
        write("diff", a + "\0" + b)
        write("batch_case", json.dumps({"expected": a, "generated": b, "language": "kql"}))
    for a, b in zip(weaviate[:100], weaviate[1:101]):
        write("diff", a + "\0" + b)

    # Schemas: each file with its format byte (tests/fuzz/targets/schema.cpp); big ones cut.
    def schema(path, mode, limit=1 << 16):
        try:
            with open(path, "rb") as f:
                write("schema", bytes([mode]) + f.read(limit))
        except OSError:
            pass
    schema(f"{corpus}/sql/spider/tables.json", 0)
    schema(f"{corpus}/sql/spider/tables.json", 2 + 8)  # with the selector concert_singer
    for name in ("Sentinel", "Defender"):
        schema(f"{corpus}/kql/nl2kql/{name}_Schema.json", 4)
    dbs = f"{corpus}/sql/defog/databases"
    if os.path.isdir(dbs):
        for name in sorted(os.listdir(dbs)):
            if name.endswith(".json"):
                schema(f"{dbs}/{name}", 7)
            elif name.endswith(".sql"):
                schema(f"{dbs}/{name}", 3)
                with open(f"{dbs}/{name}", "rb") as f:  # the PostgreSQL dump reader
                    write("result_file", b"\x02" + f.read(1 << 15))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
