/**
 * Incremental problem detector (issue 27 §1: «1 changed site on 100 000: ≤ 1 s»). On the bench
 * database (seed.ts: 100 000 sites, 300 000 sources; BENCH_DB may name a copy of one's own):
 * 1. a base run unless one exists: the codes P000, P003, P018, P020 over every site (fills `problem`
 *    with one finding per site, the table an incremental run matches against), recorded as the
 *    base of the next incremental run (all_rules = true) — a full run of every rule costs minutes
 *    (bench/RESULTS.md «Problem detector») and is not what is measured here;
 * 2. `--n` rounds: one site's fence changed through the registry (the domain's repository: a change_log
 *    row, as the API writes), then an INCREMENTAL run over every rule — its wall time and what it
 *    checked; and one round with nothing changed. The machine is shared (load average 5–25), so
 *    besides the wall time each round reports its CPU time: this process's (process.cpuUsage)
 *    plus the database backend's (/proc/<pid>/stat utime + stime; the pool holds one connection,
 *    so every statement of the run is on that backend — the server must be on this machine).
 * Run: `DATABASE_URL=<admin url> [BENCH_DB=…] pnpm --filter @tko/bench exec tsx problems-incremental.ts [--n=5]`.
 */
import { containerResource } from '@tko/contract';
import { readFileSync } from 'node:fs';
import { createDomain, createPool, runProblemDetector } from '@tko/db';
import { benchUrl } from './src/env';
import { describeMachine } from './src/machine';

const N = Number(process.argv.find((a) => a.startsWith('--n='))?.split('=')[1] ?? 5);
const pool = createPool(benchUrl(), { max: 1 });
/** CPU seconds so far of this process and of the pool's one backend. */
const backend = (await pool.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid;
const cpu = () => {
  const f = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const u = process.cpuUsage();
  return (Number(f[11]) + Number(f[12])) / 100 + (u.user + u.system) / 1e6;
};
try {
  const sites = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM waste_area`)).rows[0]!.n;
  const open = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM problem WHERE closed_at IS NULL`)).rows[0]!.n;
  if (!open) {
    const t = Date.now();
    const base = await runProblemDetector(pool, { trigger: 'MANUAL', codes: ['P000', 'P003', 'P018', 'P020'] });
    await pool.query(`UPDATE problem_detector_run SET all_rules = true WHERE id = $1`, [base.run_id]);
    console.log(`base run (P000, P003, P018, P020 over ${sites} sites): ${((Date.now() - t) / 1000).toFixed(1)} s, opened ${base.opened}`);
  }
  const repo = createDomain({ pool }).registries.repo(containerResource);
  const ids = (await pool.query<{ id: number }>(`SELECT id FROM waste_area WHERE kind = 'CONTAINER' AND status = 'ACTIVE' ORDER BY id LIMIT $1`, [N])).rows.map((r) => r.id);
  const times: number[] = [];
  const cpus: number[] = [];
  for (const [i, id] of ids.entries()) {
    await repo.update(id, { fence: i % 2 ? 'CORRESPONDS' : 'ABSENT' }, { userName: 'bench' });
    const t = process.hrtime.bigint();
    const c = cpu();
    const r = await runProblemDetector(pool, { trigger: 'SCHEDULE', mode: 'INCREMENTAL' });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    const cpuMs = (cpu() - c) * 1000;
    times.push(ms);
    cpus.push(cpuMs);
    console.log(`1 site changed (id ${id}): ${r.mode}, checked ${JSON.stringify(r.scope)}, opened ${r.opened}, closed ${r.closed}, ${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU`);
  }
  const t = process.hrtime.bigint();
  const c = cpu();
  const idle = await runProblemDetector(pool, { trigger: 'SCHEDULE', mode: 'INCREMENTAL' });
  console.log(`nothing changed: ${idle.mode}, checked ${JSON.stringify(idle.scope)}, ${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(0)} ms wall, ${((cpu() - c) * 1000).toFixed(0)} ms CPU`);
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(0);
  const max = (xs: number[]) => Math.max(...xs).toFixed(0);
  const openNow = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM problem WHERE closed_at IS NULL`)).rows[0]!.n;
  console.log(`| sites | open problems | rounds | wall median / max | CPU median / max |\n|---|---|---|---|---|\n| ${sites} | ${openNow} | ${times.length} | ${med(times)} / ${max(times)} ms | ${med(cpus)} / ${max(cpus)} ms |`);
  console.log(JSON.stringify(await describeMachine(pool)));
} finally {
  await pool.end();
}
