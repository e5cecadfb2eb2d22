import Foundation
import RedrawTestSupport
import Testing

/// The package builds on Apple platforms down to Observation's floor (macOS 14, iOS 17,
/// tvOS 17, watchOS 10, visionOS 1), which nobody here can compile for: these tests read
/// every Swift file for modules and types that Apple ships only above it.
@Suite struct PlatformFloorTests {
  @Test func noSourceUsesAnythingAboveTheFloor() throws {
    var problems: [String] = []
    for file in try swiftFiles() {
      let text = try String(contentsOf: file, encoding: .utf8)
      let relative = String(file.path.dropFirst(repositoryRoot.path.count + 1))
      problems += FloorCheck.problems(in: text).map { "\(relative):\($0.line): \($0.message)" }
    }
    #expect(problems == [])
  }

  @Test func packageDeclaresTheFloor() throws {
    let manifest = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    for platform in [".macOS(.v14)", ".iOS(.v17)", ".tvOS(.v17)", ".watchOS(.v10)", ".visionOS(.v1)"] {
      #expect(manifest.contains(platform), "Package.swift does not declare \(platform)")
    }
  }

  @Test(arguments: [
    ("import Synchronization", "imports Synchronization"),
    ("@preconcurrency import Synchronization", "imports Synchronization"),
    ("internal import Synchronization", "imports Synchronization"),
    ("import struct Synchronization.Mutex", "imports Synchronization"),
    ("let lock = Mutex<Int>(0)", "names Mutex"),
    ("static let count = Atomic<Int>(0)", "names Atomic"),
    ("var row: InlineArray<4, Int>", "names InlineArray"),
    ("func f(_ bytes: RawSpan) {}", "names RawSpan"),
    ("let s: Span<UInt8> = array.span", "names Span"),
    ("let big: Int128 = 1", "names Int128"),
    ("let big = UInt128(1)", "names UInt128"),
    ("for await value in Observations({ model.count }) {}", "names Observations"),
    ("return String(validating: bytes, as: UTF8.self) ?? self", "calls String(validating:)"),
  ])
  func aboveTheFloorIsFound(line: String, message: String) {
    #expect(FloorCheck.problems(in: "let a = 1\n" + line).map(\.message) == [message])
    #expect(FloorCheck.problems(in: line).map(\.line) == [1])
  }

  @Test(arguments: [
    "let lock = Locked<Int>(0)",
    "let counter = AtomicInt(0)",
    "// Mutex<Int> is macOS 15",
    "/// The Synchronization module's `Atomic` is above the floor.",
    #"let message = "a Mutex and an Atomic<Int>""#,
    "struct TraceSpan {}",
    "let spanID = span.id",
    "import Observation",
  ])
  func belowTheFloorIsClean(line: String) {
    #expect(FloorCheck.problems(in: line).isEmpty)
  }
}

/// Finds uses of modules and standard-library types above the package's floor in Swift text.
enum FloorCheck {
  struct Problem: Equatable {
    let line: Int
    let message: String
  }

  /// Types of the standard library and of the Synchronization module that need macOS 15 /
  /// iOS 18 or later (`Observations` needs macOS 26).
  static let types = [
    "Mutex", "Atomic", "AtomicLazyReference", "WordPair", "InlineArray", "Span", "MutableSpan",
    "RawSpan", "MutableRawSpan", "OutputSpan", "OutputRawSpan", "UTF8Span", "Int128", "UInt128",
    "Observations",
  ]

  /// Calls that need macOS 15 / iOS 18 or later, as they are spelled.
  static let calls = ["String(validating:"]

  static func problems(in text: String) -> [Problem] {
    var problems: [Problem] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let code = codeOnly(String(raw))
      if importedModule(in: code) == "Synchronization" {
        problems.append(Problem(line: index + 1, message: "imports Synchronization"))
        continue
      }
      for type in typeNames(in: code) where types.contains(type) {
        problems.append(Problem(line: index + 1, message: "names \(type)"))
      }
      for call in calls where code.replacingOccurrences(of: " ", with: "").contains(call) {
        problems.append(Problem(line: index + 1, message: "calls \(call))"))
      }
    }
    return problems
  }

  /// The module an `import` line imports (`Synchronization` for `import struct Synchronization.Mutex`).
  private static func importedModule(in code: String) -> String? {
    let words = code.split(whereSeparator: \.isWhitespace)
    guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return nil }
    let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
    let path = kinds.contains(words[index + 1]) && index + 2 < words.count ? words[index + 2] : words[index + 1]
    return path.split(separator: ".").first.map(String.init)
  }

  /// The identifiers of a line that are not members (`array.span` is not the type `Span`).
  private static func typeNames(in code: String) -> [String] {
    var names: [String] = []
    var current = ""
    var afterDot = false
    for character in code + " " {
      if character.isLetter || character.isNumber || character == "_" {
        current.append(character)
        continue
      }
      if !current.isEmpty, !afterDot { names.append(current) }
      if !current.isEmpty || !character.isWhitespace { afterDot = character == "." }
      current = ""
    }
    return names
  }

  /// The line without string literals and `//` comments.
  private static func codeOnly(_ line: String) -> String {
    let withoutStrings = line.replacing(/#".*?"#/, with: "\"\"").replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
    guard let comment = withoutStrings.firstRange(of: "//") else { return withoutStrings }
    return String(withoutStrings[..<comment.lowerBound])
  }
}

/// Every Swift file of the package: sources, tests, the fuzzer and the manifest.
func swiftFiles() throws -> [URL] {
  var files = [repositoryRoot.appendingPathComponent("Package.swift")]
  for folder in ["Sources", "Tests", "Fuzz"] {
    let root = repositoryRoot.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
    for case let url as URL in walker where url.pathExtension == "swift" { files.append(url) }
  }
  return files
}
