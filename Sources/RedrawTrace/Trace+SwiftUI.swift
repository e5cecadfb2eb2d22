#if canImport(SwiftUI)
  import SwiftUI

  // SwiftUI-only: a few lines over the generic form in Trace+Spans.swift, which Linux
  // compiles and tests. Not compiled here (no SwiftUI on Linux).

  extension Trace {
    /// ``body(_:node:parent:file:line:_:)`` with `@ViewBuilder` content, so a SwiftUI view's
    /// whole body can be wrapped:
    ///
    /// ```swift
    /// var body: some View {
    ///   Trace.body(Self.self) {
    ///     Text(model.title)
    ///     Badge(count: model.unreadCount)
    ///   }
    /// }
    /// ```
    @inlinable
    public static func body<Content: View>(
      _ view: Any.Type, node: Int? = nil, parent: Int? = nil, file: StaticString = #filePath, line: UInt = #line,
      @ViewBuilder _ content: () -> Content
    ) -> Content {
      tracedBody(view, node: node, parent: parent, file: file, line: line, content)
    }
  }
#endif
