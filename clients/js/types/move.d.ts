/* Generated from schema/move.schema.json by scripts/schema_types.mjs: do not edit. */
// The path of release 1.0: every declaration is in ./index.d.ts, each one once.
export * from "./index.js";
