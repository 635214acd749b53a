/**
 * `pnpm region:load <extract.osm|.osm.pbf> [--city "Санкт-Петербург"] [--only addresses,roads,basemap,boundaries]`
 * (docs/REGION.md): loads the region's address index, road graph and base map from one
 * OpenStreetMap extract (and its administrative boundaries) into DATABASE_URL and BASEMAP_DIR (default <repo>/.data/basemap, as the API's). Exit code 1 with the
 * reason when a step fails.
 */
import { parseArgs } from 'node:util';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadRegion } from '../region/load';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { city: { type: 'string' }, only: { type: 'string' } },
});
const file = positionals[0];
const databaseUrl = process.env.DATABASE_URL;
if (!file || !databaseUrl) {
  console.error('Использование: DATABASE_URL=… pnpm region:load <выгрузка.osm|.osm.pbf> [--city "Город"] [--only addresses,roads,basemap,boundaries]');
  process.exit(2);
}
const dataDir = process.env.BASEMAP_DIR ?? resolve(import.meta.dirname, '../../../../.data/basemap');
mkdirSync(dataDir, { recursive: true });
const only = values.only?.split(',').map((s) => s.trim());
try {
  const r = await loadRegion({
    file, databaseUrl, dataDir,
    ...(values.city ? { city: values.city } : {}),
    ...(only ? { parts: { addresses: only.includes('addresses'), roads: only.includes('roads'), basemap: only.includes('basemap'), boundaries: only.includes('boundaries') } } : {}),
    log: (line) => console.log(line),
  });
  console.log(`готово за ${r.seconds} с: ${r.addresses} адресов, ${r.streets} улиц, ${r.roadEdges} рёбер графа, подложка ${r.basemap ?? '—'}, границ ${r.boundaries}`);
} catch (e) {
  console.error(`region:load: ${(e as Error).message}`);
  process.exit(1);
}
