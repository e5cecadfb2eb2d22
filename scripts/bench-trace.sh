# Sourced by the benchmark scripts (bench-analyzer.sh, analyzer-instructions.sh): the work
# directory, the release products and the generated trace they measure.
#
# `bench_prepare MEGABYTES` sets `work` to BENCH_DIR, taken from where the script is run and
# kept, or else to a temporary directory removed at exit (and `trace_removal` to a note saying
# so, for the line that names the trace); builds `redraw` and `redraw-bench` for release;
# sets `trace` to a deterministic trace of MEGABYTES MB in `work`, generated once; and leaves
# the shell in the package's root.
bench_prepare() {
  trace_removal=""
  if [ -n "${BENCH_DIR:-}" ]; then
    work=$BENCH_DIR
  else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    trace_removal="; removed at exit (BENCH_DIR=DIR keeps it)"
  fi
  mkdir -p "$work"
  work=$(cd "$work" && pwd)
  cd "$(dirname "${BASH_SOURCE[0]}")/.."
  swift build -c release --product redraw >/dev/null
  swift build -c release --product redraw-bench >/dev/null
  trace="$work/synthetic-$1mb.jsonl"
  [ -f "$trace" ] || .build/release/redraw-bench generate --output "$trace" --megabytes "$1" >/dev/null
}
