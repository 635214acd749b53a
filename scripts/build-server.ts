/**
 * `pnpm build:server [--force]`: compiles the server processes to JavaScript (issue 22 §9: an API
 * process restarted through tsx took 44–84 s to answer again). One ESM bundle per process, made by
 * esbuild from the app's and the workspace packages' TypeScript:
 *
 * | process | entry                         | output                                                    |
 * |---------|-------------------------------|-----------------------------------------------------------|
 * | api     | apps/api/src/server.ts        | apps/api/dist/server.js (+ import-inspect.js, its thread)  |
 * | worker  | apps/worker/src/main.ts       | apps/worker/dist/main.js                                  |
 * | tracker | apps/tracker/src/main.ts      | apps/tracker/dist/main.js                                 |
 *
 * `dist/<name>.js` is a launcher (the compile cache, see {@link launcher}); the code is in
 * `dist/<name>.bundle.js` with its source map.
 *
 * Rules of the bundle (scripts/lib/bundle-plugin.ts):
 * - npm packages are not bundled: each import of one is written as the relative path of the file
 *   Node would load (resolved from the importing package, as pnpm lays them out), so a package's
 *   own dependencies (Prisma's generated client and its wasm, argon2's native addon, exceljs …)
 *   load exactly as under tsx, and a dependency declared only by a workspace package still resolves.
 * - `import.meta.url` / `import.meta.dirname` of a bundled file keep meaning that file's own place
 *   (paths.ts finds the repository root, the region loader its Lua style), relative to the bundle.
 *
 * Up to date = the same inputs: dist/build-stamp.json holds the sha-256 of every bundled file,
 * the lockfile and this script; a run with nothing changed writes nothing (start.sh runs it on
 * every start). Exit status 1 on a build error.
 */
import { build, type BuildOptions } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundlePlugin, BUNDLE_BANNER } from './lib/bundle-plugin';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A server process: its app folder and entry points (name → source, relative to the app). */
interface Target {
  app: string;
  entries: Record<string, string>;
}

const TARGETS: Target[] = [
  { app: 'apps/api', entries: { server: 'src/server.ts', 'import-inspect': '../../packages/import/src/inspect-thread.ts' } },
  { app: 'apps/worker', entries: { main: 'src/main.ts' } },
  { app: 'apps/tracker', entries: { main: 'src/main.ts' } },
];

/** Files whose change rebuilds every target besides the bundled sources. */
const COMMON_INPUTS = ['pnpm-lock.yaml', 'scripts/build-server.ts', 'scripts/lib/bundle-plugin.ts'];

async function sha(file: string): Promise<string | null> {
  try {
    return createHash('sha256').update(await readFile(path.join(root, file))).digest('hex');
  } catch {
    return null;
  }
}

async function hashes(files: string[]): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const f of [...files].sort()) out[f] = await sha(f);
  return out;
}

/** True when the stamp of `target` lists the same inputs with the same contents. */
async function upToDate(stampFile: string): Promise<boolean> {
  let stamp: { inputs: Record<string, string | null> };
  try {
    stamp = JSON.parse(await readFile(stampFile, 'utf8')) as typeof stamp;
  } catch {
    return false;
  }
  const now = await hashes(Object.keys(stamp.inputs));
  return Object.entries(stamp.inputs).every(([f, h]) => now[f] === h);
}

/**
 * `dist/<name>.js`, the file a process starts: turns on V8's compile cache (node:module
 * enableCompileCache; in the OS temp folder, or NODE_COMPILE_CACHE) before anything is loaded, so
 * a restart reuses the bytecode of the bundle and of every npm package instead of compiling them
 * again, then imports the bundle.
 */
function launcher(name: string): string {
  return [
    '// Written by scripts/build-server.ts: the compile cache first, then the bundle.',
    "import { enableCompileCache } from 'node:module';",
    'enableCompileCache?.();',
    `await import('./${name}.bundle.js');`,
    '',
  ].join('\n');
}

async function buildTarget(t: Target, force: boolean): Promise<'built' | 'up to date'> {
  const appDir = path.join(root, t.app);
  const outdir = path.join(appDir, 'dist');
  const stampFile = path.join(outdir, 'build-stamp.json');
  if (!force && (await upToDate(stampFile))) return 'up to date';
  const options: BuildOptions = {
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(t.entries).map(([name, src]) => [`${name}.bundle`, path.join(appDir, src)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // As Node resolves an ESM import: no "module" main field, the "import" condition.
    mainFields: ['main'],
    conditions: ['node', 'import'],
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    banner: { js: BUNDLE_BANNER },
    plugins: [bundlePlugin(outdir)],
  };
  const result = await build(options);
  const inputs = Object.keys(result.metafile!.inputs).filter((f) => !f.includes('node_modules'));
  await mkdir(outdir, { recursive: true });
  for (const name of Object.keys(t.entries)) await writeFile(path.join(outdir, `${name}.js`), launcher(name));
  await writeFile(stampFile, JSON.stringify({ inputs: await hashes([...inputs, ...COMMON_INPUTS]) }, null, 1));
  return 'built';
}

const force = process.argv.includes('--force');
const started = Date.now();
for (const t of TARGETS) {
  const state = await buildTarget(t, force);
  console.log(`build:server ${t.app}: ${state}`);
}
console.log(`build:server done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
