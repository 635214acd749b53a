/**
 * Serves the built web app (apps/web/dist) on the same address as the API, with the
 * history-mode fallback: a GET or HEAD outside /api and /ws that is not a file answers index.html.
 * A missing file under /assets/ (a stale chunk after a redeploy) answers 404, not the page,
 * and unknown /api paths keep their JSON 404. Whether the build exists is checked per request,
 * so building the web app after the server started needs no restart.
 *
 * Caching and compression (issue 15 §1):
 * - `/assets/*` names carry a content hash: `Cache-Control: public, max-age=31536000, immutable`;
 * - index.html and the other unhashed files: `no-cache` (revalidated on every load);
 * - every file has `ETag` and `Last-Modified` (@fastify/send), so a revalidation is a 304;
 * - the build writes `.br` and `.gz` beside each text file; `preCompressed` sends the one the
 *   request's Accept-Encoding prefers (br, then gzip), with `Vary: Accept-Encoding`;
 * - source maps (`*.map`, written beside the build) are never served: 404 (docs/DECISIONS.md
 *   «Source maps»).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@tko/contract';

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** One year, in milliseconds (@fastify/send's `maxAge` unit). */
const YEAR_MS = 365 * 24 * 3600 * 1000;
const HASHED = { maxAge: YEAR_MS, immutable: true };
const REVALIDATE = { cacheControl: false };

export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  await app.register(fastifyStatic, { root, wildcard: false, index: false, serve: false, preCompressed: true });
  app.setNotFoundHandler((request, reply) => {
    const url = decodeURIComponent(request.url.split('?')[0]!);
    const read = request.method === 'GET' || request.method === 'HEAD';
    const isPage = read && !url.startsWith('/api/') && !url.startsWith('/ws') && !url.startsWith('/assets/');
    const file = path.join(root, url);
    if (read && !url.endsWith('.map') && file.startsWith(root + path.sep) && isFile(file)) {
      const hashed = url.startsWith('/assets/');
      if (!hashed) reply.header('Cache-Control', 'no-cache');
      return reply.sendFile(path.relative(root, file), hashed ? HASHED : REVALIDATE);
    }
    if (isPage && isFile(path.join(root, 'index.html'))) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', REVALIDATE);
    return reply.status(404).send({ detail: MSG.notFound, code: 'not_found' });
  });
}
