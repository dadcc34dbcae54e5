// TypeScript declarations of the JSON Schemas in schema/, for UI authors and for checking the
// web table's own JavaScript (tsc --checkJs), and the npm package @coup-rules/client
// (clients/js/). Development only: Node is never needed to install or run coup_rules.
//
//   node scripts/schema_types.mjs --write   regenerate every file below
//   node scripts/schema_types.mjs --check   fail if one differs from what its source gives now
//
// The schemas themselves come from coup_rules.schema (python -m coup_rules.schema --write
// writes schema/); tests/test_schema.py holds schema/ equal to them, and this script holds
// everything made from schema/ equal to it, so the one source of every type is the library's
// own classes:
//
// - types/index.d.ts (under coup_rules/web/static/ and clients/js/): every declaration once,
//   from schema/protocol.schema.json, whose $defs hold every move, event, decision and message;
// - types/view.d.ts and types/move.d.ts: the paths of release 1.0, re-exporting index.d.ts;
// - clients/js/client.js and room.js: coup_rules/web/static/'s, the client the pages use (the
//   game; the table around it: rooms, chat), as they are;
// - clients/js/client.d.ts and room.d.ts: their declarations, as tsc makes them of their JSDoc;
// - clients/js/schema/*.json and clients/js/LICENSE: copies of schema/ and of LICENSE.
import { readFile, writeFile, mkdir, readdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const STATIC = "coup_rules/web/static";
const PACKAGE = "clients/js";
const DECLARATIONS = "index.d.ts";
const MODULES = ["client.js", "room.js"];

const generated = (source) => `/* Generated from ${source} by scripts/schema_types.mjs: do not edit. */`;

// json-schema-to-typescript declares the $defs a root schema does not reach only under an
// object root, and schema/protocol.schema.json's root is a union (ServerMessage). So it is
// compiled as the $defs of an empty object (named PROTOCOL, then taken out again), the root
// union one of them: every definition is declared once, under its own name.
const PROTOCOL = "Protocol";

async function declarations() {
  const source = "schema/protocol.schema.json";
  const { $defs, anyOf, description, title, ...rest } = JSON.parse(
    await readFile(join(root, source), "utf8"),
  );
  const wrapper = {
    ...rest,
    title: PROTOCOL,
    type: "object",
    properties: {},
    additionalProperties: false,
    $defs: { [title]: { description, anyOf }, ...$defs },
  };
  const text = await compile(wrapper, PROTOCOL, {
    bannerComment: generated(source),
    additionalProperties: false,
    unreachableDefinitions: true,
    style: { printWidth: 100 },
  });
  const empty = `\nexport interface ${PROTOCOL} {}\n`;
  if (!text.includes(empty)) throw new Error(`no ${PROTOCOL} {} to take out of the declarations`);
  const referenced = new RegExp(
    ` \\*\\n \\* This interface was referenced by \`${PROTOCOL}\`'s JSON-Schema\\n` +
      ` \\* via the \`definition\` "[A-Za-z]+"\\.\\n`,
    "g",
  );
  return text.replace(empty, "\n").replace(referenced, "");
}

function shim(schemaFile) {
  return [
    generated(`schema/${schemaFile}`),
    `// The path of release 1.0: every declaration is in ./${DECLARATIONS}, each one once.`,
    `export * from "./index.js";`,
    "",
  ].join("\n");
}

/** tsc's declarations of the web table's client modules (from their JSDoc types), in memory,
 * against the declarations `index` (not those on disk, which may be stale): name to text. */
function moduleDeclarations(index) {
  const files = MODULES.map((name) => join(root, STATIC, name));
  const types = join(root, STATIC, "types", DECLARATIONS);
  const options = {
    allowJs: true,
    declaration: true,
    emitDeclarationOnly: true,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    types: [],
    newLine: ts.NewLineKind.LineFeed,
  };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile: read } = host;
  host.fileExists = (name) => name === types || fileExists(name);
  host.readFile = (name) => (name === types ? index : read(name));
  const program = ts.createProgram(files, options, host);
  const problems = ts.getPreEmitDiagnostics(program);
  if (problems.length) {
    throw new Error(ts.formatDiagnostics(problems, host));
  }
  const out = new Map();
  program.emit(undefined, (name, data) => {
    const module = MODULES.find((m) => name.endsWith(`/${m.replace(/\.js$/, ".d.ts")}`));
    if (module !== undefined) out.set(module, `${generated(`${STATIC}/${module}`)}\n${data}`);
  });
  for (const module of MODULES) {
    if (!out.has(module)) throw new Error(`tsc emitted no declarations for ${module}`);
  }
  return out;
}

/** Every generated file: its path from the repository root, and its text. */
async function outputs() {
  const index = await declarations();
  const files = [];
  for (const dir of [STATIC, PACKAGE]) {
    files.push([`${dir}/types/${DECLARATIONS}`, index]);
    files.push([`${dir}/types/view.d.ts`, shim("view.schema.json")]);
    files.push([`${dir}/types/move.d.ts`, shim("move.schema.json")]);
  }
  const typed = moduleDeclarations(index);
  for (const module of MODULES) {
    files.push([`${PACKAGE}/${module}`, await readFile(join(root, STATIC, module), "utf8")]);
    files.push([`${PACKAGE}/${module.replace(/\.js$/, ".d.ts")}`, typed.get(module)]);
  }
  for (const name of (await readdir(join(root, "schema"))).sort()) {
    if (!name.endsWith(".schema.json")) continue;
    files.push([`${PACKAGE}/schema/${name}`, await readFile(join(root, "schema", name), "utf8")]);
  }
  files.push([`${PACKAGE}/LICENSE`, await readFile(join(root, "LICENSE"), "utf8")]);
  return files;
}

const mode = process.argv[2];
if (mode !== "--write" && mode !== "--check") {
  console.error("usage: node scripts/schema_types.mjs --write | --check");
  process.exit(2);
}
let stale = 0;
for (const [path, text] of await outputs()) {
  const full = join(root, path);
  if (mode === "--write") {
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, text);
    console.log(`wrote ${path}`);
    continue;
  }
  const current = await readFile(full, "utf8").catch(() => null);
  if (current !== text) {
    const what = current === null ? "is missing" : "differs from what its source gives";
    console.error(`${path} ${what}: run node scripts/schema_types.mjs --write`);
    stale += 1;
  }
}
if (mode === "--check" && stale === 0) {
  console.log("the TypeScript declarations and the package's copies match their sources");
}
process.exit(stale ? 1 : 0);
