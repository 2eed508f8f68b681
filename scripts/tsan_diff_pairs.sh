#!/usr/bin/env bash
# ThreadSanitizer check of diff_pairs (parse + normalize + diff on several threads, sharing ANTLR's
# static DFA cache): builds the test executable with -fsanitize=thread in build/tsan and runs the
# [diff_pairs] tests. Not a ctest: the TSan build of the whole library takes several minutes on a
# 2-core machine, too long for every CI run. Exits non-zero when TSan reports anything.
#
# Debian's libantlr4-runtime.so is not instrumented, so TSan sees only the runtime's code that is
# inlined into ours (headers) and the locks it takes: a clean run says nothing about the plain memory
# accesses inside the .so; see tests/tsan.supp for what that means and what is suppressed (nothing).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build/tsan"
"$root/scripts/build.sh" tsan qdiff_tests
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$root/tests/tsan.supp ${TSAN_OPTIONS:-}" \
  "$build/tests/qdiff_tests" "[diff_pairs]"
