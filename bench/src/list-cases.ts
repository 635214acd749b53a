/**
 * The five list calls the benchmark times (typical combinations of the container-site list),
 * and the exact SQL RegistryRepository.list runs for each, captured from a recording pool.
 */
import type { Pool } from 'pg';
import type { ListQuery, ResourceDef } from '@tko/contract';
import { containerResource, listQuerySchema } from '@tko/contract';
import { RegistryRepository } from '@tko/db';

export const CONTAINER = containerResource as unknown as ResourceDef;

/** A common street word of the Angarsk addresses (ул. Карла Маркса: 1.4 % of the sites). */
export const SEARCH_WORD = 'Маркса';
/** A town-sized map view around Angarsk (≈ 11 × 11 km). */
export const TOWN_BBOX = '103.80,52.48,103.96,52.58';
/** Zone of case (e): the largest one. */
export const ZONE_NAME = 'Иркутская агломерация';

export interface ListCase {
  key: string;
  /** Query string of GET /api/waste-area/container/. */
  qs: string;
  /** Target API p95 in ms when not the common 25 ms (the deep page: 50 ms). */
  p95TargetMs?: number;
}

/** Keyset cursor after the row at 0-based position `at` of `ordering=location` (as page-sql.ts encodes it). */
async function locationCursorAt(pool: Pool, at: number): Promise<string> {
  const { rows } = await pool.query<{ k: string | null; id: number }>(
    `SELECT location::text AS k, id FROM waste_area WHERE kind = 'CONTAINER' ORDER BY location, id OFFSET $1 LIMIT 1`, [at]);
  return Buffer.from(JSON.stringify({ k: [rows[0]!.k], id: rows[0]!.id }), 'utf8').toString('base64url');
}

export async function listCases(pool: Pool): Promise<ListCase[]> {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM contract_zone WHERE name = $1', [ZONE_NAME]);
  const zone = rows[0]!.id;
  return [
    { key: 'a', qs: 'ordering=location&page=1' },
    { key: 'b', qs: 'status=ACTIVE&ordering=-identifier&page=3' },
    { key: 'c', qs: `search=${encodeURIComponent(SEARCH_WORD)}&ordering=location` },
    { key: 'd', qs: `in_bbox=${TOWN_BBOX}&ordering=location` },
    { key: 'e', qs: `contract_zone=${zone}&has_cover=true&periodicity=ON_MONTHDAYS&ordering=-count_containers&page=2` },
    // Issue 7 §6: the deep page (OFFSET 79 980) and the same position by keyset cursor.
    { key: 'f', qs: 'ordering=location&page=4000', p95TargetMs: 50 },
    { key: 'g', qs: `ordering=location&cursor=${await locationCursorAt(pool, 79_979)}` },
  ];
}

/** The ListQuery the route of `def` (default: container sites) validates the query string into. */
export function parseQuery(qs: string, def: ResourceDef = CONTAINER): ListQuery {
  return listQuerySchema(def).parse(Object.fromEntries(new URLSearchParams(qs))) as ListQuery;
}

export interface Captured {
  text: string;
  values: unknown[];
}

/**
 * The statements `repo.list(q)` of `def` sends in the steady state (the page query and, as
 * list-count.ts decides, the planner estimate, the exact count or nothing when the cached count
 * is still valid), in order: recorded on the second of two calls, after the first filled caches.
 */
export async function captureListSql(pool: Pool, q: ListQuery, def: ResourceDef = CONTAINER): Promise<Captured[]> {
  const seen: Captured[] = [];
  let recordOn = false;
  const recording = new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop !== 'query') return Reflect.get(target, prop, receiver);
      return (text: string, values: unknown[]) => {
        if (recordOn) seen.push({ text, values });
        return target.query(text, values);
      };
    },
  });
  const repo = new RegistryRepository(recording, def);
  await repo.list(q);
  recordOn = true;
  await repo.list(q);
  return seen;
}
