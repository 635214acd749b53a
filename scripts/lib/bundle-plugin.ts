/**
 * The esbuild plugin of scripts/build-server.ts: what is bundled and how bundled files keep their
 * place.
 *
 * - A bare import (`pg`, `@prisma/client/runtime/client`, `exceljs`) that resolves into
 *   node_modules stays external, written as the relative path (from the bundle's folder) of the
 *   very file esbuild resolved from the importing file — pnpm gives each package only its own
 *   declared dependencies, so `papaparse` (a dependency of @tko/import) is not resolvable by name
 *   from apps/api/dist but its file is. Node builtins stay as they are; workspace packages
 *   (`@tko/*`, which export TypeScript) resolve to their sources and are bundled.
 * - In a bundled workspace file, `import.meta.url` becomes the URL of that source file computed
 *   from the bundle's own URL at run time (`__tkoSourceUrl('../../../packages/db/src/paths.ts')`),
 *   `import.meta.dirname` / `import.meta.filename` its folder / path — so code that finds files
 *   next to its source (prisma/migrations, region/address.lua) works from dist/ wherever the
 *   checkout lives. The helpers are declared once by {@link BUNDLE_BANNER}.
 * - `__TKO_BUNDLE_URL__` (the bundle's own URL, a banner constant) tells code that it runs
 *   compiled and where the sibling entry files are (the import inspection's thread).
 */
import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';

/** Declared at the top of every bundle; names prefixed so as not to meet bundled code's names. */
export const BUNDLE_BANNER = [
  "import { fileURLToPath as __tkoFileURLToPath } from 'node:url';",
  "import { dirname as __tkoDirname } from 'node:path';",
  "import { createRequire as __tkoCreateRequire } from 'node:module';",
  'const __TKO_BUNDLE_URL__ = import.meta.url;',
  'const __tkoSourceUrl = (rel) => new URL(rel, import.meta.url).href;',
  'const require = __tkoCreateRequire(import.meta.url);',
].join('\n');

const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g;

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** The plugin for a bundle written into `outdir` (absolute). */
export function bundlePlugin(outdir: string): Plugin {
  const relative = (file: string) => {
    const rel = toPosix(path.relative(outdir, file));
    return rel.startsWith('.') ? rel : `./${rel}`;
  };
  return {
    name: 'tko-bundle',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'tko-resolving' || isBuiltin(args.path)) return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'tko-resolving' });
        // An optional dependency a package requires inside try/catch (pg-native, bufferutil):
        // left to fail at run time as it would without the bundle.
        if (r.errors.length > 0) return args.importer.includes(`${path.sep}node_modules${path.sep}`) ? { path: args.path, external: true } : { errors: r.errors };
        if (r.external || !r.path.includes(`${path.sep}node_modules${path.sep}`)) return r.path ? { path: r.path, external: r.external } : undefined;
        return { path: relative(r.path), external: true };
      });
      b.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.')) return undefined;
        const self = JSON.stringify(relative(args.path));
        const contents = source.replace(IMPORT_META, (_m, what: string) =>
          what === 'url' ? `__tkoSourceUrl(${self})` : what === 'filename' ? `__tkoFileURLToPath(__tkoSourceUrl(${self}))` : `__tkoDirname(__tkoFileURLToPath(__tkoSourceUrl(${self})))`,
        );
        return { contents, loader: 'ts', resolveDir: path.dirname(args.path) };
      });
    },
  };
}
