#!/usr/bin/env bash
# The main job on the bundled examples: set up, build, then parse every example in corpus/ and print
# its AST and diagnostics.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh" release
qdiff="$root/build/release/qdiff"
status=0
for file in "$root"/corpus/examples/*; do
  echo "=== $(basename "$file")"
  "$qdiff" parse "$file" || status=$?
done
# Examples of broken input are expected to fail with diagnostics (exit 1).
for file in "$root"/corpus/broken/*; do
  echo "=== $(basename "$file") (broken on purpose)"
  if "$qdiff" parse "$file"; then echo "expected a syntax error in $file" >&2; status=1; fi
done
exit "$status"
