/// The `swiftUI` value of a session's `meta` line: which SwiftUI build's `@State` the
/// recording reproduces (docs/trace-format.md).
///
/// Apple's documentation of `State`: built with Xcode 26 or earlier, `@State` is a property
/// wrapper, whose default value expression runs on every re-creation of the view struct; built
/// with Xcode 27 or later, it is a macro, whose initial value is evaluated lazily, once per
/// view identity. Swift 6.4 is the compiler of Xcode 27 (docs/harness.md cites both).
enum SwiftUIBuildField: Equatable {
  case xcode26, xcode27
  /// Harnesses of both builds recorded into the session.
  case mixed

  /// The value as the trace spells it.
  var name: StaticString {
    switch self {
    case .xcode26: "xcode26"
    case .xcode27: "xcode27"
    case .mixed: "mixed"
    }
  }

  /// The build `name` names (`xcode26` or `xcode27`), or nil.
  init?(name: String) {
    switch name {
    case "xcode26": self = .xcode26
    case "xcode27": self = .xcode27
    default: return nil
    }
  }

  /// What a recording says without a harness: the build of the compiler that compiles this
  /// module, which compiles the app with it; nil where SwiftUI does not exist (Linux),
  /// where the recording reproduces no SwiftUI build.
  static var ofThisCompiler: SwiftUIBuildField? {
    #if canImport(SwiftUI)
      #if compiler(>=6.4)
        return .xcode27
      #else
        return .xcode26
      #endif
    #else
      return nil
    #endif
  }

  /// The session's value once a harness of build `declared` recorded into it, after
  /// `earlier` (what harnesses declared before, if any).
  static func merging(_ declared: SwiftUIBuildField, into earlier: SwiftUIBuildField?) -> SwiftUIBuildField {
    guard let earlier, earlier != declared else { return declared }
    return .mixed
  }
}
