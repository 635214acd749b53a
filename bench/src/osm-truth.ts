/**
 * The addresses of an OSM extract as the extract itself has them, independently of the region
 * loader (osm2pgsql + region/load.ts) whose index the geocoder reads: osmium (Debian `osmium-tool`)
 * keeps the objects tagged addr:housenumber and exports them as GeoJSON (nodes as points, closed
 * ways and multipolygon relations as areas, other ways as lines); PostGIS takes each object's
 * centroid. A multipolygon relation whose members the extract cut off (an inner ring outside the
 * bounding box) is left out by osmium's assembler; its centroid is then taken from the outer
 * rings the extract has (PostGIS ST_BuildArea), as osm2pgsql does. Used by bench/geocode.ts as
 * the ground truth of the geocoding error.
 * Throws when osmium is missing or fails (its stderr in the message).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Pool } from 'pg';

const run = promisify(execFile);

/**
 * Creates `table` (object text — «way123» etc., street, house, geom: the centroid, SRID 4326) in
 * the database of `pool` with one row per OSM object of `extract` that has addr:street and
 * addr:housenumber (its area when osmium gives both an area and a line); returns the row count.
 */
export async function loadOsmTruth(pool: Pool, extract: string, table = 'truth'): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tko-osm-truth-'));
  try {
    const pbf = path.join(dir, 'addr.osm.pbf');
    const seq = path.join(dir, 'addr.geojsonseq');
    await run('osmium', ['tags-filter', extract, 'nwr/addr:housenumber', '-o', pbf, '--overwrite']);
    await run('osmium', ['export', pbf, '-f', 'geojsonseq', '-x', 'print_record_separator=false', '-a', 'type,id', '-o', seq, '--overwrite']);
    const features = (await readFile(seq, 'utf8')).split('\n').filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { geometry: unknown; properties: Record<string, string | number> })
      .filter((f) => f.properties['addr:street'] && f.properties['addr:housenumber']);
    await pool.query(`DROP TABLE IF EXISTS ${table}; CREATE TABLE ${table} (object text, street text, house text, geom geometry(Point, 4326))`);
    await pool.query(
      `INSERT INTO ${table} SELECT DISTINCT ON (object) object, street, house, ST_Centroid(ST_SetSRID(ST_GeomFromGeoJSON(g), 4326))
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS f(object, street, house, g)
        ORDER BY object, GeometryType(ST_GeomFromGeoJSON(g)) LIKE '%POLYGON' DESC`,
      [features.map((f) => `${f.properties['@type']}${f.properties['@id']}`), features.map((f) => String(f.properties['addr:street'])),
        features.map((f) => String(f.properties['addr:housenumber'])), features.map((f) => JSON.stringify(f.geometry))],
    );
    await addCutRelations(pool, pbf, dir, table);
    return Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** OPL escapes: «%20%» → « » (osmium's text format). */
const unescapeOpl = (v: string) => v.replace(/%([0-9a-fA-F]+)%/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));

/** Adds to `table` the addressed multipolygon relations of `pbf` that osmium export could not assemble. */
async function addCutRelations(pool: Pool, pbf: string, dir: string, table: string): Promise<void> {
  const opl = (await run('osmium', ['cat', pbf, '-t', 'relation', '-f', 'opl'], { maxBuffer: 256 << 20 })).stdout;
  const relations = opl.split('\n').filter(Boolean).map((line) => {
    const fields: Record<string, string> = Object.fromEntries(line.split(' ').map((f) => [f.slice(0, 1), f.slice(1)]));
    const tags: Record<string, string> = Object.fromEntries((fields.T ?? '').split(',').filter(Boolean).map((kv: string) => kv.split('=').map(unescapeOpl)));
    const outer = (fields.M ?? '').split(',').filter((m) => /^w\d+@outer$/.test(m)).map((m) => m.slice(1, m.indexOf('@')));
    return { object: `relation${line.slice(1, line.indexOf(' '))}`, street: tags['addr:street'], house: tags['addr:housenumber'], type: tags.type, outer };
  }).filter((r) => r.street && r.house && r.type === 'multipolygon');
  const known = new Set((await pool.query<{ object: string }>(`SELECT object FROM ${table}`)).rows.map((r) => r.object));
  const cut = relations.filter((r) => !known.has(r.object));
  if (!cut.length) return;
  const seq = path.join(dir, 'ways.geojsonseq');
  await run('osmium', ['export', pbf, '--keep-untagged', '--geometry-types=linestring', '-f', 'geojsonseq', '-x', 'print_record_separator=false', '-a', 'type,id', '-o', seq, '--overwrite']);
  const ways = new Map<string, string>();
  for (const l of (await readFile(seq, 'utf8')).split('\n')) {
    if (!l.trim()) continue;
    const f = JSON.parse(l) as { geometry: unknown; properties: Record<string, string | number> };
    if (f.properties['@type'] === 'way') ways.set(String(f.properties['@id']), JSON.stringify(f.geometry));
  }
  const rows = cut.flatMap((r) => r.outer.filter((w) => ways.has(w)).map((w) => [r.object, r.street!, r.house!, ways.get(w)!]));
  await pool.query(
    `INSERT INTO ${table}
     SELECT object, street, house, ST_Centroid(coalesce(ST_BuildArea(ST_Collect(g)), ST_Collect(g)))
       FROM (SELECT object, street, house, ST_SetSRID(ST_GeomFromGeoJSON(g), 4326) AS g
               FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS f(object, street, house, g)) m
      GROUP BY object, street, house`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
  );
}
