/**
 * Serving for a fast first paint (issue 15 §1): compression negotiated from Accept-Encoding (br,
 * gzip, none) on the built app's files (pre-compressed at build time), JSON lists and vector tiles;
 * xlsx left as it is; year-long immutable caching of hashed /assets/*, `no-cache` on index.html;
 * ETag → 304 on revalidation of files, lists and tiles; HEAD answering wherever GET does (/, /auth/,
 * SPA routes, /assets/*); source maps never served. Raw node:http requests, so the bytes on the
 * wire are what is checked (no client-side decompression).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
let web: string;
let base: string;

const INDEX = `<!doctype html><html lang="ru"><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}<script type="module" src="/assets/app-abc123.js"></script></body></html>`;
const ASSET = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"Площадка ${i}"}`).join(',')}];`;

/** A raw request: status, headers and the body bytes as sent. */
function raw(method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The body decoded by its Content-Encoding. */
function decoded(res: { headers: http.IncomingHttpHeaders; body: Buffer }): Buffer {
  const enc = res.headers['content-encoding'];
  return enc === 'br' ? brotliDecompressSync(res.body) : enc === 'gzip' ? gunzipSync(res.body) : res.body;
}

/** Slippy-map tile of a point (EPSG:3857 tiling). */
function tileOf(lat: number, lng: number, z: number): [number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return [Math.floor(((lng + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)];
}

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'tko-serving-web-'));
  mkdirSync(path.join(web, 'assets'));
  // What the Vite build writes: the file, its .br and .gz (vite-plugin-compression2), a hidden source map.
  const files: Record<string, string> = { 'index.html': INDEX, 'assets/app-abc123.js': ASSET };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(web, name), text);
    writeFileSync(path.join(web, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(web, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(path.join(web, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  t = await startTestApp({ overrides: { webDist: web } });
  // 60 sites near Angarsk: a list and a tile big enough to be compressed (≥ 1 KiB).
  for (let i = 0; i < 60; i += 10) {
    await Promise.all(Array.from({ length: 10 }, (_, k) => request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin'))
      .send(siteBody({ identifier: `КП-${i + k}`, coordinates: { lat: 52.54 + (i + k) * 0.0005, lng: 103.87 + (i + k) * 0.0005 } }))
      .expect(201)));
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('compression', () => {
  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
    [undefined, 'identity'],
  ])('the app files go out as %s for Accept-Encoding «%s»', async (enc, accept) => {
    for (const [url, text] of [['/assets/app-abc123.js', ASSET], ['/auth/', INDEX]] as const) {
      const res = await raw('GET', url, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(enc);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(res).toString()).toBe(text);
      if (enc) expect(res.body.length).toBeLessThan(text.length / 3);
    }
  });

  it('JSON lists and vector tiles are compressed (br preferred), 4× smaller or better', async () => {
    const list = await raw('GET', '/api/public/v1/waste-area/container/?page_size=100', { 'accept-encoding': 'gzip, br' });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const json = JSON.parse(decoded(list).toString()) as { count: number };
    expect(json.count).toBe(60);
    expect(list.body.length * 4).toBeLessThan(decoded(list).length);

    const [x, y] = tileOf(52.55, 103.88, 8);
    const plain = await raw('GET', `/api/public/v1/waste-area/tiles/8/${x}/${y}.mvt`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const tile = await raw('GET', `/api/waste-area/tiles/8/${x}/${y}.mvt`, { ...t.auth('admin'), 'accept-encoding': 'gzip' });
    expect(tile.status).toBe(200);
    expect(tile.headers['content-type']).toMatch(/vnd\.mapbox-vector-tile/);
    expect(tile.headers['content-encoding']).toBe('gzip');
    expect(decoded(tile).equals(plain.body)).toBe(true);
    expect(tile.body.length * 2).toBeLessThan(plain.body.length);
  });

  it('an xlsx export is sent as it is (already a zip)', async () => {
    const res = await raw('POST', '/api/waste-area/container/xlsx/', { ...t.auth('admin'), 'accept-encoding': 'gzip, br', 'content-type': 'application/json' }, '{}');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('caching and revalidation', () => {
  it('hashed assets are immutable for a year; index.html and SPA routes are no-cache', async () => {
    const asset = await raw('GET', '/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/auth/', '/terr-schema/containers/container/']) {
      const page = await raw('GET', url);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.etag).toBeTruthy();
      expect(page.headers['last-modified']).toBeTruthy();
    }
  });

  it('files, lists and tiles answer 304 to a revalidation with their ETag', async () => {
    const [x, y] = tileOf(52.55, 103.88, 8);
    const cases: [string, Record<string, string>][] = [
      ['/auth/', {}],
      ['/assets/app-abc123.js', {}],
      ['/api/waste-area/container/?page=1', t.auth('admin')],
      [`/api/waste-area/tiles/8/${x}/${y}.mvt`, t.auth('admin')],
      [`/api/public/v1/waste-area/tiles/8/${x}/${y}.mvt`, {}],
    ];
    for (const [url, auth] of cases) {
      const first = await raw('GET', url, { ...auth, 'accept-encoding': 'gzip, br' });
      expect(first.status, url).toBe(200);
      expect(first.headers.etag, url).toBeTruthy();
      const again = await raw('GET', url, { ...auth, 'accept-encoding': 'gzip, br', 'if-none-match': first.headers.etag! });
      expect(again.status, url).toBe(304);
      expect(again.body.length, url).toBe(0);
    }
    const list = await raw('GET', '/api/waste-area/container/?page=1', t.auth('admin'));
    expect(list.headers['cache-control']).toBe('private, no-cache');
  });

  it('a changed list gets a new ETag: the stale one is answered in full', async () => {
    const url = '/api/waste-area/container/?page=1&page_size=5';
    const first = await raw('GET', url, t.auth('admin'));
    await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({ identifier: 'КП-новая' })).expect(201);
    const again = await raw('GET', url, { ...t.auth('admin'), 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(200);
    expect(again.headers.etag).not.toBe(first.headers.etag);
  });
});

describe('HEAD and source maps', () => {
  it.each(['/', '/auth/', '/terr-schema/map/', '/assets/app-abc123.js', '/api/public/v1/waste-area/container/'])('HEAD %s answers 200 like GET, without a body', async (url) => {
    const get = await raw('GET', url);
    const head = await raw('HEAD', url);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body.length).toBe(0);
  });

  it('a missing asset is a 404 for GET and HEAD; source maps are not served', async () => {
    expect((await raw('GET', '/assets/gone-123.js')).status).toBe(404);
    expect((await raw('HEAD', '/assets/gone-123.js')).status).toBe(404);
    expect((await raw('GET', '/assets/app-abc123.js.map')).status).toBe(404);
    expect((await raw('GET', '/assets/app-abc123.js.map', t.auth('admin'))).status).toBe(404);
  });
});
