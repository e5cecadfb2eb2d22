import Foundation
import RedrawAnalysis
import RedrawCLI
import RedrawTestSupport
import Testing

/// The path of a scenario sample.
func scenario(_ name: String) -> String {
  repositoryRoot.appendingPathComponent("SampleTraces/scenarios/\(name).jsonl").path
}

@Suite("redraw plan: the migration, model by model")
struct PlanCommandTests {
  static func plan(_ arguments: [String]) throws -> (code: ExitCode, json: JSONValue) {
    let terminal = CapturedTerminal()
    let code = terminal.run(["plan"] + arguments + ["--format", "json"])
    return (code, try JSONValue.parse(terminal.standardOutput))
  }

  @Test func anEffectfulOwnersInitializerRunsAreComputedForBothXcodes() throws {
    let (code, json) = try Self.plan([scenario("migration-effectful-owner-before")])
    #expect(code == .success)
    #expect(json["version"] == .number(1))
    #expect(json["swiftUI"] == .object([("target", .string("xcode26")), ("from", .string("trace"))]))
    guard case .array(let models)? = json["models"] else { throw PlanTestError("models is an array") }
    let article = try #require(models.first { $0["type"] == .string("ArticleModel") })
    guard case .array(let owners)? = article["owners"], let owner = owners.first else {
      throw PlanTestError("ArticleModel has an owner")
    }
    #expect(owner["view"] == .string("ArticleView"))
    #expect(owner["initRuns"] == .object([("now", .number(1)), ("xcode26", .number(5)), ("xcode27", .number(1))]))
    #expect(owner["effectsPerRun"] == .number(1))
    #expect(owner["structs"] == .string("recorded"))
    guard case .string(let site)? = owner["site"] else { throw PlanTestError("the owner has a site") }
    // The `@StateObject`'s `Trace.make`, named relative to the source root.
    let source = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Sources/redraw-samples/EffectfulOwnerMigration.swift"),
      encoding: .utf8)
    let line = try #require(
      source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.contains("@ViewStateObject var model = Trace.make(ArticleModel())")
      })
    #expect(site == "Sources/redraw-samples/EffectfulOwnerMigration.swift:\(line + 1)")
    guard case .array(let checklist)? = json["checklist"] else { throw PlanTestError("checklist is an array") }
    #expect(checklist.first?["severity"] == .string("error"))
    #expect(checklist.first?["kind"] == .string("repeatingEffects"))
  }

  @Test func withXcode27TheOwnerNoLongerRepeatsAndTheItemSaysWhatXcode26WouldDo() throws {
    let (code, json) = try Self.plan([
      scenario("migration-effectful-owner-before"), "--xcode", "27", "--fail-on", "warning",
    ])
    #expect(code == .success)
    #expect(json["swiftUI"]?["from"] == .string("option"))
    guard case .array(let checklist)? = json["checklist"] else { throw PlanTestError("checklist is an array") }
    #expect(checklist.first?["severity"] == .string("info"))
  }

  /// InboxScreen owns the model and only hands it on: the move stops its re-evaluations,
  /// and the item says what would make that stale. The rows read it: no such item.
  @Test func aHolderThatReadsNothingOfItsModelIsToldItStopsUpdating() throws {
    let (_, json) = try Self.plan([scenario("migration-search-before")])
    guard case .array(let checklist)? = json["checklist"] else { throw PlanTestError("checklist is an array") }
    let stopping = checklist.filter { $0["kind"] == .string("stopsUpdating") }
    #expect(stopping.map { $0["view"] } == [.string("InboxScreen")])
    #expect(stopping.first?["severity"] == .string("info"))
    guard case .string(let text)? = stopping.first?["text"] else { throw PlanTestError("the item has a text") }
    #expect(text.contains("(10 evaluations saved)"))
  }

  /// "26" means 26 and earlier, "27" 27 and later.
  @Test(arguments: [("25", "xcode26"), ("26", "xcode26"), ("27", "xcode27"), ("28", "xcode27")])
  func anyMajorVersionNamesTheBuildItUses(version: String, build: String) throws {
    let (code, json) = try Self.plan([scenario("migration-search-before"), "--xcode", version])
    #expect(code == .success)
    #expect(json["swiftUI"]?["target"] == .string(build))
  }

  @Test func tracesThatReproduceDifferentBuildsSaySo() throws {
    let (_, json) = try Self.plan([
      scenario("migration-effectful-owner-after-xcode26"), scenario("migration-effectful-owner-after-xcode27"),
    ])
    #expect(json["swiftUI"] == .object([("target", .string("xcode26")), ("from", .string("conflicting"))]))
  }

  @Test func failOnMakesTheErrorAGate() {
    let arguments = ["plan", scenario("migration-effectful-owner-before"), "--fail-on"]
    #expect(CapturedTerminal().run(arguments + ["error"]) == .findings)
    #expect(CapturedTerminal().run(arguments + ["error", "--xcode", "27"]) == .success)
    #expect(CapturedTerminal().run(["plan", scenario("migration-effectful-owner-before")]) == .success)
  }

  /// `--color` as `analyze` and `diff` take it: the text plan only, `always` even into a pipe.
  @Test(arguments: [("always", "text", true), ("never", "text", false), ("always", "markdown", false)])
  func colourIsForTheTextPlan(when: String, format: String, coloured: Bool) {
    let terminal = CapturedTerminal()
    let code = terminal.run(["plan", scenario("migration-search-before"), "--color", when, "--format", format])
    #expect(code == .success)
    #expect(terminal.standardOutput.contains("\u{1B}[") == coloured)
    #expect(!terminal.standardError.contains("\u{1B}["))
  }

  /// The plan and `redraw analyze` give one prediction.
  @Test(arguments: ["migration-search-before", "migration-nested-list-before", "migration-equal-values-before"])
  func thePlanAndTheAnalysisAgree(sample: String) throws {
    let (_, plan) = try Self.plan([scenario(sample)])
    let terminal = CapturedTerminal()
    _ = terminal.run(["analyze", scenario(sample), "--format", "json", "--fail-on", "never"])
    let analysis = try JSONValue.parse(terminal.standardOutput)
    #expect(plan["evaluations"]?["after"] == analysis["summary"]?["evaluationsWithPropertyTracking"])
    #expect(plan["evaluations"]?["saved"] == analysis["summary"]?["savedEvaluations"])
    #expect(plan["evaluations"]?["added"] == analysis["summary"]?["addedEvaluations"])
  }

  /// Every key docs/json-report.md lists for the plan is in a plan of the samples, and the
  /// plans have no key it does not list.
  @Test func theDocumentedKeysAreTheKeysWritten() throws {
    let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/json-report.md"), encoding: .utf8)
    let section = try #require(page.range(of: "## The migration plan"))
    let documented = Set(
      page[section.upperBound...].matches(of: /"([A-Za-z0-9]+)":/).map { String($0.output.1) })
    var written: Set<String> = []
    func collect(_ value: JSONValue) {
      switch value {
      case .object(let members):
        for (key, member) in members {
          written.insert(key)
          collect(member)
        }
      case .array(let elements): elements.forEach(collect)
      default: break
      }
    }
    for sample in ["migration-effectful-owner-before", "migration-nested-list-before", "reading-list-whole-model"] {
      collect(try Self.plan([scenario(sample)]).json)
    }
    collect(try Self.plan([scenario("migration-nested-list-before"), "--keep", "TodoItem"]).json)
    #expect(written.subtracting(documented).isEmpty, "written but not documented: \(written.subtracting(documented))")
    #expect(documented.subtracting(written).isEmpty, "documented but never written: \(documented.subtracting(written))")
  }

  @Test(arguments: ["text", "markdown", "html"])
  func everyFormatShowsTheModelsAndTheChecklist(format: String) {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["plan", scenario("migration-effectful-owner-before"), "--format", format]) == .success)
    #expect(terminal.standardOutput.contains("ArticleModel"))
    #expect(terminal.standardOutput.contains("Xcode 26"))
    #expect(terminal.standardOutput.contains("Checklist"))
  }

  /// Two scripts of one screen: the parent that reads the whole model is one entry and one
  /// checklist item, with both scripts' child evaluations (the Settings port listed it twice).
  @Test func aParentSeenInSeveralTracesIsOneItem() throws {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("whole-model-\(UUID()).jsonl")
    defer { try? FileManager.default.removeItem(at: copy) }
    try FileManager.default.copyItem(atPath: scenario("reading-list-whole-model"), toPath: copy.path)
    let (_, once) = try Self.plan([scenario("reading-list-whole-model")])
    let (_, twice) = try Self.plan([scenario("reading-list-whole-model"), copy.path])
    guard case .array(let parents)? = twice["wholeModelReads"], case .array(let checklist)? = twice["checklist"] else {
      throw PlanTestError("wholeModelReads and checklist are arrays")
    }
    #expect(parents.count == 1)
    guard case .array(let onceParents)? = once["wholeModelReads"],
      case .number(let single)? = onceParents.first?["childEvaluations"]
    else {
      throw PlanTestError("one parent with its child evaluations")
    }
    #expect(parents.first?["childEvaluations"] == .number(single * 2))
    #expect(checklist.filter { $0["kind"] == .string("narrowValues") }.count == 1)
  }

  /// `--keep TodoItem`: the items stay `ObservableObject`, so the three missed updates their
  /// move would deliver are not added, and only the store is planned; a name no view holds
  /// is said on standard error.
  @Test func aKeptModelIsNeitherMovedNorCounted() throws {
    let sample = scenario("migration-nested-list-before")
    let (_, all) = try Self.plan([sample])
    #expect(all["evaluations"]?["added"] == .number(3))
    let (_, kept) = try Self.plan([sample, "--keep", "TodoItem"])
    #expect(kept["evaluations"]?["added"] == .number(0))
    #expect(kept["evaluations"]?["after"] == kept["evaluations"]?["now"])
    #expect(kept["kept"] == .array([.string("TodoItem")]))
    guard case .array(let models)? = kept["models"] else {
      Issue.record("no models")
      return
    }
    #expect(models.compactMap { $0["type"] } == [.string("TodoStore")])
    let terminal = CapturedTerminal()
    #expect(terminal.run(["plan", sample, "--keep", "TodoStore", "--keep", "TodoItem"]) == .success)
    #expect(terminal.standardOutput.contains("Kept as they are (--keep): TodoItem, TodoStore"))
    #expect(terminal.standardOutput.contains("Every model tracked per object is kept"))
    let typo = CapturedTerminal()
    _ = typo.run(["plan", sample, "--keep", "TodoItems"])
    #expect(typo.standardError.contains("--keep TodoItems: no view holds a model of that type"))
  }

  /// A view that reads a model through another's property, holding no wrapper of it (the
  /// winston port's inbox reading its rows' ids), reads it without subscribing: it is no
  /// child a parent re-created (it is the root here).
  @Test func aViewReadingAModelWithoutAWrapperSaysSo() throws {
    let lines = [
      #"{"e":"meta","format":"redraw-trace","version":1,"scenario":"toggle"}"#,
      #"{"e":"body","t":1,"tid":1,"id":1,"view":"Parent","node":1,"cause":"initial"}"#,
      #"{"e":"read","t":2,"tid":1,"obj":2,"type":"Item","prop":"id"}"#,
      #"{"e":"end","t":3,"tid":1,"id":1}"#,
      #"{"e":"body","t":4,"tid":1,"id":2,"view":"Row","node":2,"parent":1,"cause":"initial"}"#,
      #"{"e":"observe","t":5,"tid":1,"obj":2,"type":"Item","detail":"observedObject"}"#,
      #"{"e":"read","t":6,"tid":1,"obj":2,"type":"Item","prop":"done"}"#,
      #"{"e":"end","t":7,"tid":1,"id":2}"#,
    ]
    let scratch = ScratchDirectory()
    let path = try scratch.file("label.jsonl", containing: lines.joined(separator: "\n") + "\n")
    let terminal = CapturedTerminal()
    #expect(terminal.run(["plan", path]) == .success)
    #expect(terminal.standardOutput.contains("Parent (reads it without subscribing)"))
    #expect(!terminal.standardOutput.contains("re-created by a parent"))
  }

  @Test func aTraceWithNoObjectLevelModelHasNothingToMigrate() {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["plan", scenario("profile-property-level")]) == .success)
    #expect(terminal.standardOutput.contains("nothing to migrate"))
  }

  @Test func badInputAndUsage() {
    #expect(CapturedTerminal().run(["plan", scenario("profile-object-level"), "--xcode", "twenty"]) == .usage)
    #expect(CapturedTerminal().run(["plan", "/nonexistent.jsonl"]) == .inputError)
    let terminal = CapturedTerminal()
    #expect(terminal.run(["plan", "--help"]) == .success)
    #expect(terminal.standardOutput.contains("--xcode"))
  }
}

struct PlanTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
