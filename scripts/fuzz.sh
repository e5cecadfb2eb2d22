#!/usr/bin/env bash
# Fuzzes the trace reader, session builder and rules with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh [SECONDS]     (default 60)
#
# The corpus starts from SampleTraces and grows in .build/fuzz/corpus. A crash or a hang
# leaves a reproducer in .build/fuzz/ and makes the script fail: turn it into a regression
# test by copying it into Tests/RedrawAnalysisTests/FuzzRegressions/ before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
out=.build/fuzz
mkdir -p "$out/corpus"

# The analysis stages depend on RedrawPlatform (its lock), which imports the C target's header.
printf 'module CRedrawPlatform {\n  header "%s"\n  export *\n}\n' \
  "$PWD/Sources/CRedrawPlatform/include/CRedrawPlatform.h" >"$out/module.modulemap"
flags=(-O -g -sanitize=fuzzer,address -parse-as-library -package-name Redraw -I "$out"
  -Xcc -fmodule-map-file="$out/module.modulemap")
# Each module in the order of Package.swift's dependencies, then the fuzzer against them.
modules=(RedrawPlatform RedrawSchema RedrawReading RedrawSessions RedrawRules RedrawAnalysis)
for module in "${modules[@]}"; do
  find "Sources/$module" -name '*.swift' -print0 | xargs -0 swiftc "${flags[@]}" -wmo -module-name "$module" \
    -emit-module -emit-module-path "$out/$module.swiftmodule" -emit-object -o "$out/$module.o"
done
objects=()
for module in "${modules[@]}"; do objects+=("$out/$module.o"); done
swiftc "${flags[@]}" -use-ld=lld -module-name TraceFuzzer Fuzz/TraceFuzzer.swift "${objects[@]}" \
  -o "$out/trace-fuzzer"

for sample in SampleTraces/*/*.jsonl; do
  cp "$sample" "$out/corpus/seed-$(basename "$(dirname "$sample")")-$(basename "$sample")"
done

"$out/trace-fuzzer" "$out/corpus" -max_total_time="$seconds" -max_len=16384 -timeout=10 \
  -rss_limit_mb=2048 -artifact_prefix="$out/" -print_final_stats=1 2>&1 | tail -n 15
