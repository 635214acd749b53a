/**
 * A PostgreSQL cluster of a test's own, for fault tests that restart or cut the database
 * (never the shared server on 5432): `initdb` as the postgres OS user into a fresh temp dir,
 * `pg_ctl start` on a free port with its socket in that dir, trust auth on 127.0.0.1 only.
 * Needs root or password-less sudo (the postgres OS user runs the server) and PostgreSQL's
 * binaries with PostGIS: PG_MAJOR, else the newest /usr/lib/postgresql/<v> whose share has
 * postgis.control (Debian: 15 from services.sh; GitHub's Ubuntu runner: 16 + postgresql-16-postgis-3,
 * .github/workflows/ci.yml). `stop()` is safe to call at any time and removes the directory.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

/** The PostgreSQL major version to use (see the module comment). */
function pgMajor(): string {
  if (process.env.PG_MAJOR) return process.env.PG_MAJOR;
  const withPostgis = (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [])
    .filter((v) => existsSync(`/usr/share/postgresql/${v}/extension/postgis.control`))
    .sort((a, b) => Number(b) - Number(a));
  if (!withPostgis[0]) throw new Error('throw-away PostgreSQL: no /usr/lib/postgresql/<v> with PostGIS (Debian: postgresql-15-postgis-3)');
  return withPostgis[0];
}

/** Runs a command as root (directly, or through password-less sudo). */
async function asRoot(cmd: string, args: string[]): Promise<void> {
  await (isRoot ? run(cmd, args, { cwd: '/' }) : run('sudo', ['-n', cmd, ...args], { cwd: '/' }));
}

export interface ThrowawayPostgres {
  port: number;
  /** postgresql://postgres@127.0.0.1:port/<database> */
  url(database: string): string;
  /** CREATE DATABASE over the admin connection. */
  createDatabase(name: string): Promise<void>;
  /** `pg_ctl restart -m fast` (waits until the server accepts connections again). */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`: the server is down until resume(). */
  pause(): Promise<void>;
  /** `pg_ctl start` after pause(). */
  resume(): Promise<void>;
  /** pg_terminate_backend on every other connection to `database`; returns how many. */
  terminateBackends(database: string): Promise<number>;
  stop(): Promise<void>;
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

let bin = '';
async function asPostgres(cmd: string, args: string[]): Promise<void> {
  bin ||= `/usr/lib/postgresql/${pgMajor()}/bin`;
  await asRoot('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]);
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tko-pg-'));
  await asRoot('chown', ['postgres:', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const ctl = (action: string, extra: string[] = []) => asPostgres('pg_ctl', [
    '-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '30',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    ...extra, action,
  ]);
  let running = false;
  const stop = async () => {
    if (running) await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    running = false;
    await asRoot('rm', ['-rf', dir]).catch(() => undefined);
  };
  try {
    await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C.UTF-8']);
    running = true;
    await ctl('start');
  } catch (e) {
    await stop();
    throw e;
  }
  const url = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url('postgres') });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  return {
    port,
    url,
    createDatabase: (name) => admin(async (c) => { await c.query(`CREATE DATABASE "${name}"`); }),
    restart: () => ctl('restart', ['-m', 'fast']),
    pause: () => ctl('stop', ['-m', 'fast']),
    resume: () => ctl('start'),
    terminateBackends: (database) => admin(async (c) => {
      const { rows } = await c.query('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
      return rows.length;
    }),
    stop,
  };
}
