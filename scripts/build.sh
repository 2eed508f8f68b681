#!/usr/bin/env bash
# Configures and builds one flavour of the tree: `release` (optimised, for running and benchmarks)
# or `asan` (AddressSanitizer + UndefinedBehaviorSanitizer, what the test suite runs in).
set -euo pipefail
flavour=${1:-release}
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build/$flavour"
case "$flavour" in
  release) flags=(-DCMAKE_BUILD_TYPE=Release -DQDIFF_SANITIZE=OFF -DQDIFF_BUILD_BENCH=ON) ;;
  asan)    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DQDIFF_SANITIZE=ON) ;;
  *) echo "usage: $0 release|asan" >&2; exit 2 ;;
esac
generator=(); command -v ninja >/dev/null && generator=(-G Ninja)
# Configuring again is cheap and picks up new files and options.
if [ -f "$build/CMakeCache.txt" ]; then generator=(); fi
cmake -S "$root" -B "$build" "${generator[@]}" "${flags[@]}" >/dev/null
cmake --build "$build" --parallel "$(nproc)" >&2
