import RedrawTrace
import Testing

private final class Subject {}

extension RecorderTests {
  @Suite("Names and details with any characters produce valid JSON lines")
  struct EscapingTests {
    static let hostileStrings = [
      #"quote " inside"#,
      #"back\slash \\ twice"#,
      "new\nline and\r\ncarriage return",
      "tab\tand bell \u{07} and nul \u{00} and escape \u{1B}[31m",
      "delete \u{7F} and unit separator \u{1F}",
      "Unicode: café, ñ, 日本語, עברית",
      "emoji 👩‍👩‍👧 and 🏳️‍🌈",
      "</script><script>alert(1)</script>",
      "",
      String(repeating: "long name ", count: 20_000),
    ]

    @Test(arguments: hostileStrings)
    func roundTripsThroughAJSONParser(text: String) throws {
      let subject = Subject()
      let lines = try record(scenario: text, app: text) {
        Trace.read(subject, type: text, property: text)
        Trace.end(Trace.beginBody(text, node: 1))
        Trace.effect(.other, text)
        Trace.mark(text)
      }
      #expect(lines[0].scenario == text)
      #expect(lines[0].app == text)
      #expect(lines[1].type == text)
      #expect(lines[1].prop == text)
      #expect(lines[2].view == text)
      #expect(lines[4].detail == text)
      #expect(lines[5].name == text)
    }

    /// Names are copied eight bytes at a time until a byte needs escaping: every ASCII
    /// character, at every position of the first two words and past them, round-trips.
    @Test func everyASCIICharacterAtEveryPositionRoundTrips() throws {
      var texts: [String] = []
      for scalar in (0..<128).compactMap(Unicode.Scalar.init) {
        for position in 0..<17 {
          var characters = Array(repeating: Character("a"), count: 17)
          characters[position] = Character(scalar)
          texts.append(String(characters))
        }
      }
      let lines = try record(scenario: "ascii") { for text in texts { Trace.mark(text) } }
      #expect(lines.dropFirst().map(\.name) == texts)
    }

    @Test func lineBreaksNeverSplitALine() {
      let recording = Trace.record { _ in Trace.mark("a\nb\rc\u{2028}d") }
      #expect(recording.lines.count == 2)
    }
  }
}
