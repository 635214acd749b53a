/**
 * The domain runtime (issue 21 §1): what every process — the API, the worker, the tracker, the
 * commands, the bench — builds once and uses for the registries, instead of assembling its own
 * pieces. It owns:
 *
 * - `registries`: one RegistryRepository per registry (registries.ts);
 * - `pipeline`: the ONE write pipeline of the process (registry/write-pipeline.ts) on those
 *   repositories, announcing on `publisher`; every registry effect hangs on it;
 * - `writerFor(user)`: the writer of a user, always with the user's row scope (writer.ts);
 * - `fileStore`: where attachment bytes live (file-store.ts);
 * - `positions`: the one GPS position ingest (tracking/position-ingest.ts) of the Wialon receiver
 *   and the REST ingest;
 * - `notifier`: notifications (insert + live push) on the same publisher;
 * - `jobs`: the process's one job client (jobs.ts), when the process gave one (it owns the Redis
 *   connection its queues are opened on);
 * - `clock`, `mailer`, `config`: the effects' services (registry/write-pipeline.ts services), and
 *   handed on so every part reads the same ones.
 *
 * Nothing here opens a connection: the caller passes the pool and the publisher and closes them.
 */
import path from 'node:path';
import type { Pool } from 'pg';
import type { EffectLog, EffectMailer } from '../effects/types';
import { Notifier } from '../notifications/notify';
import type { EnvelopePublisher } from '../notifications/notify';
import { WritePipeline } from '../registry/write-pipeline';
import { PositionIngest } from '../tracking/position-ingest';
import type { PositionWindow } from '../tracking/position-window';
import { positionWindowFromEnv } from '../tracking/position-window';
import { regionTimeZone } from '../tracking/settings';
import type { Writer } from '../registry/write-pipeline';
import type { FileStore } from './file-store';
import { LocalFileStore } from './file-store';
import type { JobClient } from './jobs';
import { Registries } from './registries';
import type { WriterUser } from './writer';
import { writerFor } from './writer';

/** The time source of the domain's rules (an appeal's deadline, "now" of a job); tests may fix it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The settings the domain itself reads (the API's Config has them all). */
export interface DomainConfig {
  /** ATTACHMENTS_DIR: the local file store's root when no `fileStore` is given. */
  attachmentsDir?: string;
  /** PUBLIC_URL: the web app's address for links in notices ('' = relative links). */
  publicUrl?: string;
  /**
   * Which position times the ingest takes (TRACKER_MAX_AGE_DAYS, TRACKER_MAX_AHEAD_MINUTES);
   * default read from the environment (tracking/position-window.ts; throws on a bad value).
   */
  positionWindow?: PositionWindow;
  /** REGION_TIME_ZONE: the region's work day (plan/fact); default tracking/settings.ts regionTimeZone(). */
  regionTimeZone?: string;
}

export interface DomainDeps<M extends EffectMailer = EffectMailer> {
  pool: Pool;
  /** Where live messages go (@tko/realtime); none: writes are not announced. */
  publisher?: EnvelopePublisher | null;
  /** Outgoing mail (@tko/mail Mailer, built by each process from its settings): the effects' and jobs' e-mail notices; none = notices in the app only. */
  mailer?: M | null;
  /** Attachment bytes; default a LocalFileStore on config.attachmentsDir. */
  fileStore?: FileStore;
  clock?: Clock;
  config?: DomainConfig;
  /** Where the effects log (the API's pino logger); default the console. */
  log?: EffectLog;
  /** An after-commit effect's error (the write has committed); default: `log`. */
  onHookError?: (e: unknown) => void;
  /** The process's job client (jobs.ts); none = this process enqueues no job. */
  jobs?: JobClient | null;
}

export interface Domain<M extends EffectMailer = EffectMailer> {
  pool: Pool;
  publisher: EnvelopePublisher | null;
  registries: Registries;
  /** The process's one write pipeline, with every registry effect (packages/db effects). */
  pipeline: WritePipeline;
  /** The writer of `user`: id, «Фамилия Имя», the user's row scope. */
  writerFor(user: WriterUser): Writer;
  /** Null when no file store was given and config.attachmentsDir is not set. */
  fileStore: FileStore | null;
  /** The GPS position ingest: which vehicle an identifier is, store + live publish. */
  positions: PositionIngest;
  /** Notifications (stored + live push on `publisher`): the effects' notifier. */
  notifier: Notifier;
  /** The one job client (validates, stamps the version, opens each queue once); null without Redis. */
  jobs: JobClient | null;
  mailer: M | null;
  clock: Clock;
  config: DomainConfig;
}

const NO_PUBLISHER: EnvelopePublisher = { publish: async () => undefined };

/** Builds the domain runtime of a process (see the module comment). */
export function createDomain<M extends EffectMailer = EffectMailer>(deps: DomainDeps<M>): Domain<M> {
  const config = deps.config ?? {};
  const publisher = deps.publisher ?? null;
  const clock = deps.clock ?? systemClock;
  const mailer = deps.mailer ?? null;
  const registries = new Registries(deps.pool);
  const notifier = new Notifier(deps.pool, publisher ?? NO_PUBLISHER);
  const pipeline = new WritePipeline(deps.pool, {
    publisher, repos: registries, onHookError: deps.onHookError,
    services: { clock, regionTimeZone: config.regionTimeZone ?? regionTimeZone(), publicUrl: config.publicUrl, notifier, mailer, log: deps.log },
  });
  const fileStore = deps.fileStore ?? (config.attachmentsDir ? new LocalFileStore(path.resolve(config.attachmentsDir)) : null);
  const positions = new PositionIngest(deps.pool, publisher, config.positionWindow ?? positionWindowFromEnv(), undefined,
    { jobs: deps.jobs ?? null, timeZone: config.regionTimeZone ?? regionTimeZone(), onError: (e) => { if (deps.log) deps.log.warn({ err: e }, 'plan-fact: recompute not queued'); else console.warn(`plan-fact: recompute not queued: ${(e as Error).message}`); } });
  return { pool: deps.pool, publisher, registries, pipeline, writerFor, fileStore, positions, notifier, jobs: deps.jobs ?? null, mailer, clock, config };
}
