#!/bin/sh
# Builds the DocC documentation of RedrawTrace, RedrawHarness and RedrawTesting, one archive
# per module, with the toolchain's own tools and no package dependency:
#
#   scripts/docs.sh OUT      writes OUT/RedrawTrace.doccarchive, OUT/RedrawHarness.doccarchive
#                            and OUT/RedrawTesting.doccarchive
#
# Symbol graphs come from `swift package dump-symbol-graph` (public symbols, and extension
# blocks so that `RedrawHarness` documents what it adds to `TraceRecording`; the debug build
# `swift build` makes, reused); `docc convert` turns each module's catalog
# (Sources/<Module>/<Module>.docc) and symbol graphs into an archive, and any DocC warning
# fails the run. RedrawTrace's catalog gets the getting-started article from
# docs/getting-started.md, so the guide has one source; its links to the other pages point at
# REDRAW_DOCS_PAGES_URL (by default the repository's docs folder on GitHub).
#
# View an archive with `docc preview Sources/RedrawTrace/RedrawTrace.docc
# --additional-symbol-graph-dir OUT/symbol-graphs/RedrawTrace`, or host it statically.
set -eu
if [ $# -ne 1 ]; then
  echo "usage: scripts/docs.sh OUT" >&2
  exit 64
fi
cd "$(dirname "$0")/.."
out=$1
mkdir -p "$out"
out=$(cd "$out" && pwd)
pages_url=${REDRAW_DOCS_PAGES_URL:-https://github.com/your-org/Redraw/blob/main/docs/}
modules="RedrawTrace RedrawHarness RedrawTesting"

swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols >"$out/dump-symbol-graph.log" 2>&1 || {
  cat "$out/dump-symbol-graph.log" >&2
  exit 1
}
graphs=$(sed -n 's/^Files written to //p' "$out/dump-symbol-graph.log" | tail -1)
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
  echo "docs.sh: swift package dump-symbol-graph named no folder of symbol graphs" >&2
  exit 1
fi

for module in $modules; do
  # The module's own graph and its extensions of other modules (`RedrawTesting@Testing`).
  rm -rf "$out/symbol-graphs/$module" "$out/catalogs/$module.docc" "$out/$module.doccarchive"
  mkdir -p "$out/symbol-graphs/$module"
  cp "$graphs/$module.symbols.json" "$out/symbol-graphs/$module/"
  for extension in "$graphs/$module@"*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$out/symbol-graphs/$module/"
  done

  # The catalog, with the generated article where the landing page links it.
  mkdir -p "$out/catalogs"
  cp -R "Sources/$module/$module.docc" "$out/catalogs/$module.docc"
  if [ "$module" = RedrawTrace ]; then
    {
      echo "# Getting Started with Redraw"
      echo ""
      sed -e '1d' -e "s#](\([a-z-]*\.md\)#](${pages_url}\1#g" docs/getting-started.md
    } >"$out/catalogs/$module.docc/GettingStarted.md"
  fi

  docc convert "$out/catalogs/$module.docc" \
    --additional-symbol-graph-dir "$out/symbol-graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.redraw.$module" \
    --output-path "$out/$module.doccarchive" --warnings-as-errors >"$out/$module.log" 2>&1 || {
    cat "$out/$module.log" >&2
    echo "docs.sh: docc convert failed for $module (log: $out/$module.log)" >&2
    exit 1
  }
  if grep -q "warning:" "$out/$module.log"; then
    cat "$out/$module.log" >&2
    echo "docs.sh: DocC warned about $module" >&2
    exit 1
  fi
  echo "$out/$module.doccarchive"
done
