/// The event kinds of format version 1, plus `lost`, which RedrawTrace writes when it
/// had to drop events.
public enum EventKind: UInt8, Sendable, CaseIterable {
  case meta, body, `init`, end, read, write, effect, `deinit`, mark, lost
  /// A user action's span (an addition to version 1: readers that do not know it skip it).
  case action
  /// A body's subscription to an object (an addition to version 1, like `action`).
  case observe
  /// A view struct made for a node: its parent's body declared it (an addition to version 1,
  /// like `action`; the harness writes it).
  case `struct`
  /// A view node left the tree: its identity ended (an addition to version 1, like `action`).
  case unmount
  /// A body made a binding to a property of an object (`$model.query`; an addition to
  /// version 1, like `action`).
  case bind
  /// A kind this reader does not know (skipped and counted).
  case unknown

  /// The kind named by the bytes of an `e` value.
  @inlinable @inline(__always)
  package static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> EventKind {
    guard bytes.count <= 8 else { return .unknown }
    return named(packedWord(bytes), length: bytes.count)
  }

  /// The kind named by `length` bytes packed into `word` (see ``packedWord(_:)``).
  @inlinable @inline(__always)
  package static func named(_ word: UInt64, length: Int) -> EventKind {
    // By length first: one compare picks the few words of that length.
    switch length {
    case 3: return word == 0x64_6E65 ? .end : .unknown
    case 4:
      switch word {
      case 0x6461_6572: return .read
      case 0x79_646F62: return .body
      case 0x7469_6E69: return .`init`
      case 0x6B72_616D: return .mark
      case 0x646E_6962: return .bind
      case 0x6174_656D: return .meta
      case 0x7473_6F6C: return .lost
      default: return .unknown
      }
    case 5: return word == 0x65_7469_7277 ? .write : .unknown
    case 6:
      switch word {
      case 0x7463_6566_6665: return .effect
      case 0x7469_6E69_6564: return .`deinit`
      case 0x6E6F_6974_6361: return .action
      case 0x7463_7572_7473: return .`struct`
      default: return .unknown
      }
    case 7:
      switch word {
      case 0x65_7672_6573_626F: return .observe
      case 0x74_6E75_6F6D_6E75: return .unmount
      default: return .unknown
      }
    default: return .unknown
    }
  }
}
