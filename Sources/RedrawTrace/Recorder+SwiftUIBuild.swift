/// The SwiftUI build a session reproduces, as a view harness declares it (a
/// ``RecordKind/declareBuild`` record, in order with the harness's other records).
extension Recorder {
  /// A scoped session's declaration: its `meta` line says so (`"swiftUI":"xcode26"`, or
  /// `"mixed"` once harnesses of both builds did), written again in place.
  func declareBuild(_ build: SwiftUIBuildField, in session: inout SessionState) {
    let merged = SwiftUIBuildField.merging(build, into: session.declaredBuild)
    session.declaredBuild = merged
    guard session.meta.swiftUI != merged else { return }
    session.meta.swiftUI = merged
    session.rewriteMetaLine()
  }

  /// The destination session's declaration: a pending `meta` line is written with it at the
  /// session's first event; one already written is followed by a continuing `meta` line with
  /// the session's id.
  func declareMainBuild(_ state: inout State, _ build: SwiftUIBuildField) {
    let before = state.main.declaredBuild ?? SwiftUIBuildField.ofThisCompiler
    let merged = SwiftUIBuildField.merging(build, into: state.main.declaredBuild)
    state.main.declaredBuild = merged
    guard merged != before else { return }
    if case .pending = state.header { return }
    let meta = MetaLine.Fields(session: state.mainSessionID, swiftUI: merged)
    guard makeRoom(&state, MetaLine.worstCaseLength(meta)) else { return }
    MetaLine.write(meta, to: &state.main.buffer)
    state.header = .written
    state.destinationUsed = true
  }
}
