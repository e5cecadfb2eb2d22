#!/usr/bin/env bash
# Measures `redraw analyze` on one generated trace beside DuckDB, jq and a JSONDecoder reader.
#
#   scripts/bench-analyzer.sh [MEGABYTES] [RUNS]     (defaults: 150 MB, 5 runs)
#
# The tools take turns, one run of each per round, so a change in the machine's load falls
# on all of them alike. Prints, per tool: the median and fastest wall time, MB/s and peak
# RSS, then the ratios of the medians. DuckDB (`pip install duckdb`) is measured when
# Python can import it: its figure is its query's own time (scripts/duckdb-scan.py), without
# Python's start and `import duckdb`; every other figure is a whole process. Two one-thread
# runs of redraw at once measure what the machine's two cores give work that shares nothing,
# which bounds --jobs 2 in the same rounds, printed beside it.
set -euo pipefail
megabytes=${1:-150}
runs=${2:-5}
# Checked before the build, which takes minutes on a fresh clone.
/usr/bin/time -f %e -o /dev/null true 2>/dev/null ||
  { echo "GNU time is needed at /usr/bin/time: apt-get install time" >&2; exit 1; }
command -v jq >/dev/null || { echo "jq is needed: apt-get install jq" >&2; exit 1; }
command -v bc >/dev/null || { echo "bc is needed: apt-get install bc" >&2; exit 1; }
# shellcheck source=scripts/bench-trace.sh
source "$(dirname "$0")/bench-trace.sh"
bench_prepare "$megabytes"
bytes=$(stat -L -c %s "$trace")
events=$(wc -l <"$trace")
duckdb=false
python3 -c "import duckdb" 2>/dev/null && duckdb=true
redraw=$PWD/.build/release/redraw
bench=$PWD/.build/release/redraw-bench
duckdb_scan=$PWD/scripts/duckdb-scan.py
# redraw runs in an empty directory: its source root, walked to find recorded files.
mkdir -p "$work/root"
cd "$work/root"

# The pair's runs write their reports as the one-thread row's run does.
pair_run="$redraw analyze $trace --format json --jobs 1 --fail-on never --output"
names=()
commands=()
add() {
  names+=("$1")
  commands+=("$2")
}
add "redraw analyze --jobs 1" "$redraw analyze $trace --format json --jobs 1 --fail-on never --output $work/report.json"
add "redraw analyze --jobs 2" "$redraw analyze $trace --format json --jobs 2 --fail-on never --output $work/report2.json"
# Two one-thread runs at once: what two threads of this machine do side by side with no work
# shared, which bounds --jobs 2 in the same rounds (a virtual machine's two cores may share one
# physical core's units, or its memory bandwidth).
add "two --jobs 1 runs at once" "PAIR"
add "redraw analyze --jobs 1 --format html" "$redraw analyze $trace --format html --jobs 1 --fail-on never --output $work/report.html"
$duckdb && add "DuckDB read_ndjson, 1 thread" "DUCKDB"
add "jq -c .e" "jq -c .e $trace"
add "JSONDecoder per line" "$bench decode $trace"

# Stops the benchmark when the run of tool $1 failed: a failed run's time measures nothing.
# time's file says how it ended (its status, or the signal that killed it).
failed() {
  echo "the run of ${names[$1]} failed:" >&2
  cat "$work/time.out" "$work/run.err" >&2
  exit 1
}

# One run of tool $1; appends "seconds rss-kB" to its file.
run() {
  local index=$1 out="$work/times.$1"
  if [ "${commands[$index]}" = PAIR ]; then
    /usr/bin/time -o "$work/time.out" -f "%e %M" \
      sh -c "$pair_run $work/pair1.json & first=\$!; $pair_run $work/pair2.json; second=\$?; wait \$first && [ \$second -eq 0 ]" \
      >/dev/null 2>"$work/run.err" || failed "$index"
    tail -1 "$work/time.out" >>"$out"
  elif [ "${commands[$index]}" = DUCKDB ]; then
    /usr/bin/time -o "$work/time.out" -f "%M" python3 "$duckdb_scan" "$trace" 1 >"$work/duck.out" 2>"$work/run.err" ||
      failed "$index"
    echo "$(cut -d' ' -f1 "$work/duck.out") $(tail -1 "$work/time.out")" >>"$out"
  else
    # shellcheck disable=SC2086
    /usr/bin/time -o "$work/time.out" -f "%e %M" ${commands[$index]} >/dev/null 2>"$work/run.err" || failed "$index"
    tail -1 "$work/time.out" >>"$out"
  fi
}

echo "trace: $trace ($(echo "$bytes / 1048576" | bc) MB, $events events), $runs rounds$trace_removal"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
for index in "${!names[@]}"; do : >"$work/times.$index"; done
for _ in $(seq "$runs"); do
  for index in "${!names[@]}"; do run "$index"; done
done

# An awk function: a time under time's resolution (0.01 s) counts as 0.01 s, so that rates
# and ratios exist on a trace read faster than that.
resolution='function t(s) { return s < 0.01 ? 0.01 : s } '
# The median of a column of numbers: the middle one, or the mean of the two middle ones.
middle() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
median() { cut -d' ' -f1 "$1" | middle; }
for index in "${!names[@]}"; do
  file="$work/times.$index"
  seconds=$(median "$file" | awk "$resolution"'{ print t($1) }')
  fastest=$(cut -d' ' -f1 "$file" | sort -n | head -1)
  rss=$(cut -d' ' -f2 "$file" | sort -n | tail -1)
  # The pair reads the trace twice.
  copies=1
  [ "${commands[$index]}" = PAIR ] && copies=2
  printf '%-40s %6.2f s (fastest %5.2f) %8.1f MB/s %7.1f MB RSS\n' "${names[$index]}" "$seconds" "$fastest" \
    "$(echo "$copies * $bytes / 1048576 / $seconds" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
  echo "$seconds" >"$work/median.$index"
done

ratio() { echo "$(cat "$work/median.$1") / $(cat "$work/median.$2")" | bc -l; }
# The median of the rounds' own ratios of tools $1 and $2: each round's two runs are
# minutes closer in time than two medians, so a drift in the machine's speed cancels.
round_ratio() {
  paste -d' ' "$work/times.$1" "$work/times.$2" | awk "$resolution"'{ print t($1) / t($3) }' | middle
}
index_of() { for i in "${!names[@]}"; do if [ "${names[$i]}" = "$1" ]; then echo "$i"; fi; done; }
one=$(index_of "redraw analyze --jobs 1")
two=$(index_of "redraw analyze --jobs 2")
if $duckdb; then
  duck=$(index_of "DuckDB read_ndjson, 1 thread")
  printf 'redraw --jobs 1 is %.2fx as fast as DuckDB on one thread (medians; %.2fx the median of the rounds'"'"' ratios)\n' \
    "$(ratio "$duck" "$one")" "$(round_ratio "$duck" "$one")"
else
  echo "DuckDB not measured: pip install duckdb"
fi
printf 'redraw --jobs 2 is %.2fx as fast as --jobs 1 (medians; %.2fx the median of the rounds'"'"' ratios)\n' \
  "$(ratio "$one" "$two")" "$(round_ratio "$one" "$two")"
pair=$(index_of "two --jobs 1 runs at once")
printf 'two --jobs 1 runs at once do %.2fx the work of one in the same time (medians; %.2fx by the rounds): what the two cores gave work that shares nothing\n' \
  "$(echo "2 * $(ratio "$one" "$pair")" | bc -l)" \
  "$(paste -d' ' "$work/times.$one" "$work/times.$pair" | awk "$resolution"'{ print 2 * t($1) / t($3) }' | middle)"
printf 'redraw --jobs 1 is %.1fx as fast as jq and %.1fx as fast as JSONDecoder\n' "$(ratio "$(index_of "jq -c .e")" "$one")" \
  "$(ratio "$(index_of "JSONDecoder per line")" "$one")"
echo "HTML report: $(stat -c %s "$work/report.html") bytes"
