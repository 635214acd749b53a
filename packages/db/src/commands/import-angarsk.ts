/**
 * `pnpm --filter @tko/db import-angarsk [file]`: imports the Angarsk route plan (container
 * sites, garages, vehicles, who serves what) into DATABASE_URL through the domain's write pipeline
 * (history by «Система», like the system import); see docs/DATA.md. The file
 * defaults to `<DATA_DIR>/angarsk/angarsk_route_plan_example2.cp1251.csv`. Safe to run again.
 */
import path from 'node:path';
import { importAngarsk } from '../angarsk/import-file';
import { createPool } from '../client';
import { dataDir } from '../paths';
import { databaseUrlFromEnv, runCommand } from './cli';

runCommand(async () => {
  const file = process.argv[2] ?? path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv');
  const pool = createPool(databaseUrlFromEnv());
  try {
    const started = Date.now();
    const c = await importAngarsk(pool, file);
    console.log(`Импорт плана вывоза Ангарска из ${file} (${c.rows} строк), ${((Date.now() - started) / 1000).toFixed(1)} с:`);
    console.log(`  контейнерные площадки: ${c.sites.total} (создано ${c.sites.created}, обновлено ${c.sites.updated}, без изменений ${c.sites.unchanged})`);
    console.log(`  гаражи: ${c.garages.total} (создано ${c.garages.created})`);
    console.log(`  машины: ${c.vehicles.total} (создано ${c.vehicles.created}, обновлено ${c.vehicles.updated})`);
    console.log(`  связи машина—площадка: ${c.links.total} (создано ${c.links.created}, удалено ${c.links.removed})`);
    const r = c.region;
    console.log(`  графики: ${Object.keys(r.schedules.ids).length} (создано ${r.schedules.created.length}); точек добавлено ${r.points.added}, убрано ${r.points.removed}; машин добавлено ${r.vehicles.added}, убрано ${r.vehicles.removed}`);
    console.log(`  координаты гаражей оценены (медиана площадок, «требуют проверки»): ${r.garagesEstimated.length}; полигон ${r.landfill.created ? 'создан' : 'уже есть'} (№ ${r.landfill.id})`);
  } finally {
    await pool.end();
  }
});
