import RedrawRules
import RedrawSessions

/// SARIF 2.1.0 for GitHub code scanning and other static-analysis dashboards.
///
/// Every result has a location: the finding's source location when the trace recorded one
/// (relative to the source root as `%SRCROOT%` once located, see ``SourceLocator``; an
/// absolute path as a `file://` URI; any other as recorded), with the trace file and the
/// line of the evidence as a related location; otherwise the trace position itself.
/// `partialFingerprints` key on the finding's rule and subject, never on counts, times or
/// paths, so alerts do not duplicate from one run to the next.
///
/// GitHub code scanning resolves a relative URI against the repository's root, so the source
/// root should be the checkout (`GITHUB_WORKSPACE`, which `redraw` uses by default there).
package enum SARIFReport: ReportRenderer {
  /// Results written at most, most severe first (code scanning accepts 25,000 a run).
  package static let maximumResults = 5_000

  /// The base id of URIs relative to the source root, as CodeQL names it.
  static let sourceRootBase = "%SRCROOT%"

  package static func render(_ analysis: Analysis, context: ReportContext) -> String {
    let rules = RuleRegistry.descriptions
    var json = JSONWriter()
    json.object { json in
      json.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
      json.field("version", "2.1.0")
      json.array("runs") { json in
        json.object { json in
          json.object("tool") { json in
            json.object("driver") { json in
              json.field("name", "redraw")
              json.field("semanticVersion", context.toolVersion)
              json.array("rules") { json in
                for rule in rules { writeRule(rule, to: &json) }
              }
            }
          }
          if let root = context.sourceRoot {
            json.object("originalUriBaseIds") { json in
              json.object(sourceRootBase) { $0.field("uri", fileURI(root.hasSuffix("/") ? root : root + "/")) }
            }
          }
          json.array("results") { json in
            for finding in analysis.findings.prefix(maximumResults) {
              writeResult(finding, ruleIndex: rules.firstIndex { $0.id == finding.rule }, to: &json)
            }
          }
        }
      }
    }
    return json.fileText
  }

  /// SARIF's level for a severity.
  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }

  private static func writeRule(_ rule: RuleDescription, to json: inout JSONWriter) {
    json.object { json in
      json.field("id", rule.id)
      json.field("name", rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())
      json.object("shortDescription") { $0.field("text", rule.summary) }
      json.object("fullDescription") { $0.field("text", rule.explanation) }
      json.object("help") { json in
        json.field("text", rule.fix)
        json.field("markdown", "**Fix.** " + rule.fix + "\n\nSee `redraw explain \(rule.id)`.")
      }
      json.object("defaultConfiguration") { $0.field("level", level(rule.defaultSeverity)) }
      json.object("properties") { json in
        json.array("tags") { json in
          json.string("swiftui")
          json.string("performance")
        }
      }
    }
  }

  private static func writeResult(_ finding: Finding, ruleIndex: Int?, to json: inout JSONWriter) {
    json.object { json in
      json.field("ruleId", finding.rule)
      if let ruleIndex { json.field("ruleIndex", ruleIndex) }
      json.field("level", level(finding.severity))
      json.object("message") { $0.field("text", FindingPlace.text(finding, locatedInSource: false)) }
      json.array("locations") { json in
        json.object { json in
          json.object("physicalLocation") { json in
            if let source = finding.location {
              writeArtifact(source, to: &json)
              writeRegion(line: source.line, column: source.column, to: &json)
            } else {
              writeTraceArtifact(finding, to: &json)
            }
          }
        }
      }
      if finding.location != nil {
        // The evidence stays beside the source: the trace line of the first event that shows it.
        json.array("relatedLocations") { json in
          json.object { json in
            json.field("id", 1)
            json.object("physicalLocation") { writeTraceArtifact(finding, to: &$0) }
            json.object("message") { $0.field("text", "The first event in the trace that shows it") }
          }
        }
      }
      json.object("partialFingerprints") { $0.field("redrawSubject/v1", Fingerprint.of(finding.subject)) }
      json.object("properties") { json in
        json.field("count", finding.count)
        json.field("view", finding.view)
        json.field("type", finding.type)
        json.field("property", finding.property)
        json.field("metric", finding.metric?.rawValue)
        json.field("scenario", finding.scenario)
        json.field("trace", "\(finding.source):\(finding.evidence.line)")
      }
    }
  }

  // MARK: - Locations

  /// A source file: relative to `%SRCROOT%` once located, else as recorded.
  private static func writeArtifact(_ location: CodeLocation, to json: inout JSONWriter) {
    json.object("artifactLocation") { json in
      if location.resolution == .sourceRoot {
        json.field("uri", uriEscaped(location.file))
        json.field("uriBaseId", sourceRootBase)
      } else {
        json.field("uri", uri(location.file))
      }
    }
  }

  /// The trace file and the evidence's line.
  private static func writeTraceArtifact(_ finding: Finding, to json: inout JSONWriter) {
    json.object("artifactLocation") { $0.field("uri", uri(finding.source)) }
    writeRegion(line: finding.evidence.line, column: nil, to: &json)
  }

  private static func writeRegion(line: Int, column: Int?, to json: inout JSONWriter) {
    json.object("region") { json in
      json.field("startLine", max(1, line))
      if let column { json.field("startColumn", max(1, column)) }
    }
  }

  /// A path as a URI: an absolute one as a `file://` URI (SARIF allows no base id with
  /// it), a relative one as a relative reference.
  static func uri(_ path: String) -> String {
    FindingPlace.isAbsolute(path) ? fileURI(path) : uriEscaped(path)
  }

  /// `file:///Users/me/App/Feed%20View.swift`, `file:///C:/src/App.swift`.
  static func fileURI(_ path: String) -> String {
    let slashed = path.replacingAll(["\\": "/"])
    let bytes = Array(slashed.utf8.prefix(2))
    if bytes.count == 2, bytes[1] == UInt8(ascii: ":") {
      return "file:///" + slashed.prefix(2) + uriEscaped(String(slashed.dropFirst(2)))
    }
    return "file://" + uriEscaped(slashed)
  }

  /// A relative path as a URI reference: spaces and other reserved characters escaped.
  static func uriEscaped(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return result
  }
}
