/**
 * `pnpm --filter @tko/db detect-problems [--incremental] [codes…]`: runs the problem detector (issue 12 §1) over
 * DATABASE_URL once — every rule, or the codes given; FULL, or with `--incremental` only the
 * objects changed since the last run (issue 27 §1) — and prints per code what it found, opened
 * and closed and how many stay open, and the run's time. Safe to run again (a second run opens
 * and closes nothing while the data are unchanged). docs/DATA.md «Problems on the Angarsk data».
 * Runs on the domain runtime (createDomain, no publisher): the run's changes go through the
 * domain's pipeline like the worker's job (its after-commit effects; no live messages).
 */
import { PROBLEM_TYPES } from '@tko/contract';
import { createPool } from '../client';
import { createDomain } from '../domain/create-domain';
import { detectorEvents, runProblemDetector } from '../problems/detector';
import { databaseUrlFromEnv, runCommand } from './cli';

runCommand(async () => {
  const args = process.argv.slice(2);
  const codes = args.filter((a) => a !== '--incremental');
  const pool = createPool(databaseUrlFromEnv());
  const domain = createDomain({ pool });
  try {
    const started = Date.now();
    const r = await runProblemDetector(domain.pool, { trigger: 'MANUAL', codes: codes.length ? codes : undefined, mode: args.includes('--incremental') ? 'INCREMENTAL' : 'FULL' });
    await domain.pipeline.announce(detectorEvents(r));
    const scope = r.scope ? ` (проверены изменённые объекты: ${Object.entries(r.scope).map(([t, n]) => `${t} ${n}`).join(', ') || 'нет'})` : ' (все объекты)';
    console.log(`Поиск проблем${scope}: ${((Date.now() - started) / 1000).toFixed(1)} с, открыто ${r.opened}, закрыто ${r.closed}, открытых всего ${r.open_total}`);
    for (const x of r.rules) {
      const type = PROBLEM_TYPES.find((t) => t.code === x.code);
      const found = type?.kind === 'DATA_GAP' ? 'объектов' : 'нарушений';
      console.log(x.no_data
        ? `  ${x.code} ${type?.label ?? ''}: данных пока нет`
        : `  ${x.code} ${type?.label ?? ''}: ${found} ${x.found}, открыто ${x.opened}, закрыто ${x.closed}, открытых ${x.open}`);
    }
  } finally {
    await pool.end();
  }
});
