import RedrawTrace

#if canImport(Testing)
  import Testing
#endif

/// How the harness refuses what it cannot reproduce: a failure of the running test.
///
/// Inside a Swift Testing test, ``record(_:at:)`` records an issue at the view's declaration
/// and the harness goes on without what it refused, so the other tests run and the trace
/// keeps its events. Outside one (XCTest, a script), the process stops with the message, as
/// SwiftUI stops an app whose view lacks its environment object, having flushed the trace
/// first.
enum HarnessFailure {
  /// Fails the running test with `message`, pointing at `site`; outside a Swift Testing
  /// test, stops the process with it.
  static func record(_ message: String, at site: HarnessNode.Site) {
    #if canImport(Testing)
      if Test.current != nil {
        let path = "\(site.file)"
        let folders = path.split(separator: "/")
        let fileID = folders.suffix(2).joined(separator: "/")
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(fileID: fileID, filePath: path, line: Int(site.line), column: 1))
        return
      }
    #endif
    stop(message)
  }

  /// Stops the process with `message`, the trace flushed first so it keeps what was recorded.
  static func stop(_ message: String) -> Never {
    Trace.flush()
    preconditionFailure(message)
  }
}
