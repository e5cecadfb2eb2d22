#!/bin/sh
# Builds the DocC documentation of every module with a catalog (Sources/<Module>/<Module>.docc:
# RedrawTrace, RedrawAnalysis and its stages, RedrawHarness, RedrawTesting), one archive per module, with
# the toolchain's own tools and no package dependency:
#
#   scripts/docs.sh OUT              writes OUT/<Module>.doccarchive for each of them
#   scripts/docs.sh --articles       rewrites the articles generated from docs/ (below), and stops
#   scripts/docs.sh --print-article  prints RedrawTrace's GettingStarted.md as generated
#                                    (DocumentationTests compares it with the committed one)
#
# The catalogs are Sources/<Module>/<Module>.docc, so Xcode's Build Documentation and the
# Swift Package Index read them as they are. RedrawTrace's holds GettingStarted.md, generated
# from docs/getting-started.md so that the guide has one source: its title is DocC's, and its
# links to the other pages of docs/ become the pages' paths in the repository.
#
# Symbol graphs come from `swift package dump-symbol-graph`, after `swift build --build-tests`
# (it emits a graph for every module, the test modules too): public symbols, and extension
# blocks, so that RedrawHarness documents what it adds to TraceRecording. `docc convert` turns
# each catalog and its module's graphs into an archive; `--warnings-as-errors` makes any DocC
# warning fail the run.
# `docc preview Sources/RedrawTrace/RedrawTrace.docc --additional-symbol-graph-dir
# OUT/symbol-graphs/RedrawTrace` serves one.
set -eu

# The getting-started article: DocC's title instead of the page's first line, and each link
# to another page of docs/ (`[ci.md](ci.md#running-redraw)`) as that page's path.
article() {
  echo "# Getting Started with Redraw"
  sed -e '1d' -e 's#\[[^]]*\](\([a-z-]*\.md\)\(\#[a-z0-9-]*\)\{0,1\})#`docs/\1`#g' "$1"
}

cd "$(dirname "$0")/.."
case "${1:-}" in
  --print-article)
    article docs/getting-started.md
    exit 0
    ;;
  --articles)
    article docs/getting-started.md >Sources/RedrawTrace/RedrawTrace.docc/GettingStarted.md
    exit 0
    ;;
esac
if [ $# -ne 1 ]; then
  echo "usage: scripts/docs.sh OUT | --articles | --print-article" >&2
  exit 64
fi
out=$1
mkdir -p "$out"
out=$(cd "$out" && pwd)
modules=$(for catalog in Sources/*/*.docc; do basename "$catalog" .docc; done)

if ! swift build --build-tests >"$out/build.log" 2>&1; then
  cat "$out/build.log" >&2
  echo "docs.sh: swift build --build-tests failed (log: $out/build.log)" >&2
  exit 1
fi
if ! swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols \
  >"$out/dump-symbol-graph.log" 2>&1; then
  cat "$out/dump-symbol-graph.log" >&2
  echo "docs.sh: swift package dump-symbol-graph failed (log: $out/dump-symbol-graph.log)" >&2
  exit 1
fi
graphs=$(sed -n 's/^Files written to //p' "$out/dump-symbol-graph.log" | tail -1)
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
  echo "docs.sh: swift package dump-symbol-graph named no folder of symbol graphs" >&2
  exit 1
fi

for module in $modules; do
  # The module's own graph and its extensions of other modules (`RedrawTesting@Testing`).
  rm -rf "$out/symbol-graphs/$module" "$out/$module.doccarchive"
  mkdir -p "$out/symbol-graphs/$module"
  cp "$graphs/$module.symbols.json" "$out/symbol-graphs/$module/"
  for extension in "$graphs/$module@"*.symbols.json; do
    if [ -e "$extension" ]; then cp "$extension" "$out/symbol-graphs/$module/"; fi
  done

  if ! docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$out/symbol-graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.redraw.$module" \
    --output-path "$out/$module.doccarchive" --warnings-as-errors >"$out/$module.log" 2>&1; then
    cat "$out/$module.log" >&2
    echo "docs.sh: docc convert failed for $module (log: $out/$module.log)" >&2
    exit 1
  fi
  echo "$out/$module.doccarchive"
done
