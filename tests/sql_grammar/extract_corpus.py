#!/usr/bin/python3
"""Extract the SQL acceptance corpora into NUL-separated query files (one query per record).

Usage: extract_corpus.py CORPUS_DIR OUT_DIR
Writes OUT_DIR/<name>.q files; records are separated by a NUL byte.
"""
import csv, os, re, sys

corpus, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)

def write(name, queries):
    with open(os.path.join(out, name + ".q"), "w", encoding="utf-8") as f:
        f.write("\0".join(queries))
    print(f"{name}: {len(queries)}")

def tsv_first(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t")[0] for line in f if line.strip()]

def lines(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f]

def split_statements(cell):
    """Split a defog cell on ';' outside quotes."""
    parts, cur, q = [], [], None
    for ch in cell:
        if q:
            cur.append(ch)
            if ch == q:
                q = None
        elif ch in "'\"`":
            q = ch
            cur.append(ch)
        elif ch == ";":
            parts.append("".join(cur)); cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]

def expand_braces(q):
    """{a, b} -> a (the first alternative). {} means "the columns chosen for the
    preceding {...}" in defog's sql-eval (it appears as GROUP BY {}), so it becomes
    that same first alternative; with no preceding {...} it becomes nothing."""
    last = [""]
    def sub(m):
        body = m.group(1).strip()
        if body:
            last[0] = body.split(",")[0].strip()
        return last[0]
    return re.sub(r"\{([^{}]*)\}", sub, q)

sql = os.path.join(corpus, "sql")
write("spider_gold", tsv_first(os.path.join(sql, "spider/gold.tsv")))
write("bird_gold", tsv_first(os.path.join(sql, "bird/gold.tsv")))
write("spider_pred", lines(os.path.join(sql, "spider/pred.sql")))
write("spider_pred_dail", lines(os.path.join(sql, "spider/pred-dailsql-gpt4.sql")))
write("bird_pred_dail", lines(os.path.join(sql, "bird/pred-dailsql-gpt4.sql")))
defog = []
ddir = os.path.join(sql, "defog")
for fn in sorted(os.listdir(ddir)):
    if fn.endswith(".csv"):
        with open(os.path.join(ddir, fn), encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                for s in split_statements(row["query"]):
                    defog.append(expand_braces(s))
write("defog_gold", defog)
dumps = []
for fn in sorted(os.listdir(os.path.join(ddir, "databases"))):
    if fn.endswith(".sql"):
        with open(os.path.join(ddir, "databases", fn), encoding="utf-8") as f:
            dumps.append(f.read())
write("defog_dumps", dumps)
