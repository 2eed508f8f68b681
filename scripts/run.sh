#!/usr/bin/env bash
# The main job on the bundled examples: set up, build, parse every example in corpus/examples (SQL,
# KQL, Weaviate; the language is detected) and print its AST and diagnostics, then score the
# generated queries of corpus/diff against the expected one.
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
for generated in "$root"/corpus/diff/generated_*; do
  echo "=== qdiff diff expected.kql $(basename "$generated")"
  "$qdiff" diff "$root/corpus/diff/expected.kql" "$generated" || status=$?
done
exit "$status"
