import { createPool } from '@tko/db';
import { WASTE_AREA_TABS } from '@tko/contract';
import { TILE_SQL } from '@tko/api/src/modules/map/map.repository';
import { benchUrl } from './src/env';
import { densestTown, ZOOMS } from './src/tile-bench';
import { interleaved, summarize } from './src/stats';
const KINDS = WASTE_AREA_TABS.map((t) => t.kind as string);
const pools = {
  asis: createPool(benchUrl()),
  jitoff: createPool(benchUrl(), { options: '-c jit=off' }),
  jitoff_noparallel: createPool(benchUrl(), { options: '-c jit=off -c max_parallel_workers_per_gather=0' }),
};
const town = await densestTown(pools.asis);
for (const z of ZOOMS) {
  const n = 2 ** z;
  const tiles: [number, number][] = [];
  const lat = ((town.minlat + town.maxlat) / 2) * Math.PI / 180;
  const cx = Math.floor(((town.minlng + town.maxlng) / 2 + 180) / 360 * n);
  const cy = Math.floor((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2 * n);
  for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) tiles.push([cx + dx, cy + dy]);
  const t = await interleaved(Object.fromEntries(Object.entries(pools).map(([k, p]) => [k, (i: number) => p.query(TILE_SQL, [z, tiles[i % 9]![0], tiles[i % 9]![1], KINDS])])), 90, 9);
  console.log(`z${z}`, Object.entries(t).map(([k, v]) => `${k}: p50 ${summarize(v).p50.toFixed(1)} p95 ${summarize(v).p95.toFixed(1)}`).join(' | '));
}
for (const p of Object.values(pools)) await p.end();
