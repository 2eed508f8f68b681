#!/usr/bin/env python3
"""Writes the hostile input matrix (deep nesting, huge lists, 10 MB inputs, binary junk) into OUT/, one
file per input, named LANGUAGE-WHAT.EXT; scripts/hostile_rss.sh measures each command's peak memory on
them. The sizes sit on both sides of ParseOptions' limits (16 MiB of bytes, 524,288 tokens, 256 levels
of nesting; README.md), so both the refusal and the largest accepted input are measured.
Usage: hostile_inputs.py OUT"""
import json
import os
import random
import sys

MB = 1 << 20


def main(out):
    os.makedirs(out, exist_ok=True)

    def write(name, data):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)

    n = 100_000
    # SQL
    write("sql-deep-parens.sql", "SELECT " + "(" * n + "1" + ")" * n)
    write("sql-deep-subqueries.sql", "SELECT * FROM (" * 20_000 + "SELECT 1" + ")" * 20_000)
    write("sql-deep-nots.sql", "SELECT a FROM t WHERE " + "NOT " * n + "x")
    write("sql-nesting-at-limit.sql", "SELECT " + "(" * 250 + "1" + ")" * 250)
    write("sql-in-list-250k.sql", "SELECT a FROM t WHERE a IN (" + ", ".join(map(str, range(250_000))) + ")")
    write("sql-or-chain-100k.sql", "SELECT a FROM t WHERE " + " OR ".join(f"x = {i}" for i in range(100_000)))
    big = "SELECT a FROM t WHERE a IN (" + ", ".join(map(str, range(1_500_000))) + ")"
    write("sql-in-list-10mb.sql", big[: 10 * MB - 1] + ")")
    union = " UNION ALL ".join(f"SELECT c{i} FROM t{i}" for i in range(600_000))
    write("sql-union-10mb.sql", union[: 10 * MB])
    write("sql-17mb.sql", "SELECT 1 -- " + "x" * (17 * MB) + "\n")
    # KQL
    write("kql-deep-parens.kql", "T | where " + "(" * n + "a" + ")" * n)
    write("kql-in-list-250k.kql", "T | where a in (" + ", ".join(map(str, range(250_000))) + ")")
    pipes = " ".join(f"| where c{i} > {i}" for i in range(400_000))
    write("kql-pipes-10mb.kql", ("T " + pipes)[: 10 * MB])
    # Weaviate: GraphQL and structured JSON
    write("weaviate-deep-braces.graphql", "{ Get { Article " + "{ a " * n + "}" * n + " } }")
    operands = ", ".join(f'{{path: ["wordCount"], operator: Equal, valueInt: {i}}}' for i in range(60_000))
    write("weaviate-where-60k-operands.graphql",
          "{ Get { Article(where: {operator: Or, operands: [" + operands + "]}) { title } } }")
    write("weaviate-deep-json.json", '{"collection": "Article", "filters": ' + '{"and": [' * 50_000 + "]}" * 50_000 + "}")
    write("weaviate-json-10mb.json", json.dumps({"collection": "Article", "properties": [f"p{i}" for i in range(10 * MB // 12)]}))
    # Any language: binary junk and a 10 MB line of one repeated token.
    write("junk-10mb.bin", random.Random(15).randbytes(10 * MB))
    write("repeat-10mb.txt", "SELECT " * (10 * MB // 7))
    # diff and batch inputs: the largest accepted list on both sides; one 10 MB batch line.
    with open(os.path.join(out, "batch-cases.jsonl"), "w") as f:
        accepted = "SELECT a FROM t WHERE a IN (" + ", ".join(map(str, range(100_000))) + ")"
        f.write(json.dumps({"id": "huge-list", "expected": accepted, "generated": accepted.replace("99999", "1")}) + "\n")
        f.write(json.dumps({"id": "deep", "expected": "SELECT 1", "generated": "SELECT " + "(" * n + "1" + ")" * n}) + "\n")
        f.write(json.dumps({"id": "10mb", "expected": "SELECT 1", "generated": big[: 10 * MB - 1] + ")"}) + "\n")
        f.write(json.dumps({"id": "junk", "expected": "SELECT 1", "generated": "\x01" * MB}) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
