#!/bin/sh
# A judge program with fixed grades, for end-to-end tests: $1 is a file of lines "CASE_ID SCORE REASONING";
# the reply is the grade of the case whose id the request (on stdin) carries.
request=$(cat)
while read -r id score reasoning; do
  case "$request" in
    *"\"case\":{\"id\":\"$id\""*) printf '{"score": %s, "reasoning": "%s"}\n' "$score" "$reasoning"; exit 0 ;;
  esac
done < "$1"
echo "scores_by_id.sh: no grade for this case in $1" >&2
exit 1
