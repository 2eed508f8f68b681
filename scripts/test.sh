#!/usr/bin/env bash
# The whole test suite: set up, build with AddressSanitizer and UndefinedBehaviorSanitizer, run ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh" asan
cd "$root/build/asan"
# The corpus tests read ../shared/corpus (CMake's QDIFF_CORPUS_DIR). Run by hand, they skip with a
# message when it is absent; here (CI runs this script) a missing corpus fails them instead.
# QDIFF_REQUIRE_CORPUS=0 runs the suite without the corpus.
export QDIFF_REQUIRE_CORPUS=${QDIFF_REQUIRE_CORPUS:-1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --output-on-failure --parallel "$(nproc)" "$@"
