import RedrawSessions

/// A plan's locations, named relative to a source root as findings' are.
extension SourceLocator {
  /// The plan with every location named relative to the root where it can be.
  public func locate(_ plan: MigrationPlan) -> MigrationPlan {
    var located = plan
    var memo: [String: CodeLocation] = [:]
    func place(_ location: CodeLocation?) -> CodeLocation? {
      guard let location, location.resolution == .recorded else { return location }
      var found = memo[location.file] ?? locate(location)
      memo[location.file] = found
      found.line = location.line
      found.column = location.column
      return found
    }
    for view in located.views.indices { located.views[view].location = place(located.views[view].location) }
    for model in located.models.indices {
      for view in located.models[model].views.indices {
        located.models[model].views[view].location = place(located.models[model].views[view].location)
      }
      for owner in located.models[model].owners.indices {
        located.models[model].owners[owner].location = place(located.models[model].owners[owner].location)
      }
    }
    for parent in located.wholeModelReads.indices {
      located.wholeModelReads[parent].location = place(located.wholeModelReads[parent].location)
    }
    for item in located.checklist.indices { located.checklist[item].location = place(located.checklist[item].location) }
    return located
  }

  /// The file names whose files the root must list for `plan`: those of locations not
  /// already under the root by their path.
  public func fileNames(in plan: MigrationPlan) -> Set<String> {
    let locations =
      plan.views.map(\.location) + plan.models.flatMap { $0.views.map(\.location) + $0.owners.map(\.location) }
      + plan.wholeModelReads.map(\.location) + plan.checklist.map(\.location)
    var names: Set<String> = []
    for case let location? in locations where location.resolution == .recorded && relativeToRoot(location.file) == nil {
      names.insert(location.fileName)
    }
    return names
  }
}
