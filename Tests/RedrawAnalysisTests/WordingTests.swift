import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@Suite("Messages count what happened")
struct WordingTests {
  /// A list view reads every property of its model; of its three children, only two are
  /// re-evaluated when it is (the third, a header with an unchanged input, is not).
  static let wholeModelParent = """
    {"e":"meta","format":"redraw-trace","version":1,"scenario":"mark read"}
    {"e":"body","t":100,"tid":1,"id":1,"view":"ListView","node":1}
    {"e":"read","t":101,"tid":1,"obj":5,"type":"ReadingList","prop":"books"}
    {"e":"read","t":102,"tid":1,"obj":5,"type":"ReadingList","prop":"title"}
    {"e":"read","t":103,"tid":1,"obj":5,"type":"ReadingList","prop":"unreadCount"}
    {"e":"end","t":110,"tid":1,"id":1}
    {"e":"body","t":120,"tid":1,"id":2,"view":"Header","node":2,"parent":1}
    {"e":"end","t":121,"tid":1,"id":2}
    {"e":"body","t":130,"tid":1,"id":3,"view":"Badge","node":3,"parent":1}
    {"e":"end","t":131,"tid":1,"id":3}
    {"e":"body","t":140,"tid":1,"id":4,"view":"Row","node":4,"parent":1}
    {"e":"end","t":141,"tid":1,"id":4}
    {"e":"write","t":200,"tid":1,"obj":5,"type":"ReadingList","prop":"books"}
    {"e":"body","t":300,"tid":1,"id":5,"view":"ListView","node":1}
    {"e":"read","t":301,"tid":1,"obj":5,"type":"ReadingList","prop":"books"}
    {"e":"read","t":302,"tid":1,"obj":5,"type":"ReadingList","prop":"title"}
    {"e":"read","t":303,"tid":1,"obj":5,"type":"ReadingList","prop":"unreadCount"}
    {"e":"end","t":310,"tid":1,"id":5}
    {"e":"body","t":320,"tid":1,"id":6,"view":"Badge","node":3,"parent":1}
    {"e":"end","t":321,"tid":1,"id":6}
    {"e":"body","t":330,"tid":1,"id":7,"view":"Row","node":4,"parent":1}
    {"e":"end","t":331,"tid":1,"id":7}

    """

  @Test func wholeModelReadNamesHowManyChildrenWereReEvaluated() throws {
    let analysis = try analyze(trace: Self.wholeModelParent)
    let finding = try #require(analysis.findings.first { $0.rule == "whole-model-read" })
    #expect(finding.message.hasSuffix("and its re-evaluations re-evaluated 2 of its 3 children 2 times."))
    #expect(finding.count == 2)
  }

  /// A poster view evaluated three times starts two image loads in its first evaluation
  /// only (a guarded start), and a feed starts the same request in each of its two.
  @Test func sideEffectInBodySaysInHowManyEvaluationsAndOfWhat() throws {
    let analysis = try analyze(
      trace: """
        {"e":"meta","format":"redraw-trace","version":1}
        {"e":"body","t":100,"tid":1,"id":1,"view":"Poster","node":1}
        {"e":"effect","t":101,"tid":1,"kind":"task","detail":"image /poster42"}
        {"e":"effect","t":102,"tid":1,"kind":"task","detail":"image /backdrop42"}
        {"e":"end","t":110,"tid":1,"id":1}
        {"e":"body","t":200,"tid":1,"id":2,"view":"Poster","node":1}
        {"e":"end","t":210,"tid":1,"id":2}
        {"e":"body","t":300,"tid":1,"id":3,"view":"Poster","node":1}
        {"e":"end","t":310,"tid":1,"id":3}
        {"e":"body","t":400,"tid":1,"id":4,"view":"Feed","node":2}
        {"e":"effect","t":401,"tid":1,"kind":"network","detail":"GET /feed"}
        {"e":"end","t":410,"tid":1,"id":4}
        {"e":"body","t":500,"tid":1,"id":5,"view":"Feed","node":2}
        {"e":"effect","t":501,"tid":1,"kind":"network","detail":"GET /feed"}
        {"e":"end","t":510,"tid":1,"id":5}

        """)
    let messages = analysis.findings.filter { $0.rule == "side-effect-in-body" }.map(\.message)
    #expect(
      messages == [
        "Feed.body started 2 network effects (GET /feed); every evaluation of it started one.",
        "Poster.body started 2 task effects (image /poster42 and 1 other) in 1 of its 3 evaluations.",
      ])
  }

  /// A row's model made twice in its parent's body, an argument and not a `@State`: the
  /// message names every place a value made with the struct comes from.
  @Test(arguments: [("xcode26", "which Xcode 26 (this recording's build)"), ("xcode27", "once per view identity")])
  func repeatedInitDoesNotAssumeAStateDefault(build: String, says: String) throws {
    let analysis = try analyze(
      trace: """
        {"e":"meta","format":"redraw-trace","version":1,"swiftUI":"\(build)"}
        {"e":"body","t":100,"tid":1,"id":1,"view":"Feed","node":1}
        {"e":"init","t":101,"tid":1,"id":2,"type":"RowModel","site":"Feed.swift:9","owner":2}
        {"e":"end","t":102,"tid":1,"id":2,"obj":7}
        {"e":"end","t":110,"tid":1,"id":1}
        {"e":"body","t":120,"tid":1,"id":3,"view":"Row","node":2,"parent":1}
        {"e":"read","t":121,"tid":1,"obj":7,"type":"RowModel","prop":"title"}
        {"e":"end","t":130,"tid":1,"id":3}
        {"e":"body","t":200,"tid":1,"id":4,"view":"Feed","node":1}
        {"e":"init","t":201,"tid":1,"id":5,"type":"RowModel","site":"Feed.swift:9","owner":2}
        {"e":"end","t":202,"tid":1,"id":5,"obj":8}
        {"e":"end","t":210,"tid":1,"id":4}

        """)
    let finding = try #require(analysis.findings.first { $0.rule == "repeated-init" })
    #expect(finding.message.contains("an argument the parent passes"))
    #expect(finding.message.contains(says))
  }

  @Test func theTextSummarySaysWhereEffectsStarted() throws {
    let analysis = try analyze(
      trace:
        """
        {"e":"meta","format":"redraw-trace","version":1}
        {"e":"init","t":100,"tid":1,"id":1,"type":"FeedModel"}
        {"e":"effect","t":110,"tid":1,"kind":"network"}
        {"e":"effect","t":111,"tid":1,"kind":"observer"}
        {"e":"end","t":120,"tid":1,"id":1,"obj":1}
        {"e":"body","t":200,"tid":1,"id":2,"view":"FeedView","node":1}
        {"e":"effect","t":210,"tid":1,"kind":"log"}
        {"e":"end","t":220,"tid":1,"id":2}
        {"e":"effect","t":300,"tid":1,"kind":"task"}

        """)
    #expect(analysis.summary.effects == 4)
    #expect(analysis.summary.effectsInInitializers == 2)
    #expect(analysis.summary.effectsInBodies == 1)
  }
}

extension WordingTests {
  @Test func hotPropertyNamesTheViewsItsWritesReEvaluated() throws {
    let analysis = try analyze(
      trace:
        String(
          decoding: try Data(
            contentsOf: repositoryRoot.appendingPathComponent("SampleTraces/rules/hot-property.jsonl")),
          as: UTF8.self))
    let finding = try #require(analysis.findings.first { $0.rule == "hot-property" })
    #expect(finding.message.hasSuffix("per write): ClockFace 30, Countdown 30 and StatusBar 30."))
    let property = try #require(analysis.sessions.first?.properties.first { $0.property == "now" })
    #expect(property.evaluationsByView.map(\.view) == ["ClockFace", "Countdown", "StatusBar"])
  }
}
