/// The keys of format version 1, each with the type of its value.
///
/// The keys the fast path knows come first, in the order of `FastKey`, which shares their
/// raw values; then `binding` (of the rare `action` lines, read by the general parser) and
/// the keys of `meta` events. Which kinds carry which keys, in what order, and which they
/// require, is ``EventSchema``'s table.
@usableFromInline package enum EventKey: UInt32, CaseIterable, Sendable {
  case e, t, tid, id, obj, type, prop, view, node, parent, cause, site, owner, kind, detail, name, count, same
  case binding
  case version, format, scenario, app, startedAt, session, swiftUI

  /// What a key's value is.
  @usableFromInline package enum ValueType: Equatable {
    /// The event kind (`e`).
    case eventKind
    /// An integer of at most 18 digits.
    case integer
    /// A string, interned.
    case string
    /// One of ``BodyCause``'s names.
    case bodyCause
    /// One of ``EffectKind``'s names.
    case effectKind
    /// `true` or `false`.
    case boolean
    /// A string naming a ``SwiftUIBuild`` (another string is kept as an unknown build).
    case swiftUIBuild
  }

  /// The type of the key's value.
  @inlinable @inline(__always)
  package var valueType: ValueType {
    switch self {
    case .e: .eventKind
    case .t, .tid, .id, .obj, .node, .parent, .owner, .count, .version, .session: .integer
    case .type, .prop, .view, .site, .detail, .name, .format, .scenario, .app, .startedAt: .string
    case .cause: .bodyCause
    case .kind: .effectKind
    case .same, .binding: .boolean
    case .swiftUI: .swiftUIBuild
    }
  }

  /// The key as the format spells it.
  package var name: String { "\(self)" }

  /// The key's bit in a presence mask.
  @inlinable @inline(__always)
  package var bit: UInt32 { 1 << rawValue }

  // MARK: - Spelling

  /// The key spelled by `bytes`, or nil for one the format does not define.
  ///
  /// - Complexity: O(1): the key's bytes are packed into one word and switched on.
  @inlinable @inline(__always)
  package init?(bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= 8 else {
      guard matches(bytes, "startedAt") else { return nil }
      self = .startedAt
      return
    }
    self.init(word: packedWord(bytes), length: bytes.count)
  }

  /// The key whose name is `length` (at most eight) bytes packed into `word`.
  @inlinable @inline(__always)
  package init?(word: UInt64, length: Int) {
    switch (word, length) {
    case (0x65, 1): self = .e
    case (0x74, 1): self = .t
    case (0x6469, 2): self = .id
    case (0x64_6974, 3): self = .tid
    case (0x6A_626F, 3): self = .obj
    case (0x70_7061, 3): self = .app
    case (0x6564_6F6E, 4): self = .node
    case (0x656D_6173, 4): self = .same
    case (0x7765_6976, 4): self = .view
    case (0x6570_7974, 4): self = .type
    case (0x706F_7270, 4): self = .prop
    case (0x6574_6973, 4): self = .site
    case (0x656D_616E, 4): self = .name
    case (0x646E_696B, 4): self = .kind
    case (0x72_656E_776F, 5): self = .owner
    case (0x74_6E75_6F63, 5): self = .count
    case (0x65_7375_6163, 5): self = .cause
    case (0x746E_6572_6170, 6): self = .parent
    case (0x6C69_6174_6564, 6): self = .detail
    case (0x7461_6D72_6F66, 6): self = .format
    case (0x6E_6F69_7372_6576, 7): self = .version
    case (0x6E_6F69_7373_6573, 7): self = .session
    case (0x67_6E69_646E_6962, 7): self = .binding
    case (0x49_5574_6669_7773, 7): self = .swiftUI
    case (0x6F69_7261_6E65_6373, 8): self = .scenario
    default: return nil
    }
  }
}
