#!/usr/bin/env bash
# The Python module against the C++ library and `qdiff batch` (bench/python_bench.py says what is
# measured): the overhead of a Python call per pair, Python threads, and Dask on a LocalCluster of two
# workers against `qdiff batch --threads 2`, on the Spider dev pairs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${QDIFF_CORPUS_DIR:-$root/../shared/corpus}
# QDIFF_BENCH_NO_BUILD=1 measures the existing build/release as it is.
if [ -z "${QDIFF_BENCH_NO_BUILD:-}" ]; then
  "$root/scripts/setup.sh"
  "$root/scripts/build.sh" release
fi
exec /usr/bin/python3 "$root/bench/python_bench.py" "$root/build/release" "$corpus/sql/spider"
