#!/usr/bin/env bash
# Our warm KQL parse throughput vs Microsoft's Kusto.Language (in Node) on the same corpus, same run.
# usage: bench/kql_vs_kusto.sh [BUILD_DIR] [REPEAT]
#   BUILD_DIR: a build with -DQDIFF_BUILD_BENCH=ON (default build/rel; built with ninja -j2 if needed)
#   Kusto.Language: `npm install @kusto/language-service-next` into .cache/node (or KUSTO_LANGUAGE_PKG).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build/rel}"
repeat="${2:-5}"
corpus="${QDIFF_KQL_CORPUS:-$root/../shared/corpus/kql}"
if [ ! -x "$build/bench/kql_bench" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DQDIFF_BUILD_BENCH=ON -DQDIFF_BUILD_TESTS=OFF >/dev/null
  ninja -C "$build" -j2 kql_bench >/dev/null
fi
ours=$("$build/bench/kql_bench" --repeat "$repeat" --corpus "$corpus")
echo "$ours"
ours_us=$(sed -n 's/.*warm: \([0-9.]*\) us.*/\1/p' <<<"$ours")

pkg="${KUSTO_LANGUAGE_PKG:-$root/.cache/node/node_modules/@kusto/language-service-next}"
if ! command -v node >/dev/null || [ ! -f "$pkg/Kusto.Language.Bridge.min.js" ]; then
  echo "Kusto.Language: skipped (node or $pkg not available; npm install @kusto/language-service-next into .cache/node)"
  exit 0
fi
# The same queries: every non-empty record, management commands (first character . or #) left out.
queries=$(mktemp)
trap 'rm -f "$queries"' EXIT
/usr/bin/python3 - "$corpus" > "$queries" <<'PY'
import json, sys, os
root = sys.argv[1]
for f, field in [('docs/blocks.jsonl', 'code'), ('nl2kql/Defender_Evaluation.jsonl', 'baseline'),
                 ('nl2kql/Sentinel_Evaluation.jsonl', 'baseline'), ('m365-defender/queries.jsonl', 'code')]:
    for line in open(os.path.join(root, f), encoding='utf-8'):
        if not line.strip(): continue
        q = json.loads(line).get(field)
        if not isinstance(q, str) or not q.strip() or q.lstrip()[0] in '.#': continue
        print(json.dumps(q))
PY
theirs=$(KUSTO_LANGUAGE_PKG="$pkg" node "$root/tests/kql_grammar/kusto_verdicts.js" --bench "$repeat" < "$queries" 2>&1 >/dev/null)
echo "$theirs"
theirs_us=$(sed -n 's/.*warm: \([0-9.]*\) us.*/\1/p' <<<"$theirs")
awk -v a="$ours_us" -v b="$theirs_us" 'BEGIN { printf "ratio: qdiff is %.1fx %s than Kusto.Language\n", (a < b ? b / a : a / b), (a < b ? "faster" : "slower") }'
