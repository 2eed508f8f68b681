#!/usr/bin/env bash
# Agreement of our KQL unknown-table/unknown-column diagnostics with Kusto.Language's semantic
# analysis, on the NL2KQL gold queries and mutations of them (near-miss tables and columns, a column
# used after project dropped it).
# usage: bench/kusto_lint_peer.sh [BUILD_DIR]   (a build with the test executable; default build/dev)
#   Kusto.Language: `npm install @kusto/language-service-next` into .cache/node (or KUSTO_LANGUAGE_PKG).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build/dev}"
corpus="${QDIFF_KQL_CORPUS:-$root/../shared/corpus/kql}"
pkg="${KUSTO_LANGUAGE_PKG:-$root/.cache/node/node_modules/@kusto/language-service-next}"
if ! command -v node >/dev/null || [ ! -f "$pkg/Kusto.Language.Bridge.min.js" ]; then
  echo "Kusto.Language: skipped (node or $pkg not available; npm install @kusto/language-service-next into .cache/node)"
  exit 0
fi
if [ ! -x "$build/tests/qdiff_tests" ]; then
  echo "no test executable in $build: build it first (ninja -C $build -j2 qdiff_tests)" >&2
  exit 2
fi
cases=$(mktemp)
trap 'rm -f "$cases"' EXIT
# Our verdicts: the mutation test writes every case with the names we report unknown.
QDIFF_KUSTO_PEER_OUT="$cases" "$build/tests/qdiff_tests" "KQL mutations of the NL2KQL gold*" >/dev/null
KUSTO_LANGUAGE_PKG="$pkg" node "$root/bench/peers/kusto_lint_peer.js" "$cases" "$corpus/nl2kql"
