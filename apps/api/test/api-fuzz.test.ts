/**
 * Property-based sweep of the whole API surface (issue 8 §2): every operation of the served
 * OpenAPI document (GET /api/openapi.json) gets requests generated with fast-check — path
 * parameters, query strings and JSON bodies from the operation's schema (and, for registries, a
 * valid create body with fields replaced) mixed with hostile values (fuzz/arbitraries.ts);
 * multipart uploads get broken and odd multipart bodies and XLSX workbooks past the reader's
 * bounds; lists and strings past their bounds (fuzz/arbitraries.ts OVERSIZED) — sent as the admin, as a signed-in user
 * without permissions and anonymously, on the real app (PostgreSQL, Redis queues). Asserted:
 * - no answer is 5xx;
 * - every 4xx is DRF-shaped: `{detail: "..."}` (the batch transaction's `{index, detail}` too)
 *   or `{field: ["...", ...]}`;
 * - an anonymous call of a non-public operation is 401 and a call without the permission 403
 *   (404 only when the generated path matches no route), before any validation;
 * - the admin (every permission) never gets 403: no generated edit can lock them out.
 * Operations left out are listed in EXCLUDED with their reason; the test fails if one of them
 * disappears from the document. Time-boxed for CI: FUZZ_RUNS runs per operation (default 30),
 * at most FUZZ_SECONDS for the sweep (default 25), seed FUZZ_SEED (printed with every failure;
 * rerun with it to reproduce). bench/fuzz.ts runs the same file for minutes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@tko/contract';
import { openQueues } from '../src/modules/jobs/queue';
import type { Queues } from '../src/modules/jobs/queue';
import { openImportQueue } from '../src/modules/import/import-queue';
import type { ImportQueue } from '../src/modules/import/import-queue';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { freshBody } from './registry-rows';
import { encodeLoose, fromSchema, hostileValue, pathValue, queryValue, toJson } from './fuzz/arbitraries';
import type { Schema } from './fuzz/arbitraries';
import { multipartBody } from './fuzz/multipart';
import { rawXlsx } from './raw-xlsx';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Operations of the document the sweep does not call, with the reason. (Not in the document at
 * all, so not listed: the websocket upgrade GET /ws/ — STOMP frames are fuzzed by
 * stomp-frames.test.ts — and GET /api/openapi.json itself.)
 */
const EXCLUDED: Record<string, string> = {};

type Caller = 'admin' | 'nobody' | 'anon';

interface Operation {
  key: string;
  method: string;
  path: string;
  pathParams: { name: string; schema?: Schema }[];
  queryParams: { name: string; schema?: Schema }[];
  body?: Schema;
  multipart: boolean;
  isPublic: boolean;
  /** 'user' (any signed-in user) or a named permission. */
  needs: 'none' | 'user' | 'permission';
  /** A valid body to mutate (registry creates and updates). */
  example?: Record<string, unknown>;
  resourcePath?: string;
}

interface Req {
  caller: Caller;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

let t: TestApp;
let queues: Queues;
let imports: ImportQueue;
let ops: Operation[];
/** Ids of existing rows per registry path (seeded), so the handlers behind a 404 are reached. */
const known = new Map<string, string[]>();
/** Workbooks past the XLSX bounds (xlsx-limits.ts) sent to the uploads: 70 shared strings of 1 MB, a 40 000-character cell. */
const bigFiles: { name: string; content: Buffer }[] = [];

beforeAll(async () => {
  const prefix = `tko-test-fuzz-${randomBytes(4).toString('hex')}`;
  queues = openQueues(REDIS_URL, prefix)!;
  imports = openImportQueue(REDIS_URL, prefix)!;
  const dir = mkdtempSync(path.join(tmpdir(), 'tko-fuzz-'));
  t = await startTestApp({
    queues,
    // Tokens outlive a long run (bench/fuzz.ts: minutes; the access token's 300 s would end it).
    overrides: { accessTokenLifetime: 24 * 3600, exportDir: path.join(dir, 'exports'), importDir: path.join(dir, 'import'), attachmentsDir: path.join(dir, 'attachments') },
    extra: { imports },
  });
  const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body) as { paths: Record<string, Record<string, DocOperation>> };
  ops = operations(doc);
  bigFiles.push({ name: 'shared-strings.xlsx', content: await rawXlsx(70, 500_000) }, { name: 'long-cell.xlsx', content: await rawXlsx(2, 40_000) });
  // One row per registry, so id paths reach the handlers (and the writes behind them).
  for (const def of resources) {
    if (!def.example) continue;
    const res = await t.app.inject({ method: 'POST', url: def.path, headers: { ...t.auth('admin'), 'content-type': 'application/json' }, payload: JSON.stringify(freshBody(def, 'fuzz')) });
    if (res.statusCode === 201) known.set(def.path, [String(JSON.parse(res.body).id)]);
  }
}, 120_000);

afterAll(async () => {
  await queues?.exports.obliterate({ force: true }).catch(() => undefined);
  await queues?.close();
  await imports?.close();
  await t?.close();
});

interface DocOperation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
}

function operations(doc: { paths: Record<string, Record<string, DocOperation>> }): Operation[] {
  const typed = new Map(t.app.routeRegistry.typed.map((d) => [`${d.method} ${d.path}`, d]));
  const out: Operation[] = [];
  for (const [docPath, methods] of Object.entries(doc.paths)) {
    const fastifyPath = docPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const key = `${method} ${docPath}`;
      const def = typed.get(`${method} ${fastifyPath}`);
      const permission = def?.permission;
      const isPublic = op.security?.length === 0 || permission === 'public';
      const resource = resources.find((r) => docPath === r.path || docPath === `${r.path}{id}/`);
      const example = resource?.example && ['POST', 'PUT', 'PATCH'].includes(method) && !docPath.endsWith('/search/') ? freshBody(resource, 'fz') : undefined;
      out.push({
        key, method, path: docPath,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema,
        multipart: def?.consumes === 'multipart/form-data',
        isPublic,
        // A registry any signed-in user reads (ResourceDef.viewPermission 'user'): its list, card and search need no right.
        needs: isPublic ? 'none' : permission === 'user' || (!def && resources.some((r) => r.viewPermission === 'user' && docPath.startsWith(r.path))) ? 'user' : 'permission',
        example,
        resourcePath: resource?.path ?? resources.find((r) => docPath.startsWith(r.path))?.path,
      });
    }
  }
  return out;
}

/** A keyset cursor (base64url JSON) with values no list wrote: huge or unsafe ids, text for numbers and dates, NUL. */
const forgedCursor = fc
  .record({ k: fc.array(fc.oneof(fc.constantFrom('abc', '2026-02-31', '1e400', '\u0000', '99999999999999999999'), fc.constant(null)), { maxLength: 2 }), id: fc.constantFrom(1, 2 ** 40, 4611686018427388000, 1e300, -1, 0.5) })
  .map((c) => Buffer.from(toJson(c)).toString('base64url'));

/** Requests of one operation. */
function requestOf(op: Operation): fc.Arbitrary<Req> {
  const ids = [...(known.get(op.resourcePath ?? '') ?? [])];
  const pathArb = fc.tuple(...op.pathParams.map((p) => pathValue(p.schema, p.name === 'id' ? ids : []))).map((values) => {
    let url = op.path;
    op.pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodeLoose(values[i]!))));
    return url;
  });
  const queryArb = fc
    .tuple(
      fc.subarray(op.queryParams, { maxLength: Math.min(4, op.queryParams.length) }).chain((ps) => fc.tuple(...ps.map((p) => (p.name === 'cursor' ? fc.oneof(queryValue(p.schema), forgedCursor) : queryValue(p.schema)).map((v) => [p.name, v] as const)))),
      fc.option(fc.tuple(fc.constantFrom('unknown', 'a\u0000', 'page', 'search', 'id'), queryValue(undefined)), { freq: 4 }),
    )
    .map(([pairs, extra]) => {
      const all = extra ? [...pairs, extra] : pairs;
      return all.flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeLoose(k)}=${encodeLoose(x)}`)).join('&');
    });
  const bodyArb = op.multipart ? multipartBody(bigFiles) : jsonBody(op);
  return fc.tuple(fc.constantFrom<Caller>('admin', 'admin', 'admin', 'nobody', 'anon'), pathArb, queryArb, bodyArb).map(([caller, p, q, body]) => ({
    caller,
    method: op.method,
    url: q ? `${p}?${q}` : p,
    headers: { ...(caller === 'anon' ? {} : t.auth(caller)), ...(body ? { 'content-type': body.contentType } : {}) },
    payload: body?.payload,
  }));
}

/** A JSON body for writes: from the schema, a valid example with fields replaced, or a hostile top level. */
function jsonBody(op: Operation): fc.Arbitrary<{ contentType: string; payload: string | Buffer } | null> {
  if (op.method === 'GET' || op.method === 'DELETE') return fc.constant(null);
  const schema = op.body;
  const props = schema?.properties ?? {};
  const arbs: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [
    { weight: 4, arbitrary: fromSchema(schema) },
    { weight: 1, arbitrary: hostileValue() },
  ];
  if (op.example) {
    const example = op.example;
    const keys = [...new Set([...Object.keys(example), ...Object.keys(props)])];
    // Half the replaced values are hostile: the example gets the rest of the body past validation.
    const change = fc.constantFrom(...keys).chain((k) => fc.oneof(fromSchema(props[k]), hostileValue()).map((v) => [k, v] as const));
    arbs.push({ weight: 5, arbitrary: fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => ({ ...example, ...Object.fromEntries(changes) })) });
  }
  const special = SPECIAL_BODIES[op.key]?.();
  if (special) arbs.push({ weight: 6, arbitrary: special });
  return fc.oneof(...arbs).map((v) => ({ contentType: 'application/json', payload: toJson(v) }));
}

/** Registry create bodies with up to three fields replaced (schema values or hostile ones). */
function mutatedCreate(): fc.Arbitrary<unknown> {
  const defs = resources.filter((r) => r.example);
  return fc.constantFrom(...defs).chain((def) => {
    const example = freshBody(def, 'fz');
    const keys = Object.keys(def.fields);
    return fc.array(fc.tuple(fc.constantFrom(...keys), hostileValue()), { maxLength: 3 }).map((changes) => ({ ...example, ...Object.fromEntries(changes) }));
  });
}

/**
 * Bodies of the calls whose body no schema describes in the document (checked by their handlers):
 * the batch transaction, the DaData-shaped address suggestion, sign-in.
 */
const SPECIAL_BODIES: Record<string, () => fc.Arbitrary<unknown>> = {
  'POST /api/transaction/': () =>
    fc.record({
      operations: fc.array(
        fc.record({
          resource: fc.oneof(fc.constantFrom(...resources.map((r) => r.name)), hostileValue()),
          action: fc.oneof(fc.constantFrom('create', 'update', 'delete'), hostileValue()),
          id: fc.oneof(fc.constantFrom(1, 2, '1', 2147483648, 4611686018427388000, -1, 0), hostileValue()),
          data: fc.oneof({ weight: 3, arbitrary: mutatedCreate() }, { weight: 1, arbitrary: hostileValue() }),
        }, { requiredKeys: [] }),
        { maxLength: 3 },
      ),
    }),
  'POST /api/address/suggest/': () => fc.record({ query: fc.oneof(fc.constantFrom('Ангарск', 'ул'), hostileValue()), count: fc.oneof(fc.integer({ min: -5, max: 50 }), hostileValue()), locations: hostileValue() }, { requiredKeys: [] }),
  'POST /api/auth/token/': () => fc.record({ email: fc.oneof(fc.constant('admin@test.local'), hostileValue()), password: hostileValue() }, { requiredKeys: [] }),
};

/** Why an answer breaks the rules, or null. */
function problem(op: Operation, req: Req, status: number, text: string): string | null {
  if (status >= 500) return `answered ${status}`;
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  // The router refuses an undecodable URL or an over-long parameter before it knows the route.
  const router = status === 404 || status === 414 || (status === 400 && (body as { code?: string } | undefined)?.code === 'bad_url');
  if (req.caller === 'anon' && !op.isPublic && status !== 401 && !router) return `anonymous call answered ${status}, expected 401`;
  if (req.caller === 'nobody' && op.needs === 'permission' && status !== 403 && !router) return `call without the permission answered ${status}, expected 403`;
  // The admin holds every permission and no edit may take them away (self-lockout.ts): a 403 here
  // is a rule that refuses what the permissions allow, or the sweep's admin locked out.
  if (req.caller === 'admin' && status === 403) return 'the admin (every permission) answered 403';
  if (status < 400) return null;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === 'string') return null;
    const values = Object.values(b);
    if (values.length && values.every((v) => Array.isArray(v) && v.length && v.every((m) => typeof m === 'string'))) return null;
  }
  return `${status} answer is not DRF-shaped`;
}

const failures: string[] = [];
/** Every rule broken during the sweep (also in runs fast-check cut short). */
const found = new Set<string>();

describe('API fuzz', () => {
  it('excluded operations exist in the document', () => {
    for (const key of Object.keys(EXCLUDED)) expect(ops.map((o) => o.key), key).toContain(key);
  });

  it('no 5xx and DRF-shaped 4xx for every operation, caller and input', async () => {
    const swept = ops.filter((o) => !(o.key in EXCLUDED));
    expect(swept.length).toBeGreaterThan(100);
    const perOp = (SECONDS * 1000) / swept.length;
    let requests = 0;
    const statuses = new Map<string, number>();
    for (const op of swept) {
      const property = fc.asyncProperty(requestOf(op), async (req) => {
        const res = await t.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.payload });
        requests++;
        const tally = `${req.caller} ${res.statusCode}`;
        statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
        const why = problem(op, req, res.statusCode, res.body);
        if (why) {
          // Kept here too: a run cut by the time limit must not lose what it found.
          found.add(`${op.key}: ${why} — ${req.caller} ${req.method} ${req.url.slice(0, 200)} body=${String(req.payload ?? '').slice(0, 300)} → ${res.body.slice(0, 200)}`);
          throw new Error(`${why}: ${res.body.slice(0, 300)}`);
        }
      });
      // The first runs of every operation are never cut; the rest stop at the operation's share of the time.
      const first = Math.min(RUNS, 4);
      let result = await fc.check(property, { seed: SEED, numRuns: first, endOnFailure: true });
      if (!result.failed && RUNS > first) {
        result = await fc.check(property, { seed: SEED + 1, numRuns: RUNS - first, interruptAfterTimeLimit: perOp, markInterruptAsFailure: false, endOnFailure: true });
        if (result.failed && !result.counterexample && result.interrupted) continue;
      }
      if (result.failed && !result.counterexample) failures.push(`${op.key} [seed ${result.seed}]: ${fc.defaultReportMessage(result) ?? 'failed'}`);
      else if (result.failed) {
        const req = result.counterexample?.[0] as Req | undefined;
        failures.push(`${op.key} [seed ${result.seed}, path ${result.counterexample ? result.counterexamplePath : '?'}] ${req?.caller} ${req?.method} ${req?.url} body=${String(req?.payload ?? '').slice(0, 300)}\n    → ${String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance)}`);
      }
    }
    console.info(`api-fuzz: ${swept.length} operations, ${requests} requests, seed ${SEED}, ${failures.length} failing; answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(failures, failures.join('\n')).toEqual([]);
    expect([...found], [...found].join('\n')).toEqual([]);
  }, (SECONDS * 2 + 300) * 1000); // the first runs of every operation are never cut: on a loaded machine the sweep outlasts FUZZ_SECONDS
});
