import RedrawRules

/// Writes a baseline: the accepted findings, one entry per distinct rule and subject, with
/// the highest count it accepts and no times, in the format ``Baseline/accepted(in:)`` reads.
package enum BaselineFile {
  package static func render(_ findings: [Finding], toolVersion: String) -> String {
    let counts = Baseline.counts(of: findings)
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
            json.field("metric", finding.metric?.rawValue)
            json.field("site", finding.site)
            json.field("count", counts[finding.subject] ?? finding.count)
          }
        }
      }
    }
    return json.fileText
  }
}
