/**
 * Compression and revalidation of the API's answers (issue 15 §1):
 *
 * - **ETag** on every buffered answer (JSON lists and cards, vector tiles, GeoJSON; @fastify/etag, a
 *   sha1 of the body); a GET/HEAD whose `If-None-Match` matches answers **304** with no body, so a
 *   reload revalidates instead of refetching. Streams (xlsx exports, files) carry no ETag.
 * - **Cache-Control: private, no-cache** on successful GET/HEAD answers under /api/ that set none
 *   (the browser keeps the answer per user and asks again with its ETag each time); tiles and
 *   attachments keep their own (`private, no-cache`, the public tiles `public, max-age=60`).
 * - **Compression** (@fastify/compress): br or gzip as the request's Accept-Encoding prefers, for
 *   answers of 1 KiB and more whose type compresses — JSON, GeoJSON, CSV, and the vector tiles
 *   (`application/vnd.mapbox-vector-tile`, protobuf: ~4× smaller); xlsx/zip stay as they are (mime-db
 *   marks them incompressible) and keep streaming. Request bodies are not decompressed (no client
 *   sends them compressed; the input surface stays what the fuzz test covers).
 *
 * The built web app's files are compressed at build time (apps/web vite.config.ts) and sent by
 * plugins/web.ts. Register on the root before the modules; ETag before compression (it hashes the
 * plain body).
 */
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/** Types compressed beside what mime-db marks compressible: vector tiles and GeoJSON. */
export const EXTRA_COMPRESSIBLE = /^application\/(vnd\.mapbox-vector-tile|x-protobuf|geo\+json)\b/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(etag);
  app.addHook('onSend', async (request, reply, payload) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && reply.statusCode === 200 && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'private, no-cache');
    return payload;
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, customTypes: EXTRA_COMPRESSIBLE, globalDecompression: false });
}
