/**
 * The 300 000 waste sources of the benchmark (issue 4 §8), drawn from the seeded container
 * sites with the seed's PRNG: each source stands next to a site picked uniformly (its address,
 * its coordinates ±~50 m), a category by the fixed mix SOURCE_MIXES.category, a name made of
 * the category's building kind and the address, a расчётная единица of the seeded
 * `normative_unit` table that suits the category with a plausible number of units, and — for
 * 85 % of them — one link to that site in `waste_source_waste_area`.
 *
 * Written in one transaction: TRUNCATE, drop the secondary indexes of `waste_source` (their
 * definitions are read from pg_indexes and re-created as they were, so the schema stays the
 * migrations'), `INSERT … SELECT FROM unnest(…)` in batches of 25 000, re-create the
 * indexes, then VACUUM (ANALYZE). Seeded: repeatable.
 */
import type { Pool } from 'pg';
import { BENCH_SOURCE, SEED } from './env';
import { Rng, weighted } from './prng';

/** Number of waste sources the benchmark seeds and checks. */
export const TOTAL_SOURCES = 300_000;
/** Share of the sources linked to the container site they were drawn next to. */
const LINKED_SHARE = 0.85;
const BATCH = 25_000;

type Category = 'MULTI_APARTMENT' | 'HOUSE' | 'ENTERPRISE' | 'ADMINISTRATIVE' | 'OTHER';
/** [unit code, weight, min units, max units]. */
type UnitMix = readonly (readonly [string, number, number, number])[];

/** Fixed mixes of the synthetic sources (documented in bench/README.md). */
export const SOURCE_MIXES = {
  category: [['MULTI_APARTMENT', 55], ['HOUSE', 30], ['ENTERPRISE', 8], ['ADMINISTRATIVE', 5], ['OTHER', 2]] as const,
  /** Building kind at the start of the name. */
  names: {
    MULTI_APARTMENT: ['Многоквартирный жилой дом'],
    HOUSE: ['Индивидуальный жилой дом'],
    ENTERPRISE: ['Магазин', 'Автосервис', 'Кафе', 'Склад', 'Аптека', 'Торговый павильон'],
    ADMINISTRATIVE: ['Административное здание', 'Школа', 'Детский сад', 'Отделение связи'],
    OTHER: ['Спортивный комплекс', 'Дом культуры', 'Гаражный кооператив'],
  } satisfies Record<Category, string[]>,
  /** Units per category, with the range of normative_value drawn uniformly. */
  units: {
    MULTI_APARTMENT: [['MKD_RESIDENT', 70, 20, 400], ['MKD_AREA', 30, 800, 12000]],
    HOUSE: [['HOUSE_RESIDENT', 85, 1, 6], ['HOUSE_AREA', 15, 40, 250]],
    ENTERPRISE: [['TRADE_AREA', 60, 30, 2000], ['CAR_SERVICE_PLACE', 40, 2, 20]],
    ADMINISTRATIVE: [['OFFICE_EMPLOYEE', 60, 5, 200], ['SCHOOL_STUDENT', 20, 100, 1200], ['PRESCHOOL_CHILD', 20, 50, 300]],
    OTHER: [['CULTURE_AREA', 50, 100, 3000], ['SPORT_PLACE', 50, 20, 500]],
  } satisfies Record<Category, UnitMix>,
  /** Share without a unit (normative_unit and normative_value null). */
  noUnit: 0.03,
} as const;

interface Site {
  id: number;
  location: string;
  city: string;
  lat: number;
  lng: number;
}

/** The columns of one batch, in the order of SOURCE_SQL's unnest. */
class Columns {
  readonly id: number[] = [];
  readonly name: string[] = [];
  readonly location: string[] = [];
  readonly city: string[] = [];
  readonly lat: number[] = [];
  readonly lng: number[] = [];
  readonly needs: boolean[] = [];
  readonly cadastral: (string | null)[] = [];
  readonly category: string[] = [];
  readonly external: (string | null)[] = [];
  readonly chute: boolean[] = [];
  readonly sewerage: boolean[] = [];
  readonly containerless: boolean[] = [];
  readonly separate: boolean[] = [];
  readonly residents: (number | null)[] = [];
  readonly owners: (number | null)[] = [];
  readonly unit: (number | null)[] = [];
  readonly value: (string | null)[] = [];
  readonly created: string[] = [];
  readonly linkSource: number[] = [];
  readonly linkSite: number[] = [];

  params(): unknown[] {
    return [BENCH_SOURCE, this.id, this.name, this.location, this.city, this.lat, this.lng, this.needs, this.cadastral, this.category,
      this.external, this.chute, this.sewerage, this.containerless, this.separate, this.residents, this.owners, this.unit, this.value, this.created];
  }
}

const SOURCE_SQL = `
INSERT INTO waste_source (id, data_import_source, name, location, structured_address, coordinates, location_needs_checking,
  cadastral_number, category, external_identifier, has_chute, has_sewerage, containerless_collection, has_separate_collection,
  number_of_residents, number_of_owners, normative_unit_id, normative_value, created_at, updated_at)
SELECT s.id, $1, s.name, s.loc, jsonb_build_object('city', s.city), ST_SetSRID(ST_MakePoint(s.lng, s.lat), 4326), s.needs,
  s.cad, s.cat, s.ext, s.chute, s.sew, s.cless, s.sep, s.res, s.own, s.unit, s.val, s.created, s.created
FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[], $8::bool[], $9::text[], $10::text[],
  $11::text[], $12::bool[], $13::bool[], $14::bool[], $15::bool[], $16::int[], $17::int[], $18::int[], $19::numeric[], $20::timestamptz[])
  AS s(id, name, loc, city, lat, lng, needs, cad, cat, ext, chute, sew, cless, sep, res, own, unit, val, created)`;

/** A day between 2023-01-01 and 2026-11-01 as ISO text. */
function randomDate(rng: Rng): string {
  const from = Date.UTC(2023, 0, 1);
  const to = Date.UTC(2026, 10, 1);
  return new Date(from + rng.next() * (to - from)).toISOString();
}

/** Draws source `id` next to a random site into `c`. */
function drawSource(rng: Rng, id: number, sites: Site[], unitIds: Map<string, number>, c: Columns): void {
  const site = rng.pick(sites);
  const cat = weighted(rng, SOURCE_MIXES.category) as Category;
  const tail = site.location.startsWith(`${site.city}, `) ? site.location.slice(site.city.length + 2) : site.location;
  const residential = cat === 'MULTI_APARTMENT' || cat === 'HOUSE';
  let unit: number | null = null;
  let value: number | null = null;
  let residents: number | null = null;
  if (!rng.chance(SOURCE_MIXES.noUnit)) {
    const [code, lo, hi] = weighted(rng, SOURCE_MIXES.units[cat].map(([code, w, lo, hi]) => [[code, lo, hi] as const, w] as const));
    unit = unitIds.get(code) ?? null;
    if (unit === null) throw new Error(`normative_unit ${code} is missing in tko_bench`);
    value = lo + rng.int(hi - lo + 1);
    if (code.endsWith('_RESIDENT')) residents = value;
  }
  if (residential && residents === null) residents = cat === 'HOUSE' ? 1 + rng.int(6) : 20 + rng.int(380);
  c.id.push(id);
  c.name.push(`${rng.pick(SOURCE_MIXES.names[cat])}, ${tail}`);
  c.location.push(site.location);
  c.city.push(site.city);
  c.lat.push(Number((site.lat + rng.normal() * 0.0004).toFixed(6)));
  c.lng.push(Number((site.lng + rng.normal() * 0.0006).toFixed(6)));
  c.needs.push(rng.chance(0.02));
  c.cadastral.push(rng.chance(0.75) ? `38:${String(1 + rng.int(36)).padStart(2, '0')}:${String(rng.int(1e6)).padStart(6, '0')}:${1 + rng.int(4000)}` : null);
  c.category.push(cat);
  c.external.push(rng.chance(0.5) ? `ИО-38-${String(id).padStart(6, '0')}` : null);
  c.chute.push(cat === 'MULTI_APARTMENT' && rng.chance(0.35));
  c.sewerage.push(rng.chance(cat === 'HOUSE' ? 0.6 : 0.95));
  c.containerless.push(cat === 'HOUSE' && rng.chance(0.2));
  c.separate.push(rng.chance(0.1));
  c.residents.push(residents);
  c.owners.push(cat === 'MULTI_APARTMENT' ? Math.max(1, Math.round((residents ?? 40) * (0.3 + rng.next() * 0.3))) : residential ? 1 + rng.int(3) : null);
  c.unit.push(unit);
  c.value.push(value === null ? null : String(value));
  c.created.push(randomDate(rng));
  if (rng.chance(LINKED_SHARE)) {
    c.linkSource.push(id);
    c.linkSite.push(site.id);
  }
}

/** True when waste_source holds exactly TOTAL_SOURCES benchmark rows. */
export async function sourcesReady(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query<{ n: number; bench: number }>(
    'SELECT count(*)::int AS n, count(*) FILTER (WHERE data_import_source = $1)::int AS bench FROM waste_source', [BENCH_SOURCE]);
  return rows[0]!.n === TOTAL_SOURCES && rows[0]!.bench === TOTAL_SOURCES;
}

export interface SourcesSummary {
  sources: number;
  links: number;
  seconds: number;
}

/** (Re)writes the waste sources and their links; needs the container sites seeded. */
export async function seedSources(pool: Pool, log: (line: string) => void = console.log): Promise<SourcesSummary> {
  const started = Date.now();
  const step = (what: string) => log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${what}`);
  const { rows: sites } = await pool.query<Site>(
    `SELECT id, location, coalesce(structured_address->>'city', split_part(location, ',', 1)) AS city,
            ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng
       FROM waste_area WHERE kind = 'CONTAINER' AND coordinates IS NOT NULL AND location IS NOT NULL ORDER BY id`,
  );
  if (!sites.length) throw new Error('no container sites to draw the waste sources from');
  const { rows: units } = await pool.query<{ id: number; code: string }>('SELECT id, code FROM normative_unit');
  const unitIds = new Map(units.map((u) => [u.code, u.id]));
  const rng = new Rng(SEED + 1);
  let links = 0;
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    await db.query('TRUNCATE waste_source RESTART IDENTITY CASCADE');
    const { rows: indexes } = await db.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = 'waste_source'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const ix of indexes) await db.query(`DROP INDEX "${ix.name}"`);
    for (let from = 1; from <= TOTAL_SOURCES; from += BATCH) {
      const c = new Columns();
      for (let id = from; id < Math.min(from + BATCH, TOTAL_SOURCES + 1); id++) drawSource(rng, id, sites, unitIds, c);
      await db.query(SOURCE_SQL, c.params());
      await db.query('INSERT INTO waste_source_waste_area (waste_source_id, waste_area_id) SELECT * FROM unnest($1::int[], $2::int[])', [c.linkSource, c.linkSite]);
      links += c.linkSource.length;
    }
    step(`inserted ${TOTAL_SOURCES} waste sources and ${links} links`);
    await db.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const ix of indexes) await db.query(ix.def);
    await db.query(`SELECT setval(pg_get_serial_sequence('waste_source', 'id'), $1)`, [TOTAL_SOURCES]);
    await db.query('COMMIT');
    step(`re-created ${indexes.length} indexes`);
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    db.release();
  }
  await pool.query('VACUUM (ANALYZE) waste_source, waste_source_waste_area');
  step('VACUUM ANALYZE');
  if (!(await sourcesReady(pool))) throw new Error('waste source seed check failed');
  return { sources: TOTAL_SOURCES, links, seconds: (Date.now() - started) / 1000 };
}
