"""Spider dev gold/prediction pairs as `qdiff batch` cases, one JSON line each on standard output.

Usage: spider_cases.py SPIDER_DIR PREDICTIONS [--dialect D]
gold.tsv is `query<TAB>db_id`; PREDICTIONS has the prediction on the same line number. The id is the
line number; the schema is `SPIDER_DIR/tables.json#db_id`.
"""
import json
import os
import sys


def main(argv):
    dialect = None
    if "--dialect" in argv:
        at = argv.index("--dialect")
        dialect = argv[at + 1]
        del argv[at:at + 2]
    spider_dir, predictions = argv
    tables = os.path.join(spider_dir, "tables.json")
    with open(os.path.join(spider_dir, "gold.tsv")) as gold_lines, open(predictions) as pred_lines:
        golds, preds = gold_lines.read().splitlines(), pred_lines.read().splitlines()
    for i, line in enumerate(golds, 1):
        gold, db_id = (line.split("\t") + [""])[:2]
        if not gold:
            continue
        case = {"id": str(i), "lang": "sql"}
        if dialect:
            case["dialect"] = dialect
        case.update({"expected": gold, "generated": preds[i - 1] if i <= len(preds) else "",
                     "schema": tables + "#" + db_id})
        print(json.dumps(case))


if __name__ == "__main__":
    main(sys.argv[1:])
