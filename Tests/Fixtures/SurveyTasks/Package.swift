// swift-tools-version:6.0
import PackageDescription

// A screen of a real app ported to RedrawHarness: the tasks tab of MyDataHelpsKit's example
// app (README.md names the repository, commit and files). Its models as they are
// (`ObservableObject`, written with `@Tracked`) and as `@Observable` after the move; the views
// of both sides and the script in the tests, which check that `redraw plan`'s prediction from
// the before run is what the after run does, as Xcode 26 and 27 build it. RedrawTestingTests
// builds and runs it beside a link to the Redraw checkout named `Redraw`.
let package = Package(
  name: "SurveyTasks",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [.package(path: "../Redraw")],
  targets: [
    // What both sides share: the SDK's session, its tasks and pages, the test's server.
    .target(name: "SurveyTasksKit", dependencies: [.product(name: "RedrawTrace", package: "Redraw")]),
    .target(
      name: "TasksBefore", dependencies: ["SurveyTasksKit", .product(name: "RedrawTrace", package: "Redraw")]),
    .target(
      name: "TasksAfter", dependencies: ["SurveyTasksKit", .product(name: "RedrawTrace", package: "Redraw")]),
    .testTarget(
      name: "SurveyTasksTests",
      dependencies: [
        "SurveyTasksKit", "TasksBefore", "TasksAfter",
        .product(name: "RedrawHarness", package: "Redraw"),
        .product(name: "RedrawAnalysis", package: "Redraw"),
      ]),
  ]
)
