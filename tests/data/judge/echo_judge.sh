#!/bin/sh
# A judge program for the tests: saves the request it reads on stdin to the file named by $1, then
# replies with the JSON given as $2 (or a fixed grade).
cat > "$1"
printf '%s\n' "${2:-{\"score\": 0.6, \"reasoning\": \"reads AppTraces instead of Traces\"\}}"
