/**
 * An import template (docs/DECISIONS.md "Import"): a registry (ResourceDef), the targets its
 * file columns map to, an optional key that recognises rows and objects describing the same
 * thing, and an optional row transform. Adding a template type = one file in templates/ and a
 * line in templates/index.ts; validation and writing are the registry's own (createSchema,
 * updateSchema, RegistryRepository).
 */
import type { ImportTemplateTypeValue, ResourceDef } from '@tko/contract';
import type { Pool, PoolClient } from 'pg';
import type { TargetDef } from '../targets';
import type { RunContext, RunOutcome } from '../run-types';

export type Body = Record<string, unknown>;

/** Identity of an object across rows of a file and against the registry. */
export interface ImportKey {
  /** What the key is, in Russian, e.g. «координаты (6 знаков после точки)». */
  label: string;
  /** The body member (or target) the key reads, when it has one. */
  field?: string;
  /** The key of a row's body, or null when the body lacks it (the row then stands alone). */
  of(body: Body): string | null;
  /** A key as a person reads it in a message. */
  show(key: string): string;
  /** Existing objects of the registry with these keys: key → ids ascending. */
  find(db: Pool | PoolClient, keys: string[]): Promise<Map<string, number[]>>;
}

export interface ImportTemplate {
  type: ImportTemplateTypeValue;
  def: ResourceDef;
  targets: TargetDef[];
  /**
   * The keys through which a row may update an existing record, by options.match_key
   * (issue 9 §1: only the key the user chose; none by default).
   */
  keys?: Partial<Record<'identifier' | 'registry_number' | 'id', ImportKey>>;
  /**
   * A natural key of a registry whose rows have one by law or catalogue (e.g. a balance line:
   * year + ФККО code), used when the user chose no key (match_key none). Container sites have none.
   */
  key?: ImportKey | null;
  /** The point field (duplicate detection, match on coordinates), and the address field. */
  pointField?: string;
  addressField?: string;
  /**
   * The flag field set on a record created without a point (e.g. coordinates_needs_checking,
   * «Координаты требуют проверки»): such rows are imported and queued for geocoding.
   */
  pointCheckField?: string;
  /**
   * Parsed values of one row (target → value, only non-empty cells) → a registry body (before
   * the registry's validation), with errors per target. Default: each target is its field.
   */
  toBody?(values: Body): { body: Body; errors: Record<string, string>; warnings?: string[] };
  /**
   * After merging rows: given the fields whose rows disagreed (every distinct value, most
   * frequent first), values a NEW object gets besides the merged body (e.g. a "needs checking"
   * flag). They are never written over an existing object, so a person's later check stays.
   */
  afterMerge?(body: Body, conflicts: Record<string, unknown[]>): Body;
  /** Values a created object gets when the file leaves them out. */
  createDefaults?(file: { id: number; name: string }): Body;
  /**
   * A run of its own instead of runImport, for a file that fills several registries at once
   * (e.g. ANGARSK_PLAN: garages, vehicles, sites and their links); it keeps runImport's contract:
   * one unit of the write pipeline, failed rows and warnings in the outcome, ctx.beforeCommit
   * before COMMIT, ImportCancelled after rolling back.
   */
  run?(ctx: RunContext): Promise<RunOutcome>;
  /** Further registries the run writes besides `def` (their add/change permissions are needed too). */
  alsoWrites?: ResourceDef[];
}
