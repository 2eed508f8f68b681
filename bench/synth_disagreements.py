"""The disagreements of `qdiff batch --db synth` with execution labels, in classes (issue 29 follow-up).

usage: synth_disagreements.py CASES.jsonl RECORDS.jsonl

CASES carry `res` (1: the prediction was right on the real database) and the gold `expected`; a
gold no prediction of the file gets right (BIRD: 42 setups per question) marks labels the synthesized
data cannot be expected to match (a gold that depends on row order, a real-data quirk, label noise).
Classes are matched in order, first match wins; they describe the pair, not a proven cause.
"""
import collections
import json
import re
import sys


def strings(sql):
    return set(re.findall(r"'([^']*)'", sql))


def classify(expected, generated, gold_never_right):
    e, g = expected.lower(), generated.lower()
    if gold_never_right:
        return "gold never labelled right (any setup)"
    if re.search(r"\b\w*id\s*=\s*\d+", g) and not re.search(r"\b\w*id\s*=\s*\d+", e):
        return "key literal (alignment_id = 3) for a named entity"
    se, sg = strings(expected), strings(generated)
    if se != sg and {s.lower() for s in se} == {s.lower() for s in sg}:
        return "a literal in another case ('North Bohemia')"
    if se != sg and not re.search(r"\blike\b", g + e):
        return "other literals (values the real data may not hold either way)"
    if ("count(distinct" in e) != ("count(distinct" in g):
        return "COUNT against COUNT DISTINCT"
    if bool(re.search(r"select\s+distinct", e)) != bool(re.search(r"select\s+distinct", g)):
        return "DISTINCT against none"
    if bool(re.search(r"\blimit\b", e)) != bool(re.search(r"\blimit\b", g)) or (
        "limit" in e and re.search(r"\b(max|min)\s*\(", e + g)):
        return "LIMIT against MAX/MIN or none (ties, several rows)"
    if re.search(r"\blike\b", e) != re.search(r"\blike\b", g):
        return "LIKE against ="
    je, jg = len(re.findall(r"\bjoin\b", e)), len(re.findall(r"\bjoin\b", g))
    if je != jg or ("(select" in e.replace(" ", "")) != ("(select" in g.replace(" ", "")):
        return "other joins or subqueries (a path the real data does not tell apart)"
    if re.search(r"\biif\b|\bcase\b|\bcast\b|/", e + g):
        return "arithmetic, CASE, CAST"
    return "other"


def main():
    cases_path, records_path = sys.argv[1], sys.argv[2]
    golds = collections.defaultdict(list)
    gold_of = {}
    for line in open(cases_path):
        c = json.loads(line)
        golds[c["expected"]].append(c.get("res"))
        gold_of[c["id"]] = c["expected"]
    classes = {"synth equal, label different": collections.Counter(),
               "synth different on plain data, label equal": collections.Counter(),
               "synth different on plain data, label different (confirmed)": collections.Counter()}
    for line in open(records_path):
        r = json.loads(line)
        d = ((r.get("stages") or {}).get("results") or {}).get("details") or {}
        verdict, kind, label = d.get("synth_verdict"), d.get("synth_kind"), r.get("label")
        q = r.get("queries") or {}
        never = not any(golds[gold_of[r["id"]]])
        cls = classify(q.get("expected", ""), q.get("generated", ""), never)
        if verdict == "equal" and not label:
            classes["synth equal, label different"][cls] += 1
        elif verdict == "different" and kind == "plain":
            key = "synth different on plain data, label equal" if label else \
                "synth different on plain data, label different (confirmed)"
            classes[key][cls] += 1
    for name, counter in classes.items():
        print(f"{name}: {sum(counter.values())}")
        for cls, n in counter.most_common():
            print(f"  {n:5d} {cls}")


if __name__ == "__main__":
    main()
