// A promise-based client of worker.js: the engine's methods, each answering a promise, while
// Pyodide runs in a Web Worker and the page stays responsive.
import { METHODS, engineError } from "./engine.js";

function absolute(url) {
  return url === undefined ? undefined : new URL(String(url), globalThis.location?.href).href;
}

/** Starts the engine in a module worker; returns at once. `ready` settles when it has loaded. */
export function startEngineWorker(options = {}) {
  const worker =
    options.worker ??
    new Worker(options.workerURL ?? new URL("./worker.js", import.meta.url), { type: "module" });
  const waiting = new Map();
  let next = 0;
  worker.addEventListener("message", ({ data }) => {
    const call = waiting.get(data.id);
    if (call === undefined) return;
    waiting.delete(data.id);
    if (data.ok) call.resolve(data.result);
    else call.reject(engineError(data.error));
  });
  worker.addEventListener("error", (event) => {
    const error = new Error(`the engine's worker failed: ${event.message ?? "no message"}`);
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  });
  const send = (method, args) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, method, args });
    });
  const load = { indexURL: absolute(options.indexURL), wheelsURL: absolute(options.wheelsURL) };
  const client = {
    ready: send("load", [load]),
    terminate: () => worker.terminate(),
  };
  for (const method of METHODS) client[method] = (...args) => send(method, args);
  return client;
}
