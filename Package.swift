// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Redraw",
  // Observation's floor: the first releases with `@Observable`.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "RedrawTrace", targets: ["RedrawTrace"]),
    .library(name: "RedrawAnalysis", targets: ["RedrawAnalysis"]),
    .library(name: "RedrawHarness", targets: ["RedrawHarness"]),
    // For test targets only: a Swift Testing trait (apps never link Testing).
    .library(name: "RedrawTesting", targets: ["RedrawTesting"]),
    .executable(name: "redraw", targets: ["redraw"]),
    // `swift package redraw …` in a package that depends on Redraw.
    .plugin(name: "redraw-plugin", targets: ["RedrawPlugin"]),
  ],
  dependencies: [],
  targets: [
    // MARK: - Platform: locks and atomics below the floor (no Synchronization module)
    .target(name: "CRedrawPlatform"),
    .target(name: "RedrawPlatform", dependencies: ["CRedrawPlatform"]),

    // MARK: - The trace format's vocabulary: event kinds, keys, causes, effects
    .target(name: "RedrawSchema", dependencies: []),

    // MARK: - Recording
    .target(name: "RedrawTrace", dependencies: ["RedrawSchema", "RedrawPlatform", "CRedrawPlatform"]),

    // MARK: - Analysis pipeline: read -> build sessions -> rules and plan -> render
    // Each stage imports only the stages before it.
    .target(name: "RedrawReading", dependencies: ["RedrawSchema", "RedrawPlatform"]),
    .target(name: "RedrawSessions", dependencies: ["RedrawReading", "RedrawPlatform"]),
    .target(name: "RedrawRules", dependencies: ["RedrawSessions", "RedrawPlatform"]),
    // The stages as one library: `Analyzer` runs them in order.
    .target(name: "RedrawAnalysis", dependencies: ["RedrawRules"]),
    .target(name: "RedrawReports", dependencies: ["RedrawRules", "RedrawPlatform"]),
    .target(name: "RedrawCLI", dependencies: ["RedrawAnalysis", "RedrawReports", "RedrawPlatform"]),
    .executableTarget(name: "redraw", dependencies: ["RedrawCLI"]),
    .plugin(
      name: "RedrawPlugin",
      capability: .command(
        intent: .custom(verb: "redraw", description: "Run Redraw's analyzer on traces of this package.")),
      dependencies: ["redraw"]),

    // MARK: - Headless views with SwiftUI's invalidation rules
    .target(name: "RedrawHarness", dependencies: ["RedrawTrace", "RedrawAnalysis", "RedrawPlatform"]),
    .executableTarget(name: "redraw-samples", dependencies: ["RedrawHarness"]),

    // MARK: - Swift Testing helpers
    .target(name: "RedrawTesting", dependencies: ["RedrawTrace"]),

    // MARK: - Tools
    .executableTarget(name: "redraw-bench", dependencies: ["RedrawTrace", "RedrawAnalysis", "CRedrawPlatform"]),
    // Writes the generated files (the rule registry, each rule's tests) from their sources.
    .executableTarget(name: "redraw-generate", dependencies: []),

    // MARK: - Tests
    // A process that records and is ended abruptly, run by the recorder's tests.
    .executableTarget(
      name: "redraw-recording-child", dependencies: ["RedrawTrace"], path: "Tests/Fixtures/RecordingChild"),
    // What every test target shares: the repository's root, a scratch directory per test,
    // `analyze(trace:)` and golden files.
    .target(name: "RedrawTestSupport", dependencies: ["RedrawAnalysis"], path: "Tests/RedrawTestSupport"),
    .testTarget(name: "RedrawPlatformTests", dependencies: ["RedrawPlatform", "RedrawTestSupport"]),
    .testTarget(
      name: "RedrawTraceTests",
      dependencies: ["RedrawTrace", "RedrawPlatform", "redraw-recording-child", "RedrawTestSupport"]),
    .testTarget(
      name: "RedrawAnalysisTests", dependencies: ["RedrawAnalysis", "RedrawTestSupport", "redraw-generate"],
      exclude: ["FuzzRegressions", "JSONTestSuite"]),
    .testTarget(name: "RedrawHarnessTests", dependencies: ["RedrawHarness", "redraw-samples", "RedrawTestSupport"]),
    // Also builds and runs the user package in Tests/Fixtures/WholeSuite.
    .testTarget(
      name: "RedrawTestingTests", dependencies: ["RedrawTesting", "RedrawTrace", "RedrawAnalysis", "RedrawTestSupport"]),
    .testTarget(
      name: "RedrawReportsTests", dependencies: ["RedrawReports", "RedrawTestSupport"], exclude: ["Golden", "Schemas"]),
    .testTarget(
      name: "RedrawCLITests",
      dependencies: ["RedrawCLI", "RedrawPlatform", "redraw", "RedrawHarness", "RedrawTestSupport"]),
    // The docs' Swift code, compiled and run; and every page's blocks checked.
    .testTarget(
      name: "DocumentationTests", dependencies: ["RedrawHarness", "RedrawTrace", "RedrawAnalysis", "RedrawTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
