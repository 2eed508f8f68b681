#!/bin/bash
# Load-independent cost: instructions per query, warm, measured with callgrind as
# (Ir(--repeat R) - Ir(--repeat 0)) / (R * records).
#   instructions_per_query.sh SQLCHECK FILE [R [extra sqlcheck options, e.g. --fast-lexer]]
set -euo pipefail
b=$1; f=$2; R=${3:-2}; shift $(( $# < 3 ? $# : 3 ))
n=$(tr -cd '\0' < "$f" | wc -c); n=$((n + 1))
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*'; }
a=$(ir "$b" "$@" --repeat 0 "$f"); c=$(ir "$b" "$@" --repeat "$R" "$f")
echo "$(basename "$f"): $(( (c - a) / (R * n) )) instructions/query (warm) $*"
