import { createPool } from '@tko/db';
import { WASTE_AREA_TABS } from '@tko/contract';
import { TILE_SQL } from '@tko/api/src/modules/map/map.repository';
import { benchUrl } from './src/env';
import { densestTown, ZOOMS } from './src/tile-bench';
import { interleaved, summarize } from './src/stats';
const KINDS = WASTE_AREA_TABS.map((t) => t.kind as string);
const SQL3857 = TILE_SQL.replace('ST_AsMVTGeom(ST_Transform(t.coordinates, 3857),', 'ST_AsMVTGeom(t.coordinates_3857,').replace('t.coordinates && ST_Transform(bounds.geom, 4326)', 't.coordinates_3857 && bounds.geom');
console.log(SQL3857);
const pool = createPool(benchUrl());
const town = await densestTown(pool);
for (const z of ZOOMS) {
  const n = 2 ** z;
  const tiles: [number, number][] = [];
  const lat = ((town.minlat + town.maxlat) / 2) * Math.PI / 180;
  const cx = Math.floor(((town.minlng + town.maxlng) / 2 + 180) / 360 * n);
  const cy = Math.floor((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2 * n);
  for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) tiles.push([cx + dx, cy + dy]);
  const t = await interleaved({
    asis: (i: number) => pool.query(TILE_SQL, [z, tiles[i % 9]![0], tiles[i % 9]![1], KINDS]),
    col3857: (i: number) => pool.query(SQL3857, [z, tiles[i % 9]![0], tiles[i % 9]![1], KINDS]),
  }, 90, 9);
  console.log(`z${z}`, Object.entries(t).map(([k, v]) => `${k}: p50 ${summarize(v).p50.toFixed(1)} p95 ${summarize(v).p95.toFixed(1)}`).join(' | '));
}
const r = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) ${SQL3857}`, [14, 12938, 5388, KINDS]);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
const r2 = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) ${SQL3857}`, [10, 808, 336, KINDS]);
console.log(r2.rows.map((x) => x['QUERY PLAN']).join('\n'));
await pool.end();
