#!/usr/bin/python3
"""Make syntactically damaged variants of corpus queries (to check that we reject what Kusto
rejects, beyond the corpus' few invalid blocks). Deterministic (seeded).

usage: mutate.py IN.jsonl(strings) > OUT.jsonl(strings)
Each query yields: a truncation at a random word boundary, the deletion of one random word or
punctuation token, and the duplication of one random token."""
import json, random, re, sys
random.seed(42)
tok = re.compile(r'\s+|//[^\n]*|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|[A-Za-z_][\w\-]*|\d[\w.]*|==|!=|=~|\.\.|[^\sA-Za-z_\d]')
for line in open(sys.argv[1]):
    q = json.loads(line)
    parts = tok.findall(q)
    if ''.join(parts) != q or len(parts) < 4: continue
    idx = [i for i, p in enumerate(parts) if p.strip() and not p.startswith('//')]
    if len(idx) < 3: continue
    k = random.choice(idx[1:])
    print(json.dumps(''.join(parts[:k])))                       # truncation
    k = random.choice(idx)
    print(json.dumps(''.join(parts[:k] + parts[k+1:])))         # deletion
    k = random.choice(idx)
    print(json.dumps(''.join(parts[:k+1] + [' '] + parts[k:])))  # duplication
