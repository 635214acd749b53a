/* experiment: writeXlsx with shared per-column style objects (exceljs weakMap hit) */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { createRequire } from 'node:module';
import { createPool, RegistryRepository } from '@tko/db';
import type { ResourceDef } from '@tko/contract';
import { benchUrl } from './src/env';
import { CONTAINER } from './src/list-cases';
const require = createRequire(new URL('../packages/xlsx/src/writer.ts', import.meta.url));
const ExcelJS = require('exceljs');
const { cellValue, numFmt } = await import('../packages/xlsx/src/format.ts');
const mode = process.argv[2] ?? 'shared';

async function writeXlsx2(def: ResourceDef, batches: AsyncIterable<Record<string, unknown>[]>, out: NodeJS.WritableStream) {
  const keys = Object.keys(def.fields);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = wb.addWorksheet(def.label.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const styles = keys.map((k) => { const f = numFmt(def.fields[k]!); return f ? { numFmt: f } : {}; });
  sheet.columns = keys.map((k, i) => ({ header: def.fields[k]!.label, key: k, width: 20, ...(mode === 'colstyle' ? { style: styles[i] } : {}) }));
  sheet.getRow(1).font = { bold: true };
  let n = 0;
  for await (const rows of batches) {
    for (const row of rows) {
      const vals = keys.map((k) => cellValue(def.fields[k]!, row[k]));
      const r = sheet.addRow(vals);
      for (let i = 0; i < keys.length; i++) r.getCell(i + 1).style = styles[i];
      r.commit();
      n++;
    }
  }
  sheet.commit();
  await wb.commit();
  return n;
}
const pool = createPool(benchUrl(), { max: 2 });
const t = performance.now();
const out = createWriteStream('/tmp/prof/y.xlsx');
const rows = await writeXlsx2(CONTAINER, new RegistryRepository(pool, CONTAINER).stream({}), out);
await finished(out);
console.log({ mode, rows, ms: performance.now() - t, maxRssMiB: process.resourceUsage().maxRSS / 1024 });
await pool.end();
