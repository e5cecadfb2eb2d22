/// The SwiftUI build a session reproduces, as a view harness declares it.
extension Recorder {
  /// Notes that a view harness reproducing `build` records into the caller's session: its
  /// `meta` line says so (`"swiftUI":"xcode26"`, or `"mixed"` once harnesses of both builds
  /// did). A scoped session's line is written again in place; the destination's, when it is
  /// already written, is followed by a continuing `meta` line with the session's id.
  func declareSwiftUIBuild(_ build: SwiftUIBuildField) {
    let scope = Self.activeScopes == 0 ? 0 : RecordingScope.current
    state.withLock { state in
      if scope != 0, let position = state.scopes.index(forKey: scope) {
        let merged = SwiftUIBuildField.merging(build, into: state.scopes.values[position].declaredBuild)
        state.scopes.values[position].declaredBuild = merged
        guard state.scopes.values[position].meta.swiftUI != merged else { return }
        state.scopes.values[position].meta.swiftUI = merged
        state.scopes.values[position].rewriteMetaLine()
        return
      }
      guard state.sink != nil, state.mainScope == 0 || scope == state.mainScope else { return }
      let before = state.main.declaredBuild ?? SwiftUIBuildField.ofThisCompiler
      let merged = SwiftUIBuildField.merging(build, into: state.main.declaredBuild)
      state.main.declaredBuild = merged
      guard merged != before else { return }
      // A pending line is written with the merged build at the session's first event.
      if case .pending = state.header { return }
      let meta = MetaLine.Fields(session: state.mainSessionID, swiftUI: merged)
      guard reserve(&state, MetaLine.worstCaseLength(meta)) else { return }
      MetaLine.write(meta, to: &state.main.buffer)
      state.header = .written
      state.destinationUsed = true
    }
  }
}
