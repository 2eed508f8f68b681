"""False-pass and false-fail rates per threshold of `qdiff calibrate --out-of-fold` scores, for the cases
with results evidence and those without, so that one threshold can be chosen for both.

usage: threshold_rates.py OUT_OF_FOLD.jsonl [--step 0.05]"""
import json
import sys


def rates(rows, t):
    wrong = [r for r in rows if not r["label"]]
    right = [r for r in rows if r["label"]]
    fp = sum(1 for r in wrong if r["score"] >= t - 1e-9) / max(1, len(wrong))
    ff = sum(1 for r in right if r["score"] < t - 1e-9) / max(1, len(right))
    return fp, ff


def main(argv):
    step = 0.05
    if "--step" in argv:
        step = float(argv[argv.index("--step") + 1])
    rows = [json.loads(l) for l in open(argv[0], encoding="utf-8")]
    groups = {"with evidence": [r for r in rows if r["evidence"]], "without": [r for r in rows if not r["evidence"]]}
    print("threshold  " + "  ".join(f"{g:>24}" for g in groups))
    t = step
    while t < 1:
        cells = []
        for g in groups.values():
            fp, ff = rates(g, t)
            cells.append(f"fp {fp:6.1%} ff {ff:6.1%}".rjust(24))
        print(f"{t:9.2f}  " + "  ".join(cells))
        t += step


if __name__ == "__main__":
    main(sys.argv[1:])
