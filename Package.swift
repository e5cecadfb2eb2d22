// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Redraw",
  products: [
    .library(name: "RedrawTrace", targets: ["RedrawTrace"]),
    .library(name: "RedrawAnalysis", targets: ["RedrawAnalysis"]),
    .library(name: "RedrawHarness", targets: ["RedrawHarness"]),
    .executable(name: "redraw", targets: ["redraw"]),
  ],
  dependencies: [],
  targets: [
    // MARK: - Recording
    .target(name: "RedrawTrace"),

    // MARK: - Analysis pipeline: read -> build sessions -> run rules -> render
    .target(name: "RedrawAnalysis"),
    .target(name: "RedrawReports", dependencies: ["RedrawAnalysis"]),
    .target(name: "RedrawCLI", dependencies: ["RedrawAnalysis", "RedrawReports"]),
    .executableTarget(name: "redraw", dependencies: ["RedrawCLI"]),

    // MARK: - Headless views with SwiftUI's invalidation rules
    .target(name: "RedrawHarness", dependencies: ["RedrawTrace", "RedrawAnalysis"]),
    .executableTarget(name: "redraw-samples", dependencies: ["RedrawHarness"]),

    // MARK: - Tools
    .executableTarget(name: "redraw-bench", dependencies: ["RedrawTrace", "RedrawAnalysis"]),

    // MARK: - Tests
    .testTarget(name: "RedrawTraceTests", dependencies: ["RedrawTrace", "redraw-bench"]),
    .testTarget(name: "RedrawAnalysisTests", dependencies: ["RedrawAnalysis"], exclude: ["FuzzRegressions"]),
    .testTarget(name: "RedrawHarnessTests", dependencies: ["RedrawHarness", "redraw-samples"]),
    .testTarget(name: "RedrawReportsTests", dependencies: ["RedrawReports"], exclude: ["Golden", "Schemas"]),
    .testTarget(name: "RedrawCLITests", dependencies: ["RedrawCLI", "redraw"]),
  ],
  swiftLanguageModes: [.v6]
)
