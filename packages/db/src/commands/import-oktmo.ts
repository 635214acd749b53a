/**
 * `pnpm --filter @tko/db import-oktmo [file] [--if-empty]`: loads Rosstat's ОКТМО file into the
 * administrative units of DATABASE_URL (docs/DATA.md "ОКТМО"). The file defaults to
 * `<DATA_DIR>/oktmo_01_altai_krai_03_krasnodar_krai.csv`. Safe to run again. With
 * `--if-empty` it does nothing when the table already has units (scripts/start.sh).
 * Prints the counts per region, the headings skipped and every rejected row.
 */
import path from 'node:path';
import { createPool } from '../client';
import { importOktmo, OKTMO_FILE } from '../oktmo/import';
import { dataDir } from '../paths';
import { databaseUrlFromEnv, runCommand } from './cli';

runCommand(async () => {
  const args = process.argv.slice(2);
  const ifEmpty = args.includes('--if-empty');
  const file = args.find((a) => !a.startsWith('--')) ?? path.join(dataDir(), OKTMO_FILE);
  const pool = createPool(databaseUrlFromEnv());
  try {
    if (ifEmpty) {
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM administrative_unit');
      if (rows[0]!.n > 0) {
        console.log(`Административные единицы уже загружены (${rows[0]!.n}): ОКТМО не загружается.`);
        return;
      }
    }
    const started = Date.now();
    const c = await importOktmo(pool, file);
    console.log(`Загрузка ОКТМО из ${file} (${c.rows} строк), ${((Date.now() - started) / 1000).toFixed(1)} с:`);
    console.log(`  административные единицы: ${c.units.total} (создано ${c.units.created}, обновлено ${c.units.updated}, без изменений ${c.units.unchanged})`);
    for (const [region, n] of Object.entries(c.byRegion).sort()) {
      console.log(`  регион ${region}: муниципальных образований ${n.formations}, населённых пунктов ${n.localities}`);
    }
    console.log(`  строк-заголовков (группировки классификатора, не единицы): ${c.headings}`);
    console.log(`  отклонено строк: ${c.rejected.length}`);
    for (const r of c.rejected) console.log(`    строка ${r.line} «${r.text}»: ${r.reason}`);
  } finally {
    await pool.end();
  }
});
