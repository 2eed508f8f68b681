"""`qdiff batch --db synth` on BIRD's schemas (issue 29): cases, then a summary of the records.

usage:
  synth_bird.py cases BIRD_DIR dailsql [--every K]      gold.tsv against pred-dailsql-gpt4.sql (no labels)
  synth_bird.py cases BIRD_DIR labelled [--every K]     labelled/dev_predictions_labelled.jsonl (gold, pred, res)
  synth_bird.py summary CASES.jsonl RECORDS.jsonl       shares decided / undecided / error, errors and undecided by
                                                        cause, the synth kinds, and, for labelled cases, agreement
                                                        of decided verdicts with the execution label `res`
Each case's schema is `BIRD_DIR/dev_tables.json#db_id`; --every K keeps every K-th pair (a fixed sample).
"""
import collections
import json
import os
import re
import sys

from label_checks import contradicted_questions


def cases(bird_dir, source, every):
    tables = os.path.abspath(os.path.join(bird_dir, "dev_tables.json"))
    pairs = []
    if source == "dailsql":
        with open(os.path.join(bird_dir, "gold.tsv")) as g, open(os.path.join(bird_dir, "pred-dailsql-gpt4.sql")) as p:
            golds, preds = g.read().splitlines(), p.read().splitlines()
        for i, line in enumerate(golds, 1):
            gold, db_id = (line.split("\t") + [""])[:2]
            pairs.append((str(i), gold, preds[i - 1] if i <= len(preds) else "", db_id, None))
    else:
        with open(os.path.join(bird_dir, "labelled", "dev_predictions_labelled.jsonl")) as f:
            for i, line in enumerate(f, 1):
                d = json.loads(line)
                pairs.append((str(i), d["gold"], d["pred"], d["db_id"], d["res"]))
    for n, (case_id, gold, pred, db_id, label) in enumerate(pairs):
        if n % every or not gold:
            continue
        case = {"id": case_id, "lang": "sql", "dialect": "sqlite", "expected": gold, "generated": pred,
                "schema": tables + "#" + db_id}
        if label is not None:
            case["label"] = label
        print(json.dumps(case))


def detail(details, key, default=None):
    """A detail as its value: records carry them as JSON values (older ones as JSON text)."""
    if key not in details:
        return default
    value = details[key]
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def cause(reason):
    """A short cause for an error or undecided reason: the SQLite message with names taken out."""
    reason = re.sub(r"on synthesized database \d+", "", reason or "")
    reason = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "X", reason)
    reason = re.sub(r"(no such (column|table|function)): \S+", r"\1", reason)
    reason = re.sub(r"near \S+", "near X", reason)
    reason = re.sub(r"\d+", "N", reason)
    return reason[:110]


def label_of(case):
    """The case's execution label: `label`, or BIRD's `res`; None without one."""
    return case.get("label", case.get("res"))


def summary(cases_path, records_path):
    cases = {c["id"]: c for c in map(json.loads, open(cases_path))}
    verdicts = collections.Counter()
    causes = collections.defaultdict(collections.Counter)
    kinds = collections.Counter()
    agree = collections.Counter()
    tried, seconds = [], []
    records = list(map(json.loads, open(records_path)))
    # Questions (one expected query on one schema) whose labels contradict them: every prediction equivalent
    # to the expected query after normalization is labelled wrong (qdiff report's "labels to check").
    questions = collections.defaultdict(list)
    for record in records:
        case = cases[record["id"]]
        if label_of(case) is not None:
            questions[(case.get("schema"), case["expected"])].append((record.get("verdict") == "equivalent", label_of(case)))
    contradicted = contradicted_questions(questions)
    agree_consistent = collections.Counter()
    for record in records:
        case = cases[record["id"]]
        results = (record.get("stages") or {}).get("results", {})
        details = results.get("details", {})
        verdict = detail(details, "synth_verdict", "error")
        reason = results.get("reason") or "; ".join(record.get("reasons", []))
        verdicts[verdict] += 1
        runs = detail(details, "synth_databases_tried", detail(details, "synth_databases"))
        if runs is not None:
            tried.append(int(runs))
        seconds.append(float(results.get("seconds") or 0))
        if verdict in ("error", "undecided"):
            key = detail(details, "synth_undecided_cause")
            causes[verdict][key + ": " + cause(reason)[:60] if key else cause(reason)] += 1
        if verdict == "different":
            kind = detail(details, "synth_kind")
            kinds[kind if kind else ("edge" if detail(details, "synth_edge_cases_only") else "plain")] += 1
        if label_of(case) is not None and verdict in ("equal", "different"):
            real = "equal" if label_of(case) else "different"
            agree[(verdict, real)] += 1
            if (case.get("schema"), case["expected"]) not in contradicted:
                agree_consistent[(verdict, real)] += 1
    total = sum(verdicts.values())
    decided = verdicts["equal"] + verdicts["different"]
    print(f"{total} pairs: decided {decided} ({100 * decided / total:.1f}%: equal {verdicts['equal']}, different "
          f"{verdicts['different']}), undecided {verdicts['undecided']} ({100 * verdicts['undecided'] / total:.1f}%), "
          f"error {verdicts['error']} ({100 * verdicts['error'] / total:.1f}%)")
    if tried:
        tried.sort()
        print(f"databases tried: mean {sum(tried) / len(tried):.1f}, median {tried[len(tried) // 2]}, max {tried[-1]}")
    seconds.sort()
    print(f"results stage seconds per case: mean {sum(seconds) / len(seconds):.4f}, p95 "
          f"{seconds[int(0.95 * (len(seconds) - 1))]:.4f}, max {seconds[-1]:.3f}")
    print("different by kind:", dict(kinds.most_common()))
    for verdict in ("undecided", "error"):
        print(f"{verdict} by cause:")
        for c, n in causes[verdict].most_common(12):
            print(f"  {n:5d}  {c}")
    if agree:
        good = agree[("equal", "equal")] + agree[("different", "different")]
        n = sum(agree.values())
        print(f"agreement with execution on decided labelled pairs: {good}/{n} = {100 * good / n:.1f}% "
              f"(synth equal & real different {agree[('equal', 'different')]}, synth different & real equal "
              f"{agree[('different', 'equal')]})")
        good = agree_consistent[("equal", "equal")] + agree_consistent[("different", "different")]
        n = sum(agree_consistent.values())
        print(f"  without the {len(contradicted)} of {len(questions)} questions whose labels contradict them: "
              f"{good}/{n} = {100 * good / max(n, 1):.1f}%")


def main(argv):
    every = 1
    if "--every" in argv:
        at = argv.index("--every")
        every = int(argv[at + 1])
        del argv[at:at + 2]
    if len(argv) == 3 and argv[0] == "cases" and argv[2] in ("dailsql", "labelled"):
        cases(argv[1], argv[2], every)
    elif len(argv) == 3 and argv[0] == "summary":
        summary(argv[1], argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
