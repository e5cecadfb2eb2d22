import RedrawSchema

// The numbers enumerations are written as in records, and read back as.

extension BodyCause {
  /// The cause's number in a record: its kind's.
  var code: Int { Int(kind.rawValue) }

  /// The JSON string literal of a cause's code, quotes included.
  static func quotedName(code: Int) -> StaticString {
    (Kind(rawValue: UInt8(truncatingIfNeeded: code)) ?? .unknown).quotedName
  }
}

extension EffectKind {
  /// The kind's number in a record.
  var code: Int { Int(rawValue) }

  init(code: Int) { self = EffectKind(rawValue: UInt8(truncatingIfNeeded: code)) ?? .other }
}

extension SwiftUIBuildField {
  /// The value's number in a record.
  var code: Int {
    switch self {
    case .xcode26: 0
    case .xcode27: 1
    case .mixed: 2
    }
  }

  init(code: Int) {
    switch code {
    case 0: self = .xcode26
    case 1: self = .xcode27
    default: self = .mixed
    }
  }
}
