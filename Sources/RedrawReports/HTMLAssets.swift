/// The HTML report's style sheet and script, inlined into every report.
///
/// The script only sorts and filters the tables already in the page; it reads no data
/// from strings, so nothing from a trace is ever evaluated. Its SHA-256 goes into the
/// page's Content-Security-Policy, which allows that script alone and no request.
enum HTMLAssets {
  static let style = """
    :root { color-scheme: light dark; --bg: #ffffff; --fg: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7;
      --card: #f5f5f7; --accent: #0a66d8; --error: #c9190b; --warning: #b25e00; --info: #0a66d8; --good: #1e7b34; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #161618; --fg: #f0f0f2; --muted: #a1a1a6; --line: #3a3a3c; --card: #222226; --accent: #5ea8ff;
        --error: #ff6b5e; --warning: #ffb340; --info: #5ea8ff; --good: #4cd964; }
    }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 1200px; padding: 24px; background: var(--bg); color: var(--fg);
      font: 15px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif; }
    h1 { font-size: 26px; margin: 0 0 4px; } h2 { font-size: 20px; margin: 32px 0 12px; }
    .meta, .muted { color: var(--muted); }
    code { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 12px; margin: 16px 0; }
    .card { background: var(--card); border-radius: 10px; padding: 12px 14px; }
    .card .n { font-size: 26px; font-weight: 650; }
    .whatif svg { max-width: 100%; height: auto; }
    .whatif svg text { font-size: 14px; } #matrix-svg text { font-size: 12px; }
    .finding { border-left: 4px solid var(--info); background: var(--card); border-radius: 6px; padding: 10px 14px; margin: 10px 0; }
    .finding.error { border-color: var(--error); } .finding.warning { border-color: var(--warning); }
    .finding h3 { font-size: 15px; margin: 0 0 6px; }
    .sev { display: inline-block; min-width: 64px; font-weight: 650; text-transform: uppercase; font-size: 12px; }
    .error .sev { color: var(--error); } .warning .sev { color: var(--warning); } .info .sev { color: var(--info); }
    .fix { margin: 6px 0; } .evidence { font-size: 13px; color: var(--muted); margin: 4px 0 0; }
    table { border-collapse: collapse; width: 100%; font-size: 14px; }
    th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); }
    td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
    th button { all: unset; cursor: pointer; font-weight: 650; }
    th[aria-sort="ascending"] button::after { content: " ▲"; } th[aria-sort="descending"] button::after { content: " ▼"; }
    .filter { margin: 0 0 8px; padding: 6px 10px; width: 280px; max-width: 100%; border: 1px solid var(--line);
      border-radius: 6px; background: var(--bg); color: var(--fg); }
    .scroll { overflow-x: auto; }
    svg text { fill: var(--fg); font: 11px -apple-system, Helvetica, Arial, sans-serif; }
    .note { background: var(--card); border-radius: 6px; padding: 8px 12px; }
    """

  static let script = """
    "use strict";
    (() => {
      const value = (row, index, type) => {
        const cell = row.children[index];
        const raw = cell.dataset.value ?? cell.textContent;
        return type === "number" ? Number(raw) : raw.toLowerCase();
      };
      for (const table of document.querySelectorAll("table.sortable")) {
        const headers = Array.from(table.tHead.rows[0].cells);
        headers.forEach((header, index) => {
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = header.textContent;
          header.textContent = "";
          header.appendChild(button);
          button.addEventListener("click", () => {
            const type = header.dataset.type || "text";
            const ascending = header.getAttribute("aria-sort") !== "ascending";
            headers.forEach((other) => other.removeAttribute("aria-sort"));
            header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
            const body = table.tBodies[0];
            const rows = Array.from(body.rows);
            rows.sort((a, b) => {
              const x = value(a, index, type), y = value(b, index, type);
              const order = x < y ? -1 : x > y ? 1 : 0;
              return ascending ? order : -order;
            });
            for (const row of rows) body.appendChild(row);
          });
        });
      }
      for (const input of document.querySelectorAll("input[data-filter]")) {
        const table = document.getElementById(input.dataset.filter);
        const counter = document.getElementById(input.dataset.filter + "-count");
        input.addEventListener("input", () => {
          const query = input.value.trim().toLowerCase();
          let shown = 0;
          for (const row of table.tBodies[0].rows) {
            const match = row.textContent.toLowerCase().includes(query);
            row.hidden = !match;
            if (match) shown += 1;
          }
          if (counter) counter.textContent = shown + " shown";
        });
      }
    })();
    """

  /// The start of a page, through `<body>`: its policy, its style and `title`, which the
  /// caller escaped.
  static func documentStart(title: String) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(title)</title>
    <style>\(style)</style>
    </head>
    <body>

    """
  }

  /// The end of a page: the script that sorts and filters its tables.
  static let documentEnd = "<script>\(script)</script>\n</body>\n</html>\n"

  /// The CSP source for the script: `'sha256-…'`.
  static let scriptHash = "'sha256-" + SHA256.base64(SHA256.digest(Array(script.utf8))) + "'"

  /// The page's Content-Security-Policy: nothing may be loaded, only the report's own
  /// script runs, inline styles and data images are allowed.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src \(scriptHash); style-src 'unsafe-inline'; img-src data:; "
    + "base-uri 'none'; form-action 'none'"
}

/// Escaping for HTML text and attribute values.
enum HTML {
  static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default:
        if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || (0x7F..<0xA0).contains(scalar.value) {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
