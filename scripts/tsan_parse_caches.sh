#!/usr/bin/env bash
# ThreadSanitizer check of the bounded ANTLR caches (parsers/common/antlr_caches.hpp): builds the
# [parse_caches] tests alone (qdiff_parse_caches_tests: the core library and one test file) with
# -fsanitize=thread in build/tsan (shared with scripts/tsan_diff_pairs.sh and tsan_batch.sh) and runs them: four threads parse SQL and KQL while the caches are
# cleared under them, at the checks past a small limit and from a fifth thread. Not a ctest, for the
# reason tsan_diff_pairs.sh gives (JOBS=1 by default here: a TSan build competes with everything else).
# Exits non-zero when TSan reports anything or a test fails.
#
# What it shows: our lock (a shared one per parse, an exclusive one per clear) is taken where the
# DFAs are used and cleared, and TSan sees every access our code and the runtime's inlined header code
# make to them; the plain accesses inside Debian's uninstrumented libantlr4-runtime.so it does not see
# (tests/tsan.supp). A clear runs only while no parse of its grammar holds the lock.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build/tsan"
JOBS=${JOBS:-1} "$root/scripts/build.sh" tsan qdiff_parse_caches_tests
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$root/tests/tsan.supp ${TSAN_OPTIONS:-}" \
  "$build/tests/qdiff_parse_caches_tests" "[parse_caches]"
