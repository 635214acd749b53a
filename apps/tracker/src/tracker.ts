/**
 * The tracker service put together (used by main.ts and by the tests): the Wialon receiver on a
 * port, on the domain runtime's position ingest (@tko/db createDomain → PositionIngest: which
 * vehicle a unit is, storing and publishing, the REST ingest's rules too); positions stored in
 * batches (IngestBatcher), today's and tomorrow's partitions made at start and every hour.
 */
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { createDomain } from '@tko/db';
import type { RealtimePublisher } from '@tko/realtime';
import { IngestBatcher } from './ingest-batcher';
import type { BatcherOptions } from './ingest-batcher';
import { unitLookup } from './units';
import { createReceiver } from './wialon/server';
import type { Receiver } from './wialon/server';

export interface TrackerOptions {
  pool: Pool;
  publisher: RealtimePublisher;
  host?: string;
  /** 0 = any free port. */
  port: number;
  batcher?: BatcherOptions;
  log?: (msg: string) => void;
  clock?: () => Date;
}

export interface Tracker {
  port: number;
  receiver: Receiver;
  batcher: IngestBatcher;
  close(): Promise<void>;
}

export async function startTracker(o: TrackerOptions): Promise<Tracker> {
  const { positions } = createDomain({ pool: o.pool, publisher: o.publisher });
  const store = positions.store;
  await store.partitions.ensureAhead(1);
  const ahead = setInterval(() => void store.partitions.ensureAhead(1).catch((e: Error) => o.log?.(`tracker: partitions: ${e.message}`)), 3600_000);
  ahead.unref();
  const batcher = new IngestBatcher(positions, o.batcher);
  const receiver = createReceiver({ lookup: unitLookup(positions), sink: (rows) => batcher.add(rows), log: o.log, clock: o.clock });
  await new Promise<void>((resolve, reject) => {
    receiver.server.once('error', reject);
    receiver.server.listen(o.port, o.host ?? '0.0.0.0', () => resolve());
  });
  return {
    port: (receiver.server.address() as AddressInfo).port,
    receiver,
    batcher,
    async close() {
      clearInterval(ahead);
      await receiver.close();
      await batcher.drain().catch(() => undefined);
    },
  };
}
