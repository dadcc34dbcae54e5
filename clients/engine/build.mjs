// Puts into @coup-rules/engine (clients/engine/) what it runs and is not committed:
//
// - wheels/: the pure-Python wheel of coup_rules built from this repository, and the wheels of
//   its dependencies (attrs, cattrs, typing_extensions) from PyPI, at the versions installed
//   in the Python that builds (so CPython and the package run the same code), and
//   wheels/manifest.json naming them (the engine installs them in this order);
// - types/index.d.ts: the declarations of the JSON Schemas, as scripts/schema_types.mjs
//   generates them for @coup-rules/client (clients/js/types/index.d.ts);
// - LICENSE: the repository's.
//
//   node clients/engine/build.mjs            build (needs Python with pip, and PyPI, or --wheels)
//   node clients/engine/build.mjs --wheels DIR   take the dependencies' wheels from DIR (offline)
//   node clients/engine/build.mjs --check    fail if a built file is missing (npm pack runs it)
//
// PYTHON names the interpreter (default: the repository's .venv, else python3).
import { execFileSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const DEPENDENCIES = ["attrs", "cattrs", "typing_extensions"];
const WHEELS = join(here, "wheels");

function python() {
  if (process.env.PYTHON) return process.env.PYTHON;
  const venv = join(root, ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}

/** The Python version of the Pyodide this package depends on, e.g. "3.14". */
async function pyodidePython() {
  const lock = JSON.parse(
    await readFile(join(here, "node_modules", "pyodide", "pyodide-lock.json"), "utf8"),
  );
  return lock.info.python.split(".").slice(0, 2).join(".");
}

function run(command, args) {
  return execFileSync(command, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

/** coup_rules's version (PEP 440) as npm writes it: 1.2.0, 1.2.0-dev.0, 1.2.0-rc.1. */
export function npmVersion(python) {
  const match = /^(\d+\.\d+\.\d+)(?:\.?(dev|a|b|rc)(\d+))?$/.exec(python);
  if (match === null) throw new Error(`coup_rules's version ${python} has no npm form`);
  const [, release, pre, number] = match;
  const word = { dev: "dev", a: "alpha", b: "beta", rc: "rc" }[pre];
  return pre === undefined ? release : `${release}-${word}.${number}`;
}

async function check() {
  const manifest = JSON.parse(await readFile(join(WHEELS, "manifest.json"), "utf8"));
  const missing = [...manifest.wheels.map((w) => join(WHEELS, w)), join(here, "types", "index.d.ts"), join(here, "LICENSE")].filter(
    (path) => !existsSync(path),
  );
  if (missing.length) throw new Error(`not built: ${missing.join(", ")}: run node clients/engine/build.mjs`);
  const version = JSON.parse(await readFile(join(here, "package.json"), "utf8")).version;
  if (version !== npmVersion(manifest.coup_rules)) {
    throw new Error(`package.json's version is ${version}; coup_rules ${manifest.coup_rules} is ${npmVersion(manifest.coup_rules)}`);
  }
  console.log(`@coup-rules/engine ${version}: coup_rules ${manifest.coup_rules}, ${manifest.wheels.length} wheels`);
}

async function build(wheelsFrom) {
  const py = python();
  const target = await pyodidePython();
  const versions = JSON.parse(
    run(py, [
      "-c",
      "import json, sys, importlib.metadata as m; print(json.dumps({n: m.version(n) for n in sys.argv[1:]}))",
      "coup_rules",
      ...DEPENDENCIES,
    ]),
  );
  const work = await mkdtemp(join(tmpdir(), "coup-rules-engine-"));
  try {
    run(py, ["-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", work, root]);
    const pins = DEPENDENCIES.map((n) => `${n}==${versions[n]}`);
    if (wheelsFrom === undefined) {
      run(py, [
        "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--python-version", target, "--implementation", "py", "--dest", work, ...pins,
      ]);
    } else {
      for (const name of await readdir(wheelsFrom)) {
        if (name.endsWith(".whl")) await copyFile(join(wheelsFrom, name), join(work, name));
      }
    }
    const built = (await readdir(work)).filter((n) => n.endsWith(".whl"));
    const wheelOf = (project) => {
      const prefix = `${project.replace(/-/g, "_")}-`;
      const found = built.filter((n) => n.toLowerCase().startsWith(prefix.toLowerCase()));
      const wanted = found.find((n) => n.includes(`-${versions[project] ?? ""}-`)) ?? found[0];
      if (wanted === undefined) throw new Error(`no wheel of ${project} in ${built.join(", ")}`);
      if (!wanted.endsWith("-py3-none-any.whl")) throw new Error(`${wanted} is not a pure wheel`);
      return wanted;
    };
    const wheels = [...DEPENDENCIES, "coup_rules"].map(wheelOf);
    await rm(WHEELS, { recursive: true, force: true });
    await mkdir(WHEELS, { recursive: true });
    for (const name of wheels) await copyFile(join(work, name), join(WHEELS, name));
    const manifest = { coup_rules: versions.coup_rules, python: target, wheels };
    await writeFile(join(WHEELS, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  await mkdir(join(here, "types"), { recursive: true });
  await copyFile(join(root, "clients", "js", "types", "index.d.ts"), join(here, "types", "index.d.ts"));
  await copyFile(join(root, "LICENSE"), join(here, "LICENSE"));
  await check();
}

const args = process.argv.slice(2);
if (process.argv[1] !== fileURLToPath(import.meta.url)) {
  // imported (for npmVersion): nothing to do
} else if (args[0] === "--check") {
  await check();
} else if (args.length === 0 || (args[0] === "--wheels" && args.length === 2)) {
  await build(args[1]);
} else {
  console.error("usage: node clients/engine/build.mjs [--wheels DIR | --check]");
  process.exit(2);
}
