// Writes the package's generated files from their one description each: the code that spells
// the trace format from TraceFormat.swift, and the rule registry and each rule's test file from
// the rules' own files. Every file is printed by the toolchain's swift-format. Run from the
// package's root:
//
//   swift run redraw-generate           rewrites every generated file that is not current
//   swift run redraw-generate --check   writes nothing; names each file that is not current
//                                       and exits 1 (a test runs it)
//
// docs/contributing.md says when to run it.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.allSatisfy({ $0 == "--check" }) else {
  FileHandle.standardError.write(Data("usage: redraw-generate [--check]\n".utf8))
  exit(64)
}
let checking = arguments.contains("--check")
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

do {
  let rules = try RuleSources.read(from: root.appendingPathComponent(RuleSources.folder))
  let files = try
    ([RuleRegistryFile.generated(for: rules)] + rules.map(RuleTestFile.generated(for:))
    + SchemaFiles.generated()).map { file in
      GeneratedFile(path: file.path, contents: try SwiftFormat.format(file.contents, root: root))
    }
  var stale: [String] = []
  for file in files where try !file.isCurrent(under: root) {
    stale.append(file.path)
    if !checking { try file.write(under: root) }
  }
  for path in stale { print(checking ? "not current: \(path)" : "wrote \(path)") }
  // A rule's test file whose rule is gone.
  let kept = Set(files.map(\.path))
  for path in try GeneratedFile.existing(in: RuleTestFile.folder, under: root) where !kept.contains(path) {
    stale.append(path)
    print(checking ? "of no rule: \(path)" : "removed \(path)")
    if !checking { try FileManager.default.removeItem(at: root.appendingPathComponent(path)) }
  }
  if checking, !stale.isEmpty {
    FileHandle.standardError.write(Data("regenerate with: swift run redraw-generate\n".utf8))
    exit(1)
  }
} catch {
  FileHandle.standardError.write(Data("redraw-generate: \(error)\n".utf8))
  exit(1)
}
