#!/usr/bin/env bash
# ThreadSanitizer check of `qdiff batch` with several workers: builds the command-line tool with
# -fsanitize=thread in build/tsan (shared with scripts/tsan_diff_pairs.sh), then runs one batch of
# cases that go through every stage the workers share state in: parsing (ANTLR's static DFA), the
# schema cache (one schema file named by many cases), the SQLite results stage, a `cmd:` judge with a
# reply cache, bad lines, and the ordered writer. Not a ctest, for the reason tsan_diff_pairs.sh gives.
# Exits non-zero when TSan reports anything or a record is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build/tsan"
"$root/scripts/build.sh" tsan qdiff_cli

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
corpus="${QDIFF_CORPUS_DIR:-$root/../shared/corpus}"
cases="$work/cases.jsonl"
# The restaurants cases (SQLite database, result files) three times over, with their paths made
# absolute, then Spider pairs against one shared schema file when the corpus is there, then bad lines.
# The restaurants database, built from its dump the way the batch tests build it.
sqlite3 "$work/restaurants.db" <"$root/corpus/batch/restaurants.sql"
/usr/bin/python3 - "$root" "$corpus" "$cases" "$work/restaurants.db" <<'PY'
import json, os, sys
root, corpus, out, db = sys.argv[1:]
batch = os.path.join(root, "corpus", "batch")
cases = []
for rep in range(3):
    for line in open(os.path.join(batch, "restaurants_cases.jsonl")):
        c = json.loads(line)
        c["id"] = f'{c.get("id", "case")}-{rep}'
        c.setdefault("db", "sqlite:" + db)
        for key in ("schema", "expected_result", "generated_result"):
            if key in c and not os.path.isabs(c[key]) and not c[key].lstrip().startswith(("[", "{")):
                c[key] = os.path.join(batch, c[key])
        cases.append(c)
gold = os.path.join(corpus, "sql", "spider", "gold.tsv")
if os.path.exists(gold):
    pred = open(os.path.join(corpus, "sql", "spider", "pred.sql")).read().splitlines()
    tables = os.path.join(corpus, "sql", "spider", "tables.json")
    for i, line in enumerate(open(gold).read().splitlines()[:200]):
        query, db = line.split("\t")
        cases.append({"id": f"spider-{i}", "expected": query, "generated": pred[i], "dialect": "sqlite",
                      "schema": f"{tables}#{db}"})
with open(out, "w") as f:
    for c in cases:
        f.write(json.dumps(c) + "\n")
    f.write("not json\n")
    f.write('{"expected": "SELECT 1"}\n')
PY
expected_records=$(wc -l <"$cases")
judge="cmd:$root/tests/data/judge/echo_judge.sh $work/judge-request.json"
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$root/tests/tsan.supp ${TSAN_OPTIONS:-}" \
  "$build/qdiff" batch "$cases" -o "$work/out.jsonl" --threads "${THREADS:-4}" \
  --judge "$judge" --judge-cache "$work/judge-cache" 2>"$work/stderr" || true
if grep -q "ThreadSanitizer" "$work/stderr"; then
  cat "$work/stderr" >&2
  exit 1
fi
records=$(wc -l <"$work/out.jsonl")
echo "qdiff batch under TSan: $records records for $expected_records input lines, no TSan report"
[ "$records" -eq "$expected_records" ]
