#!/usr/bin/env bash
# Configures and builds one flavour of the tree (all targets, or the TARGETs named): `release`
# (optimised, for running and benchmarks), `tsan` (ThreadSanitizer), or `asan` (AddressSanitizer +
# UndefinedBehaviorSanitizer, what the test suite runs in). Release and asan make a compiler warning in
# our own code an error (QDIFF_WERROR, cmake/Warnings.cmake): CI fails on a new warning.
set -euo pipefail
flavour=${1:-release}
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build/$flavour"
case "$flavour" in
  release) flags=(-DCMAKE_BUILD_TYPE=Release -DQDIFF_SANITIZE=OFF -DQDIFF_BUILD_BENCH=ON -DQDIFF_WERROR=ON) ;;
  asan)    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DQDIFF_SANITIZE=ON -DQDIFF_WERROR=ON) ;;
  # ThreadSanitizer, for scripts/tsan_*.sh (not a ctest flavour: too slow a build for every CI run).
  # -O1 -g1: what TSan's documentation suggests; compiles much faster than -O2 -g, reports keep lines.
  tsan)    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DQDIFF_SANITIZE=OFF "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
                  "-DCMAKE_CXX_FLAGS=-fsanitize=thread -fno-omit-frame-pointer"
                  -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread) ;;
  *) echo "usage: $0 release|asan|tsan [TARGET...]" >&2; exit 2 ;;
esac
shift $(($# > 0 ? 1 : 0))
targets=(); for t in "$@"; do targets+=(--target "$t"); done
generator=(); command -v ninja >/dev/null && generator=(-G Ninja)
# Configuring again is cheap and picks up new files and options.
if [ -f "$build/CMakeCache.txt" ]; then generator=(); fi
cmake -S "$root" -B "$build" "${generator[@]}" "${flags[@]}" >/dev/null
cmake --build "$build" "${targets[@]}" --parallel "${JOBS:-$(nproc)}" >&2
