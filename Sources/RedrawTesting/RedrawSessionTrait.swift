#if canImport(Testing)
  import RedrawTrace
  import Testing

  /// Records each test as a session of its own, named after the test, when the test run
  /// records (`REDRAW_TRACE=/tmp/tests.jsonl swift test`).
  ///
  /// ```swift
  /// @Suite(.redraw) struct FeedTests {
  ///   @Test func refreshShowsNewItems() { … }
  /// }
  /// ```
  ///
  /// Applied to a suite, it applies to every test in it, nested suites included. The
  /// session's scenario is the test's path, `FeedTests/refreshShowsNewItems()`; each case of
  /// a parameterized test is a session of its own, named with the case's arguments as Swift
  /// Testing spells them: `FeedTests/badge(tracking: .objectLevel)`.
  /// It follows the test's task across `await`s
  /// and into the tasks it creates with `Task { }`; threads the test starts itself join
  /// with `TraceScope.join(_:)`. Tests run in parallel as usual: each session is written
  /// to the trace as one block when its test ends. While nothing records, the trait only
  /// runs the test.
  public struct RedrawSessionTrait: TestTrait, SuiteTrait, TestScoping {
    /// Always true: applied to a suite, the trait applies to every test in it, nested suites included.
    public var isRecursive: Bool { true }

    /// Runs `function`, the test or one of its cases, in a session of its own whose scenario is the test's
    /// path (`scenario(of:case:)`).
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      try await Trace.withSession(scenario: Self.scenario(of: test, case: testCase)) { try await function() }
    }

    /// The scenario of a test's session: its suites and its name, joined by `/`; for a case
    /// of a parameterized test, the name with the case's arguments,
    /// `FeedTests/badge(tracking: .objectLevel)`, when Swift Testing's case can be read
    /// (else the test's name alone, shared by its cases).
    public static func scenario(of test: Test, case testCase: Test.Case? = nil) -> String {
      var components = test.id.nameComponents
      if let testCase, testCase.isParameterized, let last = components.last,
        let arguments = TestCaseArguments.arguments(of: testCase)
      {
        components[components.count - 1] = TestCaseArguments.name(last, with: arguments)
      }
      return components.joined(separator: "/")
    }
  }

  extension Trait where Self == RedrawSessionTrait {
    /// Records each test as a session of its own; see ``RedrawSessionTrait``.
    public static var redraw: Self { RedrawSessionTrait() }
  }
#endif
