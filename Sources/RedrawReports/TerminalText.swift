/// Text for a terminal: trace strings made harmless, lines wrapped, optional colour.
package enum TerminalText {
  /// `text` without control characters or escape sequences: a view named
  /// `"\u{1B}[2J"` must not clear the reader's screen.
  package static func sanitized(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x00..<0x20, 0x7F..<0xA0: result.unicodeScalars.append("\u{FFFD}")
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` wrapped at `width` columns, every line starting with `indent`.
  ///
  /// - Complexity: O(n): columns are counted as words are added, not recounted.
  static func wrapped(_ text: String, width: Int = 80, indent: String) -> String {
    var result = ""
    var line = indent
    let indentWidth = indent.count
    var column = indentWidth
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      let wordWidth = word.count
      if column > indentWidth, column + 1 + wordWidth > width {
        result += result.isEmpty ? line : "\n" + line
        line = indent
        column = indentWidth
      }
      if column > indentWidth {
        line += " "
        column += 1
      }
      line += word
      column += wordWidth
    }
    if column > indentWidth { result += result.isEmpty ? line : "\n" + line }
    return result
  }

  /// ANSI styles used by the text report.
  enum Style: String {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
  }

  static func styled(_ text: String, _ style: Style, color: Bool) -> String {
    color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}
