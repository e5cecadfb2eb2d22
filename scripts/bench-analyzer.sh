#!/usr/bin/env bash
# Measures `redraw analyze` on one generated trace, beside jq and a JSONDecoder reader.
#
#   scripts/bench-analyzer.sh [MEGABYTES] [RUNS]     (defaults: 1000 MB, 3 runs)
#
# Prints, per tool: the median wall time, MB/s, events/s and peak RSS, and the ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
megabytes=${1:-1000}
runs=${2:-3}
work=${BENCH_DIR:-$(mktemp -d)}
trace="$work/synthetic-${megabytes}mb.jsonl"

swift build -c release --product redraw >/dev/null
swift build -c release --product redraw-bench >/dev/null
[ -f "$trace" ] || .build/release/redraw-bench generate --output "$trace" --megabytes "$megabytes" >/dev/null
bytes=$(stat -L -c %s "$trace")
events=$(wc -l <"$trace")
command -v jq >/dev/null || { echo "jq is needed: apt-get install jq" >&2; exit 1; }

# measure NAME COMMAND...: runs the command $runs times; prints the median time and max RSS.
measure() {
  local name=$1
  shift
  local times=() rss=0
  for _ in $(seq "$runs"); do
    local out
    /usr/bin/time -o "$work/time.out" -f "%e %M" "$@" >/dev/null 2>/dev/null || true
    out=$(tail -1 "$work/time.out")
    times+=("${out% *}")
    [ "${out#* }" -gt "$rss" ] && rss=${out#* }
  done
  local median
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
  printf '%-34s %8.2f s %9.1f MB/s %12.0f events/s %8.1f MB RSS\n' "$name" "$median" \
    "$(echo "$bytes / 1048576 / $median" | bc -l)" "$(echo "$events / $median" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
  echo "$median" >"$work/$name.time"
}

echo "trace: $trace ($(echo "$bytes / 1048576" | bc) MB, $events events), median of $runs runs"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
# One thread (--jobs 1), then the default: a thread per core for a file of 16 MiB or more.
measure "redraw analyze --format json" .build/release/redraw analyze "$trace" --format json --jobs 1 --fail-on never --output "$work/report.json"
measure "redraw analyze --format html" .build/release/redraw analyze "$trace" --format html --jobs 1 --fail-on never --output "$work/report.html"
measure "redraw analyze --format text" .build/release/redraw analyze "$trace" --jobs 1 --fail-on never --output "$work/report.txt"
measure "redraw analyze --format json (default)" .build/release/redraw analyze "$trace" --format json --fail-on never --output "$work/report2.json"
measure "jq -c .e" jq -c .e "$trace"
measure "JSONDecoder per line" .build/release/redraw-bench decode "$trace"
redraw=$(cat "$work/redraw analyze --format json.time")
default=$(cat "$work/redraw analyze --format json (default).time")
printf 'redraw on one thread is %.1fx jq and %.1fx JSONDecoder; by default %.1fx jq\n' \
  "$(echo "$(cat "$work/jq -c .e.time") / $redraw" | bc -l)" \
  "$(echo "$(cat "$work/JSONDecoder per line.time") / $redraw" | bc -l)" \
  "$(echo "$(cat "$work/jq -c .e.time") / $default" | bc -l)"
echo "HTML report: $(stat -c %s "$work/report.html") bytes"
