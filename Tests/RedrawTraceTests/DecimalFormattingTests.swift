import Testing

@testable import RedrawTrace

extension RecorderTests {
  /// Every integer an event holds (times, ids, counts) is formatted by hand.
  @Suite("Integers are written in decimal as Swift writes them")
  struct DecimalFormattingTests {
    /// Each digit count's edges, both signs, and the extremes.
    static let edges: [Int64] = {
      var values: [Int64] = [0, 1, 9, -1, -9, .max, .min, .max - 1, .min + 1]
      var power: Int64 = 10
      while true {
        values += [power - 1, power, power + 1, -(power - 1), -power]
        let (next, overflow) = power.multipliedReportingOverflow(by: 10)
        if overflow { break }
        power = next
      }
      return values
    }()

    @Test(arguments: edges)
    func anEdgeOfADigitCount(value: Int64) {
      #expect(formatted(value) == String(value))
    }

    @Test func manyValuesOfEveryLength() {
      var generator = SystemRandomNumberGenerator()
      for digits in 1...19 {
        let upper = digits == 19 ? Int64.max : Int64(pow10: digits)
        for _ in 0..<500 {
          let value = Int64.random(in: 0...upper, using: &generator)
          #expect(formatted(value) == String(value))
          #expect(formatted(-value) == String(-value))
        }
      }
    }

    @Test func digitCountsFollowTheBitLength() {
      for exponent in 1...19 {
        let power = UInt64(Int64(pow10: exponent - 1))
        #expect(DecimalDigits.count(power) == exponent)
        #expect(DecimalDigits.count(power - 1) == max(exponent - 1, 1))
      }
      #expect(DecimalDigits.count(0) == 1)
      #expect(DecimalDigits.count(.max) == 20)
    }

    private func formatted(_ value: Int64) -> String {
      var buffer = EventBuffer(capacity: 32)
      defer { buffer.deallocate() }
      buffer.append(UInt8(ascii: "["))
      buffer.append(decimal: value)
      buffer.append(UInt8(ascii: "]"))
      let text = String(decoding: buffer.bytes, as: UTF8.self)
      #expect(text.first == "[" && text.last == "]", "wrote outside its count: \(text)")
      return String(text.dropFirst().dropLast())
    }
  }
}

extension Int64 {
  /// 10 to the power `exponent`.
  fileprivate init(pow10 exponent: Int) {
    self = (0..<exponent).reduce(1) { power, _ in power * 10 }
  }
}
