// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Redraw",
  products: [
    .library(name: "RedrawTrace", targets: ["RedrawTrace"]),
  ],
  dependencies: [],
  targets: [
    // MARK: - Recording
    .target(name: "RedrawTrace"),

    // MARK: - Tools
    .executableTarget(name: "redraw-bench", dependencies: ["RedrawTrace"]),

    // MARK: - Tests
    .testTarget(name: "RedrawTraceTests", dependencies: ["RedrawTrace"]),
  ],
  swiftLanguageModes: [.v6]
)
