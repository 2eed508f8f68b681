"""Agreement of `qdiff batch --db synth` verdicts with real execution labels (issue 29 follow-up).

usage: synth_agreement.py RECORDS.jsonl [--examples CLASS N]

RECORDS carry `label` (true/false: the real execution said equal/different) and
stages.results.details (synth_verdict, synth_kind, synth_undecided_cause). Prints:
- agreement on decided records: `different` on any kind counted as different ("strict"), and a
  difference found only on an edge-case kind counted as equal ("plain only");
- the confusion: equal & label wrong, different & label right (by kind), undecided and errors by cause;
- the disagreements by a rough syntactic class of the pair (what differs between the two queries);
- the same agreement without the questions whose labels contradict them (label_checks.py: every
  prediction equal to the expected query after normalization is labelled wrong), as verdict_agreement.py.
"""
import collections
import json
import re
import sys

from label_checks import contradicted_questions
from synth_bird import cause, detail  # one reading of details and reasons for both scripts


def norm(sql):
    return re.sub(r"\s+", " ", (sql or "").lower())


def classes(expected, generated):
    """What syntactically differs between the pair: a few named features, present in one query only."""
    e, g = norm(expected), norm(generated)
    out = []
    features = {
        "distinct": r"\bdistinct\b",
        "count_distinct": r"count\s*\(\s*distinct",
        "limit": r"\blimit\b",
        "order_limit_vs_max_min": r"\b(max|min)\s*\(",
        "like": r"\blike\b",
        "group_by": r"\bgroup by\b",
        "having": r"\bhaving\b",
        "left_join": r"\bleft (outer )?join\b",
        "subquery": r"\(\s*select\b",
        "cast": r"\bcast\s*\(|\* 1\.0|\b1\.0 \*|/ 100|\* 100",
        "iif_case": r"\biif\s*\(|\bcase when\b",
        "is_null": r"\bis (not )?null\b",
        "strftime_substr": r"strftime|substr|\blike '\d{4}",
        "union_intersect_except": r"\b(union|intersect|except)\b",
        "not_in_not_exists": r"\bnot (in|exists)\b",
    }
    for name, pattern in features.items():
        if bool(re.search(pattern, e)) != bool(re.search(pattern, g)):
            out.append(name)
    je, jg = len(re.findall(r"\bjoin\b|,\s*\w+\s+(as\s+)?t\d", e)), len(re.findall(r"\bjoin\b|,\s*\w+\s+(as\s+)?t\d", g))
    if je != jg:
        out.append("join_count")
    se = e.split(" from ")[0]
    sg = g.split(" from ")[0]
    if se.count(",") != sg.count(","):
        out.append("projection_width")
    return out or ["other"]


def question_of(record):
    return ((record.get("tags") or {}).get("db_id"), (record.get("queries") or {}).get("expected"))


def main():
    path = sys.argv[1]
    want = sys.argv[sys.argv.index("--examples") + 1:] if "--examples" in sys.argv else None
    n = collections.Counter()
    agree_strict = agree_plain = decided = 0
    false_equal = collections.Counter()
    false_diff = collections.Counter()
    true_diff = collections.Counter()
    undecided = collections.Counter()
    errors = collections.Counter()
    class_fe, class_fd = collections.Counter(), collections.Counter()
    examples = collections.defaultdict(list)
    records = []
    for line in open(path):
        try:
            r = json.loads(line)
        except ValueError:  # a record still being written
            continue
        if r.get("label") is not None:
            records.append(r)
    questions = collections.defaultdict(list)
    for r in records:
        questions[question_of(r)].append((r.get("verdict") == "equivalent", bool(r["label"])))
    contradicted = contradicted_questions(questions)
    kept = {"decided": 0, "strict": 0, "plain": 0}
    for r in records:
        label = bool(r["label"])
        res = (r.get("stages") or {}).get("results") or {}
        d = res.get("details") or {}
        v = detail(d, "synth_verdict", "none")
        n[v] += 1
        q = r.get("queries") or {}
        exp, gen = q.get("expected", ""), q.get("generated", "")
        if v == "undecided":
            undecided[detail(d, "synth_undecided_cause", "?") + (" (label %s)" % label)] += 1
            continue
        if v not in ("equal", "different"):
            errors[(v, cause(res.get("reason") or "; ".join(r.get("reasons", []))))] += 1
            continue
        decided += 1
        kind = detail(d, "synth_kind", "plain")
        says_equal = v == "equal"
        agree_strict += says_equal == label
        agree_plain += (says_equal or kind != "plain") == label
        if question_of(r) not in contradicted:
            kept["decided"] += 1
            kept["strict"] += says_equal == label
            kept["plain"] += (says_equal or kind != "plain") == label
        if says_equal and not label:
            false_equal["equal"] += 1
            for c in classes(exp, gen):
                class_fe[c] += 1
            examples["fe"].append((r["id"], exp, gen, res.get("reason")))
        if not says_equal and label:
            false_diff[kind] += 1
            if kind == "plain":
                for c in classes(exp, gen):
                    class_fd[c] += 1
            examples["fd_" + kind].append((r["id"], exp, gen, res.get("reason")))
        if not says_equal and not label:
            true_diff[kind] += 1
    total = sum(n.values())
    print(f"records with a label: {total}; verdicts: {dict(n)}")
    print(f"decided {decided} ({100*decided/total:.1f}%), undecided {sum(undecided.values())} "
          f"({100*sum(undecided.values())/total:.1f}%), errors {sum(errors.values())} ({100*sum(errors.values())/total:.1f}%)")
    print(f"agreement on decided: strict {100*agree_strict/decided:.2f}%  (edge-only differences as equal: {100*agree_plain/decided:.2f}%)")
    if contradicted:
        print(f"without the {len(contradicted)} of {len(questions)} questions whose labels contradict them "
              f"({kept['decided']} decided): strict {100*kept['strict']/max(kept['decided'], 1):.2f}%  "
              f"(edge-only differences as equal: {100*kept['plain']/max(kept['decided'], 1):.2f}%)")
    print(f"synth equal & label wrong: {false_equal['equal']}")
    print(f"synth different & label right, by kind: {dict(false_diff.most_common())}")
    print(f"synth different & label wrong (confirmed), by kind: {dict(true_diff.most_common())}")
    print(f"undecided by cause: {dict(undecided.most_common())}")
    print("errors by cause:")
    for (v, c), k in errors.most_common(12):
        print(f"  {k:5d} {v}: {c}")
    print(f"false equal, syntactic classes: {dict(class_fe.most_common(14))}")
    print(f"false different on plain, syntactic classes: {dict(class_fd.most_common(14))}")
    if want:
        key, count = want[0], int(want[1])
        for ex in examples[key][:count]:
            print("----", ex[0], "|", ex[3][:300] if ex[3] else "")
            print("  E:", ex[1])
            print("  G:", ex[2])


if __name__ == "__main__":
    main()
