#!/bin/bash
# instructions per query (warm) via callgrind: (Ir(repeat=R) - Ir(repeat=0)) / (R * n)
b=$1; f=$2; R=${3:-2}; shift 3
n=$(tr -cd '\0' < $f | wc -c); n=$((n+1))
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*'; }
a=$(ir $b "$@" --repeat 0 $f); c=$(ir $b "$@" --repeat $R $f)
echo "$b $(basename $f): $(( (c - a) / (R * n) )) instructions/query (warm)"
