// swift-tools-version:6.0
import PackageDescription

// A screen of a real app ported to RedrawHarness: Pocket Casts' bookmarks list (README.md
// names the repository, commit and files). Its models as they are (`ObservableObject`,
// written with `@Tracked`) and as `@Observable` after the move; the views of both sides and
// the script in the tests, which check that `redraw plan`'s prediction from the before run is
// what the after run does, as Xcode 26 and 27 build it. RedrawTestingTests builds and runs it
// beside a link to the Redraw checkout named `Redraw`.
let package = Package(
  name: "Bookmarks",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [.package(path: "../Redraw")],
  targets: [
    // What both sides share: the bookmarks, their store, and the app's router.
    .target(name: "BookmarksKit"),
    .target(
      name: "BookmarksBefore", dependencies: ["BookmarksKit", .product(name: "RedrawTrace", package: "Redraw")]),
    .target(
      name: "BookmarksAfter", dependencies: ["BookmarksKit", .product(name: "RedrawTrace", package: "Redraw")]),
    .testTarget(
      name: "BookmarksTests",
      dependencies: [
        "BookmarksKit", "BookmarksBefore", "BookmarksAfter",
        .product(name: "RedrawHarness", package: "Redraw"),
        .product(name: "RedrawAnalysis", package: "Redraw"),
      ]),
  ]
)
