/**
 * Markdown tables of one run, each row marked PASS or MISS against the targets:
 * list p95 ≤ 1.5 × raw SQL p95 and ≤ 25 ms; tile p95 ≤ 1.3 × raw ST_AsMVT p95;
 * xlsx of 100 000 rows ≤ 10 s and ≤ 300 MiB peak RSS.
 */
import type { ListResult } from './list-bench';
import type { TileResult } from './tile-bench';
import type { XlsxResult } from './xlsx-bench';
import type { Machine } from './machine';

export const TARGETS = { listRatio: 1.5, listP95Ms: 25, tileRatio: 1.3, xlsxSeconds: 10, xlsxRssMiB: 300 } as const;

const ms = (v: number) => v.toFixed(1);
const verdict = (ok: boolean) => (ok ? 'PASS' : '**MISS**');

export function listTable(rows: ListResult[]): string {
  const head = '| case | query | rows matched | API p50 | API p95 | repo.list p50 / p95 | raw SQL p50 | raw SQL p95 | API p95 / SQL p95 | target |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---|';
  return [head, ...rows.map((r) => {
    const ratio = r.api.p95 / r.sql.p95;
    const ok = ratio <= TARGETS.listRatio && r.api.p95 <= TARGETS.listP95Ms;
    return `| ${r.key} | \`${decodeURIComponent(r.qs)}\` | ${r.count} | ${ms(r.api.p50)} | ${ms(r.api.p95)} | ${ms(r.repo.p50)} / ${ms(r.repo.p95)} | ${ms(r.sql.p50)} | ${ms(r.sql.p95)} | ${ratio.toFixed(2)} | ${verdict(ok)} |`;
  })].join('\n');
}

export function tileTable(rows: TileResult[]): string {
  const head = '| zoom | tiles | sites/tile (mean, max) | MVT bytes (mean) | API p50 | API p95 | raw SQL p50 | raw SQL p95 | API p95 / SQL p95 | target |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---|';
  return [head, ...rows.map((r) => {
    const ratio = r.api.p95 / r.sql.p95;
    const sites = r.tiles.map((t) => t.sites);
    const mean = sites.reduce((a, b) => a + b, 0) / sites.length;
    return `| z${r.z} | ${r.tiles.length} | ${Math.round(mean)}, ${Math.max(...sites)} | ${Math.round(r.meanBytes)} | ${ms(r.api.p50)} | ${ms(r.api.p95)} | ${ms(r.sql.p50)} | ${ms(r.sql.p95)} | ${ratio.toFixed(2)} | ${verdict(ratio <= TARGETS.tileRatio)} |`;
  })].join('\n');
}

export function xlsxTable(x: XlsxResult): string {
  const mib = x.maxRssKb / 1024;
  const ok = x.ms / 1000 <= TARGETS.xlsxSeconds && mib <= TARGETS.xlsxRssMiB && x.sheetRows === x.rows + 1;
  return [
    '| data rows | sheet rows (`<row>`) | file | export time (wall) | export CPU (child) | child process wall | RSS after start-up | peak RSS | target |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    `| ${x.rows} | ${x.sheetRows} | ${(x.bytes / 1048576).toFixed(1)} MiB | ${(x.ms / 1000).toFixed(2)} s | ${(x.cpuMs / 1000).toFixed(2)} s | ${(x.processMs / 1000).toFixed(2)} s | ${(x.rssBeforeKb / 1024).toFixed(0)} MiB | ${mib.toFixed(0)} MiB | ${verdict(ok)} |`,
  ].join('\n');
}

export function machineLines(m: Machine): string {
  return [
    `- CPU: ${m.cpu}, nproc ${m.nproc}; memory ${m.memory}`,
    `- Node ${m.node}; ${m.psql}; server PostgreSQL ${m.server}, PostGIS ${m.postgis}`,
    `- PostgreSQL settings: ${m.settings}`,
  ].join('\n');
}
