#!/usr/bin/env bash
# ROC AUC of every qdiff profile, of the calibrated profile (cross-validated), of sqlglot's diff and of
# token Jaccard on the same labelled pairs, in one run (bench/execution_auc.py has the details).
# usage: bench/execution_auc.sh LABELLED.jsonl [--dialect D] [--profile NAME|FILE ...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
dpkg-query -W python3-sqlglot >/dev/null 2>&1 || {
  echo "installing the peer (python3-sqlglot)" >&2
  apt-get install -y -qq python3-sqlglot >&2
}
"$root/scripts/build.sh" release
/usr/bin/python3 "$root/bench/execution_auc.py" "$root/build/release/qdiff" "$@"
