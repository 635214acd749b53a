/**
 * Serves the built web app (apps/web/dist) on the same address as the API, with the
 * history-mode fallback: a GET outside /api and /ws that is not a file answers index.html.
 * A missing file under /assets/ (a stale chunk after a redeploy) answers 404, not the page,
 * and unknown /api paths keep their JSON 404. Whether the build exists is checked per request,
 * so building the web app after the server started needs no restart.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@tko/contract';

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  await app.register(fastifyStatic, { root, wildcard: false, index: false, serve: false });
  app.setNotFoundHandler((request, reply) => {
    const url = decodeURIComponent(request.url.split('?')[0]!);
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/ws') && !url.startsWith('/assets/');
    const file = path.join(root, url);
    if (request.method === 'GET' && file.startsWith(root + path.sep) && isFile(file)) return reply.sendFile(path.relative(root, file));
    if (isPage && isFile(path.join(root, 'index.html'))) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ detail: MSG.notFound, code: 'not_found' });
  });
}
