/// 10 to the power `exponent`, for 0 <= `exponent` <= 19 (19 for a larger one), as the
/// writer's and the reader's decimal code need it. A `switch`, which the optimizer makes a
/// constant table: a `static let` array would be initialized lazily, a check on every read.
@inlinable @inline(__always)
public func powerOfTen(_ exponent: Int) -> UInt64 {
  switch exponent {
  case 0: 1
  case 1: 10
  case 2: 100
  case 3: 1_000
  case 4: 10_000
  case 5: 100_000
  case 6: 1_000_000
  case 7: 10_000_000
  case 8: 100_000_000
  case 9: 1_000_000_000
  case 10: 10_000_000_000
  case 11: 100_000_000_000
  case 12: 1_000_000_000_000
  case 13: 10_000_000_000_000
  case 14: 100_000_000_000_000
  case 15: 1_000_000_000_000_000
  case 16: 10_000_000_000_000_000
  case 17: 100_000_000_000_000_000
  case 18: 1_000_000_000_000_000_000
  default: 10_000_000_000_000_000_000
  }
}
