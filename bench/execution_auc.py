"""How well each score separates generated queries that return the expected rows from those that do
not: ROC AUC of every qdiff profile, of the cross-validated calibrated profile (`qdiff calibrate`,
folds grouped by database), of sqlglot's diff (share of kept nodes) and of token Jaccard, on the same
labelled pairs, in one run.

usage: execution_auc.py QDIFF LABELLED.jsonl [--dialect D] [--strict-labels] [--profile NAME|FILE ...]

LABELLED.jsonl: one pair per line with `expected` (or `gold`), `generated` (or `pred`/`predicted`), a
boolean `label` (the generated query returns the expected rows) — or the `verdict` of
/work/labels/spider_synth.jsonl (equal; error; different, counted equal when only the edge-case
databases tell them apart unless --strict-labels; undecided pairs are left out) — and `db_id` (the
database, for the grouped folds). A query a tool cannot parse scores 0 for that tool."""
import json
import os
import re
import subprocess
import sys
import tempfile

DEFAULT_PROFILES = ["full", "hybrid", "weaviate-ast", "execution"]


def field(record, *names):
    for n in names:
        if isinstance(record.get(n), str):
            return record[n]
    return None


def label_of(r, strict):
    """A boolean `label`, or a synthesized-database `verdict` read as `qdiff calibrate` reads it."""
    if isinstance(r.get("label"), bool):
        return r["label"]
    v = r.get("verdict")
    if v == "equal":
        return True
    if v == "error":
        return False
    if v == "different":
        return not strict and bool(r.get("edge_cases_only"))
    return None


def auc(scores, labels):
    """Mann-Whitney: the share of (positive, negative) pairs ranked right, ties counting half."""
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    rank_sum, positives, i = 0.0, 0, 0
    while i < len(order):
        j = i
        while j < len(order) and scores[order[j]] == scores[order[i]]:
            j += 1
        mid = (i + j + 1) / 2
        for k in range(i, j):
            if labels[order[k]]:
                rank_sum += mid
                positives += 1
        i = j
    negatives = len(scores) - positives
    if positives == 0 or negatives == 0:
        return 0.5
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives)


def qdiff_scores(qdiff, cases_path, profile, dialect, n):
    with tempfile.NamedTemporaryFile("r", suffix=".jsonl", delete=False) as out:
        out_path = out.name
    subprocess.run([qdiff, "batch", cases_path, "--profile", profile, "--dialect", dialect, "-o", out_path,
                    "--threads", str(os.cpu_count() or 1)], stderr=subprocess.DEVNULL, check=False)
    scores = [0.0] * n
    with open(out_path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r.get("structural"):
                scores[int(r["id"])] = r["structural"]["score"]
    os.unlink(out_path)
    return scores


def sqlglot_scores(pairs, dialect):
    import sqlglot
    from sqlglot.diff import Keep, diff
    scores = []
    for expected, generated in pairs:
        try:
            edits = diff(sqlglot.parse_one(expected, read=dialect), sqlglot.parse_one(generated, read=dialect))
            scores.append(sum(isinstance(e, Keep) for e in edits) / max(1, len(edits)))
        except Exception:
            scores.append(0.0)
    return scores, "sqlglot " + sqlglot.__version__


TOKEN = re.compile(r"[A-Za-z_][A-Za-z_0-9]*|\d+(?:\.\d+)?|'[^']*'|\"[^\"]*\"|[^\sA-Za-z_0-9]")


def jaccard_scores(pairs):
    out = []
    for expected, generated in pairs:
        a = {t.lower() for t in TOKEN.findall(expected)}
        b = {t.lower() for t in TOKEN.findall(generated)}
        out.append(len(a & b) / len(a | b) if a | b else 1.0)
    return out


def calibrated_auc(qdiff, labelled_path, dialect, strict):
    """The out-of-fold AUC that `qdiff calibrate` reports (folds grouped by database)."""
    run = subprocess.run([qdiff, "calibrate", labelled_path, "--dialect", dialect] + (["--strict-labels"] if strict else []),
                         capture_output=True, text=True)
    m = re.search(r"^after \(out of fold[^)]*\): AUC ([0-9.]+)", run.stdout, re.M)
    return float(m.group(1)) if m else None


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    qdiff, labelled = args[0], args[1]
    dialect, profiles, strict = "sqlite", list(DEFAULT_PROFILES), False
    rest = args[2:]
    while rest:
        if rest[0] == "--dialect" and len(rest) > 1:
            dialect, rest = rest[1], rest[2:]
        elif rest[0] == "--strict-labels":
            strict, rest = True, rest[1:]
        elif rest[0] == "--profile" and len(rest) > 1:
            profiles.append(rest[1])
            rest = rest[2:]
        else:
            sys.exit("unknown argument " + rest[0])
    pairs, labels = [], []
    with open(labelled, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            e, g = field(r, "expected", "gold"), field(r, "generated", "pred", "predicted")
            label = label_of(r, strict)
            if e is None or g is None or label is None:
                continue
            pairs.append((e, g))
            labels.append(label)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as cases:
        for i, (e, g) in enumerate(pairs):
            cases.write(json.dumps({"id": str(i), "lang": "sql", "expected": e, "generated": g}) + "\n")
        cases_path = cases.name
    rows = []
    for p in profiles:
        rows.append({"score": "qdiff --profile " + p, "auc": auc(qdiff_scores(qdiff, cases_path, p, dialect, len(pairs)), labels)})
    os.unlink(cases_path)
    cv = calibrated_auc(qdiff, labelled, dialect, strict)
    if cv is not None:
        rows.append({"score": "qdiff calibrate (execution profile refitted, out of fold, grouped by database)", "auc": cv})
    glot, name = sqlglot_scores(pairs, dialect)
    rows.append({"score": name + " diff (share of kept nodes)", "auc": auc(glot, labels)})
    rows.append({"score": "token Jaccard", "auc": auc(jaccard_scores(pairs), labels)})
    print(json.dumps({"pairs": len(pairs), "positives": sum(labels), "file": labelled, "dialect": dialect}))
    for r in rows:
        print(f"  AUC {r['auc']:.3f}  {r['score']}")


if __name__ == "__main__":
    main()
