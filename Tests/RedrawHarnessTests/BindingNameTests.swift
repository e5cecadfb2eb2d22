import Observation
import RedrawHarness
import RedrawTrace
import Testing

/// A `bind` event names the property exactly where the model's accesses do (an `@Observable`
/// model with the two `access` members), though two of its properties share a type and a
/// value: the XcodesApp port's `<error|warning>`.
@Suite struct BindingNameTests {
  @Observable final class Alerts: TrackedModel {
    var error = ""
    var warning = ""

    let tracking = ModelTracking()
    private nonisolated var _$observationRegistrar: ModelTracking { tracking }
    @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<Alerts, M>) {}
    nonisolated func access<M>(keyPath: KeyPath<Alerts, M>, _ name: StaticString = #function) {
      tracking.access(self, keyPath: keyPath, name: name)
    }
  }

  struct Editor: HarnessView {
    @ViewBindable var alerts: Alerts
    func body(_ content: inout ViewContent) {
      content.textField("Error", text: $alerts.error)
      content.textField("Warning", text: $alerts.warning)
    }
  }

  @Test func aBindingIsNamedAsTheModelsAccessNamesIt() {
    let alerts = Alerts()
    let recording = Trace.record(scenario: "bindings", reproducible: true) { _ in
      _ = ViewHarness(tracking: .propertyLevel) { Editor(alerts: alerts) }
    }
    let binds = recording.lines.filter { $0.contains(#""e":"bind""#) }
    #expect(binds.count == 2)
    #expect(binds.contains { $0.contains(#""prop":"error""#) })
    #expect(binds.contains { $0.contains(#""prop":"warning""#) })
  }
}
