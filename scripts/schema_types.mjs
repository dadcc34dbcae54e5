// TypeScript declarations of the JSON Schemas in schema/, for UI authors and for checking the
// web table's own JavaScript (tsc --checkJs). Development only: Node is never needed to install
// or run coup_rules.
//
//   node scripts/schema_types.mjs --write   regenerate coup_rules/web/static/types/*.d.ts
//   node scripts/schema_types.mjs --check   fail if they differ from what the schemas give
//
// The schemas themselves come from coup_rules.schema (python scripts/... writes schema/);
// tests/test_schema.py holds schema/ equal to them, and this script holds the declarations
// equal to schema/, so the one source of every type is the library's own classes.
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "coup_rules", "web", "static", "types");
const schemas = [
  ["view.schema.json", "view.d.ts"],
  ["move.schema.json", "move.d.ts"],
];

async function declarations(schemaFile) {
  const schema = JSON.parse(await readFile(join(root, "schema", schemaFile), "utf8"));
  const banner = `/* Generated from schema/${schemaFile} by scripts/schema_types.mjs: do not edit. */`;
  return compile(schema, schema.title, {
    bannerComment: banner,
    additionalProperties: false,
    unreachableDefinitions: true,
    style: { printWidth: 100 },
  });
}

const mode = process.argv[2];
if (mode !== "--write" && mode !== "--check") {
  console.error("usage: node scripts/schema_types.mjs --write | --check");
  process.exit(2);
}
let stale = 0;
await mkdir(out, { recursive: true });
for (const [schemaFile, typesFile] of schemas) {
  const text = await declarations(schemaFile);
  const path = join(out, typesFile);
  if (mode === "--write") {
    await writeFile(path, text);
    console.log(`wrote coup_rules/web/static/types/${typesFile}`);
    continue;
  }
  const current = await readFile(path, "utf8").catch(() => "");
  if (current !== text) {
    console.error(`coup_rules/web/static/types/${typesFile} differs from schema/${schemaFile}: `
      + "run node scripts/schema_types.mjs --write");
    stale += 1;
  }
}
if (mode === "--check" && stale === 0) console.log("the TypeScript declarations match schema/");
process.exit(stale ? 1 : 0);
