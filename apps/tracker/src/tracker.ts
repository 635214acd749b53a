/**
 * The tracker service put together (used by main.ts and by the tests): the Wialon receiver on a
 * port, on the domain runtime's position ingest (@tko/db createDomain → PositionIngest: which
 * vehicle a unit is, the time window, storing and publishing, the REST ingest's rules too); the
 * device directory checking logins (devices.ts); positions stored in batches (IngestBatcher).
 * At start the position window's partitions are made once (the worker's maintenance job keeps
 * them made ahead after that; never from a packet: docs/DECISIONS.md «Position window»).
 */
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { createDomain } from '@tko/db';
import type { JobClient, PositionWindow } from '@tko/db';
import type { RealtimePublisher } from '@tko/realtime';
import { DeviceDirectory } from './devices';
import type { DeviceDirectoryOptions } from './devices';
import { IngestBatcher } from './ingest-batcher';
import type { BatcherOptions } from './ingest-batcher';
import { TrackerStats } from './stats';
import { createReceiver } from './wialon/server';
import type { Receiver } from './wialon/server';

export interface TrackerOptions {
  pool: Pool;
  publisher: RealtimePublisher;
  host?: string;
  /** 0 = any free port. */
  port: number;
  batcher?: BatcherOptions;
  /** Logins: directory refresh, TRACKER_ALLOW_NO_PASSWORD, verify bounds (devices.ts). */
  devices?: Omit<DeviceDirectoryOptions, 'log'>;
  /** Position times taken (default: the environment, position-window.ts). */
  window?: PositionWindow;
  /** Most messages in one black box (TRACKER_MAX_BLACK_BOX, default 5 000). */
  maxBlackBox?: number;
  log?: (msg: string) => void;
  clock?: () => Date;
  /** The job client the ingest enqueues plan/fact recomputes with (REDIS_URL); none: no recompute is asked. */
  jobs?: JobClient | null;
}

export interface Tracker {
  port: number;
  receiver: Receiver;
  batcher: IngestBatcher;
  devices: DeviceDirectory;
  stats: TrackerStats;
  close(): Promise<void>;
}

export async function startTracker(o: TrackerOptions): Promise<Tracker> {
  const { positions } = createDomain({ pool: o.pool, publisher: o.publisher, jobs: o.jobs ?? null, config: o.window ? { positionWindow: o.window } : {} });
  const created = await positions.store.partitions.ensureWindow(positions.window);
  if (created) o.log?.(`tracker: ${created} day partitions made for the position window (${positions.window.maxAgeDays} days back, 2 ahead)`);
  const devices = new DeviceDirectory(positions, { ...o.devices, log: o.log });
  await devices.start();
  const stats = new TrackerStats();
  const batcher = new IngestBatcher(positions, o.batcher);
  const receiver = createReceiver({
    login: (imei, password) => devices.login(imei, password),
    admit: (rows, now) => positions.admit(rows, now),
    sink: (rows) => batcher.add(rows),
    stats, maxBlackBox: o.maxBlackBox, log: o.log, clock: o.clock,
  });
  await new Promise<void>((resolve, reject) => {
    receiver.server.once('error', reject);
    receiver.server.listen(o.port, o.host ?? '0.0.0.0', () => resolve());
  });
  return {
    port: (receiver.server.address() as AddressInfo).port,
    receiver,
    batcher,
    devices,
    stats,
    async close() {
      devices.stop();
      await receiver.close();
      await batcher.drain().catch(() => undefined);
    },
  };
}
