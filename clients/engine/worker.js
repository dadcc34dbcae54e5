// The engine in a Web Worker (a module worker), so that a page stays responsive while Pyodide
// starts and while it thinks. worker-client.js speaks to it; the messages are (README.md):
//
//   page -> worker  {id, method: "load", args: [{indexURL?, wheelsURL?}]}   first, once
//                   {id, method, args}        method: one of the engine's METHODS
//   worker -> page  {id, ok: true, result}    the method's result (load: the manifest)
//                   {id, ok: false, error}    error: {error, message, errors, reason?, rule?, move?}
import { METHODS, loadEngine } from "./engine.js";

let engine = null;

function failure(error) {
  if (error && typeof error === "object" && "errors" in error) {
    const { name, message, errors, reason, rule, move } = error;
    const kind = { IllegalMoveError: "illegal", InvalidInputError: "invalid" }[name] ?? "internal";
    return { error: kind, message, errors, ...(kind === "illegal" ? { reason, rule, move } : {}) };
  }
  return { error: "internal", message: String(error?.message ?? error), errors: [] };
}

async function answer({ id, method, args }) {
  if (method === "load") {
    engine ??= loadEngine(args?.[0] ?? {});
    return (await engine).manifest;
  }
  if (engine === null) throw new Error(`${method} before load`);
  if (!METHODS.includes(method)) throw new Error(`the engine has no method ${JSON.stringify(method)}`);
  return (await engine)[method](...(Array.isArray(args) ? args : []));
}

self.addEventListener("message", async ({ data }) => {
  const id = data?.id;
  try {
    self.postMessage({ id, ok: true, result: await answer(data ?? {}) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: failure(error) });
  }
});
