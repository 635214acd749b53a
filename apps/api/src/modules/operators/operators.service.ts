/**
 * Operators (spec 02 §7 "Legal entities"): the licence and contract zones of a legal entity
 * that holds the operator flag (is_operator) or the regional-operator flag (is_reg_operator).
 * Reads go through the registry repository of the entity's kind — juridical person or individual
 * entrepreneur (a natural person holds no licence) — and writes through the domain's write pipeline
 * on that registry, so the fields, their validation, the reference checks, the writer's row scope,
 * the history and the live announcement are those of any write of the registry (described once).
 * Returns null (→ 404) when the entity is missing, is a natural person or lacks the flag.
 */
import type { Operator, OperatorUpdate } from '@tko/contract';
import { individualEntrepreneurResource, juridicalPersonResource } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import type { Registries, Row, WritePipeline, Writer } from '@tko/db';
import type { Pool } from 'pg';

/** Which flag the call requires: an operator, a regional operator, or either (public card). */
export type OperatorKind = 'operator' | 'regional' | 'any';

export class OperatorService {
  private readonly defs: Record<string, ResourceDef> = {
    JURIDICAL_PERSON: juridicalPersonResource as unknown as ResourceDef,
    INDIVIDUAL_ENTREPRENEUR: individualEntrepreneurResource as unknown as ResourceDef,
  };

  constructor(private readonly pool: Pool, private readonly registries: Registries, private readonly pipeline: WritePipeline) {}

  /** The registry of the entity's kind when it holds the required flag, else null. */
  private async defFor(id: number, kind: OperatorKind): Promise<ResourceDef | null> {
    const { rows } = await this.pool.query<{ kind: string; is_operator: boolean; is_reg_operator: boolean }>(
      'SELECT kind, is_operator, is_reg_operator FROM legal_entity WHERE id = $1', [id],
    );
    const e = rows[0];
    const def = e && this.defs[e.kind];
    if (!e || !def) return null;
    const ok = kind === 'operator' ? e.is_operator : kind === 'regional' ? e.is_reg_operator : e.is_operator || e.is_reg_operator;
    return ok ? def : null;
  }

  /** The operator card, or null. */
  async get(id: number, kind: OperatorKind): Promise<Operator | null> {
    const def = await this.defFor(id, kind);
    const row = def && (await this.registries.repo(def).get(id));
    return row ? toOperator(row) : null;
  }

  /** Updates the licence and zones (fields left out keep their value); null when not an operator of that kind. */
  async update(id: number, kind: OperatorKind, body: OperatorUpdate, writer: Writer): Promise<Operator | null> {
    const def = await this.defFor(id, kind);
    const row = def && (await this.pipeline.update(def, id, body as Row, writer));
    return row ? toOperator(row) : null;
  }
}

function toOperator(row: Row): Operator {
  return {
    id: row.id as number,
    name: row.name as string,
    short_name: (row.short_name as string | null) ?? null,
    inn: (row.inn as string | null) ?? null,
    license_number: (row.license_number as string | null) ?? null,
    license_issued_by: (row.license_issued_by as string | null) ?? null,
    license_issued_at: (row.license_issued_at as string | null) ?? null,
    contract_zones: row.contract_zones as Operator['contract_zones'],
    roles: row.roles as Operator['roles'],
  };
}
