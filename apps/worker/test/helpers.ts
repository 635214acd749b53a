/**
 * Helpers of the worker tests: a user row, a listener on the Redis channel every live message
 * travels on (REALTIME_CHANNEL, @tko/contract ws/), waiting on a condition, a BullMQ prefix of
 * the test file's own, and container sites seeded by SQL.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Pool } from 'pg';
import type { RealtimeEnvelope } from '@tko/contract';
import { REALTIME_CHANNEL } from '@tko/contract';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A BullMQ key prefix no other test file uses. */
export const uniquePrefix = (name: string) => `tko-test-${name}-${randomBytes(4).toString('hex')}`;

/** Inserts a user (no roles); returns the id. */
export async function createUser(pool: Pool, email: string): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO app_user (email, password_hash, first_name, last_name) VALUES ($1, 'x', 'Иван', 'Петров') RETURNING id`,
    [email],
  );
  return rows[0]!.id;
}

/** Resolves once `check()` is truthy (polled every `everyMs`); rejects after `timeoutMs` with `what`. */
export async function waitUntil<T>(check: () => T | Promise<T>, what: string, timeoutMs = 60000, everyMs = 100): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface RealtimeListener {
  /** Every envelope received so far, in order. */
  messages: RealtimeEnvelope[];
  /** Envelopes for `destination`. */
  on(destination: string): RealtimeEnvelope[];
  close(): Promise<void>;
}

/** Subscribes to REALTIME_CHANNEL (as every API instance does) and records what arrives. */
export async function listenRealtime(): Promise<RealtimeListener> {
  const sub = new Redis(REDIS_URL);
  const messages: RealtimeEnvelope[] = [];
  sub.on('message', (_channel: string, raw: string) => messages.push(JSON.parse(raw) as RealtimeEnvelope));
  await sub.subscribe(REALTIME_CHANNEL);
  return {
    messages,
    on: (destination) => messages.filter((m) => m.destination === destination),
    async close() {
      sub.disconnect();
    },
  };
}

/** Inserts `n` container sites (kind CONTAINER) with distinct identifiers and coordinates. */
export async function seedContainerSites(pool: Pool, n: number): Promise<void> {
  await pool.query(
    `INSERT INTO waste_area (kind, identifier, location, coordinates)
     SELECT 'CONTAINER', 'S-' || g, 'Ангарск, квартал ' || g, ST_SetSRID(ST_MakePoint(103.8 + g * 0.00001, 52.5), 4326)
       FROM generate_series(1, $1::int) g`,
    [n],
  );
}

/** Resolves when the child process has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** Stops (SIGTERM) every child still running and waits for each to exit. */
export async function stopAll(children: ChildProcess[]): Promise<void> {
  for (const p of children) {
    if (p.exitCode === null && p.signalCode === null) {
      p.kill('SIGTERM');
      await exited(p);
    }
  }
}
