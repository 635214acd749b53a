/**
 * `pnpm --filter @tko/db import-fkko [--if-empty] [file]`: loads the ФККО catalogue into
 * DATABASE_URL (packages/db/src/fkko). The file defaults to
 * `<DATA_DIR>/fkko_catalog_rpn_2026-03-25.tsv`. Prints the counts and every refused row (line,
 * raw code with invisible characters escaped, reason). With `--if-empty` it does nothing when
 * the table already has rows (scripts/start.sh). Safe to run again. Exit code 0 on success
 * (refused rows are reported, not an error), 1 on an error.
 */
import path from 'node:path';
import { createPool } from '../client';
import { fkkoCount, importFkko } from '../fkko/import';
import { dataDir } from '../paths';
import { databaseUrlFromEnv, runCommand } from './cli';

/** The code as JSON, so a U+00A0 shows as \u00a0. */
const visible = (s: string) => JSON.stringify(s).replace(/[\u00a0\u2007\u202f\u200b]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

runCommand(async () => {
  const args = process.argv.slice(2);
  const ifEmpty = args.includes('--if-empty');
  const file = args.find((a) => !a.startsWith('--')) ?? path.join(dataDir(), 'fkko_catalog_rpn_2026-03-25.tsv');
  const pool = createPool(databaseUrlFromEnv());
  try {
    if (ifEmpty) {
      const n = await fkkoCount(pool);
      if (n > 0) {
        console.log(`Справочник ФККО уже загружен (${n} строк): импорт пропущен.`);
        return;
      }
    }
    const started = Date.now();
    const r = await importFkko(pool, file);
    console.log(`Импорт ФККО из ${file}, ${((Date.now() - started) / 1000).toFixed(1)} с:`);
    console.log(`  строк в файле: ${r.rows}; принято: ${r.valid} (создано ${r.created}, обновлено ${r.updated}, без изменений ${r.unchanged}); отклонено: ${r.rejected.length}`);
    console.log(`  в справочнике: ${r.total}; по классу опасности: ${Object.entries(r.byHazardClass).map(([k, v]) => `${k} — ${v}`).join(', ')}`);
    if (r.rejected.length) {
      console.log('  Отклонённые строки (не загружены):');
      for (const x of r.rejected) console.log(`    строка ${x.line}: код ${visible(x.rawCode)} — ${x.reason}`);
    }
  } finally {
    await pool.end();
  }
});
