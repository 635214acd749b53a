/**
 * Serves the built web app (apps/web/dist) on the same address as the API, with the
 * history-mode fallback: any GET outside /api and /ws that is not a file answers index.html.
 * Unknown /api paths keep their JSON 404.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@tko/contract';

export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    if (hasWeb && request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/ws')) {
      const file = path.join(webDist, url);
      if (url !== '/' && file.startsWith(webDist) && existsSync(file) && !file.endsWith('/')) return reply.sendFile(url.slice(1));
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ detail: MSG.notFound, code: 'not_found' });
  });
}
