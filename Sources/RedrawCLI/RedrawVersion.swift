/// The version of redraw, printed by `--version` and written into reports.
public enum RedrawVersion {
  public static let current = "0.1.0"
}
