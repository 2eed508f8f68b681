#!/usr/bin/env bash
# Where the instructions of `qdiff batch` go per Spider case (valgrind's callgrind, one thread): the
# Spider dev gold/prediction pairs (bench/spider_cases.py) once (1x) and twice over (2x, other ids), so
# that 2x - 1x is what a case costs warm and 1x - that is the process's cold start (ANTLR's prediction
# DFAs built by the first parses). Each is split into parse, diff (normalize + diff), the record
# (write_outcome_record writes its JSON directly; before issue 32, outcome_record built a DOM and its
# dump serialised it: record_dom and record_dump, 0 since), and the main thread (reading the input
# lines, writing the records).
# SCHEMA=1 keeps each case's schema, which turns on the synthesized-database results stage.
# Usage: bench/batch_callgrind.sh [OUT_DIR]   (QDIFF_CORPUS_DIR: ../shared/corpus; QDIFF_BIN: another build's qdiff)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${QDIFF_CORPUS_DIR:-$root/../shared/corpus}
spider="$corpus/sql/spider"
out=${1:-$(mktemp -d)}
mkdir -p "$out"
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
qdiff=${QDIFF_BIN:-$root/build/release/qdiff}
[ -x "$qdiff" ] || "$root/scripts/build.sh" release qdiff_cli
/usr/bin/python3 - "$root/bench/spider_cases.py" "$spider" "$out" "${SCHEMA:-0}" <<'PY'
import json, subprocess, sys
script, spider, out, schema = sys.argv[1:]
cases = subprocess.run([sys.executable, script, spider, spider + "/pred.sql"], check=True, capture_output=True,
                       text=True).stdout.splitlines()
for copies in (1, 2):
    with open(f"{out}/cases_{copies}x.jsonl", "w") as f:
        for copy in range(copies):
            for line in cases:
                c = json.loads(line)
                c["id"] = f"{copy}-{c['id']}"
                if schema != "1":
                    c.pop("schema", None)
                f.write(json.dumps(c) + "\n")
PY
cases=$(grep -c . "$out/cases_1x.jsonl")
for copies in 1 2; do
  # A profile already in OUT_DIR is kept (to split it again without running valgrind for minutes).
  [ -s "$out/callgrind.out.${copies}x" ] || valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out.${copies}x" "$qdiff" batch \
    "$out/cases_${copies}x.jsonl" --threads 1 -o "$out/records_${copies}x.jsonl" >/dev/null 2>"$out/valgrind.${copies}x.log" || true
done
# The inclusive count of the first function whose name matches, in one profile.
inclusive() { callgrind_annotate --inclusive=yes "$out/callgrind.out.$1" 2>/dev/null | grep -m1 -E "$2" |
  awk '{gsub(",", "", $1); print $1}'; }
/usr/bin/python3 - "$cases" <<PY
import json, sys
cases = int(sys.argv[1])
parts = {
    "total": ("$(inclusive 1x 'PROGRAM TOTALS')", "$(inclusive 2x 'PROGRAM TOTALS')"),
    "parse": ("$(inclusive 1x 'lambda\(\)#2\}::operator')", "$(inclusive 2x 'lambda\(\)#2\}::operator')"),
    "diff": ("$(inclusive 1x 'lambda\(\)#4\}::operator')", "$(inclusive 2x 'lambda\(\)#4\}::operator')"),
    "record": ("$(inclusive 1x 'stages::write_outcome_record')", "$(inclusive 2x 'stages::write_outcome_record')"),
    "record_dom": ("$(inclusive 1x 'stages::outcome_record')", "$(inclusive 2x 'stages::outcome_record')"),
    "record_dump": ("$(inclusive 1x '_Function_handler<std::__cxx11::basic_string<.*> \(nlohmann')",
                    "$(inclusive 2x '_Function_handler<std::__cxx11::basic_string<.*> \(nlohmann')"),
    "pipeline": ("$(inclusive 1x 'stages::Pipeline::run\(qdiff::Case const&\) \[')",
                 "$(inclusive 2x 'stages::Pipeline::run\(qdiff::Case const&\) \[')"),
    # the main thread: reading and parsing the input lines, writing the records out
    "main_thread": ("$(inclusive 1x '\?\?\?:qdiff::cli::run_batch\(')", "$(inclusive 2x '\?\?\?:qdiff::cli::run_batch\(')"),
}
out = {"cases": cases}
for name, (one, two) in parts.items():
    one, two = int(one or 0), int(two or 0)
    out[name] = {"per_case_1x": one // cases, "per_case_warm": (two - one) // cases, "cold_start": one - (two - one)}
print(json.dumps(out))
PY
