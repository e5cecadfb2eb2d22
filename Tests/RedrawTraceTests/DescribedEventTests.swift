import Foundation
@_spi(Testing) import RedrawTrace
import Testing

private final class DraftModel {}
private struct ThreadRow {}

extension RecorderTests {
  /// Events the recorder writes from the format's description (`EventFields`): each key in the
  /// description's order, objects and nodes numbered per session, keys not set left out.
  @Suite("Events written from the format's description")
  struct DescribedEventTests {
    /// The raw lines of a reproducible recording (objects, nodes and threads numbered from 1),
    /// after its `meta` line.
    static func lines(_ body: () -> Void) -> [String] {
      let bytes = Trace.record(scenario: "test", reproducible: true) { (_: TraceScope) in body() }.bytes
      return String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst().map(String.init)
    }

    /// The line without its time, which differs from run to run.
    static func timeless(_ line: String) -> String {
      line.replacing(/"t":\d+,/, with: "")
    }

    @Test func anUnmountNamesItsViewAndNodeInTheFormatsOrder() throws {
      let lines = Self.lines { Trace.unmount(ThreadRow.self, node: 41) }
      #expect(lines.map(Self.timeless) == [#"{"e":"unmount","tid":1,"view":"ThreadRow","node":1}"#])
    }

    @Test func aBindingWithoutAPropertyLeavesTheKeyOut() throws {
      let model = DraftModel()
      let lines = Self.lines {
        Trace.binding(to: model, type: "DraftModel", property: "title")
        Trace.binding(to: model, type: "DraftModel", property: nil)
      }
      #expect(
        lines.map(Self.timeless) == [
          #"{"e":"bind","tid":1,"obj":1,"type":"DraftModel","prop":"title"}"#,
          #"{"e":"bind","tid":1,"obj":1,"type":"DraftModel"}"#,
        ])
    }

    @Test func aSubscriptionNamesItsWrapper() throws {
      let model = DraftModel()
      let lines = Self.lines { Trace.subscription(model, type: "DraftModel", via: .observedObject) }
      #expect(
        lines.map(Self.timeless) == [#"{"e":"observe","tid":1,"obj":1,"type":"DraftModel","detail":"observedObject"}"#])
    }

    @Test func aDiscardNamesTheViewItsNodeAndTheProperty() throws {
      let lines = Self.lines { Trace.stateDiscarded(view: "CounterView", node: 12, property: "count") }
      #expect(
        lines.map(Self.timeless) == [#"{"e":"discard","tid":1,"view":"CounterView","node":1,"prop":"count"}"#])
    }

    @Test func aStructWritesSameOnlyWhenSet() throws {
      let lines = Self.lines {
        Trace.viewStruct("Row", node: 7, parent: 3, sameInputs: true)
        Trace.viewStruct("Row", node: 7, parent: nil)
      }
      #expect(
        lines.map(Self.timeless) == [
          #"{"e":"struct","tid":1,"view":"Row","node":1,"parent":2,"same":true}"#,
          #"{"e":"struct","tid":1,"view":"Row","node":1}"#,
        ])
    }

    @Test func aNameIsEscaped() throws {
      let lines = Self.lines { Trace.mark("tap: \"Save\"\n") }
      #expect(lines.map(Self.timeless) == [#"{"e":"mark","tid":1,"name":"tap: \"Save\"\n"}"#])
    }
  }
}
