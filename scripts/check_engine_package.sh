#!/usr/bin/env bash
# The npm package @coup-rules/engine (clients/engine/) as a user gets it: built (node
# clients/engine/build.mjs: the wheels and the declarations), `npm pack` makes a tarball with
# exactly the package's files, and the tarball, installed into a fresh folder with its one
# dependency (pyodide, from npm's cache when it holds it), type-checks
# clients/engine/smoke/main.ts with `tsc --strict` under Node's module resolution (nodenext)
# and a bundler's, and the compiled program runs in Node: a game played to its end, offline.
#
# Needs Node, the root's development packages (npm ci: typescript) and the built package:
#   (cd clients/engine && npm ci) && node clients/engine/build.mjs
#   bash scripts/check_engine_package.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGE="$ROOT/clients/engine"
TSC="$ROOT/node_modules/.bin/tsc"
[[ -x "$TSC" ]] || { echo "check_engine_package: $TSC is missing: npm ci first" >&2; exit 1; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

node "$PACKAGE/build.mjs" --check

VERSION="$(node -p "require('$PACKAGE/package.json').version")"
(cd "$PACKAGE" && npm pack --silent --pack-destination "$WORK" > "$WORK/pack.out")
TARBALL="$WORK/$(tail -n 1 "$WORK/pack.out")"
[[ -f "$TARBALL" ]] || { echo "npm pack made no tarball: $(cat "$WORK/pack.out")" >&2; exit 1; }
echo "  npm pack: $(basename "$TARBALL") ($(wc -c < "$TARBALL") bytes)"

# Exactly the package's files (the wheels as wheels/manifest.json names them), nothing of the
# repository around it (no smoke/, no build.mjs, no node_modules/).
tar -tzf "$TARBALL" | sed 's|^package/||' | sort > "$WORK/files"
{
    printf '%s\n' LICENSE README.md engine.d.ts engine.js package.json types/index.d.ts \
        worker-client.d.ts worker-client.js worker.js wheels/manifest.json
    node -e 'for (const w of require(process.argv[1]).wheels) console.log(`wheels/${w}`)' \
        "$PACKAGE/wheels/manifest.json"
} | sort > "$WORK/expected"
if ! diff -u "$WORK/expected" "$WORK/files"; then
    echo "the tarball's files are not the package's (above: - expected, + packed)" >&2
    exit 1
fi

APP="$WORK/app"
mkdir -p "$APP"
cp "$PACKAGE/smoke/main.ts" "$APP/main.ts"
echo '{"name": "coup-rules-engine-smoke", "private": true, "type": "module"}' > "$APP/package.json"
(cd "$APP" && npm install --silent --prefer-offline --no-audit --no-fund --ignore-scripts "$TARBALL")
INSTALLED="$APP/node_modules/@coup-rules/engine"
[[ "$(node -p "require('$INSTALLED/package.json').version")" == "$VERSION" ]]

for resolution in nodenext bundler; do
    module=$([[ $resolution == nodenext ]] && echo nodenext || echo esnext)
    cat > "$APP/tsconfig.json" <<JSON
{
  "compilerOptions": {
    "strict": true, "skipLibCheck": false, "types": [], "outDir": "out",
    "target": "es2022", "lib": ["es2022", "dom"],
    "module": "$module", "moduleResolution": "$resolution"
  },
  "files": ["main.ts"]
}
JSON
    (cd "$APP" && "$TSC" -p tsconfig.json)
    echo "  tsc --strict ($resolution): clients/engine/smoke/main.ts compiles against the tarball"
done

# The program tsc made (the bundler's build is plain ES2022 too) runs in Node, from the
# installed package's own files.
START=$(date +%s%N)
(cd "$APP" && node out/main.js) | sed 's/^/    /'
echo "  node: the program ran against the tarball in $(( ($(date +%s%N) - START) / 1000000 )) ms"
