/**
 * Errors the registry repository throws. The API turns them into DRF-shaped answers
 * (docs/ARCHITECTURE.md "Errors"): FieldValidationError → 400 `{field: [messages]}`.
 */
export class FieldValidationError extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('validation failed');
    this.name = 'FieldValidationError';
  }

  /** One message on one field. */
  static of(field: string, message: string): FieldValidationError {
    return new FieldValidationError({ [field]: [message] });
  }
}

/** A write refused because other rows depend on this one (→ 409 with a Russian detail). */
export class ConflictError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'ConflictError';
  }
}

/**
 * A write refused because it would take a row out of the writer's row scope or away from an
 * organisation the writer does not act for (→ 403 with a Russian detail; contract common/row-scope.ts).
 */
export class ScopeDeniedError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'ScopeDeniedError';
  }
}

interface PgError {
  code?: string;
  detail?: string;
  column?: string;
  table?: string;
  constraint?: string;
}

/** The 400 message of a reference to a row that does not exist (DRF PrimaryKeyRelatedField's «does_not_exist»). */
export const missingKeyMessage = (id: unknown) => `Недопустимый первичный ключ «${String(id)}» — объект не существует.`;

/**
 * Turns a PostgreSQL error caused by the client's data into a FieldValidationError or a
 * ConflictError naming the field; returns the error unchanged otherwise.
 * 23505 unique_violation → 400 on the field(s) of the key; 23503 on delete → 409; 23503 on an insert or update
 * (the referenced row was deleted by a transaction that committed while this one waited on its row lock:
 * delete-references.ts) → 400 on the referring field «Недопустимый первичный ключ «N» — объект не существует.»,
 * the answer a missing id gets from the reference check;
 * 23P01 exclusion_violation → 400 on the constraint's field; 23514 check_violation, 22003 numeric overflow, 22007/22008 bad date → 400;
 * 23502 not_null_violation (a null sent for a NOT NULL column, e.g. a defaulted time) → 400 «Это поле не может быть пустым.» on the column's field.
 */
export function translatePgError(
  fields: Record<string, { column: string | null; label: string; join?: { table: string; targetKey: string } }>,
  err: unknown,
): unknown {
  const e = err as PgError;
  if (!e || typeof e.code !== 'string') return err;
  const byColumn = (col: string | undefined) => Object.entries(fields).find(([, fd]) => fd.column === col);
  switch (e.code) {
    case '23505': {
      const cols = /Key \(([^)]+)\)/.exec(e.detail ?? '')?.[1]?.split(',').map((c) => c.trim().replace(/"/g, '')) ?? [];
      const hit = cols.map(byColumn).find(Boolean);
      const key = hit?.[0] ?? 'non_field_errors';
      const label = hit?.[1].label;
      return FieldValidationError.of(key, label ? `Запись с таким значением поля «${label}» уже существует.` : 'Такая запись уже существует.');
    }
    case '23503': {
      // «Key (garage_id)=(5) is not present in table "garage".»: this write refers to a row gone meanwhile.
      const gone = /^Key \(([^)]+)\)=\(([^)]*)\) is not present in table/.exec(e.detail ?? '');
      if (gone) {
        const col = gone[1]!.replace(/"/g, '');
        // The row's own column, or a link's join table column (a site's owners: legal_entity_id).
        const key = byColumn(col)?.[0] ?? Object.entries(fields).find(([, fd]) => fd.join?.table === e.table && fd.join?.targetKey === col)?.[0];
        return FieldValidationError.of(key ?? 'non_field_errors', missingKeyMessage(gone[2]));
      }
      return new ConflictError('Нельзя удалить или изменить запись: на неё ссылаются другие записи.');
    }
    case '23514': {
      const hit = Object.entries(fields).find(([, fd]) => fd.column && e.constraint?.includes(fd.column));
      return FieldValidationError.of(hit?.[0] ?? 'non_field_errors', 'Значение не удовлетворяет ограничениям.');
    }
    case '23P01': {
      // exclusion_violation: the constraint is named after the field it is reported on (…_<column>_excl).
      const hit = Object.entries(fields).find(([, fd]) => fd.column && e.constraint?.includes(`_${fd.column}_excl`));
      return FieldValidationError.of(hit?.[0] ?? 'non_field_errors', 'Период пересекается с периодом другой записи того же вида.');
    }
    case '22003':
      return FieldValidationError.of(byColumn(e.column)?.[0] ?? 'non_field_errors', 'Число слишком велико.');
    case '23502':
      return FieldValidationError.of(byColumn(e.column)?.[0] ?? 'non_field_errors', 'Это поле не может быть пустым.');
    case '22007':
    case '22008':
      return FieldValidationError.of('non_field_errors', 'Неправильная дата.');
    default:
      return err;
  }
}
