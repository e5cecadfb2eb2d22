// The numbers enumerations are written as in records, and read back as.

extension BodyCause {
  /// The cause's number in a record.
  var code: Int {
    switch self {
    case .initial: 0
    case .write: 1
    case .parent: 2
    case .state: 3
    case .unknown: 4
    }
  }

  /// The JSON string literal of a cause's code, quotes included.
  static func quotedName(code: Int) -> StaticString {
    switch code {
    case 0: "\"initial\""
    case 1: "\"write\""
    case 2: "\"parent\""
    case 3: "\"state\""
    default: "\"unknown\""
    }
  }
}

extension EffectKind {
  /// The kind's number in a record.
  var code: Int {
    switch self {
    case .network: 0
    case .task: 1
    case .observer: 2
    case .timer: 3
    case .storage: 4
    case .analytics: 5
    case .log: 6
    case .other: 7
    }
  }

  init(code: Int) {
    switch code {
    case 0: self = .network
    case 1: self = .task
    case 2: self = .observer
    case 3: self = .timer
    case 4: self = .storage
    case 5: self = .analytics
    case 6: self = .log
    default: self = .other
    }
  }
}

extension ObjectSubscription {
  /// The wrapper's number in a record.
  var code: Int {
    switch self {
    case .stateObject: 0
    case .observedObject: 1
    case .environmentObject: 2
    case .stateObjectInInit: 3
    }
  }

  init(code: Int) {
    switch code {
    case 0: self = .stateObject
    case 1: self = .observedObject
    case 3: self = .stateObjectInInit
    default: self = .environmentObject
    }
  }
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
