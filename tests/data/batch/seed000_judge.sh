#!/bin/sh
# A test judge for `--judge cmd:...`: reads the request JSON on stdin and gives the seed-000 scores,
# told apart by the generated query (AppTraces: 0.60) or the expected one (ago(60m): 0.95).
request=$(cat)
case "$request" in
  *AppTraces*) echo '{"score": 0.60, "reasoning": "wrong table, no grouping by level"}' ;;
  *"ago(60m)"*) echo '{"score": 0.95, "reasoning": "ago(1h) and ago(60m) are the same window"}' ;;
  *) echo '{"score": 1.0, "reasoning": "the same query"}' ;;
esac
