// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Shop",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [.library(name: "Shop", targets: ["Shop"])],
  dependencies: [.package(path: "../Redraw")],
  targets: [
    .target(name: "Shop", dependencies: [.product(name: "RedrawTrace", package: "Redraw")]),
    .testTarget(
      name: "ShopTests",
      dependencies: [
        "Shop",
        .product(name: "RedrawHarness", package: "Redraw"),
        .product(name: "RedrawTesting", package: "Redraw"),
      ]),
  ]
)

// A second library of the same user: a notes app's models, instrumented right and half-way,
// and tests of what each records (RedrawTestingTests' NotesFixtureTests runs them).
package.targets += [
  .target(name: "Notes", dependencies: [.product(name: "RedrawTrace", package: "Redraw")]),
  .testTarget(
    name: "NotesTests",
    dependencies: [
      "Notes",
      .product(name: "RedrawHarness", package: "Redraw"),
      .product(name: "RedrawTesting", package: "Redraw"),
    ]),
]

// A user's package, as README.md shows it: a model library, and tests that use RedrawTrace,
// RedrawHarness and the RedrawTesting trait. RedrawTestingTests builds it beside a link to
// the Redraw checkout named `Redraw`, records ShopTests whole with REDRAW_TRACE, and
// compares every view's counts with those of each test run alone.
