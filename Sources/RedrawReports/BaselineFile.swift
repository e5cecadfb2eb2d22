import RedrawAnalysis

/// Writes a baseline: the accepted findings, one entry per distinct rule and subject, with
/// no counts or times, in the format ``Baseline/subjects(in:)`` reads.
public enum BaselineFile {
  public static func render(_ findings: [Finding], toolVersion: String) -> String {
    var seen: Set<String> = []
    var json = JSONWriter()
    json.object { json in
      json.field("version", Baseline.version)
      json.field("tool", "redraw " + toolVersion)
      json.array("findings") { json in
        for finding in findings where seen.insert(finding.subject).inserted {
          json.object { json in
            json.field("rule", finding.rule)
            json.field("scenario", finding.scenario)
            json.field("view", finding.view)
            json.field("type", finding.type)
            json.field("property", finding.property)
            json.field("site", finding.site)
          }
        }
      }
    }
    return json.output + "\n"
  }
}
