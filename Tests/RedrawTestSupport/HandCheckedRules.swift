import RedrawAnalysis

/// The rules whose findings the hand-checked sample expectations name exactly
/// (`SampleTraceTests`, `ScenarioSampleTests`): every rule there was when they were written.
///
/// A rule added later is held to its own examples and sample by `RuleRegistryTests`, and its
/// findings on the other rule samples show in the report goldens (`all-samples.*`) when they
/// are re-recorded, so adding it touches none of the hand-checked lists. To hold it to their
/// exact counts too, add its id here and its findings to the expectations.
public enum HandCheckedRules {
  /// The rules' ids.
  public static let ids: Set<String> = [
    "equal-value-write", "hot-property", "missed-update", "model-recreated", "over-broad-invalidation",
    "repeated-init", "side-effect-in-body", "side-effect-in-init", "uninstrumented-model", "whole-model-read",
    "write-during-body",
  ]

  /// The findings of the hand-checked rules, in their order.
  public static func findings(of analysis: Analysis) -> [Finding] {
    analysis.findings.filter { ids.contains($0.rule) }
  }
}
