#!/usr/bin/env bash
# Installs the build tree into a scratch prefix, then configures, builds and runs the consumers, and
# checks that the link line of the one linking qdiff::core alone names no libcurl, libpq or SQLite
# (while the one linking qdiff::qdiff names all three, so the check can see them). The link line, not
# only the executable's NEEDED entries: Debian's g++ links with --as-needed except under sanitizers.
set -euo pipefail
build=$1 source=$2 flags=${3:-}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
cmake -S "$source" -B "$prefix/consumer" -G "Unix Makefiles" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_FLAGS="$flags" \
      -DCMAKE_EXE_LINKER_FLAGS="$flags" >/dev/null
cmake --build "$prefix/consumer" >/dev/null
"$prefix/consumer/consumer"
"$prefix/consumer/core_consumer" "$prefix/not-a-database.sqlite"
heavy='lib(curl|pq|sqlite3)\.so'
link_line() { cat "$prefix/consumer/CMakeFiles/$1.dir/link.txt"; }
needed() { readelf -d "$prefix/consumer/$1" | grep NEEDED || true; }
if link_line core_consumer | grep -oE "$heavy" || needed core_consumer | grep -E "$heavy"; then
  echo "qdiff::core brought the libraries above onto the link" >&2; exit 1
fi
if [ "$(link_line consumer | grep -oE "$heavy" | sort -u | wc -l)" -ne 3 ]; then
  echo "qdiff::qdiff should link libcurl, libpq and SQLite; its link line:" >&2; link_line consumer >&2; exit 1
fi
echo "qdiff::core links none of libcurl, libpq, SQLite"
