/** What the numbers were measured on: CPU, memory, Node, psql, PostgreSQL and PostGIS versions. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { Pool } from 'pg';

export interface Machine {
  cpu: string;
  nproc: number;
  memory: string;
  node: string;
  psql: string;
  server: string;
  postgis: string;
  settings: string;
}

const sh = (cmd: string, args: string[]) => {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8' }).trim();
  } catch {
    return '(unavailable)';
  }
};

export async function describeMachine(pool: Pool): Promise<Machine> {
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? '?';
  const mem = sh('free', ['-h']).split('\n').find((l) => l.startsWith('Mem:'))?.split(/\s+/)[1] ?? '?';
  const q = async (sql: string) => String(Object.values((await pool.query(sql)).rows[0] as object)[0]);
  const settings = await pool.query<{ name: string; value: string }>(
    `SELECT name, current_setting(name) AS value FROM pg_settings
      WHERE name IN ('shared_buffers', 'work_mem', 'jit', 'max_parallel_workers_per_gather', 'random_page_cost') ORDER BY name`,
  );
  return {
    cpu,
    nproc: Number(sh('nproc', [])) || os.availableParallelism(),
    memory: mem,
    node: process.version,
    psql: sh('psql', ['--version']),
    server: await q('SHOW server_version'),
    postgis: await q('SELECT postgis_lib_version()'),
    settings: settings.rows.map((r) => `${r.name}=${r.value}`).join(', '),
  };
}
