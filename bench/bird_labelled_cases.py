"""BIRD predictions with real execution labels as `qdiff batch` cases, one JSON line each on stdout.

usage: bird_labelled_cases.py BIRD_DIR [--no-schema] [--limit N] [--db-id ID ...]
Reads BIRD_DIR/labelled/dev_predictions_labelled.jsonl (fields question_id, db_id, difficulty,
question, evidence, gold, pred, res, setup). Each case keeps the label (`res`: 1 when the prediction
returned the gold's result on BIRD's real database, compared as sets) and the fields a report breaks
agreement down by (db_id, difficulty, setup). The schema is BIRD_DIR/dev_tables.json#db_id unless
--no-schema. The id is the line number in the labelled file."""
import json
import os
import sys


def main(argv):
    with_schema = "--no-schema" not in argv
    argv = [a for a in argv if a != "--no-schema"]
    limit = None
    if "--limit" in argv:
        at = argv.index("--limit")
        limit = int(argv[at + 1])
        del argv[at:at + 2]
    db_ids = set()
    while "--db-id" in argv:
        at = argv.index("--db-id")
        db_ids.add(argv[at + 1])
        del argv[at:at + 2]
    (bird_dir,) = argv
    tables = os.path.join(bird_dir, "dev_tables.json")
    written = 0
    with open(os.path.join(bird_dir, "labelled", "dev_predictions_labelled.jsonl"), encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            r = json.loads(line)
            if db_ids and r["db_id"] not in db_ids:
                continue
            case = {"id": str(number), "lang": "sql", "dialect": "sqlite", "question": r.get("question", ""),
                    "expected": r["gold"], "generated": r.get("pred") or "", "res": r["res"],
                    "db_id": r["db_id"], "difficulty": r.get("difficulty", ""), "setup": r.get("setup", "")}
            if with_schema:
                case["schema"] = tables + "#" + r["db_id"]
            print(json.dumps(case))
            written += 1
            if limit and written >= limit:
                break


if __name__ == "__main__":
    main(sys.argv[1:])
