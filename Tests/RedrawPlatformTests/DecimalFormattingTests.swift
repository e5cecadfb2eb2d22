import CRedrawPlatform
import Testing

/// The recorder's writer spells every time and id with `redraw_write_decimal`, eight digits
/// at a time: each length, each boundary between lengths, and the largest value.
@Suite struct DecimalFormattingTests {
  static let boundaries: [UInt64] = {
    var values: [UInt64] = [0, 1, 9, 10, 42, 99, 100, 1_234_567, 16_004_300, 99_999_999, .max - 1, .max]
    var power: UInt64 = 1
    for _ in 0..<19 {
      power *= 10
      values += [power - 1, power, power + 1]
    }
    return values
  }()

  @Test(arguments: boundaries)
  func aValueIsWrittenAsSwiftSpellsIt(_ value: UInt64) {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBufferPointer { redraw_write_decimal($0.baseAddress, value) }
    #expect(String(decoding: buffer[..<Int(count)], as: UTF8.self) == String(value))
  }

  @Test func everyDigitInEveryPlaceIsWritten() {
    var buffer = [UInt8](repeating: 0, count: 32)
    // 10,000 values spread over every length: each digit appears in each place.
    var value: UInt64 = 7
    for _ in 0..<10_000 {
      value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let shifted = value >> (value % 64)
      let count = buffer.withUnsafeMutableBufferPointer { redraw_write_decimal($0.baseAddress, shifted) }
      let written = String(decoding: buffer[..<Int(count)], as: UTF8.self)
      guard written == String(shifted) else {
        Issue.record("\(shifted) was written as \(written)")
        return
      }
    }
  }

  /// The writer's hot loop keeps a time's leading digits for the next line's: times that
  /// rise by a little, cross a million, jump ahead and fall back are all written whole.
  @Test func aTimeIsWrittenWholeWhateverTheTimeBeforeIt() {
    let cache = redraw_line_cache_create()
    defer { redraw_line_cache_destroy(cache) }
    var times: [UInt64] = [0, 7, 999_999, 1_000_000, 1_000_001, 1_999_999, 2_000_000, 2_000_000, 999_999]
    times += [12_345_678_901, 12_345_999_999, 12_346_000_000, 12_345_000_000, 5, .max, .max - 999_999, 1_000_000]
    var time: UInt64 = 3_999_000
    for _ in 0..<2_000 {  // steps of 1 to 1,000 ns over several millions
      time += (time * 7_919) % 1_000 + 1
      times.append(time)
    }
    var buffer = [UInt8](repeating: 0, count: 32)
    for time in times {
      let count = buffer.withUnsafeMutableBufferPointer { redraw_line_cache_write_time(cache, $0.baseAddress, time) }
      let written = String(decoding: buffer[..<Int(count)], as: UTF8.self)
      guard written == String(time) else {
        Issue.record("\(time) was written as \(written)")
        return
      }
    }
  }
}
