/**
 * The batch transaction (spec 01 §7, issue 3 §7): a list of create / update / delete
 * operations on registries of `resources`, checked first (shape, registry, permission, data
 * against the registry's create or PATCH schema), then run in ONE unit of the write pipeline
 * (WritePipeline: one transaction, each change's history in it, every change announced on its
 * registry topic after the commit, within the user's row scope). The
 * first failing operation rolls everything back and is named by its index.
 *
 * Errors: {@link TransactionFailure} (status 400 or 403, body {index, detail, errors?}).
 * A failure to write the history is not the client's fault: it propagates (→ 500), after the
 * rollback.
 */
import type { ResourceDef, TransactionAction, TransactionAnswer, TransactionError, TransactionOperation } from '@tko/contract';
import { createSchema, issuesToFieldErrors, TRANSACTION_MSG, TransactionOperationSchema, updateSchema } from '@tko/contract';
import type { PermissionAction } from '@tko/contract';
import type { Row, WritePipeline, Writer } from '@tko/db';
import { ConflictError, FieldValidationError, ScopeDeniedError } from '@tko/db';
import type { AuthUser } from '../../plugins/auth';

/** A refused or failed operation: nothing was written. */
export class TransactionFailure extends Error {
  constructor(readonly status: 400 | 403, readonly body: TransactionError) {
    super(body.detail);
    this.name = 'TransactionFailure';
  }
}

const PERMISSION: Record<TransactionAction, PermissionAction> = { create: 'add', update: 'change', delete: 'delete' };

/** An operation checked and ready to run. */
interface Planned {
  index: number;
  def: ResourceDef;
  action: TransactionAction;
  id?: number;
  values?: Row;
}

export class TransactionService {
  constructor(private readonly pipeline: WritePipeline) {}

  private static fail(index: number, errors: Record<string, string[]>): TransactionFailure {
    return new TransactionFailure(400, { index, detail: TRANSACTION_MSG.failed(index), errors });
  }

  /** Checks one raw operation; throws TransactionFailure naming `index`. */
  private plan(raw: unknown, index: number, user: AuthUser): Planned {
    const parsed = TransactionOperationSchema.safeParse(raw);
    if (!parsed.success) throw TransactionService.fail(index, issuesToFieldErrors(parsed.error.issues));
    const op: TransactionOperation = parsed.data;
    const def = this.pipeline.def(op.resource);
    if (!def) throw TransactionService.fail(index, { resource: [TRANSACTION_MSG.unknownResource(op.resource)] });
    if (def.readOnly) throw TransactionService.fail(index, { resource: [TRANSACTION_MSG.readOnly(op.resource)] });
    const reg = { def };
    if (!user.permissions[reg.def.name]?.[PERMISSION[op.action]]) {
      throw new TransactionFailure(403, { index, detail: TRANSACTION_MSG.forbidden(index) });
    }
    if (op.action !== 'create' && op.id === undefined) throw TransactionService.fail(index, { id: [TRANSACTION_MSG.idRequired] });
    if (op.action === 'delete') return { index, def: reg.def, action: op.action, id: op.id };
    if (!op.data) throw TransactionService.fail(index, { data: [TRANSACTION_MSG.dataRequired] });
    const schema = op.action === 'create' ? createSchema(reg.def) : updateSchema(reg.def, true);
    const values = schema.safeParse(op.data);
    if (!values.success) throw TransactionService.fail(index, issuesToFieldErrors(values.error.issues));
    return { index, def: reg.def, action: op.action, id: op.id, values: values.data as Row };
  }

  /**
   * Checks every operation, then runs them in order in one transaction. `operations` is the
   * body's list (validated here, item by item, so an error names its index).
   */
  async run(operations: unknown[], user: AuthUser, ctx: Writer): Promise<TransactionAnswer> {
    const planned = operations.map((raw, i) => this.plan(raw, i, user));
    // One unit of the write pipeline: one transaction, each change announced after the commit.
    const results = await this.pipeline.run(async (unit) => {
      const out: TransactionAnswer['results'] = [];
      for (const op of planned) {
        const base = { index: op.index, resource: op.def.name, action: op.action };
        try {
          if (op.action === 'create') {
            const row = await unit.create(op.def, op.values!, ctx);
            out.push({ ...base, status: 201, id: Number(row.id), object: row });
          } else if (op.action === 'update') {
            const row = await unit.update(op.def, op.id!, op.values!, ctx);
            if (!row) throw TransactionService.fail(op.index, { id: [TRANSACTION_MSG.notFound] });
            out.push({ ...base, status: 200, id: op.id!, object: row });
          } else {
            if (!(await unit.delete(op.def, op.id!, ctx))) throw TransactionService.fail(op.index, { id: [TRANSACTION_MSG.notFound] });
            out.push({ ...base, status: 204, id: op.id! });
          }
        } catch (e) {
          if (e instanceof FieldValidationError) throw TransactionService.fail(op.index, e.fields);
          if (e instanceof ConflictError) throw TransactionService.fail(op.index, { non_field_errors: [e.detail] });
          if (e instanceof ScopeDeniedError) throw new TransactionFailure(403, { index: op.index, detail: e.detail });
          throw e;
        }
      }
      return out;
    });
    return { results };
  }
}
