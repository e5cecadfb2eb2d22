import RedrawSchema

/// One parsed trace line: a small value of integers and interned string ids.
///
/// The reader reuses one `TraceEvent` for every line and parallel reading copies them in
/// batches, so the value is kept compact: optional integers are stored with presence bits
/// and optional strings as ids with -1 for none, behind properties of the usual optional
/// types. Nothing in it allocates.
@usableFromInline package struct TraceEvent: Sendable {
  /// The event kind, from `e`.
  package var kind: EventKind = .unknown
  /// Four bytes side by side: `cause` and `kind` (`.max` when absent); `swiftUI` of a `meta`
  /// event (0 when absent, 1 `xcode26`, 2 `xcode27`, 3 another value); and which of `obj`,
  /// `parent`, `owner`, `version` and `session` are present, and whether `same`, `binding`
  /// and `closure` are true.
  @usableFromInline var codes: (cause: UInt8, effect: UInt8, swiftUI: UInt8, present: UInt8) = (.max, .max, 0, 0)
  /// How many keys the reader did not know, up to 32,767 a line.
  package var unknownKeys: Int16 = 0
  /// `t`: nanoseconds since the session started.
  package var time: Int64 = 0
  /// `tid`: the thread the event happened on.
  package var thread: Int64 = 0
  /// `id`: a span id (`body`, `init`, `end`).
  package var span: Int64 = 0
  /// `node` of a `body`.
  package var node: Int64 = 0
  /// `count` of a `lost` event.
  package var count: Int64 = 0
  /// The optional integers, each behind its bit in `codes.present`.
  @usableFromInline var optionals: (object: Int64, parent: Int64, owner: Int64, version: Int64, session: Int64) = (
    0, 0, 0, 0, 0
  )
  @usableFromInline var strings: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1
  )

  package init() {}

  // MARK: - Optional integers

  @inlinable @inline(__always)
  func integer(_ bit: UInt8, _ value: Int64) -> Int64? { codes.present & bit != 0 ? value : nil }

  @inlinable @inline(__always)
  mutating func setPresent(_ bit: UInt8, _ isPresent: Bool) {
    if isPresent { codes.present |= bit } else { codes.present &= ~bit }
  }

  /// `obj`: an object id.
  @inlinable package var object: Int64? {
    @inline(__always) get { integer(1, optionals.object) }
    @inline(__always) set {
      optionals.object = newValue ?? 0
      setPresent(1, newValue != nil)
    }
  }

  /// `parent` of a `body`.
  @inlinable package var parent: Int64? {
    @inline(__always) get { integer(2, optionals.parent) }
    @inline(__always) set {
      optionals.parent = newValue ?? 0
      setPresent(2, newValue != nil)
    }
  }

  /// `owner` of an `init`.
  @inlinable package var owner: Int64? {
    @inline(__always) get { integer(4, optionals.owner) }
    @inline(__always) set {
      optionals.owner = newValue ?? 0
      setPresent(4, newValue != nil)
    }
  }

  /// `version` of a `meta` event.
  @inlinable package var version: Int64? {
    @inline(__always) get { integer(8, optionals.version) }
    @inline(__always) set {
      optionals.version = newValue ?? 0
      setPresent(8, newValue != nil)
    }
  }

  /// `session` of a `meta` event: the session's id in its file, so a later `meta` line
  /// with the same id continues it (see docs/trace-format.md).
  @inlinable package var session: Int64? {
    @inline(__always) get { integer(16, optionals.session) }
    @inline(__always) set {
      optionals.session = newValue ?? 0
      setPresent(16, newValue != nil)
    }
  }

  // MARK: - Flags

  /// `same` of a `write`: the value assigned equals the one before (`@Tracked` and
  /// `Trace.write(sameValue:)` say so; `@Observable` since Swift 6.2 records no such write).
  @inlinable package var same: Bool {
    @inline(__always) get { codes.present & 32 != 0 }
    @inline(__always) set { setPresent(32, newValue) }
  }

  /// `closure` of a `struct`: one of its inputs is a closure, never the same.
  @inlinable package var closure: Bool {
    @inline(__always) get { codes.present & 128 != 0 }
    @inline(__always) set { setPresent(128, newValue) }
  }

  /// `binding` of an `action`: its control edits a value through a binding
  /// (`TextField(text: $model.draft)`, the harness's text fields).
  @inlinable package var binding: Bool {
    @inline(__always) get { codes.present & 64 != 0 }
    @inline(__always) set { setPresent(64, newValue) }
  }

  // MARK: - Enumerations

  /// `cause` of a `body`.
  @inlinable package var cause: BodyCause.Kind? {
    @inline(__always) get { BodyCause.Kind(rawValue: codes.cause) }
    @inline(__always) set { codes.cause = newValue?.rawValue ?? .max }
  }

  /// `kind` of an `effect`.
  @inlinable package var effect: EffectKind? {
    @inline(__always) get { EffectKind(rawValue: codes.effect) }
    @inline(__always) set { codes.effect = newValue?.rawValue ?? .max }
  }

  /// `swiftUI` of a `meta` event: whether the line has one, and the build it names (nil for
  /// a value this reader does not know, such as `mixed`).
  @inlinable package var swiftUI: (present: Bool, build: SwiftUIBuild?) {
    @inline(__always) get {
      (codes.swiftUI != 0, codes.swiftUI == 1 ? .xcode26 : codes.swiftUI == 2 ? .xcode27 : nil)
    }
    @inline(__always) set {
      codes.swiftUI = !newValue.present ? 0 : newValue.build == .xcode26 ? 1 : newValue.build == .xcode27 ? 2 : 3
    }
  }

  // MARK: - Strings

  @inlinable @inline(__always)
  static func id(_ raw: Int32) -> StringID? { raw < 0 ? nil : StringID(rawValue: raw) }

  /// `view` of a `body`.
  @inlinable package var view: StringID? {
    @inline(__always) get { Self.id(strings.0) }
    @inline(__always) set { strings.0 = newValue?.rawValue ?? -1 }
  }
  /// `type` of an `init`, `read`, `write`, `deinit`, or of a `body` caused by a write.
  @inlinable package var type: StringID? {
    @inline(__always) get { Self.id(strings.1) }
    @inline(__always) set { strings.1 = newValue?.rawValue ?? -1 }
  }
  /// `prop` of a `read` or `write`, or of a `body` caused by a write.
  @inlinable package var property: StringID? {
    @inline(__always) get { Self.id(strings.2) }
    @inline(__always) set { strings.2 = newValue?.rawValue ?? -1 }
  }
  /// `site`: `File.swift:LINE`.
  @inlinable package var site: StringID? {
    @inline(__always) get { Self.id(strings.3) }
    @inline(__always) set { strings.3 = newValue?.rawValue ?? -1 }
  }
  /// `detail` of an `effect`.
  @inlinable package var detail: StringID? {
    @inline(__always) get { Self.id(strings.4) }
    @inline(__always) set { strings.4 = newValue?.rawValue ?? -1 }
  }
  /// `name` of a `mark` or an `action`.
  @inlinable package var name: StringID? {
    @inline(__always) get { Self.id(strings.5) }
    @inline(__always) set { strings.5 = newValue?.rawValue ?? -1 }
  }
  /// The unknown `e` value of an event the reader skips.
  @inlinable package var unknownKind: StringID? {
    @inline(__always) get { Self.id(strings.6) }
    @inline(__always) set { strings.6 = newValue?.rawValue ?? -1 }
  }
  /// `format` of a `meta` event.
  @inlinable package var format: StringID? {
    @inline(__always) get { Self.id(strings.7) }
    @inline(__always) set { strings.7 = newValue?.rawValue ?? -1 }
  }
  /// `scenario` of a `meta` event.
  @inlinable package var scenario: StringID? {
    @inline(__always) get { Self.id(strings.8) }
    @inline(__always) set { strings.8 = newValue?.rawValue ?? -1 }
  }
  /// `app` of a `meta` event.
  @inlinable package var app: StringID? {
    @inline(__always) get { Self.id(strings.9) }
    @inline(__always) set { strings.9 = newValue?.rawValue ?? -1 }
  }

  // MARK: - Values by key

  /// Stores the integer value of `key`, the one place that says which field holds it.
  /// `nil` (a JSON `null`) removes an optional key's value and leaves the others'.
  ///
  /// - Returns: False when `key` takes no integer (`EventKey/valueType`).
  @inline(__always) @discardableResult
  mutating func set(_ value: Int64?, for key: EventKey) -> Bool {
    switch key {
    case .t: time = value ?? time
    case .tid: thread = value ?? thread
    case .id: span = value ?? span
    case .node: node = value ?? node
    case .count: count = value ?? count
    case .obj: object = value
    case .parent: parent = value
    case .owner: owner = value
    case .version: version = value
    case .session: session = value
    default: return false
    }
    return true
  }

  /// Stores the string value of `key` (`startedAt` is not kept), the one place that says
  /// which field holds it. `nil` (a JSON `null`) removes the value.
  ///
  /// - Returns: False when `key` takes no string (`EventKey/valueType`).
  @inline(__always) @discardableResult
  mutating func set(_ value: StringID?, for key: EventKey) -> Bool {
    switch key {
    case .view: view = value
    case .type: type = value
    case .prop: property = value
    case .site: site = value
    case .detail: detail = value
    case .name: name = value
    case .format: format = value
    case .scenario: scenario = value
    case .app: app = value
    case .startedAt: break
    default: return false
    }
    return true
  }

  /// Stores the boolean value of `key`, the one place that says which field holds it.
  /// `nil` (a JSON `null`) stands for `false`, the value of an absent key.
  ///
  /// - Returns: False when `key` takes no boolean (`EventKey/valueType`).
  @inline(__always) @discardableResult
  mutating func set(_ value: Bool?, for key: EventKey) -> Bool {
    switch key {
    case .same: same = value ?? false
    case .binding: binding = value ?? false
    case .closure: closure = value ?? false
    default: return false
    }
    return true
  }

  /// Replaces every string id by `remap[id]`: each of the string fields, whatever they
  /// are, as they lie side by side.
  @inline(__always)
  mutating func remapStrings(_ remap: [StringID]) {
    withUnsafeMutableBytes(of: &strings) { raw in
      for offset in stride(from: 0, to: raw.count, by: MemoryLayout<Int32>.stride) {
        let id = raw.load(fromByteOffset: offset, as: Int32.self)
        if id >= 0 { raw.storeBytes(of: remap[Int(id)].rawValue, toByteOffset: offset, as: Int32.self) }
      }
    }
  }
}
