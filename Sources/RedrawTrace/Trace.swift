import RedrawSchema

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Records what views and models do, as a Redraw trace (JSON lines, format version 1).
///
/// Start a recording, exercise the app or the models, stop it:
///
/// ```swift
/// try Trace.start(.file("/tmp/search.jsonl"), scenario: "type in search")
/// // … the app runs; @Tracked models, body markers and effects record themselves …
/// Trace.stop()
/// ```
///
/// Setting `REDRAW_TRACE=/path/trace.jsonl` (or `-` for standard error) in the
/// environment starts recording at the first use of any `Trace` API, with no code
/// change; `REDRAW_SCENARIO` names its session and `REDRAW_FLUSH_MS` sets the flush
/// interval. Recording stops, and everything is written, at ``stop()`` or at process exit.
/// Events never wait longer than the flush interval (100 ms by default) before they are
/// written, so a process that is killed or crashes keeps all but its last interval.
///
/// Every call is safe from any thread. While recording is off a call costs one atomic
/// load and a branch. While on, an event is formatted by hand into a buffer under an
/// uncontended lock (no `JSONEncoder`, no allocation) and written by a background
/// queue in large writes. If writing fails (a full disk, a closed descriptor),
/// recording stops and the loss is reported once on standard error; the app goes on.
public enum Trace {
  // MARK: - Recording

  /// Whether a session is recording now.
  @inlinable
  public static var isRecording: Bool { RecordingSwitch.isOn }

  /// Starts recording a session to `destination`, ending any recording to a destination in
  /// progress (scoped sessions go on, and are written to the new destination when they end).
  ///
  /// - Parameters:
  ///   - destination: Where the trace goes.
  ///   - scenario: The name of the test or scripted interaction, written in the `meta` line.
  ///   - app: The app's name, written in the `meta` line.
  ///   - flushInterval: How long recorded events wait at most before they are written
  ///     (at least 1 ms). A process killed without running `atexit` (`SIGKILL`, a crash,
  ///     a CI timeout) loses at most this much of its end. nil or zero: events are written
  ///     when a 512 KiB buffer fills, at ``flush()``, at ``stop()`` and at a normal exit only.
  ///   - onFailure: Called once, on the writer's queue, if writing fails; by default the
  ///     message goes to standard error.
  /// - Throws: ``TraceStartError`` when the destination cannot be opened.
  public static func start(
    _ destination: TraceDestination, scenario: String? = nil, app: String? = nil,
    flushInterval: Duration? = .milliseconds(100), onFailure: (@Sendable (String) -> Void)? = nil
  ) throws(TraceStartError) {
    try Recorder.shared.start(
      destination, scenario: scenario, app: app, onFailure: onFailure,
      mode: Recorder.RecordingMode(flushInterval: flushInterval))
  }

  /// Starts a new session where the caller records: in its scoped session
  /// (``record(scenario:app:reproducible:_:)``) or in the destination.
  ///
  /// Writes a new `meta` line; span ids and times start again. Open marker spans are
  /// closed first. Does nothing while recording is off.
  public static func startSession(scenario: String? = nil, app: String? = nil) {
    Recorder.shared.newSession(scenario: scenario, app: app)
  }

  /// Ends recording to the destination: closes open marker spans, writes everything and
  /// closes it. Scoped sessions in progress (``record(scenario:app:reproducible:_:)``, the
  /// `.redraw` trait) go on, so ``isRecording`` may stay true.
  public static func stop() { Recorder.shared.stop() }

  /// Events dropped since the last start because the destination fell behind; each is also
  /// counted in a `lost` line of the trace. Kept after ``stop()``.
  ///
  /// For `redraw-bench`, which must not time a loop whose events were dropped (a dropped
  /// event is not formatted, so the loop looks cheaper).
  package static var eventsDroppedSinceStart: Int { Recorder.shared.onWriter { $0.droppedSinceStart } }

  /// Writes everything recorded so far to the destination.
  public static func flush() { Recorder.shared.flush() }

  // MARK: - Reads and writes

  /// Records that the observable property `property` of `object` was read.
  ///
  /// For `@Observable` classes and any other class; ``Tracked`` properties record
  /// themselves. The object id is ``objectID(of:)``.
  @inlinable
  public static func read<Object: AnyObject>(_ object: Object, type: String, property: String) {
    guard RecordingSwitch.isOn else { return }
    recordAccess(write: false, object: objectID(of: object), type: type, property: property, site: nil)
  }

  /// Records that the observable property `property` of `object` was read, using its
  /// ``TraceIdentity`` without a dynamic cast.
  @inlinable
  public static func read<Object: TraceIdentifiable>(_ object: Object, type: String, property: String) {
    guard RecordingSwitch.isOn else { return }
    recordAccess(write: false, object: object.traceIdentity.objectID, type: type, property: property, site: nil)
  }

  /// Records that the observable property `property` of `object` was written, with the call site.
  ///
  /// - Parameters:
  ///   - object: The model written.
  ///   - type: The model's type name.
  ///   - property: The property's name.
  ///   - sameValue: The write assigned a value equal to the one before, which `@Published`
  ///     reports and `@Observable` (Swift 6.2 and later) does not: recorded as
  ///     `"same":true`, so the analyzer counts what it causes as saved by the migration.
  ///   - file: The call's file, recorded as the write's `site`.
  ///   - line: The call's line.
  @inlinable
  public static func write<Object: AnyObject>(
    _ object: Object, type: String, property: String, sameValue: Bool = false, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    guard RecordingSwitch.isOn else { return }
    recordAccess(
      write: true, object: objectID(of: object), type: type, property: property, site: (file, line), same: sameValue)
  }

  /// Records that the observable property `property` of `object` was written, using its
  /// ``TraceIdentity`` without a dynamic cast.
  @inlinable
  public static func write<Object: TraceIdentifiable>(
    _ object: Object, type: String, property: String, sameValue: Bool = false, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    guard RecordingSwitch.isOn else { return }
    recordAccess(
      write: true, object: object.traceIdentity.objectID, type: type, property: property, site: (file, line),
      same: sameValue)
  }

  // MARK: - Effects and marks

  /// Records a side effect started here: a request, a task, an observer, a timer, …
  ///
  /// - Parameters:
  ///   - kind: What kind of effect.
  ///   - detail: What it was, e.g. `GET /feed`.
  ///   - file: The call's file, recorded as the effect's `site`.
  ///   - line: The call's line.
  @inlinable
  public static func effect(
    _ kind: EffectKind, _ detail: String? = nil, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard RecordingSwitch.isOn else { return }
    recordEffect(kind, detail: detail, file: file, line: line)
  }

  /// Records a user-level action or label: a keystroke, a tap, a test step.
  @inlinable
  public static func mark(_ name: String) {
    guard RecordingSwitch.isOn else { return }
    recordMark(name)
  }

  /// Records that a view struct was made for the view node `node`, which `parent`'s body
  /// declared: a view harness's `struct` event, so the analyzer knows when SwiftUI's `@State`
  /// property wrapper re-ran its defaults; `sameInputs` when its inputs are those of the
  /// node's struct before, so SwiftUI does not evaluate its body again for it;
  /// `closureInput` when one of its inputs is a closure, never the same, so its body runs
  /// with every struct its parent makes.
  package static func viewStruct(
    _ view: String, node: Int, parent: Int?, sameInputs: Bool = false, closureInput: Bool = false
  ) {
    guard RecordingSwitch.isOn else { return }
    Recorder.shared.recordStruct(
      view: view, node: node, parent: parent, sameInputs: sameInputs, closureInput: closureInput)
  }

  /// ``action(_:_:)`` as a view harness performs it: for the control of the view at `node`,
  /// which edits through a binding when `binding`.
  package static func action<R>(_ name: String, node: Int, binding: Bool, _ work: () throws -> R) rethrows -> R {
    let span = RecordingSwitch.isOn ? Recorder.shared.beginAction(name: name, node: node, binding: binding) : .none
    defer { end(span) }
    return try work()
  }

  /// Notes that a view harness reproducing the SwiftUI build `name` (`xcode26` or
  /// `xcode27`) records into the caller's session, for its `meta` line's `swiftUI`.
  package static func declareSwiftUIBuild(_ name: String) {
    guard RecordingSwitch.isOn, let build = SwiftUIBuildField(name: name) else { return }
    Recorder.shared.declareSwiftUIBuild(build)
  }

  // MARK: - Recording paths

  // The public calls above are inlined into the caller down to the check of
  // `RecordingSwitch.isOn`; the work of recording happens behind these entry points.

  @usableFromInline
  static func recordAccess(
    write: Bool, object: UInt64, type: String, property: String, site: (StaticString, UInt)?, same: Bool = false
  ) {
    Recorder.shared.recordAccess(
      write: write, object: object, type: type, property: property,
      site: site.map { CallSite(file: $0.0, line: $0.1) }, same: same)
  }

  @usableFromInline
  static func recordEffect(_ kind: EffectKind, detail: String?, file: StaticString, line: UInt) {
    Recorder.shared.recordEffect(kind, detail: detail, site: CallSite(file: file, line: line))
  }

  @usableFromInline
  static func recordMark(_ name: String) { Recorder.shared.recordMark(name) }
}

extension Trace {
  /// Starts recording when the environment names a destination in `REDRAW_TRACE`.
  ///
  /// The first use of any `Trace` API already does this with the process environment;
  /// call it to pass another environment, or to start again after ``stop()``.
  ///
  /// - Parameter environment: The variables to read; the process environment when nil.
  /// - Returns: Whether recording started.
  @discardableResult
  public static func startFromEnvironment(_ environment: [String: String]? = nil) -> Bool {
    if let environment {
      return Recorder.shared.startFromEnvironment { environment[$0] }
    }
    return Recorder.shared.startFromEnvironment { getenv($0).map { String(cString: $0) } }
  }
}
