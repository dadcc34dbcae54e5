#!/usr/bin/env bash
# The npm package @coup-rules/client (clients/js/) as a user gets it: its generated files are
# current (node scripts/schema_types.mjs --check), `npm pack` makes a tarball with exactly the
# package's files, and the tarball, installed into a fresh folder (no network: it has no
# dependencies), imports in Node and type-checks clients/js/smoke/main.ts with
# `tsc --strict`, under Node's module resolution (nodenext) and a bundler's.
#
# Needs Node and the root's development packages (npm ci: typescript). Run from anywhere:
#   bash scripts/check_client_package.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGE="$ROOT/clients/js"
TSC="$ROOT/node_modules/.bin/tsc"
[[ -x "$TSC" ]] || { echo "check_client_package: $TSC is missing: npm ci first" >&2; exit 1; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

node "$ROOT/scripts/schema_types.mjs" --check

VERSION="$(node -p "require('$PACKAGE/package.json').version")"
(cd "$PACKAGE" && npm pack --silent --pack-destination "$WORK" > "$WORK/pack.out")
TARBALL="$WORK/$(tail -n 1 "$WORK/pack.out")"
[[ -f "$TARBALL" ]] || { echo "npm pack made no tarball: $(cat "$WORK/pack.out")" >&2; exit 1; }
echo "  npm pack: $(basename "$TARBALL") ($(wc -c < "$TARBALL") bytes)"

# Exactly the package's files, nothing of the repository around it (no smoke/).
tar -tzf "$TARBALL" | sed 's|^package/||' | sort > "$WORK/files"
cat > "$WORK/expected" <<'LIST'
LICENSE
README.md
client.d.ts
client.js
package.json
room.d.ts
room.js
schema/bot-protocol.schema.json
schema/conformance.schema.json
schema/engine-protocol.schema.json
schema/move.schema.json
schema/protocol.schema.json
schema/view.schema.json
types/index.d.ts
types/move.d.ts
types/view.d.ts
LIST
if ! diff -u "$WORK/expected" "$WORK/files"; then
    echo "the tarball's files are not the package's (above: - expected, + packed)" >&2
    exit 1
fi

APP="$WORK/app"
mkdir -p "$APP"
cp "$PACKAGE/smoke/main.ts" "$APP/main.ts"
echo '{"name": "coup-rules-client-smoke", "private": true, "type": "module"}' > "$APP/package.json"
(cd "$APP" && npm install --silent --offline --no-audit --no-fund --ignore-scripts "$TARBALL")
INSTALLED="$APP/node_modules/@coup-rules/client"
[[ "$(node -p "require('$INSTALLED/package.json').version")" == "$VERSION" ]]
[[ "$(ls "$APP/node_modules" | grep -v '^@coup-rules$' | grep -vc '^\.')" == 0 ]] \
    || { echo "installing the package brought other packages: $(ls "$APP/node_modules")" >&2; exit 1; }

# The modules load in Node and export the client's functions.
(cd "$APP" && node --input-type=module -e '
const modules = {
  "@coup-rules/client": ["CoupClient", "botNames", "changeSeat", "claimSeat", "createGame",
    "follow", "getRecord", "getView", "hostLinks", "postMove", "rematch"],
  "@coup-rules/client/room": ["TableClient", "chatLines", "claimByCode", "findRoom",
    "followTable", "muteSeat", "openTables", "say", "setRoom"],
};
for (const [name, want] of Object.entries(modules)) {
  const got = Object.keys(await import(name)).sort();
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    console.error(`${name} exports ${got}, not ${want}`);
    process.exit(1);
  }
}')

for resolution in nodenext bundler; do
    module=$([[ $resolution == nodenext ]] && echo nodenext || echo esnext)
    cat > "$APP/tsconfig.json" <<JSON
{
  "compilerOptions": {
    "strict": true, "noEmit": true, "skipLibCheck": false, "types": [],
    "target": "es2022", "lib": ["es2022", "dom"],
    "module": "$module", "moduleResolution": "$resolution"
  },
  "files": ["main.ts"]
}
JSON
    (cd "$APP" && "$TSC" -p tsconfig.json)
    echo "  tsc --strict ($resolution): clients/js/smoke/main.ts compiles against the tarball"
done
