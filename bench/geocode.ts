/**
 * Geocoding measurement (issue 9 §2): the offline OSM geocoder on the St Petersburg extract of
 * shared/data. Loads the extract's address index (`loadRegion`, addresses only) into a scratch
 * database on the DATABASE_URL server (an admin URL; dropped after) and, independently of that
 * index, the extract's addressed objects with their centroids (src/osm-truth.ts: osmium export +
 * PostGIS); samples 200 distinct addresses (addr:street + addr:housenumber of the extract as
 * osmium reads it, seeded — so an address the loader drops counts as a miss), degrades each
 * the way registries write them (abbreviated and moved element types, «д.»/«дом»/«№» forms, missing or abbreviated city,
 * upper case, «ё» → «е», Latin look-alike letters (in the house letter, and in the street name
 * of every sixth), «корп.» / «лит.» spellings, a dropped letter in every fourth street name), geocodes them and
 * reports the share placed at house quality, the share placed at all, and the error in metres
 * (PostGIS geography distance to the centroid of the nearest OSM object carrying the original
 * address): median and p95.
 * Run: `pnpm --filter @tko/bench exec tsx geocode.ts [extract.osm]`; JSON in bench/out/geocode.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadRegion, OsmGeocoder } from '@tko/geocoding';
import { loadOsmTruth } from './src/osm-truth';

const EXTRACT = process.argv[2] ?? path.resolve(import.meta.dirname, '../../shared/data/osm_spb_center_nevsky_2019.osm');
const SAMPLE = 200;
const SEED = 'tko-geocode-1';

const ADMIN_URL = process.env.DATABASE_URL;
if (!ADMIN_URL) throw new Error('DATABASE_URL (an admin URL of the test server) is required');

/** The street as a registry writes it: the type abbreviated and put first, or dropped. */
const TYPE_FORMS: [RegExp, string[]][] = [
  [/^(.*)\s+улица$|^улица\s+(.*)$/i, ['ул. $', 'ул.$', '$ ул.', 'ул $', '$']],
  [/^(.*)\s+проспект$|^проспект\s+(.*)$/i, ['пр. $', '$ пр-т', 'просп. $', '$ пр.', '$']],
  [/^(.*)\s+переулок$|^переулок\s+(.*)$/i, ['пер. $', '$ пер.', 'пер $']],
  [/^(.*)\s+набережная$|^набережная\s+(.*)$/i, ['наб. $', '$ наб.']],
  [/^(.*)\s+площадь$|^площадь\s+(.*)$/i, ['пл. $', '$ пл.']],
  [/^(.*)\s+линия$|^линия\s+(.*)$/i, ['$ линия', '$ лин.']],
  [/^(.*)\s+проезд$|^проезд\s+(.*)$/i, ['пр-д $', '$ пр-д']],
];
const HOUSE_FORMS = ['д. #', 'д.#', 'дом #', '#', 'дом № #', 'д #'];
const CITY_FORMS = ['', '', 'г. Санкт-Петербург, ', 'Санкт-Петербург ', 'СПб, ', 'г Санкт-Петербург, '];

/** Deterministic pseudo-random choice by the address index and a salt. */
function pick<T>(list: readonly T[], i: number, salt: number): T {
  return list[(i * 2654435761 + salt * 40503) % list.length >>> 0]!;
}

/** A registry-style spelling of OSM's street + housenumber (see the module comment). */
export function degrade(street: string, house: string, i: number): string {
  let s = street.replace(/ё/g, 'е');
  for (const [re, forms] of TYPE_FORMS) {
    const m = re.exec(s);
    if (m) {
      s = pick(forms, i, 1).replace('$', (m[1] ?? m[2] ?? '').trim());
      break;
    }
  }
  // Every fourth: a typo, one letter of the longest word of the name dropped.
  if (i % 4 === 1) {
    const longest = s.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');
    if (longest.length > 5) s = s.replace(longest, longest.slice(0, 3) + longest.slice(4));
  }
  // Every sixth: Latin look-alike letters typed into the street name («Caдoвая»).
  if (i % 6 === 2) s = s.replace(/[аоеср]/g, (ch) => ({ а: 'a', о: 'o', е: 'e', с: 'c', р: 'p' })[ch]!);
  let h = house;
  const letter = /^(\d+)\s*([А-Яа-я])$/.exec(h);
  if (letter) h = pick([`${letter[1]}${letter[2]}`, `${letter[1]} лит. ${letter[2]}`, `${letter[1]}${letter[2]!.replace('А', 'A').replace('В', 'B')}`, `${letter[1]}, литера ${letter[2]}`], i, 2);
  h = h.replace(/\s*к(орп(ус)?)?\.?\s*(\d+)/i, pick([' к. $3', ' корп. $3', 'к$3', ' к$3', ', корп. $3'], i, 3));
  let text = `${pick(CITY_FORMS, i, 4)}${s}, ${pick(HOUSE_FORMS, i, 5).replace('#', h)}`;
  if (i % 7 === 0) text = text.toUpperCase();
  if (i % 5 === 0) text = text.replace(/, /g, ' ');
  return text;
}

function quantile(sorted: number[], q: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main(): Promise<void> {
  const name = `tko_bench_geocode_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // An idle connection ended by the server (the scratch database dropped WITH (FORCE)) is no failure of the run.
  pool.on('error', () => undefined);
  try {
    const load = await loadRegion({ file: EXTRACT, databaseUrl: url.toString(), dataDir: os.tmpdir(), parts: { addresses: true, roads: false, basemap: false } });
    const objects = await loadOsmTruth(pool, EXTRACT);
    const distinct = Number((await pool.query<{ n: string }>('SELECT count(DISTINCT (street, house)) AS n FROM truth')).rows[0]!.n);
    const sample = (await pool.query<{ street: string; housenumber: string; indexed: boolean }>(
      `SELECT street, house AS housenumber,
              EXISTS (SELECT 1 FROM osm.address a WHERE a.street = t.street AND a.housenumber = t.house) AS indexed
         FROM (SELECT DISTINCT street, house FROM truth) t
        ORDER BY md5(street || house || $1) LIMIT $2`, [SEED, SAMPLE])).rows;
    const geocoder = new OsmGeocoder(pool);
    const rows: { text: string; truth: string; quality: string | null; label: string | null; metres: number | null }[] = [];
    const t0 = performance.now();
    for (const [i, a] of sample.entries()) {
      const text = degrade(a.street, a.housenumber, i);
      const r = await geocoder.geocode(text);
      let metres: number | null = null;
      if (r) {
        metres = (await pool.query<{ d: number }>(
          'SELECT min(ST_Distance(ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, geom::geography)) AS d FROM truth WHERE street = $3 AND house = $4',
          [r.lng, r.lat, a.street, a.housenumber])).rows[0]!.d;
      }
      rows.push({ text, truth: `${a.street}, ${a.housenumber}`, quality: r?.quality ?? null, label: r?.label ?? null, metres });
    }
    const ms = (performance.now() - t0) / sample.length;
    const house = rows.filter((r) => r.quality === 'house');
    const found = rows.filter((r) => r.quality);
    const errHouse = house.map((r) => r.metres!).sort((a, b) => a - b);
    const errAll = found.map((r) => r.metres!).sort((a, b) => a - b);
    const summary = {
      date: new Date().toISOString(), machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`, extract: path.basename(EXTRACT),
      extract_objects: objects, extract_addresses: distinct, indexed: load.addresses, sampled: rows.length,
      sampled_not_indexed: sample.filter((a) => !a.indexed).length,
      house_share: house.length / rows.length, found_share: found.length / rows.length,
      street_share: rows.filter((r) => r.quality === 'street').length / rows.length,
      median_error_m_house: quantile(errHouse, 0.5), p95_error_m_house: quantile(errHouse, 0.95),
      median_error_m_found: quantile(errAll, 0.5), p95_error_m_found: quantile(errAll, 0.95),
      wrong_house_over_50m: house.filter((r) => r.metres! > 50).length,
      ms_per_address: Math.round(ms * 10) / 10,
    };
    mkdirSync(path.join(import.meta.dirname, 'out'), { recursive: true });
    writeFileSync(path.join(import.meta.dirname, 'out/geocode.json'), JSON.stringify({ summary, misses: rows.filter((r) => r.quality !== 'house'), rows }, null, 1));
    console.log(JSON.stringify(summary, null, 1));
    for (const r of rows.filter((x) => x.quality !== 'house').slice(0, 15)) console.log(`  не дом: «${r.text}» (${r.truth}) → ${r.quality ?? 'нет'} ${r.label ?? ''}`);
  } finally {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
