/// Number formatting that does not depend on the locale.
package enum NumberFormatting {
  /// `1,234,567`.
  package static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  /// `34%` of a 0...1 share.
  package static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

  /// Nanoseconds as `12 ns`, `3.4 µs`, `5.6 ms` or `7.8 s`.
  package static func duration(_ nanoseconds: Int64) -> String {
    let value = Double(nanoseconds)
    if nanoseconds < 1_000 { return "\(nanoseconds) ns" }
    if nanoseconds < 1_000_000 { return "\(oneDecimal(value / 1_000)) µs" }
    if nanoseconds < 1_000_000_000 { return "\(oneDecimal(value / 1_000_000)) ms" }
    return "\(oneDecimal(value / 1_000_000_000)) s"
  }

  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
