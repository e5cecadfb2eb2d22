import RedrawTrace
import Testing

/// What a session's `meta` line says of the SwiftUI build a recording reproduces.
@Suite("The meta line's swiftUI")
struct MetaLineTests {
  /// Without a harness, the build is the compiler's where SwiftUI exists, and none elsewhere.
  @Test func aRecordingWithoutAHarnessSaysTheCompilersBuildWhereSwiftUIExists() throws {
    let lines = try record {}
    #if canImport(SwiftUI)
      #if compiler(>=6.4)
        #expect(lines.first?.swiftUI == "xcode27")
      #else
        #expect(lines.first?.swiftUI == "xcode26")
      #endif
    #else
      #expect(lines.first?.swiftUI == nil)
    #endif
  }

  @Test func aHarnessDeclaresItsBuildInTheSessionItRecordsInto() throws {
    let lines = try record {
      Trace.mark("before")
      Trace.declareSwiftUIBuild("xcode27")
    }
    #expect(lines.first?.e == "meta")
    #expect(lines.first?.swiftUI == "xcode27")
    #expect(lines.first?.scenario == "test", "the rest of the line is kept")
    #expect(lines.filter { $0.e == "meta" }.count == 1)
    #expect(lines.last?.name == "before")
  }

  @Test func twoBuildsMakeTheSessionMixedAndAnUnknownNameChangesNothing() throws {
    let mixed = try record {
      Trace.declareSwiftUIBuild("xcode26")
      Trace.declareSwiftUIBuild("xcode26")
      Trace.declareSwiftUIBuild("xcode27")
    }
    #expect(mixed.first?.swiftUI == "mixed")
    let unknown = try record { Trace.declareSwiftUIBuild("xcode99") }
    #expect(unknown.first?.swiftUI != "xcode99")
  }
}
