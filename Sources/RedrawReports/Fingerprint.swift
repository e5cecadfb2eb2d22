/// Stable 64-bit fingerprints (FNV-1a) of strings, as 16 hex digits.
///
/// Used where a report needs the same key for the same finding across runs: SARIF's
/// `partialFingerprints`, JUnit test names, baselines.
package enum Fingerprint {
  package static func of(_ text: String) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
