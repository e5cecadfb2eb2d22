import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

/// Inputs that once crashed or hung a reader, and hand-made hostile ones: each must be read,
/// strictly and leniently, and analyzed, without a crash. scripts/fuzz.sh adds what it finds
/// here (Tests/RedrawAnalysisTests/FuzzRegressions) before the bug is fixed.
@Suite("Fuzzing regressions")
struct FuzzRegressionTests {
  static let folder = repositoryRoot.appendingPathComponent("Tests/RedrawAnalysisTests/FuzzRegressions")
  static let inputs = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

  @Test(arguments: inputs)
  func isReadWithoutACrash(name: String) throws {
    let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    var lenient = TraceReader(lenient: true)
    let file = try lenient.read(bytes: bytes, name: name)
    _ = RuleRegistry.run(on: file.sessions, context: RuleContext())
    var strict = TraceReader(lenient: false)
    _ = try? strict.read(bytes: bytes, name: name)
    _ = try? JSONValue.parse(String(decoding: bytes, as: UTF8.self))
  }

  @Test func thereAreRegressionInputs() {
    #expect(Self.inputs.count >= 4)
  }
}
