/// The version of redraw, printed by `--version` and written into reports.
package enum RedrawVersion {
  package static let current = "0.1.0"
}
