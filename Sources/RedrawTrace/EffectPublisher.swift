/// A source of values a test controls, standing in for a Combine publisher where Combine is
/// not (Linux): what `.onReceive` subscribes to in a `ViewHarness`, and what a model's code can
/// subscribe to (`sink`). ``EffectSubject`` is a subject or a `@Published` property's
/// `$property`; ``EffectTimer`` is `Timer.publish(every:on:in:).autoconnect()` on the test clock.
///
/// A publisher is a class, compared by identity, as SwiftUI compares an `onReceive`
/// publisher that is a class: one made anew in every evaluation of a body (or in a view's
/// stored property) is a new subscription every time.
public protocol EffectPublisher<Output>: AnyObject {
  /// What it emits.
  associatedtype Output
  /// Calls `receive` with each value emitted from now on (and, for a subject with a current
  /// value, with that value now), until the subscription is cancelled or released.
  func subscribe(_ receive: @escaping (Output) -> Void) -> EffectSubscription
}

/// A subscription to an ``EffectPublisher``, as Combine's `AnyCancellable`: it ends when
/// cancelled or released.
public final class EffectSubscription {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Ends the subscription: its closure receives nothing more and is released.
  public func cancel() {
    let cancel = onCancel
    onCancel = nil
    cancel?()
  }

  deinit { cancel() }
}

/// A subject the test or a model sends values through, as Combine's `PassthroughSubject`;
/// with a current value, as `CurrentValueSubject` and a `@Published` property's `$property`,
/// which give a new subscriber the value now.
///
/// For `@Published var query` and `.onReceive(model.$query)`, a model sends in the
/// property's `willSet`, as `@Published` publishes: a receiver is given the new value while
/// the property still holds the old one.
///
/// ```swift
/// let queryChanges = EffectSubject(current: "")
/// @Tracked var query = "" { willSet { queryChanges.send(newValue) } }
/// ```
public final class EffectSubject<Output>: EffectPublisher {
  /// The value a new subscriber is given now; nil for a subject without one.
  public private(set) var current: Output?
  private var receivers: [(id: Int, receive: (Output) -> Void)] = []
  private var nextID = 0

  /// A subject without a current value: subscribers receive what is sent from then on.
  public init() {}

  /// A subject with a current value, given to each new subscriber, and replaced by each send.
  public init(current: Output) {
    self.current = current
  }

  /// Emits `value` to every subscriber now, in the order they subscribed, on this thread.
  public func send(_ value: Output) {
    if current != nil { current = value }
    for receiver in receivers { receiver.receive(value) }
  }

  /// Calls `receive` with each value sent from now on, and with the current value now when
  /// the subject has one.
  public func subscribe(_ receive: @escaping (Output) -> Void) -> EffectSubscription {
    nextID += 1
    let id = nextID
    receivers.append((id, receive))
    if let current { receive(current) }
    return EffectSubscription { [weak self] in self?.receivers.removeAll { $0.id == id } }
  }
}

/// A timer on the test clock, as `Timer.publish(every:on:in:).autoconnect()`: it starts when
/// its first subscriber subscribes and emits the clock's time every `interval` from then,
/// while it has subscribers; it stops with the last. A test moves the clock with
/// `harness.advance(by:)`, and each fire is an update of its own.
public final class EffectTimer: EffectPublisher {
  /// How often it fires.
  public let interval: Duration
  private var receivers: [(id: Int, receive: (Duration) -> Void)] = []
  private var nextID = 0
  /// When it fires next, while connected.
  private(set) var due: DueTime?

  /// A timer firing every `interval` once subscribed; an interval of zero or less is taken
  /// as 0.1 ms, as `Timer` takes it.
  public init(every interval: Duration) {
    self.interval = max(interval, .microseconds(100))
  }

  /// Calls `receive` with the clock's time at each fire; the first subscriber starts the
  /// timer, which fires first one interval from now.
  public func subscribe(_ receive: @escaping (Duration) -> Void) -> EffectSubscription {
    let registry = EffectRegistry.current
    if receivers.isEmpty {
      due = DueTime(time: registry.now + interval, sequence: registry.nextSequence())
      registry.timers.append(self)
    }
    nextID += 1
    let id = nextID
    receivers.append((id, receive))
    return EffectSubscription { [weak self, weak registry] in
      guard let self else { return }
      receivers.removeAll { $0.id == id }
      if receivers.isEmpty {
        due = nil
        registry?.timers.removeAll { $0 === self }
      }
    }
  }

  /// Emits the clock's time and schedules the next fire.
  func fire() {
    guard let due else { return }
    let registry = EffectRegistry.current
    self.due = DueTime(time: due.time + interval, sequence: registry.nextSequence())
    for receiver in receivers { receiver.receive(registry.now) }
  }
}
