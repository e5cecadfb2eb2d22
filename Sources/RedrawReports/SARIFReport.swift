import RedrawAnalysis

/// SARIF 2.1.0 for GitHub code scanning and other static-analysis dashboards.
///
/// Every result has a location: the app's source `site` when the trace recorded one,
/// otherwise the trace file and the line of the evidence. `partialFingerprints` key on
/// the finding's rule and subject, never on counts or times, so alerts do not
/// duplicate from one run to the next.
public enum SARIFReport: ReportRenderer {
  /// Results written at most, most severe first (code scanning accepts 25,000 a run).
  public static let maximumResults = 5_000

  public static func render(_ analysis: Analysis, context: ReportContext) -> String {
    let rules = RuleRegistry.all.map { $0.description } + [BudgetCheck.description]
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
          if !analysis.unusedConfiguration.isEmpty {
            json.array("invocations") { json in
              json.object { json in
                json.field("executionSuccessful", true)
                json.array("toolConfigurationNotifications") { json in
                  for note in analysis.unusedConfiguration {
                    json.object { json in
                      json.field("level", "warning")
                      json.object("message") { $0.field("text", note) }
                    }
                  }
                }
              }
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
    return json.output + "\n"
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
      json.object("message") { $0.field("text", finding.message + " Fix: " + finding.fix) }
      json.array("locations") { json in
        json.object { json in
          json.object("physicalLocation") { json in
            let (uri, line) = location(of: finding)
            json.object("artifactLocation") { $0.field("uri", uri) }
            json.object("region") { $0.field("startLine", max(1, line)) }
          }
        }
      }
      json.object("partialFingerprints") { $0.field("redrawSubject/v1", Fingerprint.of(finding.subject)) }
      json.object("properties") { json in
        json.field("count", finding.count)
        json.field("view", finding.view)
        json.field("type", finding.type)
        json.field("property", finding.property)
        json.field("scenario", finding.scenario)
        json.field("trace", "\(finding.source):\(finding.evidence.line)")
      }
    }
  }

  /// The source site when it parses as `File.swift:LINE`, else the trace and its line.
  static func location(of finding: Finding) -> (uri: String, line: Int) {
    if let site = finding.site, let colon = site.lastIndex(of: ":"), let line = Int(site[site.index(after: colon)...]) {
      return (uriEscaped(String(site[..<colon])), line)
    }
    return (uriEscaped(finding.source), finding.evidence.line)
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
