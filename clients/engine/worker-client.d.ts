// The declarations of worker-client.js.
import type { Engine, Manifest } from "./engine.js";

export type EngineMethod =
  | "newGame"
  | "legalMoves"
  | "toAct"
  | "apply"
  | "view"
  | "narrate"
  | "narrateEvents"
  | "describeEvent"
  | "describeMove"
  | "describePending"
  | "formatMove"
  | "parseMove";

/** The engine's methods, each answering a promise (rejected with the same errors). */
export type EngineWorker = {
  [K in EngineMethod]: (...args: Parameters<Engine[K]>) => Promise<ReturnType<Engine[K]>>;
} & {
  /** Settles when the engine has loaded in the worker: its manifest. */
  readonly ready: Promise<Manifest>;
  /** Stops the worker. */
  terminate(): void;
};

export interface EngineWorkerOptions {
  /** A worker already made of worker.js (default: a module worker of the package's own). */
  worker?: Worker;
  /** Where worker.js is served (default: beside this module). */
  workerURL?: string | URL;
  /** The folder of Pyodide's files, as loadEngine takes it (a page without a bundler names it). */
  indexURL?: string | URL;
  /** The folder of the package's wheels/ (default: the package's own). */
  wheelsURL?: string | URL;
}

/** Starts the engine in a module Web Worker and returns at once; calls wait for it to load. */
export function startEngineWorker(options?: EngineWorkerOptions): EngineWorker;
