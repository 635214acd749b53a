/**
 * The web bundle carries no SQL (issue 7 §5): the contract the web app imports describes the
 * wire only; tables, columns, joins and SQL text live in packages/db/src/tables. Walks every
 * export of @tko/contract (resources, fields, filters, routes, enums) deeply, and the built
 * bundle (apps/web/dist) when it is there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contract from '@tko/contract';
import { describe, expect, it } from 'vitest';

/** Storage words that must not appear as property names anywhere in the contract. */
const STORAGE_KEYS = new Set(['table', 'column', 'join', 'sql', 'labelColumn', 'parentKey', 'ownKey', 'targetKey', 'rollupOf']);
const SQL_TEXT = /SELECT |\bFROM [a-z_]+|change_log|json_agg|json_build_object/;

/** Paths (`a.b.c`) of storage keys and SQL-looking strings or function bodies under `root`. */
function findStorage(root: unknown, rootPath: string): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, at: string) => {
    if (typeof v === 'string') {
      if (SQL_TEXT.test(v)) found.push(`${at} = ${v.slice(0, 80)}`);
      return;
    }
    if (typeof v === 'function') {
      if (SQL_TEXT.test(String(v))) found.push(`${at}() builds SQL`);
      return;
    }
    if (!v || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    // A zod schema is validation, not storage; its internals are the library's.
    if ('_zod' in v) return;
    // Under `fields` / `example` the keys are wire field names (the way-bill's «column» is a convoy).
    const wireKeys = /\.(fields|example)$/.test(at);
    for (const [k, x] of Object.entries(v)) {
      if (STORAGE_KEYS.has(k) && !wireKeys) found.push(`${at}.${k}`);
      walk(x, `${at}.${k}`);
    }
  };
  walk(root, rootPath);
  return found;
}

describe('no SQL in the web bundle', () => {
  it('no contract export names a table, a column, a join or carries SQL text', () => {
    expect(contract.resources.length).toBeGreaterThan(10);
    expect(findStorage({ ...contract }, 'contract')).toEqual([]);
  });

  it('the walk finds storage where there is some (the check can fail)', () => {
    const leaky = { fields: { owner: { ref: { resource: 'x', table: 'legal_entity' }, sql: () => 'SELECT 1 FROM change_log' } } };
    expect(findStorage(leaky, 'd')).toEqual(['d.fields.owner.ref.table', 'd.fields.owner.sql', 'd.fields.owner.sql() builds SQL']);
  });

  it('the built bundle, when present, has no SQL of the registries', () => {
    const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../dist/assets');
    if (!existsSync(assets)) return;
    for (const name of readdirSync(assets).filter((n) => n.endsWith('.js'))) {
      const text = readFileSync(path.join(assets, name), 'utf8');
      expect(text.includes('change_log'), `${name}: change_log`).toBe(false);
      expect(text.includes('SELECT '), `${name}: SELECT`).toBe(false);
    }
  });
});
