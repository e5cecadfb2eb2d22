import RedrawRules
import RedrawSessions

/// The plan as the JSON contract of docs/json-report.md ("The migration plan").
enum PlanJSONReport {
  static func render(_ plan: MigrationPlan, _ context: PlanReport.Context) -> String {
    var json = JSONWriter()
    json.object { json in
      json.field("version", 1)
      json.object("tool") { json in
        json.field("name", "redraw")
        json.field("version", context.toolVersion)
      }
      json.object("swiftUI") { json in
        json.field("target", plan.target.rawValue)
        json.field("from", plan.targetSource.rawValue)
      }
      if !plan.kept.isEmpty {
        json.array("kept") { json in for type in plan.kept { json.string(type) } }
      }
      json.object("evaluations") { write(plan.totals, to: &$0) }
      json.array("views") { json in
        for view in plan.views {
          json.object { json in
            json.field("view", view.view)
            write(view.evaluations, to: &json)
            write(view.location, to: &json)
          }
        }
      }
      json.array("models") { json in
        for model in plan.models { write(model, to: &json) }
      }
      json.array("wholeModelReads") { json in
        for parent in plan.wholeModelReads {
          json.object { json in
            json.field("view", parent.view)
            json.field("type", parent.type)
            json.array("properties") { json in for property in parent.properties { json.string(property) } }
            json.field("knownProperties", parent.knownProperties)
            json.array("children") { json in for child in parent.children { json.string(child) } }
            json.field("childEvaluations", parent.childEvaluations)
            write(parent.location, to: &json)
          }
        }
      }
      json.array("checklist") { json in
        for item in plan.checklist {
          json.object { json in
            json.field("kind", item.kind.rawValue)
            json.field("severity", item.severity.rawValue)
            json.field("view", item.view)
            json.field("type", item.type)
            json.field("text", item.text)
            write(item.location, to: &json)
          }
        }
      }
    }
    return json.fileText
  }

  private static func write(_ model: MigrationPlan.ModelPlan, to json: inout JSONWriter) {
    json.object { json in
      json.field("type", model.type)
      json.object("evaluations") { write(model.evaluations, to: &$0) }
      json.field("equalWrites", model.equalWrites)
      json.array("views") { json in
        for view in model.views {
          json.object { json in
            json.field("view", view.view)
            json.field("wrapper", view.wrapper?.rawValue)
            json.field("becomes", view.becomes?.spelling)
            write(view.evaluations, to: &json)
            write(view.location, to: &json)
          }
        }
      }
      json.array("owners") { json in
        for owner in model.owners {
          json.object { json in
            json.field("view", owner.view)
            json.field("site", owner.site.flatMap { _ in owner.location.map { "\($0.file):\($0.line)" } })
            json.object("initRuns") { json in
              json.field("now", owner.initRuns.now)
              json.field("xcode26", owner.initRuns.xcode26)
              json.field("xcode27", owner.initRuns.xcode27)
            }
            json.field("structs", owner.structsInferred ? "inferred" : "recorded")
            if let perRun = owner.effectsPerRun { json.field("effectsPerRun", perRun) }
            json.array("effects") { json in for effect in owner.effects { json.string(effect) } }
            write(owner.location, to: &json)
          }
        }
      }
    }
  }

  /// `"now":…,"after":…,"saved":…,"added":…`.
  private static func write(_ change: MigrationPlan.EvaluationChange, to json: inout JSONWriter) {
    json.field("now", change.now)
    json.field("after", change.after)
    json.field("saved", change.saved)
    json.field("added", change.added)
  }

  /// `"location":{"file":…,"line":…,"resolution":…}`, or nothing.
  private static func write(_ location: CodeLocation?, to json: inout JSONWriter) {
    guard let location else { return }
    json.object("location") { json in
      json.field("file", location.file)
      json.field("line", location.line)
      json.field("resolution", location.resolution.rawValue)
    }
  }
}
