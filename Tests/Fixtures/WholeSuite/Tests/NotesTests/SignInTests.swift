import Notes
import RedrawHarness
import RedrawTesting
import RedrawTrace
import Testing

/// A form whose two empty strings are recorded as `<email|password>` until they differ
/// (`SignInForm` has the registrar without the named `access`): typing the email
/// re-evaluates the field that read it, which is no waste.
@Suite(.redraw) struct SignInTests {
  @Test func typingTheEmailRedrawsOnlyItsField() throws {
    let form = SignInForm()
    let recording = Trace.record(scenario: "type the email") { _ in
      let harness = ViewHarness(tracking: .propertyLevel) { SignInScreen(form: form) }
      #expect(harness.type("a@b", into: "Email"))
      #expect(harness.evaluations(of: EmailField.self) == 4)
      #expect(harness.evaluations(of: PasswordField.self) == 1)
    }
    #expect(recording.text.contains(#""prop":"<email|password>""#), "the first reads cannot be named")
    let analysis = try recording.analyze()
    #expect(analysis.findings.isEmpty, "\(analysis.findings.map(\.message))")
    let field = try #require(analysis.sessions.first?.nodes.first { $0.view == "EmailField" })
    #expect(field.overBroad == 0)
    #expect(field.readProperties == ["SignInForm.email"])
  }
}
