import CRedrawPlatform

/// Whether recording is on: 0 before the recorder was first used (the environment is
/// not read yet), 1 off, 2 on.
///
/// The state is a C global with a constant initial value (`redraw_recording_state` in
/// `CRedrawPlatform.h`), laid out statically, so checking it is one load and a compare,
/// with no lazy-initialization call.
@usableFromInline
enum RecordingSwitch {
  @usableFromInline static let unconfigured: UInt8 = 0
  @usableFromInline static let off: UInt8 = 1
  @usableFromInline static let on: UInt8 = 2

  /// Whether a session records; on the first call, honours `REDRAW_TRACE`.
  ///
  /// - Complexity: O(1): an atomic load and a compare once configured.
  @inlinable @inline(__always)
  static var isOn: Bool {
    let state = redraw_recording_state()
    if _fastPath(state == off) { return false }
    return state == on || configure()
  }

  /// Creates the recorder, which starts recording when `REDRAW_TRACE` is set.
  @usableFromInline @inline(never)
  static func configure() -> Bool {
    _ = Recorder.shared
    return redraw_recording_state() == on
  }

  static func set(_ isOn: Bool) {
    redraw_set_recording_state(isOn ? on : off)
  }
}
