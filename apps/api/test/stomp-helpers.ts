/**
 * STOMP test harness: the real app listening on a port (the broker needs a real websocket),
 * clients made with @stomp/stompjs over the `ws` package (a client we did not write), and a
 * raw websocket for malformed frames. Waits are on conditions, never fixed sleeps.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { WebSocket } from 'ws';
import type { IFrame, IMessage, StompHeaders } from '@stomp/stompjs';
import { Client } from '@stomp/stompjs';
import type { RealtimePublisher } from '@tko/realtime';
import { createPool, createPrisma } from '@tko/db';
import type { TestDatabase } from '@tko/db/testing';
import { createTestDatabase } from '@tko/db/testing';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Config } from '../src/config';
import type { Queues } from '../src/modules/jobs/queue';
import type { StompOptions } from '../src/modules/stomp/options';
import { TokenService } from '../src/modules/auth/tokens';
import { ALL_PERMISSIONS, createUser } from './helpers';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface StompTestApp {
  app: FastifyInstance;
  pool: Pool;
  config: Config;
  /** ws://127.0.0.1:port/ws/ */
  wsUrl: string;
  tokens: { admin: string; viewer: string; nobody: string; refresh: string };
  users: { admin: number; viewer: number; nobody: number };
  close(): Promise<void>;
}

export interface StartOptions {
  stomp?: Partial<StompOptions>;
  /** Redis for the cross-instance fan-out. */
  redisUrl?: string;
  publisher?: RealtimePublisher;
  queues?: Queues | null;
  /** Config values over the test defaults (e.g. attachmentsDir). */
  overrides?: Partial<Config>;
  /** Reuse this database (a second instance); users are created only on a new one. */
  db?: { database: TestDatabase; users: StompTestApp['users'] };
}

/** Starts an app on 127.0.0.1:<random port>; admin holds every permission, viewer `container:view`. */
export async function startStompApp(opts: StartOptions = {}): Promise<StompTestApp & { database: TestDatabase }> {
  const database = opts.db?.database ?? (await createTestDatabase());
  const shared = Boolean(opts.db);
  const pool = shared ? createPool(database.url, { max: 5 }) : database.pool;
  const config = loadConfig({ DATABASE_URL: database.url, NODE_ENV: 'test', JWT_SECRET: 'test-secret' } as NodeJS.ProcessEnv, {
    webDist: '/nonexistent',
    ...(opts.redisUrl ? { redisUrl: opts.redisUrl } : {}),
    ...opts.overrides,
  });
  const prisma = createPrisma(database.url);
  const app = await buildApp({
    config, pool, prisma, queues: opts.queues ?? null, publisher: opts.publisher, stomp: opts.stomp,
    logger: process.env.TEST_LOG ? { level: 'info' } : false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const users = opts.db?.users ?? {
    admin: await createUser(pool, 'admin@test.local', ALL_PERMISSIONS, { first: 'Анна', last: 'Админова' }),
    viewer: await createUser(pool, 'viewer@test.local', ['container:view']),
    nobody: await createUser(pool, 'nobody@test.local', []),
  };
  const ts = new TokenService(config.jwtSecret, config.accessTokenLifetime, config.refreshTokenLifetime);
  const port = (app.server.address() as AddressInfo).port;
  return {
    app,
    pool,
    config,
    database,
    wsUrl: `ws://127.0.0.1:${port}/ws/`,
    tokens: { admin: ts.access(users.admin), viewer: ts.access(users.viewer), nobody: ts.access(users.nobody), refresh: ts.refresh(users.admin, { jti: randomUUID(), fam: randomUUID() }) },
    users,
    async close() {
      await app.close();
      await prisma.$disconnect();
      if (shared) await pool.end();
      else await database.drop();
    },
  };
}

/** Polls `cond` every 10 ms until true; throws with `what` after `timeoutMs`. */
export async function waitFor(cond: () => boolean, what: string, timeoutMs = 15000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A stompjs client and what it saw. */
export interface TestClient {
  client: Client;
  connected: IFrame | null;
  errors: IFrame[];
  closed: boolean;
  unhandled: IMessage[];
  receipts: IFrame[];
  heartBeats: number;
  /** Subscribes and collects the messages; waits for the RECEIPT so the subscription is active. */
  subscribe(destination: string, headers?: StompHeaders): Promise<IMessage[]>;
  disconnect(): Promise<void>;
}

export interface ClientOptions {
  connectHeaders?: StompHeaders;
  heartbeatIncoming?: number;
  heartbeatOutgoing?: number;
}

/** Connects with `Authorization: Bearer <token>`; resolves once CONNECTED, ERROR or closed. */
export async function connectClient(url: string, token: string | null, opts: ClientOptions = {}): Promise<TestClient> {
  let receiptSeq = 0;
  const t: TestClient = {
    client: new Client({
      webSocketFactory: () => new WebSocket(url) as never,
      connectHeaders: opts.connectHeaders ?? (token ? { Authorization: `Bearer ${token}` } : {}),
      reconnectDelay: 0,
      heartbeatIncoming: opts.heartbeatIncoming ?? 0,
      heartbeatOutgoing: opts.heartbeatOutgoing ?? 0,
      debug: () => undefined,
    }),
    connected: null,
    errors: [],
    closed: false,
    unhandled: [],
    receipts: [],
    heartBeats: 0,
    async subscribe(destination, headers = {}) {
      const got: IMessage[] = [];
      const receipt = `sub-${(receiptSeq += 1)}`;
      let ok = false;
      t.client.watchForReceipt(receipt, () => {
        ok = true;
      });
      t.client.subscribe(destination, (m) => got.push(m), { ...headers, receipt });
      await waitFor(() => ok || t.errors.length > 0 || t.closed, `RECEIPT of SUBSCRIBE ${destination}`);
      if (!ok) throw new Error(`subscription to ${destination} refused: ${t.errors[0]?.headers.message}`);
      return got;
    },
    async disconnect() {
      await t.client.deactivate();
    },
  };
  t.client.onConnect = (f) => {
    t.connected = f;
  };
  t.client.onStompError = (f) => {
    t.errors.push(f);
  };
  t.client.onWebSocketClose = () => {
    t.closed = true;
  };
  t.client.onUnhandledMessage = (m) => {
    t.unhandled.push(m);
  };
  t.client.onUnhandledReceipt = (f) => {
    t.receipts.push(f);
  };
  t.client.onHeartbeatReceived = () => {
    t.heartBeats += 1;
  };
  t.client.activate();
  await waitFor(() => t.connected !== null || t.errors.length > 0 || t.closed, 'CONNECTED');
  return t;
}

/** A plain websocket speaking raw bytes; collects what the server sends. */
export interface RawSocket {
  ws: WebSocket;
  /** Everything received, as text. */
  received(): string;
  /** Received frames split on NUL (heart-beat EOLs stripped). */
  frames(): string[];
  closeCode: number | null;
  send(data: string | Buffer): void;
  /** Waits until a frame starting with `command` arrived; returns it. */
  waitFrame(command: string, nth?: number): Promise<string>;
  waitClose(): Promise<number>;
}

export async function rawSocket(url: string): Promise<RawSocket> {
  const ws = new WebSocket(url);
  const chunks: Buffer[] = [];
  const r: RawSocket = {
    ws,
    closeCode: null,
    received: () => Buffer.concat(chunks).toString('utf8'),
    frames: () => r.received().split('\0').map((f) => f.replace(/^[\r\n]+/, '')).filter(Boolean),
    send: (data) => ws.send(data),
    async waitFrame(command, nth = 1) {
      let found: string | undefined;
      await waitFor(() => {
        found = r.frames().filter((f) => f.startsWith(`${command}\n`))[nth - 1];
        return found !== undefined;
      }, `${command} frame`);
      return found!;
    },
    async waitClose() {
      await waitFor(() => r.closeCode !== null, 'websocket close');
      return r.closeCode!;
    },
  };
  ws.on('message', (d: Buffer) => chunks.push(Buffer.from(d)));
  ws.on('close', (code) => {
    r.closeCode = code;
  });
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return r;
}

/** A CONNECT frame with the token. */
export function connectFrame(token: string, extra = ''): string {
  return `CONNECT\naccept-version:1.2\nhost:localhost\nAuthorization:Bearer ${token}\n${extra}\n\0`;
}

/** The value of a header in a raw frame (as on the wire, still escaped). */
export function rawHeader(frame: string, name: string): string | undefined {
  const head = frame.split('\n\n')[0]!;
  return head.split('\n').find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
}

export function json(m: IMessage): unknown {
  return JSON.parse(m.body);
}
