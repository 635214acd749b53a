/**
 * The typed call (src/api/call-route.ts) against a real HTTP server on 127.0.0.1: the path is
 * built from the description, the query and body are sent, and the answer is parsed with the
 * description's response schema — an answer of another shape is refused with a clear error.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, jobStatusRoute } from '@tko/contract';
import { AnswerShapeError, createCallRoute } from '../../src/api/call-route';
import { ApiError } from '../../src/api/errors';
import { createHttpClient } from '../../src/api/http';

interface Seen { method: string; url: string; body: string; auth: string | undefined }
const seen: Seen[] = [];
/** path → [status, body] the server answers. */
const answers = new Map<string, [number, unknown]>();
let server: Server;
let base = '';

const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let s = '';
  req.on('data', (c: Buffer) => (s += c.toString()));
  req.on('end', () => resolve(s));
});

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ method: req.method!, url: req.url!, body: await read(req), auth: req.headers.authorization });
    const [status, body] = answers.get(req.url!.split('?')[0]!) ?? [404, { detail: 'Страница не найдена.' }];
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(status === 204 ? undefined : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const session = { validAccessToken: async () => 'token-1', renewAfter: async () => null, signOut: () => undefined };
const callRoute = createCallRoute(createHttpClient({ fetch: (url, init) => fetch(`${base}${url}`, init), session }));

const thingRoute = defineRoute({
  method: 'PUT', path: '/api/things/:id/', permission: 'things:change', tags: ['test'], summary: 'Тест',
  params: z.object({ id: z.string() }), query: z.object({ ids: z.array(z.number()).optional(), flag: z.string().optional() }),
  body: z.object({ name: z.string() }), response: { 200: z.object({ id: z.number().int(), name: z.string() }) },
});

describe('callRoute', () => {
  it('builds the path, sends query and body with the token, and parses the answer', async () => {
    answers.set('/api/things/7/', [200, { id: 7, name: 'Площадка', extra: 'отброшено' }]);
    const out = await callRoute(thingRoute, { params: { id: 7 }, query: { ids: [1, 2], flag: undefined }, body: { name: 'Площадка' } });
    expect(out).toEqual({ id: 7, name: 'Площадка' });
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: 'PUT', url: '/api/things/7/?ids=1%2C2', body: '{"name":"Площадка"}', auth: 'Bearer token-1' });
  });

  it('refuses an answer that does not match the schema, naming the call and the field', async () => {
    answers.set('/api/things/8/', [200, { id: 'восемь', name: 'Площадка' }]);
    const err = await callRoute(thingRoute, { params: { id: 8 }, body: { name: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnswerShapeError);
    expect((err as AnswerShapeError).message).toContain('PUT /api/things/:id/');
    expect((err as AnswerShapeError).issues[0]!.path).toEqual(['id']);
  });

  it('refuses a success status the description does not list', async () => {
    answers.set('/api/things/9/', [201, { id: 9, name: 'x' }]);
    await expect(callRoute(thingRoute, { params: { id: 9 }, body: { name: 'x' } })).rejects.toBeInstanceOf(AnswerShapeError);
  });

  it('passes error statuses on as ApiError with the DRF body', async () => {
    answers.set('/api/jobs/abc/', [404, { detail: 'Страница не найдена.' }]);
    const err = await callRoute(jobStatusRoute, { params: { id: 'abc' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
  });

  it('parses a contract route: the job status', async () => {
    const job = { id: 'j-1', name: 'xlsx-export', state: 'active', progress: 40, file_url: null, file_name: null, error: null };
    answers.set('/api/jobs/j-1/', [200, job]);
    expect(await callRoute(jobStatusRoute, { params: { id: 'j-1' } })).toEqual(job);
    answers.set('/api/jobs/j-2/', [200, { ...job, id: 'j-2', state: 'перепутано' }]);
    await expect(callRoute(jobStatusRoute, { params: { id: 'j-2' } })).rejects.toThrow(/не соответствует контракту/);
  });

  it('a missing path parameter is refused before anything is sent', async () => {
    const before = seen.length;
    await expect(callRoute(thingRoute, { params: {} as { id: string }, body: { name: 'x' } })).rejects.toThrow(/id/);
    expect(seen.length).toBe(before);
  });
});
