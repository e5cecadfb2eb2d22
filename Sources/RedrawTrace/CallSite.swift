/// A source location captured by default arguments (`#filePath`, `#line`), written as
/// `PATH:LINE` in a `site` field.
///
/// A recording writes the path as the caller gave it: `#filePath` is absolute, so the
/// analyzer can name the file relative to any source root. A reproducible recording, whose
/// bytes must not depend on the machine, writes only the path's tail inside the package:
/// from its last `Sources` or `Tests` directory (`Tests/AppTests/FeedTests.swift`), else the
/// file's folder and name (`App/FeedView.swift`). A path that is not absolute (a `#fileID`
/// such as `App/FeedView.swift`, passed by a wrapper) is written as it is.
struct CallSite: Sendable {
  /// A `#filePath` such as `/Users/me/App/Sources/App/FeedView.swift`, or whatever the
  /// caller passed instead.
  let file: StaticString
  let line: UInt

  /// The bytes of the path a recording writes (see the type's summary).
  func path(reproducible: Bool) -> UnsafeBufferPointer<UInt8> {
    guard file.hasPointerRepresentation else { return UnsafeBufferPointer(start: nil, count: 0) }
    let all = UnsafeBufferPointer(start: file.utf8Start, count: file.utf8CodeUnitCount)
    return reproducible ? Self.machineIndependentTail(of: all) : all
  }

  /// The part of an absolute `path` that does not depend on where the package is checked
  /// out; a relative `path` whole.
  static func machineIndependentTail(of path: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard isAbsolute(path), let last = path.lastIndex(where: isSeparator), last + 1 < path.count else {
      return path
    }
    // The folders before the file, innermost first, with no array: the innermost
    // `Sources` or `Tests`, else the file's own folder.
    var from = last + 1
    var end = last
    var isParent = true
    while end > 0 {
      var start = end
      while start > 0, !isSeparator(path[start - 1]) { start -= 1 }
      if start < end {
        if isParent { from = start }
        isParent = false
        if isPackageDirectory(path, at: start) {
          from = start
          break
        }
      }
      end = start - 1
    }
    return UnsafeBufferPointer(rebasing: path[from...])
  }

  /// An upper bound on the bytes of `,"site":"…:LINE"`.
  var worstCaseLength: Int { 40 + file.utf8CodeUnitCount * 6 }

  // MARK: - Bytes

  private static func isSeparator(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
  }

  /// `/…`, `\\server\…` or `C:\…` (`C:/…`).
  private static func isAbsolute(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = path.first else { return false }
    if isSeparator(first) { return true }
    return path.count > 2 && path[1] == UInt8(ascii: ":") && isSeparator(path[2])
  }

  /// Whether the component at `start` is `Sources/` or `Tests/`.
  private static func isPackageDirectory(_ path: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    isComponent(path, at: start, "Sources") || isComponent(path, at: start, "Tests")
  }

  private static func isComponent(_ path: UnsafeBufferPointer<UInt8>, at start: Int, _ name: StaticString) -> Bool {
    let name = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    let end = start + name.count
    return end < path.count && isSeparator(path[end]) && path[start..<end].elementsEqual(name)
  }
}
