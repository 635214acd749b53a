/**
 * List filters of a registry, described in the contract and turned into SQL by the database
 * package. Every filter accepts both a query string (`?status=ACTIVE,CLOSED`) and a JSON body
 * value (`{"status": ["ACTIVE"]}`, for the POST search and xlsx calls). Unknown parameters and
 * unknown values answer 400 with a Russian message, never 500: ids are bounded to 1 … 2 147 483 647
 * (common/ids.ts), numbers to their filter's range, in a body as in a query string.
 */
import { z } from 'zod';
import type { EnumDef } from '../enums/define-enum';
import { BBoxSchema, PointInputSchema } from './geo';
import { MSG } from './messages';
import { isId } from './ids';
import { DateOrDateTimeSchema, DateSchema } from './dates';

export type FilterDef =
  /** Field value is one of a comma-separated list of enum values. */
  | { kind: 'enum'; field: string; enum: EnumDef; label: string }
  /** An enum_list field shares at least one value with the list. */
  | { kind: 'enum_any'; field: string; enum: EnumDef; label: string }
  /**
   * A text column equals one of a comma-separated list of codes, each matching `pattern`
   * (e.g. the ОКТМО region `01,03` or a parent code); `message` is the Russian error.
   */
  | { kind: 'values'; field: string; label: string; pattern: RegExp; message: string }
  /** Foreign key is one of a list of ids. */
  | { kind: 'ref'; field: string; label: string }
  /** A many-to-many (refs) field links at least one of a list of ids. */
  | { kind: 'refs'; field: string; label: string }
  /** Integer column is one of a comma-separated list of integers within [min, max]. */
  | { kind: 'int'; field: string; label: string; min: number; max: number }
  /** Boolean column equals true/false. */
  | { kind: 'bool'; field: string; label: string }
  /** Case-insensitive substring over several text columns. */
  | { kind: 'text'; fields: string[]; label: string }
  /** Point inside `minLng,minLat,maxLng,maxLat` (EPSG:4326). */
  | { kind: 'bbox'; field: string; label: string }
  /** Point within `radius` metres of `point` ('lat, lng'); the params are `<name>` and `radius`. */
  | { kind: 'radius'; field: string; label: string }
  /**
   * Records created or updated by one of a list of import files (issue 9 §1: the import_record
   * table); any importable registry gets it with one line: `import_file: IMPORT_FILE_FILTER`.
   */
  | { kind: 'import'; label: string }
  /**
   * A date or date-time column within a period of dates `lower,upper` (either end open; both
   * ends included, whole days in the server's time zone); a body may send `{lower, upper}`.
   */
  | { kind: 'period'; field: string; label: string }
  /**
   * A date or date-time column bounded on one side (`bound`), both ends inclusive: `from` a date
   * (from its start) or an ISO date-time, `to` a date (to its end; whole days in the server's time
   * zone) or an ISO date-time (to the end of its millisecond: the instant a row shows finds it). Two of them make a period of two parameters (the system log's
   * `from` and `to`, spec 03 "System logs").
   */
  | { kind: 'moment'; field: string; label: string; bound: 'from' | 'to' }
  /**
   * An int_list (`of: 'int'`, values within [min, max]) or date_list (`of: 'date'`) column shares
   * at least one value with the list; with `when`, only rows whose `when.field` equals
   * `when.value` are narrowed, the others pass (spec 02 §5: an ON_WEEKDAYS / ON_DATES route
   * matches only when it shares a selected weekday / date).
   */
  | { kind: 'shares'; field: string; label: string; of: 'int' | 'date'; min?: number; max?: number; when?: { field: string; value: string } };

/** Message of a period filter that cannot be read. */
export const PERIOD_MSG = 'Ожидался период «ГГГГ-ММ-ДД,ГГГГ-ММ-ДД» (любой конец можно опустить).';

const periodEnd = z.preprocess((v) => (v === '' || v === undefined ? null : v), DateSchema.nullable());
/** `lower,upper` (text) or `{lower, upper}` (body) → `{lower, upper}`, dates or null; not both null. */
export const PeriodSchema = z
  .preprocess((v) => {
    if (typeof v !== 'string') return v;
    const parts = v.split(',');
    return parts.length === 2 ? { lower: parts[0]!.trim(), upper: parts[1]!.trim() } : v;
  }, z.object({ lower: periodEnd.optional(), upper: periodEnd.optional() }, { error: PERIOD_MSG }).strict())
  .transform((p, ctx) => {
    const out = { lower: p.lower ?? null, upper: p.upper ?? null };
    if (!out.lower && !out.upper) {
      ctx.addIssue({ code: 'custom', message: PERIOD_MSG });
      return z.NEVER;
    }
    return out;
  });

const csv = (v: unknown) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v);

const boolParam = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'Должно быть true или false.' }),
);

/** Zod shape of the query/body parameters of one filter. */
export function filterParamShape(name: string, def: FilterDef): Record<string, z.ZodType> {
  switch (def.kind) {
    case 'enum':
    case 'enum_any': {
      // Errors are reported on the parameter itself, not on a list index.
      const allowed = new Set<unknown>(def.enum.values);
      return {
        [name]: z
          .preprocess(csv, z.array(z.unknown(), { error: MSG.list }).min(1, MSG.list))
          .superRefine((list, ctx) => {
            const bad = list.find((v) => !allowed.has(v));
            if (bad !== undefined) ctx.addIssue({ code: 'custom', message: MSG.choice(bad) });
          })
          .transform((list) => list as string[])
          .optional(),
      };
    }
    case 'values': {
      const pattern = def.pattern;
      return {
        [name]: z
          .preprocess(csv, z.array(z.unknown(), { error: MSG.list }).min(1, MSG.list).max(500))
          .superRefine((list, ctx) => {
            if (list.some((v) => typeof v !== 'string' || !pattern.test(v))) ctx.addIssue({ code: 'custom', message: def.message });
          })
          .transform((list) => list as string[])
          .optional(),
      };
    }
    case 'int': {
      const { min, max } = def;
      return {
        [name]: z
          .preprocess(
            (v) => (typeof v === 'number' ? [v] : csv(v)),
            z.array(z.unknown(), { error: MSG.list }).min(1, MSG.list),
          )
          .transform((list, ctx) => {
            const ints = list.map((x) => (typeof x === 'string' && /^-?\d{1,9}$/.test(x) ? Number(x) : x));
            if (ints.some((x) => typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max)) {
              ctx.addIssue({ code: 'custom', message: `Ожидался список целых чисел от ${min} до ${max}.` });
              return z.NEVER;
            }
            return ints as number[];
          })
          .optional(),
      };
    }
    case 'ref':
    case 'refs':
    case 'import':
      return {
        [name]: z
          .preprocess(
            (v) => (typeof v === 'number' ? [v] : csv(v)),
            z.array(z.unknown(), { error: MSG.list }).min(1, MSG.list),
          )
          .transform((list, ctx) => {
            const ids = list.map((x) => (typeof x === 'string' && /^\d{1,9}$/.test(x) ? Number(x) : x));
            // Bounded to PostgreSQL's integer (common/ids.ts): a body's 4611686018427388000 is refused as the query's is.
            if (!ids.every(isId)) {
              ctx.addIssue({ code: 'custom', message: 'Ожидался список идентификаторов.' });
              return z.NEVER;
            }
            return ids as number[];
          })
          .optional(),
      };
    case 'bool':
      return { [name]: boolParam.optional() };
    case 'text':
      return { [name]: z.string().max(200).optional() };
    case 'bbox':
      return { [name]: BBoxSchema.optional() };
    case 'radius':
      return {
        [name]: PointInputSchema.optional(),
        radius: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.number({ error: MSG.number }).positive().max(100000)).optional(),
      };
    case 'period':
      return { [name]: PeriodSchema.optional() };
    case 'moment':
      return { [name]: DateOrDateTimeSchema.optional() };
    case 'shares': {
      const { min = -2147483648, max = 2147483647 } = def;
      return {
        [name]: z
          .preprocess((v) => (typeof v === 'number' ? [v] : csv(v)), z.array(z.unknown(), { error: MSG.list }).min(1, MSG.list).max(366))
          .transform((list, ctx) => {
            if (def.of === 'date') {
              if (!list.every((x) => DateSchema.safeParse(x).success)) {
                ctx.addIssue({ code: 'custom', message: 'Ожидался список дат ГГГГ-ММ-ДД.' });
                return z.NEVER;
              }
              return list as string[];
            }
            const ints = list.map((x) => (typeof x === 'string' && /^-?\d{1,9}$/.test(x) ? Number(x) : x));
            if (ints.some((x) => typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max)) {
              ctx.addIssue({ code: 'custom', message: `Ожидался список целых чисел от ${min} до ${max}.` });
              return z.NEVER;
            }
            return ints as number[];
          })
          .optional(),
      };
    }
  }
}

/** The filter by import file (issue 9 §1) every importable registry lists as `import_file`. */
export const IMPORT_FILE_FILTER: FilterDef = { kind: 'import', label: 'Импорт (номер файла)' };
