/**
 * The shapes of the registries' server-side effects (effects/index.ts is their one table) and of
 * the services they use. Every WritePipeline runs every effect of the table, whoever built it —
 * the API, the import job, the flows recount, the worker — so a rule of a registry holds on every
 * path that writes it. Services come in through the pipeline (WritePipelineOptions.services), never
 * through module globals.
 *
 * Kinds, by when they run:
 * - `beforeWrite`: before a create (`before` null) or an update is written; returns the values to
 *   write (the appeal's deadline);
 * - `afterWrite`: on the unit's transaction after a create / update is written, before its history
 *   row: whatever it changes on the row is in that history row (a problem's CREATED event);
 * - `action`: the same moment for a workflow action (a report's revision and signature, a problem's
 *   closed_at);
 * - `afterCommit`: after the unit committed, with its changes (notices); its failure is logged,
 *   never thrown.
 */
import type { ResourceDef } from '@tko/contract';
import type { Mailer } from '@tko/mail';
import type { Pool, PoolClient } from 'pg';
import type { Notifier } from '../notifications/notify';
import type { Row, WriteContext } from '../registry/repository';
import type { WriteEvent, WriteUnit, Writer } from '../registry/write-pipeline';

/**
 * E-mail sending the effects and jobs need: the part of @tko/mail's Mailer they use (`enabled`: an
 * SMTP server is configured; `sendLater`: sends one of its templates without waiting, a failure logged).
 */
export type EffectMailer = Pick<Mailer, 'enabled' | 'sendLater'>;

/** Where effects report what they could not do (pino / Fastify's logger has this shape). */
export interface EffectLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The services an effect may use, given to the pipeline once. */
export interface EffectServices {
  pool: Pool;
  /** Now (tests pass a fixed clock). */
  clock: () => Date;
  /** The region's IANA time zone (REGION_TIME_ZONE): an appeal's working days are counted on its calendar. */
  regionTimeZone: string;
  /** The web app's address, for links in notices (no trailing slash; '' = relative links). */
  publicUrl: string;
  /** In-app notifications (stored + live push). */
  notifier: Notifier;
  /** E-mail; null = notices only in the notification centre. */
  mailer: EffectMailer | null;
  log: EffectLog;
}

/** Arguments of every in-transaction effect. */
export interface EffectArgs {
  /** The unit's connection (its transaction). */
  db: PoolClient;
  unit: WriteUnit;
  def: ResourceDef;
  services: EffectServices;
}

/** Runs before a create (`before` null) or an update is written; returns the values to write. */
export type BeforeWriteHook = (x: EffectArgs & { values: Row; before: Row | null; writer: Writer }) => Promise<Row> | Row;
/** Runs after a create (`before` null) / an update of row `id` is written, before its history. */
export type AfterWriteHook = (x: EffectArgs & { id: number; values: Row; before: Row | null; writer: Writer }) => Promise<void>;
/** Runs after workflow action's state change of row `id`, before its history. */
export type ActionHook = (x: EffectArgs & { id: number; before: Row; input: Row; ctx: WriteContext }) => Promise<void>;
/** Runs after a unit committed, with its changes. */
export type AfterCommitHook = (events: readonly WriteEvent[], services: EffectServices) => Promise<void>;

/** One row of the effects table (effects/index.ts). */
export type RegistryEffect =
  | { kind: 'beforeWrite'; resource: string; hook: BeforeWriteHook }
  | { kind: 'afterWrite'; resource: string; on: 'create' | 'update'; hook: AfterWriteHook }
  | { kind: 'action'; resource: string; action: string; hook: ActionHook }
  | { kind: 'afterCommit'; hook: AfterCommitHook };
