/// A source location captured by default arguments (`#fileID`, `#line`), written as
/// `File.swift:LINE` in a `site` field.
struct CallSite: Sendable {
  /// A `#fileID` such as `MyApp/FeedView.swift`.
  let file: StaticString
  let line: UInt

  /// The bytes of the file name after the last `/`.
  var fileName: UnsafeBufferPointer<UInt8> {
    guard file.hasPointerRepresentation else { return UnsafeBufferPointer(start: nil, count: 0) }
    let all = UnsafeBufferPointer(start: file.utf8Start, count: file.utf8CodeUnitCount)
    guard let slash = all.lastIndex(of: UInt8(ascii: "/")) else { return all }
    return UnsafeBufferPointer(rebasing: all[(slash + 1)...])
  }

  /// An upper bound on the bytes of `,"site":"…:LINE"`.
  var worstCaseLength: Int { 40 + file.utf8CodeUnitCount * 6 }
}
