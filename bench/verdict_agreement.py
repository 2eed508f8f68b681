"""Agreement of `qdiff batch` verdicts with labels: ROC AUC of `total`, false-pass and false-fail rates of
`pass`, overall and by a tag (db_id, difficulty), and the share of each verdict with its label rate; and
the same without the questions whose labels contradict them (one expected query on one db_id where every
case `equivalent` after normalization is labelled wrong: `qdiff report`'s "labels to check").

usage: verdict_agreement.py RECORDS.jsonl [--cases CASES.jsonl] [--by TAG ...] [--threshold T]
A record's label is its `label` (batch copies a case's `label` or BIRD's `res`); with --cases, labels and
tags are read from the cases file by id instead (for records of a qdiff that did not copy them).
--threshold T: pass = total >= T instead of the record's pass."""
import collections
import json
import sys

from execution_auc import auc  # Mann-Whitney, ties counting half
from label_checks import contradicted_questions


def line(name, rows):
    scores = [r[0] for r in rows]
    labels = [r[1] for r in rows]
    passes = [r[2] for r in rows]
    wrong = sum(1 for l in labels if not l)
    right = len(labels) - wrong
    false_pass = sum(1 for l, p in zip(labels, passes) if p and not l)
    false_fail = sum(1 for l, p in zip(labels, passes) if l and not p)
    return (f"{name:<28} n={len(rows):>6}  AUC {auc(scores, labels):.3f}  pass {sum(passes) / len(rows):6.1%}  "
            f"label {right / len(rows):6.1%}  false pass {false_pass / max(wrong, 1):6.1%}  "
            f"false fail {false_fail / max(right, 1):6.1%}")


def main(argv):
    by = []
    cases = None
    threshold = None
    while "--by" in argv:
        at = argv.index("--by")
        by.append(argv[at + 1])
        del argv[at:at + 2]
    if "--cases" in argv:
        at = argv.index("--cases")
        cases = {}
        for l in open(argv[at + 1], encoding="utf-8"):
            c = json.loads(l)
            cases[str(c["id"])] = c
        del argv[at:at + 2]
    if "--threshold" in argv:
        at = argv.index("--threshold")
        threshold = float(argv[at + 1])
        del argv[at:at + 2]
    (path,) = argv
    rows, groups, verdicts = [], collections.defaultdict(list), collections.defaultdict(list)
    questions = collections.defaultdict(list)  # (db_id, expected) -> [(row, equivalent)]
    for l in open(path, encoding="utf-8"):
        r = json.loads(l)
        tags = r.get("tags", {})
        label = r.get("label")
        if cases is not None:
            c = cases[str(r["id"])]
            label = c.get("label", c.get("res"))
            tags = {k: str(c[k]) for k in c if k in ("db_id", "difficulty", "setup")}
        if label is None:
            continue
        label = bool(label)
        total = r.get("total", 0.0) or 0.0
        passed = total >= threshold if threshold is not None else bool(r.get("pass"))
        row = (total, label, passed)
        rows.append(row)
        for t in by:
            groups[(t, tags.get(t, "?"))].append(row)
        verdicts[r.get("verdict", "?")].append(row)
        question = (tags.get("db_id"), (r.get("queries") or {}).get("expected"))
        questions[question].append((row, r.get("verdict") == "equivalent"))
    print(line("all", rows))
    contradicted = contradicted_questions({q: [(eq, row[1]) for row, eq in members] for q, members in questions.items()})
    if contradicted:
        dropped = {id(row) for q in contradicted for row, _ in questions[q]}
        print(line(f"without {len(contradicted)} of {len(questions)} questions", [r for r in rows if id(r) not in dropped]))
    for key in sorted(groups):
        print(line(f"{key[0]}={key[1]}", groups[key]))
    print("verdicts (share of cases, share labelled right):")
    for v, vrows in sorted(verdicts.items(), key=lambda kv: -len(kv[1])):
        print(f"  {v:<28} {len(vrows) / len(rows):6.1%}  right {sum(1 for r in vrows if r[1]) / len(vrows):6.1%}")


if __name__ == "__main__":
    main(sys.argv[1:])
