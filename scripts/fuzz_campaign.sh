#!/usr/bin/env bash
# The long fuzzing campaign: builds the libFuzzer targets (clang-14, ASan+UBSan, build/fuzz), writes
# their seed corpora from ../shared/corpus (scripts/fuzz_seeds.py), then fuzzes each target in turn for
# SECONDS seconds (default 600; TARGET:SECONDS gives one target its own) on one core, keeping the
# growing corpus in build/fuzz/corpus/TARGET and any crash in build/fuzz/crashes/TARGET. Ends with a
# table of executions, coverage, peak RSS and crashes per target (also in build/fuzz/campaign.tsv).
# Exits non-zero when a target crashed.
#
# A target's first run merges its seeds into build/fuzz/corpus/TARGET (libFuzzer -merge=1: only the
# inputs that add coverage are kept), so that every later run replays the small merged corpus instead of
# thousands of seeds; REMERGE=1 merges the seeds again (after scripts/fuzz_seeds.py changed them). The
# merge is timed apart from the fuzzing. Entropic scheduling is off by default (ENTROPIC=1 turns it on):
# on the SQL target its feature bookkeeping took a third of the time, and with it off the same 120 s
# ran 1.48x the executions and reached more coverage (tests/fuzz/README.md).
#
#   scripts/fuzz_campaign.sh [SECONDS [TARGET[:SECONDS]...]]   (TARGETs: all of tests/fuzz/targets.def)
#   NICE=19 JOBS=1 FUZZ_ARGS="-max_len=8192" scripts/fuzz_campaign.sh 3600 sql:7200 kql
#
# A crash is fixed, then its input goes to tests/fuzz/crashes/TARGET/ (replayed by the test suite).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build/fuzz"
default_seconds=${1:-600}
shift || true
nice=(nice -n "${NICE:-19}")
corpus_src="${QDIFF_CORPUS_DIR:-$root/../shared/corpus}"

if [ ! -f "$build/CMakeCache.txt" ]; then
  generator=(); command -v ninja >/dev/null && generator=(-G Ninja)
  CC=clang-14 CXX=clang++-14 cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DQDIFF_FUZZ=ON -DQDIFF_BUILD_TESTS=OFF -DQDIFF_SANITIZE=OFF >/dev/null
fi
runs=("$@")
if [ ${#runs[@]} -eq 0 ]; then
  mapfile -t runs < <(sed -n 's/^QDIFF_FUZZ_TARGET(\([a-z_]*\)).*/\1/p' "$root/tests/fuzz/targets.def")
fi
targets=("${runs[@]%%:*}")
"${nice[@]}" cmake --build "$build" --parallel "${JOBS:-1}" --target "${targets[@]/#/fuzz_}" >&2

if [ -d "$corpus_src" ]; then
  /usr/bin/python3 "$root/scripts/fuzz_seeds.py" "$corpus_src" "$build/seeds"
else
  echo "corpus not found at $corpus_src: fuzzing from the hand-written seeds only" >&2
fi

summary="${CAMPAIGN_TSV:-$build/campaign.tsv}"
printf 'target\tmerge_s\tseconds\texecutions\texec/s\tcov\tft\tcorpus\tpeak_rss_mb\tcrashes\n' >"$summary"
status=0
for run in "${runs[@]}"; do
  t=${run%%:*} seconds=$default_seconds
  [[ $run == *:* ]] && seconds=${run#*:}
  corpus="$build/corpus/$t" crashes="$build/crashes/$t" log="$build/logs/$t.log"
  mkdir -p "$corpus" "$crashes" "$(dirname "$log")"
  dict=$(cat "$build/tests/fuzz/fuzz_$t.dict-path")
  seeds=("$root/tests/fuzz/seeds/$t")
  [ -d "$root/tests/fuzz/crashes/$t" ] && seeds+=("$root/tests/fuzz/crashes/$t")
  [ -d "$build/seeds/$t" ] && seeds+=("$build/seeds/$t")
  merge_seconds=0
  if [ -z "$(ls -A "$corpus")" ] || [ "${REMERGE:-0}" = 1 ]; then
    echo "merging the seeds of $t into $corpus" >&2
    start=$(date +%s)
    "${nice[@]}" "$build/tests/fuzz/fuzz_$t" -merge=1 -max_len="${MAX_LEN:-4096}" -rss_limit_mb=2048 \
      -timeout="${TIMEOUT:-20}" -artifact_prefix="$crashes/" "$corpus" "${seeds[@]}" >"$log.merge" 2>&1 || status=1
    merge_seconds=$(($(date +%s) - start))
  fi
  # The seeds are in the merged corpus now; the crash inputs stay listed, so a regression shows at once.
  inputs=("$corpus")
  [ -d "$root/tests/fuzz/crashes/$t" ] && inputs+=("$root/tests/fuzz/crashes/$t")
  echo "fuzzing $t for ${seconds}s" >&2
  # -rss_limit_mb bounds memory: a leak or a blow-up on a hostile input is reported as a crash.
  # -timeout is wall-clock: on a loaded machine raise TIMEOUT, or slow units are reported as timeouts.
  # Without -fork a crash stops the target's run (its input is saved); the next target starts.
  "${nice[@]}" "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -max_len="${MAX_LEN:-4096}" \
    -rss_limit_mb=2048 -timeout="${TIMEOUT:-20}" -print_final_stats=1 -dict="$dict" -entropic="${ENTROPIC:-0}" \
    -artifact_prefix="$crashes/" ${FUZZ_ARGS:-} "${inputs[@]}" >"$log" 2>&1 || status=1
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.*ft: \([0-9]*\).*/\1/p' <<<"$last")
  units=$(sed -n 's/.*corp: \([0-9]*\)\/.*/\1/p' <<<"$last")
  # slow-unit-* files are the slowest inputs, kept for a look, not failures.
  found=$(find "$crashes" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$merge_seconds" "$seconds" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
    "${units:-?}" "${rss:-?}" "$found" >>"$summary"
  [ "$found" -eq 0 ] || status=1
done
column -t -s $'\t' "$summary"
exit $status
