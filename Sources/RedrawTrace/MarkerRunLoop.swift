#if canImport(CoreFoundation)
  import CoreFoundation
#endif

/// Ends a thread's ``Trace/bodyMarker(_:node:parent:file:line:)`` span at the end of each turn of
/// its run loop: on the main thread, after every update SwiftUI makes in that turn.
///
/// A marker span ends at the next marker on its thread. After the last body of an update
/// there is none, and without this the span would stay open into the next turn: a button
/// action's writes would land "inside a body" and its reads join the last view's read set.
/// SwiftUI evaluates bodies while the main run loop is about to wait (in an observer of
/// `beforeWaiting`); an observer of the same activity ordered last (`CFIndex.max`) ends
/// the span after every update of the turn, before the run loop sleeps and before the
/// next event is handled. It is installed on the first marker a thread records (one
/// thread-specific check a marker after that) and costs one lock a turn while recording;
/// on a thread that never runs its run loop it never fires.
///
/// The same CoreFoundation calls exist on Apple platforms and in Linux's Foundation.
enum MarkerRunLoop {
  /// Installs the observer on the calling thread's run loop, once per thread.
  static func endMarkersAtEndOfTurn() {
    #if canImport(CoreFoundation)
      guard !ThreadContext.observesRunLoop else { return }
      ThreadContext.observesRunLoop = true
      let observer = CFRunLoopObserverCreateWithHandler(
        nil, CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue, true, CFIndex.max
      ) { _, _ in
        guard RecordingSwitch.isOn else { return }
        Recorder.shared.endMarker()
      }
      CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, kCFRunLoopCommonModes)
    #endif
  }
}
