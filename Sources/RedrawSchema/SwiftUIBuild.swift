/// The SwiftUI a recording reproduces, or a migration targets: how `@State` treats its
/// initial value depends on the Xcode that builds the app.
///
/// Apple's documentation of `State` says that an app built with Xcode 26 or earlier uses the
/// `State` property wrapper, and one built with Xcode 27 or later the `State()` macro; with
/// the macro, the initial value expression is evaluated lazily, when SwiftUI sets up the
/// view's storage, once per view identity (docs/harness.md has the sources).
public enum SwiftUIBuild: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
  /// Xcode 26 and earlier: `@State var model = Model()` runs `Model()` on every re-creation
  /// of the view struct, and keeps only the first instance.
  case xcode26
  /// Xcode 27 and later: `@State var model = Model()` runs `Model()` once per view identity,
  /// as `@StateObject` does.
  case xcode27

  /// The build of the compiler compiling this code, which compiles the app beside it:
  /// Xcode 27 ships Swift 6.4, so Swift 6.4 and later give ``xcode27``, earlier ones
  /// ``xcode26``.
  public static var ofThisCompiler: SwiftUIBuild {
    #if compiler(>=6.4)
      return .xcode27
    #else
      return .xcode26
    #endif
  }

  /// `xcode26` or `xcode27`, as the trace and `redraw plan --format json` spell it: readable in
  /// the names of parameterized tests and usable in file names.
  public var description: String { rawValue }

  /// `Xcode 26` or `Xcode 27`, for people.
  public var displayName: String { self == .xcode26 ? "Xcode 26" : "Xcode 27" }

  /// Whether `@State`'s default value runs on every re-creation of the view struct.
  public var reRunsStateDefaults: Bool { self == .xcode26 }

  /// Whether `lhs` is the older build: `xcode26` before `xcode27`.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
