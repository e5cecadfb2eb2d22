#!/usr/bin/env bash
# Counts the instructions of `redraw analyze` with one thread and with two, per thread, on
# one generated trace: what `--jobs 2` can gain on cores that do not slow each other down.
#
#   scripts/analyzer-instructions.sh [MEGABYTES]     (default: 150 MB)
#
# valgrind's callgrind counts instructions, not seconds, so the figures repeat on a noisy
# machine. With `--jobs 2` the thread that runs the most instructions bounds the run: the
# script prints the one-thread run's instructions over that thread's. callgrind runs one
# thread at a time, so the stages after reading, which the threads share in a real run,
# fall mostly on the calling thread here: the bound it prints is a low one.
set -euo pipefail
cd "$(dirname "$0")/.."
megabytes=${1:-150}
work=${BENCH_DIR:-$(mktemp -d)}
trace="$work/synthetic-${megabytes}mb.jsonl"
mkdir -p "$work"
command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 1; }

swift build -c release --product redraw >/dev/null
swift build -c release --product redraw-bench >/dev/null
[ -f "$trace" ] || .build/release/redraw-bench generate --output "$trace" --megabytes "$megabytes" >/dev/null
# valgrind 3.19 cannot read the DWARF 5 of the C targets: a copy without debug information
# (the symbols stay).
redraw="$work/redraw-stripped"
strip --strip-debug -o "$redraw" .build/release/redraw
# redraw runs in an empty directory: its source root, walked to find recorded files.
mkdir -p "$work/root"
cd "$work/root"

# Runs `redraw analyze` with $1 threads under callgrind: a file per thread, callgrind.$1-NN.
count() {
  rm -f "$work/callgrind.$1" "$work/callgrind.$1"-*
  valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/callgrind.$1" \
    "$redraw" analyze "$trace" --format json --jobs "$1" --fail-on never --output "$work/report.$1.json" \
    >/dev/null 2>&1
}
# The instructions of one callgrind output file.
total() { awk '/^(summary|totals):/ { print $2; exit }' "$1"; }

count 1
count 2
one=0
for file in "$work/callgrind.1"-*; do one=$((one + $(total "$file"))); done
echo "trace: $trace ($(wc -l <"$trace") events)"
printf '%-34s %15s\n' "--jobs 1, all threads" "$one"
largest=0
all=0
thread=0
for file in "$work/callgrind.2"-*; do
  thread=$((thread + 1))
  instructions=$(total "$file")
  all=$((all + instructions))
  [ "$instructions" -gt "$largest" ] && largest=$instructions
  case $thread in
    1) name="--jobs 2, calling thread (builds)" ;;
    2) name="--jobs 2, parser thread" ;;
    *) name="--jobs 2, thread $thread" ;;
  esac
  printf '%-34s %15s\n' "$name" "$instructions"
done
printf '%-34s %15s\n' "--jobs 2, all threads" "$all"
printf -- '--jobs 1 runs %.2fx the instructions of --jobs 2'"'"'s busiest thread; --jobs 2 runs %.2fx the instructions of --jobs 1 in all\n' \
  "$(echo "$one / $largest" | bc -l)" "$(echo "$all / $one" | bc -l)"
