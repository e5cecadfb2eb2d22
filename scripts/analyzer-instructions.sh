#!/usr/bin/env bash
# Counts the instructions of `redraw analyze` with one thread and with two, per thread, on
# one generated trace: how the work divides between the threads, whatever the machine's load.
#
#   scripts/analyzer-instructions.sh [MEGABYTES]     (default: 150 MB)
#
# Builds the release products first, and needs valgrind and strip (binutils). valgrind's
# callgrind counts instructions, not seconds, so the figures repeat on a noisy machine. The
# script prints the one-thread run's instructions over those of the busiest thread of
# `--jobs 2`: what a second thread saves in instructions, not in time (the build waits on
# memory more than parsing does). valgrind runs one thread at a time; with
# `--fair-sched=yes` they take turns, so the threads share the stages after the build as
# two equally fast cores would (with valgrind's default scheduling, those stages fall
# mostly on the calling thread, and a run's split varies).
set -euo pipefail
shopt -s nullglob
megabytes=${1:-150}
command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 1; }
command -v strip >/dev/null || { echo "strip is needed: apt-get install binutils" >&2; exit 1; }
# shellcheck source=scripts/bench-trace.sh
source "$(dirname "$0")/bench-trace.sh"
bench_prepare "$megabytes"
# valgrind 3.19 cannot read the DWARF 5 of the C targets: a copy without debug information
# (the symbols stay).
redraw="$work/redraw-stripped"
strip --strip-debug -o "$redraw" .build/release/redraw
# redraw runs in an empty directory: its source root, walked to find recorded files.
mkdir -p "$work/root"
cd "$work/root"

# Runs `redraw analyze` with $1 threads under callgrind: a file per thread, callgrind.$1-NN
# (and an empty callgrind.$1).
count() {
  rm -f "$work/callgrind.$1" "$work/callgrind.$1"-*
  if ! valgrind --tool=callgrind --fair-sched=yes --separate-threads=yes --callgrind-out-file="$work/callgrind.$1" \
    --log-file="$work/valgrind.$1.log" \
    "$redraw" analyze "$trace" --format json --jobs "$1" --fail-on never --output "$work/report.$1.json" \
    >/dev/null 2>&1; then
    echo "callgrind of --jobs $1 failed:" >&2
    cat "$work/valgrind.$1.log" >&2
    exit 1
  fi
}
# The instructions of one callgrind output file; fails when it states none.
total() {
  awk '/^(summary|totals):/ { print $2; found = 1; exit } END { exit !found }' "$1" ||
    { echo "no instruction count in $1" >&2; exit 1; }
}

# Millions, with one decimal.
millions() { awk -v n="$1" 'BEGIN { printf "%.1f M", n / 1e6 }'; }

count 1
count 2
echo "trace: $trace ($(wc -l <"$trace") events), $(valgrind --version)$trace_removal"
one=0
files=("$work/callgrind.1"-*)
[ ${#files[@]} -gt 0 ] || { echo "callgrind wrote no counts for --jobs 1" >&2; exit 1; }
for file in "${files[@]}"; do one=$((one + $(total "$file"))); done
printf '%-52s %12s\n' "--jobs 1, the one thread (and the runtime's)" "$(millions "$one")"
files=("$work/callgrind.2"-*)
[ ${#files[@]} -gt 0 ] || { echo "callgrind wrote no counts for --jobs 2" >&2; exit 1; }
largest=0
all=0
runtime=0
runtimes=0
for file in "${files[@]}"; do
  instructions=$(total "$file")
  all=$((all + instructions))
  if [ "$instructions" -gt "$largest" ]; then largest=$instructions; fi
  # Each thread by what it ran: callgrind numbers them in the order they started.
  if [ "$file" = "$work/callgrind.2-01" ]; then
    name="--jobs 2, calling thread (merge, build, stages after)"
  elif grep -q 'ParallelTraceReaderV6Worker' "$file"; then
    name="--jobs 2, parser thread"
  else
    runtime=$((runtime + instructions))
    runtimes=$((runtimes + 1))
    continue
  fi
  printf '%-52s %12s\n' "$name" "$(millions "$instructions")"
done
printf '%-52s %12s\n' "--jobs 2, the runtime's threads ($runtimes, stages after)" "$(millions "$runtime")"
printf '%-52s %12s\n' "--jobs 2, all threads" "$(millions "$all")"
awk -v one="$one" -v largest="$largest" -v all="$all" 'BEGIN {
  printf "--jobs 1 runs %.2fx the instructions of --jobs 2'"'"'s busiest thread; --jobs 2 runs %.2fx the instructions of --jobs 1 in all\n", one / largest, all / one
}'
