import RedrawTrace

/// `.onReceive(_:perform:)`: a subscription a view holds while it is mounted, to an
/// `EffectPublisher` the test controls (docs/harness.md, "Publishers and timers").
extension ViewContent {
  /// An `onReceive` a body declared: its publisher, how to subscribe to it, and its action.
  struct Receiver {
    var key: HarnessNode.WatchKey
    var publisher: AnyObject
    var subscribe: (_ receive: @escaping (Any) -> Void) -> EffectSubscription
    var action: (Any) -> Void
  }

  /// A view's live subscription: its publisher, and the action of the view's last
  /// evaluation, which each value runs.
  final class Subscribed {
    let publisher: AnyObject
    var action: (Any) -> Void
    var subscription: EffectSubscription?

    init(publisher: AnyObject, action: @escaping (Any) -> Void) {
      self.publisher = publisher
      self.action = action
    }
  }

  /// Runs `action` with each value `publisher` emits while the view is mounted, as
  /// `.onReceive(publisher) { … }` does: synchronously, where the value is sent (a test's
  /// `subject.send`, a model's `willSet`, a timer's fire), with the closure of the view's last
  /// evaluation.
  ///
  /// The view subscribes when its body first declares it, during the update and before its
  /// `onAppear` (a subject with a current value gives it now); it keeps the subscription while
  /// its evaluations declare the same publisher object, subscribes anew when they declare
  /// another (a publisher made in the body, or in a stored property, is another every time:
  /// a timer made so starts over), and ends it when the view disappears.
  public mutating func onReceive<Publisher: EffectPublisher>(
    _ publisher: Publisher, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    perform action: @escaping (Publisher.Output) -> Void
  ) {
    let site = ChildKey.Site(file: file, line: line, column: column)
    let occurrence = receivers.lazy.filter { $0.key.site == site }.count
    receivers.append(
      Receiver(
        key: HarnessNode.WatchKey(site: site, occurrence: occurrence), publisher: publisher,
        subscribe: { receive in publisher.subscribe { receive($0) } },
        action: { value in (value as? Publisher.Output).map(action) }))
  }
}
