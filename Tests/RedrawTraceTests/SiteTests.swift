import Foundation
import Testing

@testable import RedrawTrace

/// A view type for the marker and body forms.
private struct SiteView {}

extension RecorderTests {
  @Suite("Sites: where in the source each event happened")
  struct SiteTests {
    @Test func everyBodyFormRecordsItsCallSite() throws {
      var lines: [Int] = []
      let recorded = try record {
        lines.append(#line + 1)
        Trace.body("Named", node: 1) {}
        lines.append(#line + 1)
        Trace.body(SiteView.self) {}
        lines.append(#line + 1)
        Trace.end(Trace.beginBody("Begun", node: 2))
        lines.append(#line + 1)
        Trace.bodyMarker(SiteView.self)
        Trace.endBodyMarker()
      }
      let bodies = recorded.filter { $0.e == "body" }
      #expect(bodies.map(\.site) == lines.map { "\(#filePath):\($0)" })
    }

    @Test func initWriteAndEffectSitesAreTheCallersFilePath() throws {
      let object = NSObject()
      var lines: [Int] = []
      let recorded = try record {
        lines.append(#line + 1)
        _ = Trace.make(NSObject())
        lines.append(#line + 1)
        Trace.write(object, type: "NSObject", property: "title")
        lines.append(#line + 1)
        Trace.effect(.log, "hello")
      }
      let sites = recorded.compactMap(\.site)
      #expect(sites == lines.map { "\(#filePath):\($0)" })
      #expect(sites.allSatisfy { $0.hasPrefix("/") }, "#filePath is absolute")
    }

    @Test func aFileIDIsWrittenAsItIs() throws {
      let line = #line + 1
      let recorded = try record { _ = Trace.make(1, file: #fileID) }
      #expect(recorded[1].site == "RedrawTraceTests/SiteTests.swift:\(line)")
    }

    @Test func aReproducibleRecordingWritesThePathInsideThePackage() throws {
      let line = #line + 2
      let recording = Trace.record(reproducible: true) { _ in
        Trace.body("Named", node: 1) { _ = Trace.make(NSObject()) }
      }
      let sites = try decodeLines(recording.bytes).compactMap(\.site)
      #expect(
        sites == ["Tests/RedrawTraceTests/SiteTests.swift:\(line)", "Tests/RedrawTraceTests/SiteTests.swift:\(line)"])
      #expect(!recording.text.contains(#filePath), "no absolute path, so the bytes are the same on every machine")
    }

    static let tails: [(recorded: String, written: String)] = [
      ("/Users/me/App/Sources/App/FeedView.swift", "Sources/App/FeedView.swift"),
      ("/home/ci/Tests/app/Tests/AppTests/FeedTests.swift", "Tests/AppTests/FeedTests.swift"),
      ("/repo/Packages/Feed/Sources/Feed/Views/FeedView.swift", "Sources/Feed/Views/FeedView.swift"),
      ("/Users/me/App/App/Views/FeedView.swift", "Views/FeedView.swift"),
      ("/FeedView.swift", "FeedView.swift"),
      (#"C:\src\App\Sources\App\FeedView.swift"#, #"Sources\App\FeedView.swift"#),
      ("App/FeedView.swift", "App/FeedView.swift"),
      ("FeedView.swift", "FeedView.swift"),
      ("", ""),
    ]

    @Test(arguments: tails)
    func theMachineIndependentTail(recorded: String, written: String) {
      var path = recorded
      let tail = path.withUTF8 { String(decoding: CallSite.machineIndependentTail(of: $0), as: UTF8.self) }
      #expect(tail == written)
    }
  }
}
