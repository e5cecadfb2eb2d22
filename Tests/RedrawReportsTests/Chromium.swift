import Foundation
import RedrawTestSupport
import Testing

@testable import RedrawReports

/// Headless Chromium for the tests of the HTML pages: where it is installed, running it, and
/// a page instrumented with a probe (errors and policy violations) and a driver (what the
/// test reads back), each allowed by its hash in the page's own Content-Security-Policy.
enum Chromium {
  static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Runs Chromium headless with `arguments` and returns its standard output.
  static func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(path))
    process.arguments =
      ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--hide-scrollbars"]
      + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readAll()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// `html` with `probe` at the top of `<head>` and `driver` at the end of `<body>`.
  static func instrumented(_ html: String, probe: String, driver: String) -> String {
    func hash(_ script: String) -> String { "'sha256-" + SHA256.base64(SHA256.digest(Array(script.utf8))) + "'" }
    var page = html.replacingOccurrences(
      of: "script-src \(HTMLAssets.scriptHash)",
      with: "script-src \(HTMLAssets.scriptHash) \(hash(probe)) \(hash(driver))")
    page = page.replacingOccurrences(
      of: "<meta charset=\"utf-8\">", with: "<meta charset=\"utf-8\">\n<script>\(probe)</script>")
    return page.replacingOccurrences(of: "</body>", with: "<script>\(driver)</script>\n</body>")
  }

  /// Loads `page` (instrumented) from a file and decodes what its driver wrote into
  /// `<pre id="test-results">`.
  static func results<Results: Decodable>(of page: String, arguments: [String] = []) throws -> Results {
    let scratch = ScratchDirectory()
    let file = scratch.url.appendingPathComponent("page.html")
    try Data(page.utf8).write(to: file)
    let dom = try run(arguments + ["--virtual-time-budget=5000", "--dump-dom", file.absoluteString])
    let start = try #require(dom.range(of: "<pre id=\"test-results\">"), "the driver ran: \(dom.prefix(300))")
    let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
    let json = dom[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    return try JSONDecoder().decode(Results.self, from: Data(json.utf8))
  }
}
