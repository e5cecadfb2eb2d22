import CRedrawPlatform
import Dispatch
import RedrawPlatform

/// Writing lines to the destination: room in its buffer, the `lost` line, and what happens
/// when writing fails.
extension Recorder {
  // MARK: - The destination's buffer

  /// Makes room for a line of at most `length` bytes in the destination's buffer, writing
  /// the buffer to the destination when it has too little.
  ///
  /// - Returns: Whether the line may be written (false once writing failed).
  @inline(__always)
  func makeRoom(_ state: inout State, _ length: Int) -> Bool {
    if state.main.buffer.remaining >= length { return true }
    return makeRoomSlowly(&state, length)
  }

  private func makeRoomSlowly(_ state: inout State, _ length: Int) -> Bool {
    writeMainBuffer(&state)
    guard state.sink != nil else { return false }
    if state.main.buffer.remaining < length {
      // A line longer than the buffer (a long mark name): a buffer of its own size.
      state.main.buffer.deallocate()
      state.main.buffer = EventBuffer(capacity: max(length, Self.bufferCapacity))
    }
    return true
  }

  /// Writes the destination's buffer to it and empties the buffer.
  func writeMainBuffer(_ state: inout State) {
    guard let sink = state.sink, state.main.buffer.count > 0 else { return }
    do throws(TraceWriteError) {
      try sink.write(state.main.buffer.bytes)
      state.main.buffer.reset()
    } catch {
      failed(&state, error, lostBytes: state.main.buffer.count)
    }
  }

  /// Room for a `lost` line: 35 bytes of keys and punctuation, its time and count at most
  /// 20 characters each.
  static let lostLineCapacity = 80

  func writeLostLine(_ state: inout State) {
    // Until the destination's session wrote its `meta` line, the line would land in the
    // session before it: the count waits.
    guard state.dropped > 0, state.header.isWritten, makeRoom(&state, Self.lostLineCapacity) else { return }
    state.main.buffer.append(#"{"e":"lost","t":"#)
    state.main.buffer.append(decimal: state.main.timestamp(at: MonotonicClock.now()))
    state.main.buffer.append(#","tid":0,"count":"#)
    state.main.buffer.append(decimal: Int64(state.dropped))
    state.main.buffer.append("}\n")
    state.dropped = 0
  }

  // MARK: - Failure

  /// Writing failed: recording to the destination stops, and its handler is told.
  private func failed(_ state: inout State, _ error: TraceWriteError, lostBytes: Int) {
    state.flushTimer?.cancel()
    state.flushTimer = nil
    state.sink = nil
    state.main.buffer.reset()
    state.generation += 1
    RecordingSwitch.set(state.isRecording)
    let handler = state.onFailure ?? { Self.reportToStandardError($0) }
    state.failures.append(
      (handler, "redraw: trace recording stopped: cannot write the trace: \(error) (\(lostBytes) bytes of events lost)")
    )
  }

  static func reportToStandardError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in
      _ = try? FileDescriptorSink(descriptor: 2, closesDescriptor: false).write(bytes)
    }
  }
}
