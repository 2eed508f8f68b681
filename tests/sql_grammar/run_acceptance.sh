#!/bin/bash
# Acceptance run of grammars/sql over the shared corpora (see NOTES.md for the numbers).
#   tests/sql_grammar/run_acceptance.sh [WORK_DIR]   (default /tmp/sqlg; needs ../shared/corpus)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${1:-/tmp/sqlg}
CORPUS=${CORPUS:-$HERE/../../../shared/corpus}
[ -d "$CORPUS" ] || CORPUS=/work/shared/corpus
if [ ! -d "$CORPUS/sql" ]; then echo "corpus not found; skipping"; exit 0; fi
mkdir -p "$WORK"
make -s -C "$HERE" BUILD="$WORK/build" OPT="${OPT:--O2}" -j2 >/dev/null
/usr/bin/python3 "$HERE/extract_corpus.py" "$CORPUS" "$WORK/corpus" >/dev/null
CHECK="$WORK/build/sqlcheck"
echo "== must accept"
for f in spider_gold bird_gold defog_gold defog_dumps; do
  "$CHECK" "$WORK/corpus/$f.q" > "$WORK/$f.out" 2> "$WORK/$f.err" || true
  echo "$f: $(cat "$WORK/$f.err")"
done
"$CHECK" -l "$HERE/cases/accept.txt" > "$WORK/cases_accept.out" 2> "$WORK/cases_accept.err" || true
echo "cases/accept.txt: $(cat "$WORK/cases_accept.err")"
"$CHECK" "$HERE/../../corpus/examples/pgvector_ranking.sql" 2>&1 >/dev/null | sed 's/^/seed_pgvector.sql: /'
echo "== must reject"
"$CHECK" -l "$HERE/cases/reject.txt" > "$WORK/cases_reject.out" 2>/dev/null || true
echo "cases/reject.txt: $(grep -c '^ERR' "$WORK/cases_reject.out") of $(wc -l < "$HERE/cases/reject.txt") rejected; accepted:"
paste -d'\t' "$WORK/cases_reject.out" "$HERE/cases/reject.txt" | grep '^OK' | cut -f2 | sed 's/^/  /' || true
echo "== agreement with SQLite's parser on predictions"
for f in spider_pred spider_pred_dail bird_pred_dail; do
  "$CHECK" "$WORK/corpus/$f.q" > "$WORK/$f.out" 2>/dev/null || true
  /usr/bin/python3 "$HERE/sqlite_verdict.py" "$WORK/corpus/$f.q" > "$WORK/$f.sqlite"
  paste -d'\t' <(cut -c1-2 "$WORK/$f.out" | sed 's/OK/1/;s/ER/0/') <(cut -c1 "$WORK/$f.sqlite") \
      <(cut -c1-120 "$WORK/$f.out") <(cut -c1-120 "$WORK/$f.sqlite") <(tr '\0' '\n' < "$WORK/corpus/$f.q") |
    awk -F'\t' -v f="$f" '{n++; if ($1 != $2) { d++; print "  " f ":" n ": ours=" $1 " sqlite=" $2 " | " $3 " | " $4 " | " substr($5, 1, 200) } }
      END { printf "%s: %d/%d agree (%.2f%%), %d disagree\n", f, n - d, n, 100 * (n - d) / n, d }'
done
echo "== speed (Spider gold, lexer + SLL parse, warm)"
"$CHECK" --repeat "${REPEAT:-5}" "$WORK/corpus/spider_gold.q" 2>&1 >/dev/null | tail -1
"$CHECK" --fast-lexer --repeat "${REPEAT:-5}" "$WORK/corpus/spider_gold.q" 2>&1 >/dev/null | tail -1 | sed 's/^/with FastSqlLexer: /'
echo "== lexer equivalence (FastSqlLexer vs SqlLexer, default-channel tokens)"
for f in spider_gold bird_gold defog_gold defog_dumps spider_pred spider_pred_dail bird_pred_dail; do
  "$CHECK" --compare-lexers "$WORK/corpus/$f.q" 2>&1 >/dev/null | sed "s/^/$f: /"
done
echo "== SLL tree == LL tree"
for f in spider_gold bird_gold defog_gold defog_dumps; do
  "$CHECK" --compare-sll-ll "$WORK/corpus/$f.q" 2>&1 >/dev/null | sed "s/^/$f: /"
done
echo "== error positions (cases/reject_positions.tsv: expected line:column<TAB>query)"
cut -f2 "$HERE/cases/reject_positions.tsv" > "$WORK/positions.txt"
"$CHECK" -l "$WORK/positions.txt" 2>/dev/null | awk '{print $2}' | paste -d'\t' - "$HERE/cases/reject_positions.tsv" |
  awk -F'\t' '{n++; if ($1 == $2) ok++; else print "  wrong position: got " $1 " expected " $2 " | " $3} END {print ok "/" n " errors at the expected position"}'
