// A libFuzzer target for the trace reader, the session builder and the rules.
//
// It is compiled against the analysis modules by scripts/fuzz.sh (with
// -sanitize=fuzzer,address), not by the package. Every input must be read without a crash
// or a hang, strictly and leniently, and so must every line as a configuration or baseline.

import RedrawAnalysis

/// libFuzzer's entry point: reads the `size` bytes at `data` as a trace, leniently (running the rules
/// on its sessions) and strictly, then as JSON; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var lenient = TraceReader(lenient: true)
  if let file = try? lenient.read(bytes: bytes, name: "fuzz.jsonl") {
    _ = RuleRegistry.run(on: file.sessions, context: RuleContext())
  }
  var strict = TraceReader(lenient: false)
  _ = try? strict.read(bytes: bytes, name: "fuzz.jsonl")
  _ = try? JSONValue.parse(String(decoding: bytes, as: UTF8.self))
  return 0
}
