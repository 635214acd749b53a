/**
 * Security headers (issue 8 §5) on HTML, assets, JSON, errors and files alike: the CSP of the
 * web app (frame-ancestors 'none', worker-src blob:, no script from elsewhere, the origin of
 * MAP_STYLE_URL), Referrer-Policy, nosniff, X-Frame-Options. The real app serving a small
 * built-app folder; the browser test (apps/web/test/e2e/csp.e2e.test.ts) proves the real build
 * draws the map under this policy.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'tko-headers-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>');
  writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1);');
  t = await startTestApp({ overrides: { webDist: web, mapStyleUrl: 'https://tiles.example.org/styles/basic/style.json' } });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

/** The CSP as directive → sources. */
function csp(header: string | undefined): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(header!.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...sources] = d.split(/\s+/);
    return [name!, sources];
  }));
}

function expectHeaders(res: request.Response) {
  const p = csp(res.headers['content-security-policy']);
  expect(p['default-src']).toEqual(["'self'"]);
  expect(p['script-src']).toEqual(["'self'"]);
  expect(p['frame-ancestors']).toEqual(["'none'"]);
  expect(p['object-src']).toEqual(["'none'"]);
  expect(p['worker-src']).toEqual(["'self'", 'blob:']);
  expect(p['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  expect(p['connect-src']).toEqual(["'self'", 'https://tiles.example.org']);
  expect(p['img-src']).toContain('https://tiles.example.org');
  expect(p['upgrade-insecure-requests']).toBeUndefined();
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it.each([
    ['the app page', '/terr-schema/map/', 200, /text\/html/],
    ['an asset', '/assets/app.js', 200, /javascript/],
    ['a public JSON list', '/api/public/v1/waste-area/container/', 200, /application\/json/],
    ['a 401', '/api/users/me/', 401, /application\/json/],
    ['an unknown API path', '/api/no-such-thing/', 404, /application\/json/],
    ['the OpenAPI document', '/api/openapi.json', 200, /application\/json/],
  ])('%s (%s) carries them', async (_name, url, status, type) => {
    const res = await request(t.app.server).get(url);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(type);
    expectHeaders(res);
  });

  it('a signed-in JSON answer and a validation error carry them', async () => {
    const ok = await request(t.app.server).get('/api/users/me/').set(t.auth('admin'));
    expect(ok.status).toBe(200);
    expectHeaders(ok);
    const bad = await request(t.app.server).post('/api/auth/token/').send({});
    expect(bad.status).toBe(400);
    expectHeaders(bad);
  });
});
