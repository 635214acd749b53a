/**
 * Keys through which an import row updates an existing record (issue 9 §1): only the key the user
 * chose in the matching step (options.match_key) — a text field (identifier, registry number),
 * the record id (a column mapped to «Номер записи (id)») — or, explicitly, the nearest record
 * within options.match_distance metres of the row's point. Nothing else ever matches.
 */
import type { Point, ResourceDef } from '@tko/contract';
import { storedResource } from '@tko/db';
import type { Pool, PoolClient } from 'pg';
import { pointKeyText } from './point-key';
import type { Body, ImportKey } from './types';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Body member carrying the record id of a row (the «Номер записи (id)» target); never written. */
export const RECORD_ID = '__record_id';

function scopeSql(def: ReturnType<typeof storedResource>, param: number): { sql: string; params: unknown[] } {
  return def.scope ? { sql: `AND t.${q(def.scope.column)} = $${param}`, params: [def.scope.value] } : { sql: '', params: [] };
}

function collect(rows: { key: string; id: number }[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.key, [...(out.get(r.key) ?? []), r.id]);
  return out;
}

/** Key on text field `field` (trimmed, case-sensitive equality) of registry `contract`. */
export function fieldKey(contract: ResourceDef, field: string): ImportKey {
  const def = storedResource(contract);
  const column = def.fields[field]!.column!;
  return {
    label: contract.fields[field]!.label,
    field,
    of: (body: Body) => (typeof body[field] === 'string' && (body[field] as string).trim() ? (body[field] as string).trim() : null),
    show: (key) => `«${key}»`,
    async find(db: Pool | PoolClient, keys: string[]) {
      if (keys.length === 0) return new Map();
      const s = scopeSql(def, 2);
      const { rows } = await db.query<{ key: string; id: number }>(
        `SELECT trim(t.${q(column)}) AS key, t.id FROM ${q(def.table)} t WHERE trim(t.${q(column)}) = ANY($1::text[]) ${s.sql} ORDER BY t.id`,
        [keys, ...s.params],
      );
      return collect(rows);
    },
  };
}

/** Key on the record id (a column mapped to the «Номер записи (id)» target). */
export function idKey(contract: ResourceDef): ImportKey {
  const def = storedResource(contract);
  return {
    label: 'номер записи (id)',
    field: RECORD_ID,
    of: (body: Body) => (typeof body[RECORD_ID] === 'number' ? String(body[RECORD_ID]) : null),
    show: (key) => `№ ${key}`,
    async find(db: Pool | PoolClient, keys: string[]) {
      const ids = keys.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
      if (ids.length === 0) return new Map();
      const s = scopeSql(def, 2);
      const { rows } = await db.query<{ key: string; id: number }>(`SELECT t.id::text AS key, t.id FROM ${q(def.table)} t WHERE t.id = ANY($1::int[]) ${s.sql}`, [ids, ...s.params]);
      return collect(rows);
    },
  };
}

/** Key on the nearest record whose point field `field` lies within `metres` of the row's point. */
export function nearKey(contract: ResourceDef, field: string, metres: number): ImportKey {
  const def = storedResource(contract);
  const column = def.fields[field]!.column!;
  return {
    label: `координаты (ближайшая запись не дальше ${metres} м)`,
    field,
    of(body: Body) {
      const p = body[field] as Point | null | undefined;
      return p && typeof p.lat === 'number' && typeof p.lng === 'number' ? pointKeyText(p) : null;
    },
    show: (key) => key.replace(',', ', '),
    async find(db: Pool | PoolClient, keys: string[]) {
      if (keys.length === 0) return new Map();
      const lat = keys.map((k) => Number(k.split(',')[0]));
      const lng = keys.map((k) => Number(k.split(',')[1]));
      const s = scopeSql(def, 5);
      // Index-friendly envelope in degrees first (1° of latitude ≈ 111 320 m), then the exact distance.
      const { rows } = await db.query<{ key: string; id: number }>(
        `SELECT k.key, n.id
           FROM unnest($1::text[], $2::float8[], $3::float8[]) AS k(key, lat, lng)
           CROSS JOIN LATERAL (
             SELECT t.id FROM ${q(def.table)} t
              WHERE t.${q(column)} && ST_Expand(ST_SetSRID(ST_MakePoint(k.lng, k.lat), 4326), $4 / (111320 * greatest(cos(radians(k.lat)), 0.01)))
                AND ST_DWithin(t.${q(column)}::geography, ST_SetSRID(ST_MakePoint(k.lng, k.lat), 4326)::geography, $4) ${s.sql}
              ORDER BY t.${q(column)}::geography <-> ST_SetSRID(ST_MakePoint(k.lng, k.lat), 4326)::geography, t.id
              LIMIT 1) n`,
        [keys, lat, lng, metres, ...s.params],
      );
      return collect(rows);
    },
  };
}
