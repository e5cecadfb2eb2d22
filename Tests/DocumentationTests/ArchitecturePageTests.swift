import Foundation
import RedrawTestSupport
import Testing

@Suite("docs/architecture.md tells the truth about the package")
struct ArchitecturePageTests {
  /// The targets of Package.swift outside Tests/ and the modules each depends on, as written
  /// there: `.target(name: "X", dependencies: ["A", "B"])`.
  static func manifestDependencies() throws -> [String: Set<String>] {
    let manifest = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let declaration = /\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)",\s*dependencies:\s*\[([^\]]*)\]([^)]*)\)/
    var dependencies: [String: Set<String>] = [:]
    for match in manifest.matches(of: declaration) where !match.output.3.contains("path: \"Tests") {
      let names = match.output.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces.union(["\""])) }
      dependencies[String(match.output.1)] = Set(names.filter { !$0.isEmpty })
    }
    return dependencies
  }

  /// The rows of the page's "Module dependencies" table: module and the modules it depends on.
  static func pageDependencies() throws -> [String: Set<String>] {
    let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let section = try #require(page.components(separatedBy: "## Module dependencies").dropFirst().first)
    var dependencies: [String: Set<String>] = [:]
    for line in section.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let modules = cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces.union(["`"])) }
      dependencies[cells[0].trimmingCharacters(in: ["`"])] = Set(modules)
    }
    return dependencies
  }

  @Test func theDependencyTableIsTheManifests() throws {
    let manifest = try Self.manifestDependencies()
    let page = try Self.pageDependencies()
    #expect(manifest["RedrawHarness"]?.contains("RedrawAnalysis") == true, "the manifest was read")
    for (module, dependencies) in manifest where module != "CRedrawPlatform" {
      #expect(page[module] == dependencies, "\(module) depends on \(dependencies.sorted()) in Package.swift")
    }
    #expect(Set(page.keys).isSubset(of: Set(manifest.keys)), "every row is a target of Package.swift")
  }
}
