import RedrawReading
import RedrawRules
import RedrawSessions

/// The report for machines: one JSON document with a stable key order.
///
/// The schema is documented in docs/json-report.md and versioned by ``schemaVersion``:
/// fields may be added within a version; a change of meaning bumps it.
package enum JSONReport: ReportRenderer {
  /// The version of the report's schema.
  package static let schemaVersion = 1
  /// Views listed per session at most; the rest are counted in `viewsOmitted`.
  package static let maximumViewsPerSession = 500
  /// Findings listed at most, most severe first; the rest are counted in `findingsOmitted`.
  package static let maximumFindings = 10_000

  package static func render(_ analysis: Analysis, context: ReportContext) -> String {
    String(decoding: renderUTF8(analysis, context: context), as: UTF8.self)
  }

  package static func renderUTF8(_ analysis: Analysis, context: ReportContext) -> [UInt8] {
    var json = JSONWriter()
    json.object { json in
      json.field("version", schemaVersion)
      json.object("tool") { json in
        json.field("name", "redraw")
        json.field("version", context.toolVersion)
      }
      writeSummary(analysis.summary, to: &json)
      json.array("files") { json in
        for file in analysis.files { writeFile(file, to: &json) }
      }
      json.array("sessions") { json in
        for session in analysis.sessions { writeSession(session, to: &json) }
      }
      json.array("findings") { json in
        let findings = analysis.findings.prefix(maximumFindings)
        json.elements(findings.count, threads: context.threads) { json, range in
          for index in range { writeFinding(findings[findings.startIndex + index], to: &json) }
        }
      }
      json.field("findingsOmitted", max(0, analysis.findings.count - maximumFindings))
      json.array("unusedConfiguration") { json in
        for note in analysis.unusedConfiguration { json.string(note) }
      }
    }
    return json.fileBytes
  }

  // MARK: - Sections

  private static func writeSummary(_ summary: AnalysisSummary, to json: inout JSONWriter) {
    json.object("summary") { json in
      json.field("files", summary.files)
      json.field("sessions", summary.sessions)
      json.field("events", summary.events)
      json.field("views", summary.views)
      json.field("nodes", summary.nodes)
      json.field("bodyEvaluations", summary.bodyEvaluations)
      json.field("overBroadEvaluations", summary.overBroadEvaluations)
      json.field("cascadedEvaluations", summary.cascadedEvaluations)
      json.field("equalValueEvaluations", summary.equalValueEvaluations)
      json.field("ownWriteEvaluations", summary.ownWriteEvaluations)
      json.field("missedUpdates", summary.missedUpdates)
      json.field("evaluationsWithPropertyTracking", summary.evaluationsWithPropertyTracking)
      json.field("savedEvaluations", summary.savedEvaluations)
      json.field("addedEvaluations", summary.addedEvaluations)
      json.field("initializerRuns", summary.initializerRuns)
      json.field("effects", summary.effects)
      json.field("skippedLines", summary.skippedLines)
      json.field("unknownEvents", summary.unknownEvents)
      json.field("truncatedSessions", summary.truncatedSessions)
      json.object("findings") { json in
        json.field("error", summary.errors)
        json.field("warning", summary.warnings)
        json.field("info", summary.infos)
        json.field("acceptedByBaseline", summary.baselineFindings)
        json.field("ignored", summary.ignoredFindings)
      }
    }
  }

  private static func writeFile(_ file: FileReading, to json: inout JSONWriter) {
    json.object { json in
      json.field("path", file.file)
      json.field("bytes", file.bytes)
      json.field("events", file.events)
      json.field("sessions", file.sessions.count)
      json.field("skippedLines", file.skippedLines)
      json.array("skipped") { json in
        for error in file.skipped { writeInputError(error, to: &json) }
      }
      if let partial = file.partialLastLine {
        json.key(named: "partialLastLine")
        writeInputError(partial, to: &json)
      }
    }
  }

  private static func writeInputError(_ error: TraceInputError, to json: inout JSONWriter) {
    json.object { json in
      json.field("line", error.line)
      json.field("column", error.column)
      json.field("message", error.message)
    }
  }

  private static func writeSession(_ session: Session, to json: inout JSONWriter) {
    json.object { json in
      json.field("source", session.source)
      json.field("line", session.line)
      json.field("scenario", session.scenario)
      json.field("app", session.app)
      json.field("swiftUI", session.swiftUI?.rawValue)
      json.field("events", session.eventCount)
      json.field("threads", session.threads)
      json.field("durationNanoseconds", session.duration)
      json.field("bodyEvaluations", session.bodyEvaluations)
      json.field("overBroadEvaluations", session.overBroadEvaluations)
      json.field("cascadedEvaluations", session.cascadedEvaluations)
      json.field("equalValueEvaluations", session.equalValueEvaluations)
      json.field("ownWriteEvaluations", session.ownWriteEvaluations)
      json.field("missedUpdates", session.missedUpdateCount)
      json.field("evaluationsWithPropertyTracking", session.evaluationsWithPropertyTracking)
      json.field("lostEvents", session.lostEvents)
      json.field("unknownKeys", session.unknownKeys)
      json.object("unknownKinds") { json in
        for (kind, count) in session.unknownKinds.sorted(by: { $0.key < $1.key }) { json.field(kind, count) }
      }
      if let truncation = session.truncation {
        json.object("truncation") { json in
          json.field("line", truncation.line)
          json.field("partialLastLine", truncation.partialLastLine)
          json.field("openSpans", truncation.openSpans)
        }
      }
      json.array("diagnostics") { json in
        for diagnostic in session.diagnostics {
          json.object { json in
            json.field("message", diagnostic.message)
            json.field("count", diagnostic.count)
            json.field("line", diagnostic.first.line)
          }
        }
      }
      json.array("actions") { json in
        for action in session.actions {
          json.object { json in
            json.field("name", action.name)
            json.field("performed", action.performed)
            json.field("writes", action.writes)
            json.field("evaluations", action.evaluations)
            json.field("overBroad", action.overBroad)
            json.field("line", action.first.line)
          }
        }
      }
      let views = session.nodes.sorted { ($0.evaluations, $1.node) > ($1.evaluations, $0.node) }
      json.array("views") { json in
        for node in views.prefix(maximumViewsPerSession) { writeNode(node, to: &json) }
      }
      json.field("viewsOmitted", max(0, views.count - maximumViewsPerSession))
    }
  }

  private static func writeNode(_ node: NodeSummary, to json: inout JSONWriter) {
    json.object { json in
      json.field("view", node.view)
      json.field("node", node.node)
      json.field("parent", node.parent)
      json.field("evaluations", node.evaluations)
      json.field("initial", node.initial)
      json.field("needed", node.needed)
      json.field("state", node.state)
      json.field("parentDriven", node.parentDriven)
      json.field("overBroad", node.overBroad)
      json.field("cascaded", node.cascaded)
      json.field("equalValue", node.equalValue)
      json.field("ownWrite", node.ownWrite)
      json.field("missedUpdates", node.missedUpdates)
      json.field("unknown", node.unknown)
      json.field("bodyNanoseconds", node.bodyTime)
      json.field("propertiesRead", node.propertiesRead)
    }
  }

  private static func writeFinding(_ finding: Finding, to json: inout JSONWriter) {
    json.object { json in
      json.field("rule", finding.rule)
      json.field("severity", finding.severity.rawValue)
      json.field("message", finding.message)
      json.field("fix", finding.fix)
      json.field("view", finding.view)
      json.field("type", finding.type)
      json.field("property", finding.property)
      json.field("metric", finding.metric?.rawValue)
      json.field("count", finding.count)
      json.field("site", finding.site)
      if let location = finding.location {
        json.object("location") { json in
          json.field("file", location.file)
          json.field("line", location.line)
          if let column = location.column { json.field("column", column) }
          json.field("resolution", location.resolution.rawValue)
        }
      }
      json.field("scenario", finding.scenario)
      json.object("evidence") { json in
        json.field("file", finding.source)
        json.field("line", finding.evidence.line)
        json.field("timeNanoseconds", finding.evidence.time)
      }
    }
  }
}
