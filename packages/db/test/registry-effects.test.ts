/**
 * The registries' effects (src/effects, one table) run by a WritePipeline built as the import
 * job, the flows recount and the worker build theirs — a pool and nothing else: the appeal's
 * deadline, a problem's CREATED event and closing, a report's revision and signature, a set's
 * signing. Every field an effect changes is in the history row of the write it belongs to, and an
 * effect's rows commit or roll back with their unit. Real PostgreSQL.
 */
import type { ResourceDef } from '@tko/contract';
import { appealResource, createSchema, problemResource, reportResource, reportSetResource } from '@tko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_EFFECTS, WritePipeline } from '../src/index';
import type { Row } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

let db: TestDatabase;
let pipeline: WritePipeline;
const NOW = new Date('2026-03-10T12:00:00.000Z');
beforeAll(async () => {
  db = await createTestDatabase();
  pipeline = new WritePipeline(db.pool, { services: { clock: () => NOW, regionTimeZone: 'Asia/Irkutsk' } });
});
afterAll(async () => { await db?.drop(); });

const writer = { userName: 'Иванова Анна', userId: null };
const asDef = (d: unknown) => d as ResourceDef;
const history = async (resource: string, id: number) =>
  (await db.pool.query<{ action: string; step: string | null; before: Row | null; after: Row | null }>(
    'SELECT action, step, before, after FROM change_log WHERE resource = $1 AND object_id = $2 ORDER BY id', [resource, id])).rows;

describe('the effects table', () => {
  it('names registries and actions that exist', () => {
    for (const e of REGISTRY_EFFECTS) {
      if (e.kind === 'afterCommit') continue;
      const def = pipeline.def(e.resource);
      expect(def, e.resource).toBeDefined();
      if (e.kind === 'action') expect(def!.workflow?.actions[e.action], `${e.resource}:${e.action}`).toBeDefined();
    }
  });
});

describe('appeal deadline', () => {
  const appeal = asDef(appealResource);
  it('a create without dates takes now and now + the category’s term (collection: 3 working days, Tue → Fri), both in the create’s history', async () => {
    const input = createSchema(appeal).parse({ ...appealResource.example, received_at: undefined }) as Row;
    const row = await pipeline.create(appeal, input, writer);
    expect([row.received_at, row.deadline_at]).toEqual([NOW.toISOString(), '2026-03-13T12:00:00.000Z']);
    const [h] = await history('appeals', Number(row.id));
    expect(h!.after).toMatchObject({ received_at: NOW.toISOString(), deadline_at: '2026-03-13T12:00:00.000Z' });
  });

  it('moving received_at moves the computed deadline, in the update’s history row', async () => {
    const row = await pipeline.create(appeal, createSchema(appeal).parse(appealResource.example) as Row, writer);
    expect(row.deadline_at).toBe('2026-03-05T09:15:00.000Z');
    const moved = await pipeline.update(appeal, Number(row.id), { received_at: '2026-04-01T00:00:00.000Z' }, writer);
    expect(moved!.deadline_at).toBe('2026-04-06T00:00:00.000Z');
    const last = (await history('appeals', Number(row.id))).at(-1)!;
    expect(last.after).toEqual({ received_at: '2026-04-01T00:00:00.000Z', deadline_at: '2026-04-06T00:00:00.000Z' });
    expect(last.before).toEqual({ received_at: '2026-03-02T09:15:00.000Z', deadline_at: '2026-03-05T09:15:00.000Z' });
  });
});

describe('problems', () => {
  const problem = asDef(problemResource);
  const newProblem = () => createSchema(problem).parse(problemResource.example) as Row;
  const events = async (id: number) => (await db.pool.query<{ kind: string; text: string; user_name: string }>(
    'SELECT kind, text, user_name FROM problem_event WHERE problem_id = $1 ORDER BY id', [id])).rows;

  it('a problem created through the pipeline has its CREATED event, committed with it', async () => {
    const row = await pipeline.create(problem, newProblem(), writer);
    expect(await events(Number(row.id))).toEqual([{ kind: 'CREATED', text: 'Добавлена вручную.', user_name: 'Иванова Анна' }]);
  });

  it('a problem typed by hand as «неполные сведения» (P000) is kept as a data gap, a violation type as a violation', async () => {
    const gap = await pipeline.create(problem, { ...newProblem(), type: 'P000' }, writer);
    expect((await db.pool.query('SELECT kind FROM problem WHERE id = $1', [gap.id])).rows[0]).toEqual({ kind: 'DATA_GAP' });
    expect((await history('problems', Number(gap.id))).at(-1)!.after).toMatchObject({ type: 'P000', kind: 'DATA_GAP' });
    await pipeline.update(problem, Number(gap.id), { type: 'P004' }, writer);
    expect((await db.pool.query('SELECT kind FROM problem WHERE id = $1', [gap.id])).rows[0]).toEqual({ kind: 'VIOLATION' });
    await pipeline.update(problem, Number(gap.id), { type: 'P000' }, writer);
    expect((await db.pool.query('SELECT kind FROM problem WHERE id = $1', [gap.id])).rows[0]).toEqual({ kind: 'DATA_GAP' });
  });

  it('a rolled-back create leaves neither the problem nor its event', async () => {
    let id = 0;
    await expect(pipeline.run(async (u) => {
      id = Number((await u.create(problem, newProblem(), writer)).id);
      throw new Error('caller gives up');
    })).rejects.toThrow('caller gives up');
    expect(id).toBeGreaterThan(0);
    expect((await db.pool.query('SELECT 1 FROM problem WHERE id = $1', [id])).rowCount).toBe(0);
    expect(await events(id)).toEqual([]);
  });

  it('solve closes the problem: closed_at and status in the solve’s history row; the event names the comment', async () => {
    const id = Number((await pipeline.create(problem, newProblem(), writer)).id);
    const solved = await pipeline.act(problem, 'solve', id, { comment: 'Вывезено' }, writer);
    expect(solved!.closed_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    const last = (await history('problems', id)).at(-1)!;
    expect(last.step).toBe('solve');
    expect(last.after).toMatchObject({ status: 'SOLVED', closed_at: solved!.closed_at });
    expect(last.before).toMatchObject({ status: 'NEW', closed_at: null });
    expect((await events(id)).at(-1)).toEqual({ kind: 'ACTION', text: 'Устранена: Вывезено.', user_name: 'Иванова Анна' });
  });
});

describe('reports', () => {
  const report = asDef(reportResource);
  const set = asDef(reportSetResource);
  const newReport = (extra: Row = {}) => pipeline.create(report, createSchema(report).parse({ ...reportResource.example, ...extra }) as Row, writer);
  const steps = async (id: number, keys: string[]) => {
    for (const k of keys) expect(await pipeline.act(report, k, id, {}, writer), k).not.toBeNull();
  };

  it('a new revision (submit after return) and the signature are in their steps’ history rows', async () => {
    const id = Number((await newReport()).id);
    await steps(id, ['submit', 'accept', 'return', 'submit', 'accept', 'approve', 'sign']);
    const rows = (await history('reports', id)).filter((h) => h.step === 'submit' || h.step === 'sign');
    expect(rows.map((r) => [r.step, Object.keys(r.after!).sort()])).toEqual([
      ['submit', ['status']], ['submit', ['revision', 'status']], ['sign', ['signature_sha256', 'signed_at', 'signed_by', 'status']]]);
    expect([rows[1]!.before!.revision, rows[1]!.after!.revision]).toEqual([1, 2]);
    const card = (await pipeline.repo(report).get(id))!;
    expect(rows[2]!.after).toEqual({ status: 'SIGNED', signed_by: 'Иванова Анна', signed_at: card.signed_at, signature_sha256: card.signature_sha256 });
    expect(card.signature_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signing a set signs its approved reports (each with its history) and records is_signed in the set’s', async () => {
    // A set requiring the one form filed here (a set is signed only when every form it requires is).
    const forms = [{ report_kind: 'WASTE_SOURCES', in_set: true }];
    const s = await pipeline.create(set, createSchema(set).parse({ ...reportSetResource.example, reports: forms }) as Row, writer);
    const setId = Number(s.id);
    const id = Number((await newReport({ report_set: setId })).id);
    await steps(id, ['submit', 'accept', 'approve']);
    await pipeline.act(set, 'submit', setId, {}, writer);
    const signed = await pipeline.act(set, 'sign', setId, {}, writer);
    expect(signed!.is_signed).toBe(true);
    expect((await history('report-sets', setId)).at(-1)).toMatchObject({ step: 'sign', after: { is_signed: true } });
    expect((await history('reports', id)).at(-1)).toMatchObject({ step: 'sign', after: { status: 'SIGNED', signed_by: 'Иванова Анна' } });
  });
});
