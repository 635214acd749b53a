/**
 * Markdown tables of one run, each row marked PASS or MISS against the targets:
 * list p95 ≤ 1.5 × raw SQL p95 and ≤ 25 ms (the deep page: 50 ms); tile p95 ≤ 1.3 × raw
 * ST_AsMVT p95 + 2 ms (issue 7 §6);
 * xlsx of 100 000 rows ≤ 10 s and ≤ 300 MiB peak RSS.
 */
import type { ListResult } from './list-bench';
import type { TileResult } from './tile-bench';
import type { XlsxResult } from './xlsx-bench';
import type { Machine } from './machine';

export const TARGETS = { listRatio: 1.5, listP95Ms: 25, tileRatio: 1.3, tileAllowanceMs: 2, xlsxSeconds: 10, xlsxRssMiB: 300 } as const;

const ms = (v: number) => v.toFixed(1);
const verdict = (ok: boolean) => (ok ? 'PASS' : '**MISS**');

export function listTable(rows: ListResult[]): string {
  const head = '| case | query | count (≈ estimate) | SQL statements | API p50 | API p95 | repo.list p50 / p95 | raw SQL p50 | raw SQL p95 | API p95 / SQL p95 | target |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|';
  return [head, ...rows.map((r) => {
    const ratio = r.api.p95 / r.sql.p95;
    const limit = r.p95TargetMs ?? TARGETS.listP95Ms;
    const ok = ratio <= TARGETS.listRatio && r.api.p95 <= limit;
    const qs = decodeURIComponent(r.qs).replace(/cursor=[^&]+/, 'cursor=<row 79 980>');
    return `| ${r.key} | \`${qs}\` | ${r.estimate ? '≈ ' : ''}${r.count} | ${r.statements} | ${ms(r.api.p50)} | ${ms(r.api.p95)} | ${ms(r.repo.p50)} / ${ms(r.repo.p95)} | ${ms(r.sql.p50)} | ${ms(r.sql.p95)} | ${ratio.toFixed(2)} | ${verdict(ok)}${limit !== TARGETS.listP95Ms ? ` (≤ ${limit} ms)` : ''} |`;
  })].join('\n');
}

export function tileTable(rows: TileResult[]): string {
  const head = '| zoom | tiles | sites/tile (mean, max) | MVT bytes (mean) | API p50 | API p95 | raw SQL p50 | raw SQL p95 | API p95 / SQL p95 | limit 1.3 × SQL + 2 ms | target |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|';
  return [head, ...rows.map((r) => {
    const ratio = r.api.p95 / r.sql.p95;
    const limit = TARGETS.tileRatio * r.sql.p95 + TARGETS.tileAllowanceMs;
    const sites = r.tiles.map((t) => t.sites);
    const mean = sites.reduce((a, b) => a + b, 0) / sites.length;
    return `| z${r.z} | ${r.tiles.length} | ${Math.round(mean)}, ${Math.max(...sites)} | ${Math.round(r.meanBytes)} | ${ms(r.api.p50)} | ${ms(r.api.p95)} | ${ms(r.sql.p50)} | ${ms(r.sql.p95)} | ${ratio.toFixed(2)} | ${ms(limit)} | ${verdict(r.api.p95 <= limit)} |`;
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
