import RedrawRules
import RedrawSessions

/// `redraw plan` output: the migration, model by model, in text, JSON, Markdown or HTML.
///
/// Each format has its renderer, a pure function of the plan and the context.
package enum PlanReport {
  /// The formats `redraw plan` writes, each mapped to its renderer.
  package enum Format: String, Sendable, CaseIterable {
    case text, json, markdown, html

    /// The renderer that writes this format.
    var render: @Sendable (MigrationPlan, Context) -> String {
      switch self {
      case .text: PlanTextReport.render
      case .json: PlanJSONReport.render
      case .markdown: PlanMarkdownReport.render
      case .html: PlanHTMLReport.render
      }
    }
  }

  /// What the plan shows besides itself, passed in by the caller.
  package struct Context: Sendable {
    package var toolVersion: String
    /// The traces the plan was computed from.
    package var inputs: [String]
    /// Whether the text plan styles its headings and severities with ANSI escapes.
    package var color: Bool

    package init(toolVersion: String, inputs: [String], color: Bool = false) {
      self.toolVersion = toolVersion
      self.inputs = inputs
      self.color = color
    }
  }

  /// Rows shown per table at most; the rest are counted.
  static let maximumRows = 500

  package static func render(_ plan: MigrationPlan, format: Format, context: Context) -> String {
    format.render(plan, context)
  }

  // MARK: - Words the formats share

  /// `Xcode 26 (from the trace)`: the build the checklist assumes, and why.
  static func target(_ plan: MigrationPlan) -> String {
    switch plan.targetSource {
    case .option: "\(plan.target.displayName) (--xcode)"
    case .trace: "\(plan.target.displayName) (the build the traces reproduce)"
    case .assumed:
      "\(plan.target.displayName) (assumed: no trace says which Xcode builds the app; pass --xcode 27 if it is Xcode 27)"
    case .conflicting:
      "\(plan.target.displayName) (assumed: the traces reproduce different builds; pass --xcode with the one that builds the app)"
    }
  }

  /// `Kept as they are (--keep): AutoInstallSetting, Downloader`, or nil when none is kept.
  static func kept(_ plan: MigrationPlan) -> String? {
    plan.kept.isEmpty ? nil : "Kept as they are (--keep): \(plan.kept.joined(separator: ", "))"
  }

  /// `@StateObject → @State`, `@ObservedObject → @Bindable`, `reads it without subscribing`.
  static func declaration(_ view: MigrationPlan.ModelView) -> String {
    guard let wrapper = view.wrapper else {
      // No wrapper: a view that reads the model reads it without subscribing; one that does
      // not is listed for the evaluations its parent's saved ones made.
      return view.evaluations.added > 0 || view.readsModel ? "reads it without subscribing" : "re-created by a parent"
    }
    return "\(wrapper.attribute) → \(view.becomes?.spelling ?? "?")"
  }

  /// `FeedView.swift:12`, or nothing.
  static func place(_ location: CodeLocation?) -> String {
    location.map { "\($0.file):\($0.line)" } ?? ""
  }

  /// `1 time`, `3 times`.
  static func count(_ value: Int, _ noun: String) -> String { "\(value) \(value == 1 ? noun : noun + "s")" }

  /// `12 saved, 3 added`.
  static func change(_ change: MigrationPlan.EvaluationChange) -> String {
    "\(NumberFormatting.grouped(change.saved)) saved, \(NumberFormatting.grouped(change.added)) added"
  }
}
