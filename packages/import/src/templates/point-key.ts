/**
 * A key by point: two rows (or a row and a registry object) are the same object when their
 * points agree to 6 decimals (about 0.1 m, spec 01 §5, the precision the registry stores).
 * Existing objects are found through the geometry column's GiST index.
 */
import type { Point, ResourceDef } from '@tko/contract';
import { storedResource } from '@tko/db';
import type { Pool, PoolClient } from 'pg';
import type { Body, ImportKey } from './types';

/** 'lat,lng' with 6 decimals. */
export function pointKeyText(p: Point): string {
  return `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Key on point field `field` of registry `def` (its table, scope and column: @tko/db storedResource). */
export function pointKey(contract: ResourceDef, field: string): ImportKey {
  const def = storedResource(contract);
  const column = def.fields[field]!.column!;
  return {
    label: 'координаты (совпадение до 6 знаков после точки)',
    of(body: Body) {
      const p = body[field] as Point | null | undefined;
      return p && typeof p.lat === 'number' && typeof p.lng === 'number' ? pointKeyText(p) : null;
    },
    show: (key) => key.replace(',', ', '),
    async find(db: Pool | PoolClient, keys: string[]) {
      const out = new Map<string, number[]>();
      if (keys.length === 0) return out;
      const lat = keys.map((k) => Number(k.split(',')[0]));
      const lng = keys.map((k) => Number(k.split(',')[1]));
      const scope = def.scope ? `AND t.${q(def.scope.column)} = $4` : '';
      const { rows } = await db.query<{ key: string; id: number }>(
        `SELECT k.key, t.id
           FROM unnest($1::text[], $2::float8[], $3::float8[]) AS k(key, lat, lng)
           JOIN ${q(def.table)} t
             ON t.${q(column)} && ST_MakeEnvelope(k.lng - 1e-6, k.lat - 1e-6, k.lng + 1e-6, k.lat + 1e-6, 4326)
            AND round(ST_Y(t.${q(column)})::numeric, 6) = round(k.lat::numeric, 6)
            AND round(ST_X(t.${q(column)})::numeric, 6) = round(k.lng::numeric, 6)
            ${scope}
          ORDER BY t.id`,
        def.scope ? [keys, lat, lng, def.scope.value] : [keys, lat, lng],
      );
      for (const r of rows) {
        const list = out.get(r.key) ?? [];
        list.push(r.id);
        out.set(r.key, list);
      }
      return out;
    },
  };
}
