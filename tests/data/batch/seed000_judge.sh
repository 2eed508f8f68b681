#!/bin/sh
# A test judge for `--judge cmd:...`: reads the request JSON on stdin and gives the seed-000 scores,
# told apart by the case in the request: a generated query on AppTraces 0.60, an expected query with
# ago(60m) 0.95, anything else 1.0.
request=$(cat)
case "$request" in
  *'"generated":"AppTraces'*) echo '{"score": 0.60, "reasoning": "wrong table, no grouping by level"}' ;;
  *'"expected":"Traces | where timestamp > ago(60m)'*) echo '{"score": 0.95, "reasoning": "ago(1h) and ago(60m) are the same window"}' ;;
  *) echo '{"score": 1.0, "reasoning": "the same query"}' ;;
esac
