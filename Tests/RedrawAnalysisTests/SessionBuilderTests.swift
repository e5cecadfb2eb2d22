import RedrawAnalysis
import RedrawTestSupport
import Testing

/// Why each evaluation happened, checked on small traces a reader can verify by eye.
@Suite("Causes of body evaluations")
struct SessionBuilderTests {
  private func node(_ view: String, in analysis: Analysis) throws -> NodeSummary {
    try #require(analysis.sessions.first?.nodes.first { $0.view == view })
  }

  private func body(
    _ id: Int, _ view: String, node: Int, parent: Int? = nil, reads: [String] = [], cause: String? = nil
  )
    -> [String]
  {
    var head = #"{"e":"body","t":\#(id * 10),"tid":1,"id":\#(id),"view":"\#(view)","node":\#(node)"#
    if let parent { head += #","parent":\#(parent)"# }
    if let cause { head += #","cause":"\#(cause)""# }
    return [head + "}"] + reads.map { #"{"e":"read","t":\#(id * 10 + 1),"tid":1,"obj":1,"type":"M","prop":"\#($0)"}"# }
      + [#"{"e":"end","t":\#(id * 10 + 2),"tid":1,"id":\#(id)}"#]
  }

  private func write(_ property: String, object: Int = 1) -> String {
    #"{"e":"write","t":5,"tid":1,"obj":\#(object),"type":"M","prop":"\#(property)"}"#
  }

  private func run(_ parts: [String]...) throws -> Analysis {
    try analyze(trace: ([metaLine] + parts.flatMap { $0 }).joined(separator: "\n") + "\n")
  }

  @Test func aWriteToAReadPropertyIsNeeded() throws {
    let analysis = try run(body(1, "V", node: 1, reads: ["a"]), [write("a")], body(2, "V", node: 1, reads: ["a"]))
    let v = try node("V", in: analysis)
    #expect((v.initial, v.needed, v.overBroad) == (1, 1, 0))
    #expect(analysis.summary.evaluationsWithPropertyTracking == 2)
  }

  @Test func aWriteToAnotherPropertyOfAReadObjectIsOverBroad() throws {
    let analysis = try run(body(1, "V", node: 1, reads: ["a"]), [write("b")], body(2, "V", node: 1, reads: ["a"]))
    let v = try node("V", in: analysis)
    #expect((v.initial, v.needed, v.overBroad) == (1, 0, 1))
    #expect(analysis.summary.overBroadEvaluations == 1)
    #expect(analysis.summary.evaluationsWithPropertyTracking == 1)
    let finding = try #require(analysis.findings.first { $0.rule == "over-broad-invalidation" })
    #expect((finding.view, finding.type, finding.property, finding.count) == ("V", "M", "b", 1))
  }

  /// Repeated over-broad evaluations are counted per view and property, also when a node
  /// changes view or the written property changes between them.
  @Test func overBroadEvaluationsAreCountedPerViewAndProperty() throws {
    let analysis = try run(
      body(1, "V", node: 1, reads: ["a"]), [write("b")], body(2, "V", node: 1, reads: ["a"]), [write("b")],
      body(3, "V", node: 1, reads: ["a"]), [write("c")], body(4, "V", node: 1, reads: ["a"]), [write("c")],
      body(5, "W", node: 1, reads: ["a"]))
    let entries = (try #require(analysis.sessions.first).summaries[OverBroadInvalidationRule.self] ?? []).map {
      "\($0.view) \($0.property) \($0.evaluations)"
    }
    #expect(entries.sorted() == ["V b 2", "V c 1", "W c 1"])
  }

  @Test func aNeededWriteWinsOverAnOverBroadOne() throws {
    let analysis = try run(
      body(1, "V", node: 1, reads: ["a"]), [write("b"), write("a")], body(2, "V", node: 1, reads: ["a"]))
    #expect(try node("V", in: analysis).needed == 1)
  }

  @Test func aChildOfAReEvaluatedParentIsParentDriven() throws {
    let analysis = try run(
      body(1, "P", node: 1, reads: ["a"]), body(2, "C", node: 2, parent: 1), [write("a")],
      body(3, "P", node: 1, reads: ["a"]), body(4, "C", node: 2, parent: 1))
    let child = try node("C", in: analysis)
    #expect((child.parentDriven, child.cascaded) == (1, 0))
    #expect(analysis.summary.evaluationsWithPropertyTracking == 4)
  }

  @Test func childrenOfAnOverBroadParentAreCascadedAndDisappearInTheWhatIf() throws {
    let analysis = try run(
      body(1, "P", node: 1, reads: ["a"]), body(2, "C", node: 2, parent: 1), body(3, "G", node: 3, parent: 2),
      [write("b")],
      body(4, "P", node: 1, reads: ["a"]), body(5, "C", node: 2, parent: 1), body(6, "G", node: 3, parent: 2))
    #expect(try node("P", in: analysis).overBroad == 1)
    #expect(try node("C", in: analysis).cascaded == 1)
    #expect(try node("G", in: analysis).cascaded == 1)
    #expect(analysis.summary.bodyEvaluations == 6)
    #expect(analysis.summary.evaluationsWithPropertyTracking == 3)
    let finding = try #require(analysis.findings.first { $0.rule == "over-broad-invalidation" })
    #expect(finding.message.contains("2 more times"))
  }

  @Test func aChildWithItsOwnNeededWriteIsNotCascaded() throws {
    let analysis = try run(
      body(1, "P", node: 1, reads: ["a"]), body(2, "C", node: 2, parent: 1, reads: ["b"]), [write("b")],
      body(3, "P", node: 1, reads: ["a"]), body(4, "C", node: 2, parent: 1, reads: ["b"]))
    #expect(try node("P", in: analysis).overBroad == 1)
    #expect(try node("C", in: analysis).needed == 1)
    #expect(analysis.summary.evaluationsWithPropertyTracking == 3)
  }

  @Test func theTracesCauseIsUsedWhenPresent() throws {
    let analysis = try run(
      body(1, "V", node: 1, reads: ["a"]), body(2, "V", node: 1, reads: ["a"], cause: "state"),
      body(3, "V", node: 1, reads: ["a"], cause: "unknown"))
    let v = try node("V", in: analysis)
    #expect((v.state, v.unknown) == (1, 1))
  }

  @Test func aWriteCauseIsCheckedAgainstWhatTheViewRead() throws {
    let causeLine =
      #"{"e":"body","t":30,"tid":1,"id":2,"view":"V","node":1,"cause":"write","obj":1,"type":"M","prop":"b"}"#
    let analysis = try run(body(1, "V", node: 1, reads: ["a"]), [causeLine, #"{"e":"end","t":31,"tid":1,"id":2}"#])
    #expect(try node("V", in: analysis).overBroad == 1)
  }

  /// A fuzzed trace whose parents form a cycle: a binding looks for the view that holds its
  /// type up the parents, and stops after one step per node (it hung before).
  @Test func aBindingInViewsWhoseParentsFormACycleEnds() throws {
    let analysis = try run(
      [#"{"e":"body","t":1,"tid":1,"id":1,"view":"A","node":1,"parent":2}"#, #"{"e":"end","t":2,"tid":1,"id":1}"#],
      [#"{"e":"body","t":3,"tid":1,"id":2,"view":"B","node":2,"parent":1}"#, #"{"e":"end","t":4,"tid":1,"id":2}"#],
      [#"{"e":"body","t":5,"tid":1,"id":3,"view":"A","node":1,"parent":2}"#, #"{"e":"end","t":6,"tid":1,"id":3}"#],
      [#"{"e":"body","t":7,"tid":1,"id":4,"view":"B","node":2,"parent":1}"#],
      [#"{"e":"bind","t":8,"tid":1,"obj":1,"type":"M","prop":"a"}"#, #"{"e":"end","t":9,"tid":1,"id":4}"#])
    #expect(try node("B", in: analysis).bindings == ["M"])
  }

  @Test func readsInsideAnInitializerDoNotCountForTheView() throws {
    let analysis = try run(
      [#"{"e":"body","t":1,"tid":1,"id":1,"view":"V","node":1}"#],
      [#"{"e":"init","t":2,"tid":1,"id":2,"type":"Child"}"#],
      [#"{"e":"read","t":3,"tid":1,"obj":1,"type":"M","prop":"a"}"#],
      [#"{"e":"end","t":4,"tid":1,"id":2}"#, #"{"e":"end","t":5,"tid":1,"id":1}"#])
    #expect(try node("V", in: analysis).propertiesRead == 0)
  }

  /// An evaluation that reads what the last one read, in the same order, keeps its read set
  /// without sorting it again; one that reads in another order, or reads other properties,
  /// has its set settled again. Each write is judged by the set of the evaluation before it.
  @Test func aNodesReadSetFollowsItsLastEvaluationWhateverTheOrder() throws {
    let analysis = try run(
      body(1, "V", node: 1, reads: ["a", "b", "a"]), [write("b")],
      body(2, "V", node: 1, reads: ["a", "b", "a"]), [write("b")],
      body(3, "V", node: 1, reads: ["b", "a"]), [write("a")],
      body(4, "V", node: 1, reads: ["c"]), [write("a")],
      body(5, "V", node: 1, reads: ["c"]), [write("c")],
      body(6, "V", node: 1, reads: ["c"]))
    let v = try node("V", in: analysis)
    #expect((v.initial, v.needed, v.overBroad) == (1, 4, 1))
    #expect(v.propertiesRead == 3)
  }

  @Test func spansNestPerThread() throws {
    let analysis = try run(
      [#"{"e":"body","t":1,"tid":1,"id":1,"view":"A","node":1}"#],
      [#"{"e":"body","t":2,"tid":2,"id":2,"view":"B","node":2}"#],
      [#"{"e":"read","t":3,"tid":1,"obj":1,"type":"M","prop":"a"}"#],
      [#"{"e":"read","t":4,"tid":2,"obj":1,"type":"M","prop":"b"}"#],
      [#"{"e":"read","t":4,"tid":2,"obj":1,"type":"M","prop":"c"}"#],
      [#"{"e":"end","t":5,"tid":1,"id":1}"#, #"{"e":"end","t":6,"tid":2,"id":2}"#])
    #expect(try node("A", in: analysis).propertiesRead == 1)
    #expect(try node("B", in: analysis).propertiesRead == 2)
    #expect(analysis.sessions.first?.threads == 2)
  }

  @Test func traceProblemsAreCountedAsDiagnostics() throws {
    let analysis = try run(
      [#"{"e":"end","t":1,"tid":1,"id":99}"#, #"{"e":"end","t":2,"tid":1,"id":98}"#],
      [#"{"e":"mark","t":0,"tid":1,"name":"back in time"}"#])
    let diagnostics = try #require(analysis.sessions.first?.diagnostics)
    #expect(
      diagnostics.map(\.message) == [
        "end for a span that is not open on its thread", "time went backwards on a thread",
      ])
    #expect(diagnostics.map(\.count) == [2, 1])
  }
}

/// Each node's evaluations over time, in at most 64 buckets that widen as the session grows.
@Suite("Timelines")
struct TimelineTests {
  /// Two nodes evaluated at irregular times over 300 µs: the buckets widen from 1 µs to
  /// 8 µs on the way, and every count lands where a direct count at the final width puts it.
  @Test func bucketsWidenAndKeepEveryEvaluation() throws {
    let times: [(node: Int, time: Int)] = (0..<120).map { k in (k % 3 == 0 ? 2 : 1, k * 2_500 + (k % 7) * 300) }
    var lines = [metaLine]
    for (span, entry) in times.enumerated() {
      lines.append(
        #"{"e":"body","t":\#(entry.time),"tid":1,"id":\#(span + 1),"view":"V\#(entry.node)","node":\#(entry.node)}"#)
      lines.append(#"{"e":"end","t":\#(entry.time + 1),"tid":1,"id":\#(span + 1)}"#)
    }
    let session = try #require(try analyze(trace: lines.joined(separator: "\n") + "\n").sessions.first)
    #expect(session.timelineBucket == 8_000)
    for node in [1, 2] {
      var expected: [Int32: Int32] = [:]
      for entry in times where entry.node == node { expected[Int32(entry.time / 8_000), default: 0] += 1 }
      let timeline = try #require(session.nodes.first { $0.node == Int64(node) }).timeline
      #expect(timeline.map(\.index) == expected.keys.sorted())
      #expect(timeline.map(\.evaluations) == expected.keys.sorted().map { expected[$0]! })
    }
  }
}
