/**
 * Field descriptions: one entry per field of a registry. Each field knows its Russian label,
 * its card tab, the zod schema of its wire value (`read`) and of what a client may send
 * (`write`). The API, the xlsx export and the web card read these, so a field is described
 * exactly once. Where a field is stored (table, column, join table, SQL of a computed value)
 * is not part of the contract: packages/db/src/tables maps it by the resource name, so the
 * web bundle carries no SQL (issue 7 §5).
 *
 * Wire conventions (spec 02 §9, Django REST Framework): decimals travel as strings ("1.100"),
 * dates as YYYY-MM-DD, times as HH:MM:SS, points as {lat, lng} with 6 decimals.
 */
import { z } from 'zod';
import type { EnumDef } from '../enums/define-enum';
import { MSG } from './messages';
import { PointInputSchema, PointSchema } from './geo';
import type { AttachmentAccept } from './attachments';
import { AttachmentSchema } from './attachments';
import { DateSchema, DateTimeSchema } from './dates';
import { IdSchema } from './ids';

export type FieldKind =
  | 'id' | 'text' | 'longtext' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'time'
  | 'enum' | 'enum_list' | 'range' | 'computed' | 'point' | 'address' | 'person' | 'ref' | 'refs'
  | 'int_list' | 'date_list' | 'children' | 'files' | 'json' | 'secret';

/** A reference to a row of another registry, shown by its name (`{id, name}`). */
export interface RefTarget {
  /** Registry (permission resource) of the target, for links and options in the web app. */
  resource: string;
  /**
   * Deleting the target while this reference holds it: refused with 409 naming the referring
   * records (default: documents never lose a reference silently), or `'clear'` — the reference is
   * cleared (the database's SET NULL, or the child row removed). packages/db registry/delete-references.ts.
   */
  onDelete?: 'clear';
}

/** Computed fields whose value the database package knows how to build by their kind. */
export type ComputedKind = 'history';

export interface FieldDef<R extends z.ZodType = z.ZodType, W extends z.ZodType = z.ZodType> {
  kind: FieldKind;
  label: string;
  tab: string;
  read: R;
  /** What a client may send; absent for read-only fields. */
  write?: W;
  readOnly: boolean;
  required: boolean;
  /** Left out of public (anonymous) answers: personal data. */
  private: boolean;
  /** Left out of list answers (large nested data); the card reads it. */
  detailOnly: boolean;
  /** Shown in the web list by default. */
  list: boolean;
  /** Value stored when a create omits the field. */
  default?: unknown;
  /**
   * Value the browser's new card pre-fills for the person to confirm by saving (spec 01 §3
   * defaults of surveyed characteristics); never stored by the server when a create omits the
   * field — an unsurveyed fact stays null (unknown is not compliant).
   */
  suggest?: unknown;
  unit?: string;
  enum?: EnumDef;
  ref?: RefTarget;
  children?: ChildrenDef;
  /** For decimals: digits after the point. */
  scale?: number;
  /** For int_list: allowed range. */
  range?: [number, number];
  /** For range: the kind of its bounds (daterange or numrange in the database). */
  rangeOf?: 'date' | 'decimal';
  /** For text: a check returning a Russian message for a bad value (check digits). */
  validate?: (value: string) => string | null;
  /**
   * For text: how a stored value reads on screen and in spreadsheets (e.g. an import source's key
   * by its Russian name, enums/import-sources.ts); the stored value itself is what is written and filtered.
   */
  display?: (value: string) => string;
  /**
   * For text: the dictionary the value is picked from as you type — 'fkko': an 11-digit ФККО
   * code, offered from the loaded catalogue by code (as printed, with spaces, too) or by name.
   */
  catalogue?: 'fkko';
  /**
   * For computed: a value of a known kind built by the database package (e.g. 'history': the
   * object's change history); without it the database package maps the field's SQL by name.
   */
  computedKind?: ComputedKind;
  /** For files: the attachment types the list takes (images, videos, documents, any). */
  accept?: AttachmentAccept;
  /**
   * For list kinds (refs, children, files, enum_list, int_list, date_list): the most items a
   * write takes, by the field's meaning ({@link LIST_LIMITS}, docs/DECISIONS.md "Bounded
   * inputs"); a longer list is refused on the field with «Не более N элементов в списке.».
   */
  maxItems?: number;
  help?: string;
}

/** Child rows edited inside the parent card (e.g. the containers of a site). */
export interface ChildrenDef {
  fields: Record<string, FieldDef>;
  /** Parent fields kept equal to aggregates of the children on every write (read-only on the wire). */
  rollups?: readonly string[];
}

interface Opts {
  tab?: string;
  /** List kinds: the most items a write takes, by the field's meaning (else the kind's bound of LIST_LIMITS). */
  maxItems?: number;
  required?: boolean;
  readOnly?: boolean;
  private?: boolean;
  detailOnly?: boolean;
  list?: boolean;
  default?: unknown;
  /** See FieldDef.suggest: pre-filled in a new card only. */
  suggest?: unknown;
  unit?: string;
  help?: string;
}

/** Opts of text fields: `validate` returns a Russian message for a bad value (e.g. a check digit). */
interface TextOpts extends Opts {
  max?: number;
  validate?: (value: string) => string | null;
  /** Rewrites the trimmed value before `max` and `validate` (e.g. a code typed as printed, with spaces). */
  normalise?: (value: string) => string;
  /** See FieldDef.display. */
  display?: (value: string) => string;
  /** See FieldDef.catalogue. */
  catalogue?: 'fkko';
}

/**
 * The bound of each list kind when the field names none of its own (docs/DECISIONS.md "Bounded
 * inputs", issue 22 §2): what any such list can mean, not a technical ceiling.
 * - enum_list, int_list: each value once — no more items than the enumeration / range has values;
 * - date_list: the dates of one year (366);
 * - refs: 1 000 linked rows (the id lists of the filters take as many);
 * - children: 1 000 child rows edited in one card;
 * - files: 50 attachments.
 * A field with a smaller meaning says so with `maxItems` (containers of a site ≤ 100, owners ≤ 20 …).
 */
export const LIST_LIMITS = { date_list: 366, refs: 1000, children: 1000, files: 50 } as const;

/** `schema` (an array) bounded at `n` items with the Russian message. */
function bounded<T extends z.ZodArray>(schema: T, n: number): T {
  return schema.max(n, MSG.maxItems(n)) as T;
}

function base(kind: FieldKind, label: string, o: Opts) {
  return {
    kind,
    label,
    tab: o.tab ?? 'general',
    readOnly: o.readOnly ?? false,
    required: o.required ?? false,
    private: o.private ?? false,
    detailOnly: o.detailOnly ?? false,
    list: o.list ?? false,
    default: o.default,
    suggest: o.suggest,
    unit: o.unit,
    help: o.help,
  };
}

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

// Calendar-checked (common/dates.ts): `2026-02-31` is a 400 on the field, not a database error.
const dateWrite = DateSchema;
// Ids are bounded to PostgreSQL's integer (common/ids.ts), on write as in the filters.
const idRef = z.preprocess(
  (v) => {
    // The form holds a "list of one" (spec 01 §3): accept id, {id}, [id] or [{id}].
    let x = Array.isArray(v) ? (v.length === 0 ? null : v[0]) : v;
    if (x && typeof x === 'object' && 'id' in x) x = (x as { id: unknown }).id;
    if (typeof x === 'string' && /^\d+$/.test(x)) x = Number(x);
    return x;
  },
  IdSchema.nullable(),
);
const idList = z.array(
  z.preprocess(
    (x) => (x && typeof x === 'object' && 'id' in x ? (x as { id: unknown }).id : typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : x),
    IdSchema,
  ),
);
export const RefValueSchema = z.object({ id: z.number().int(), name: z.string() });
export type RefValue = z.infer<typeof RefValueSchema>;

export const StructuredAddressSchema = z.object({
  region: z.string().max(255).nullish(),
  area: z.string().max(255).nullish(),
  city: z.string().max(255).nullish(),
  settlement: z.string().max(255).nullish(),
  street: z.string().max(255).nullish(),
  house: z.string().max(50).nullish(),
  block: z.string().max(50).nullish(),
  flat: z.string().max(50).nullish(),
});
export const ADDRESS_PART_LABELS: Record<keyof z.infer<typeof StructuredAddressSchema>, string> = {
  region: 'Регион', area: 'Район', city: 'Город', settlement: 'Населённый пункт',
  street: 'Улица', house: 'Дом', block: 'Корпус', flat: 'Квартира/помещение',
};

export const PersonSchema = z.object({
  full_name: z.string().max(255),
  position: z.string().max(255).nullish(),
  phone: z.string().max(50).nullish(),
  email: z.email().max(254).nullish().or(z.literal('')),
});

/** Field builders. */
export const f = {
  id: (label = 'ID') => ({ ...base('id', label, { readOnly: true, list: true }), read: z.number().int() }) as FieldDef<z.ZodNumber>,

  text: (label: string, o: TextOpts = {}) => {
    const trimmed = z.string().trim();
    let s: z.ZodType<string> = (o.normalise ? trimmed.overwrite(o.normalise) : trimmed).max(o.max ?? 500);
    if (o.required) s = (s as z.ZodString).min(1, MSG.blank);
    if (o.validate) {
      const check = o.validate;
      s = s.superRefine((v, ctx) => {
        const msg = v === '' ? null : check(v);
        if (msg) ctx.addIssue({ code: 'custom', message: msg });
      });
    }
    return {
      ...base('text', label, o),
      validate: o.validate,
      display: o.display,
      catalogue: o.catalogue,
      read: z.string().nullable(),
      write: o.required ? s : s.nullable(),
    } as FieldDef<z.ZodNullable<z.ZodString>>;
  },

  longtext: (label: string, o: Opts = {}) => ({
    ...base('longtext', label, o),
    read: z.string().nullable(),
    write: o.required ? z.string().trim().min(1, MSG.blank).max(10000) : z.string().max(10000).nullable(),
  }) as FieldDef<z.ZodNullable<z.ZodString>>,

  integer: (label: string, o: Opts & { min?: number; max?: number } = {}) => ({
    ...base('integer', label, o),
    read: z.number().int().nullable(),
    write: z.number({ error: MSG.integer }).int(MSG.integer).min(o.min ?? -2147483648, MSG.min(o.min ?? -2147483648)).max(o.max ?? 2147483647, MSG.max(o.max ?? 2147483647)).nullable(),
  }) as FieldDef<z.ZodNullable<z.ZodNumber>>,

  /** A decimal kept exactly: a string on the wire (DRF), numeric(precision, scale) in the database. */
  decimal: (label: string, o: Opts & { scale?: number; max?: number } = {}) => {
    const scale = o.scale ?? 3;
    const max = o.max ?? 1e9;
    const write = z
      .union([z.number(), z.string()], { error: (iss) => (iss.input === undefined ? MSG.required : iss.input === null ? MSG.notNull : MSG.number) })
      .transform((v, ctx) => {
        const s = typeof v === 'number' ? String(v) : v.trim().replace(',', '.');
        if (!/^-?\d+(\.\d+)?$/.test(s) || !Number.isFinite(Number(s))) {
          ctx.addIssue({ code: 'custom', message: MSG.number });
          return z.NEVER;
        }
        if (Math.abs(Number(s)) > max) {
          ctx.addIssue({ code: 'custom', message: MSG.max(max) });
          return z.NEVER;
        }
        if (Number(s) < 0) {
          ctx.addIssue({ code: 'custom', message: MSG.min(0) });
          return z.NEVER;
        }
        return Number(s).toFixed(scale);
      });
    return {
      ...base('decimal', label, o),
      scale,
      read: z.string().nullable(),
      // A required decimal refuses null (its column is NOT NULL) with «Это поле не может быть пустым.».
      write: o.required ? write : write.nullable(),
    } as FieldDef<z.ZodNullable<z.ZodString>>;
  },

  boolean: (label: string, o: Opts = {}) => ({
    ...base('boolean', label, { default: false, ...o }),
    read: z.boolean(),
    write: z.boolean({ error: MSG.boolean }),
  }) as FieldDef<z.ZodBoolean>,

  /**
   * A yes/no fact found by a survey (e.g. a roof over the containers): null until somebody
   * records it — never defaulted to either answer; `suggest` pre-fills a new card.
   */
  fact: (label: string, o: Opts = {}) => ({
    ...base('boolean', label, o),
    read: z.boolean().nullable(),
    write: z.boolean({ error: MSG.boolean }).nullable(),
  }) as FieldDef<z.ZodNullable<z.ZodBoolean>>,

  date: (label: string, o: Opts = {}) => ({
    ...base('date', label, o),
    read: z.string().nullable(),
    write: dateWrite.nullable(),
  }) as FieldDef<z.ZodNullable<z.ZodString>>,

  datetime: (label: string, o: Opts = {}) => ({
    ...base('datetime', label, o),
    read: z.string().nullable(),
    write: DateTimeSchema.nullable(),
  }) as FieldDef<z.ZodNullable<z.ZodString>>,

  /** Time of day, HH:MM or HH:MM:SS; answered as HH:MM:SS. */
  time: (label: string, o: Opts = {}) => ({
    ...base('time', label, o),
    read: z.string().nullable(),
    write: z.string({ error: MSG.time }).regex(TIME_RE, MSG.time).nullable(),
  }) as FieldDef<z.ZodNullable<z.ZodString>>,

  enum: <V extends string>(label: string, e: EnumDef<V>, o: Opts = {}) => ({
    ...base('enum', label, o),
    enum: e as unknown as EnumDef,
    read: o.default !== undefined ? e.schema : e.schema.nullable(),
    write: o.default !== undefined || o.required ? e.schema : e.schema.nullable(),
  }) as FieldDef<z.ZodType<V | null>>,

  /** Several values of an enumeration (text[] in the database), e.g. engineering supports. */
  enum_list: <V extends string>(label: string, e: EnumDef<V>, o: Opts = {}) => ({
    ...base('enum_list', label, o),
    enum: e as unknown as EnumDef,
    read: z.array(e.schema),
    maxItems: o.maxItems ?? e.values.length,
    write: bounded(z.array(e.schema), o.maxItems ?? e.values.length).transform((a) => [...new Set(a)]),
  }) as FieldDef<z.ZodArray<z.ZodType<V>>>,

  /**
   * A closed interval `{lower, upper}` (either bound may be null = open), spec 02 §3 periods:
   * dates as YYYY-MM-DD (daterange) or decimals as strings (numrange). lower ≤ upper.
   */
  range: (label: string, of: 'date' | 'decimal', o: Opts = {}) => {
    const bound = of === 'date'
      ? dateWrite.nullable()
      : z.union([z.number(), z.string()], { error: MSG.number }).transform((v, ctx) => {
          const n = Number(typeof v === 'string' ? v.replace(',', '.') : v);
          if (!Number.isFinite(n)) {
            ctx.addIssue({ code: 'custom', message: MSG.number });
            return z.NEVER;
          }
          return String(n);
        }).nullable();
    const value = z.object({ lower: bound.optional().transform((v) => v ?? null), upper: bound.optional().transform((v) => v ?? null) }).superRefine((r, ctx) => {
      if (r.lower === null || r.upper === null) return;
      const bad = of === 'date' ? r.lower > r.upper : Number(r.lower) > Number(r.upper);
      if (bad) ctx.addIssue({ code: 'custom', path: ['upper'], message: 'Конец периода не может быть раньше начала.' });
    });
    return {
      ...base('range', label, o),
      rangeOf: of,
      read: z.object({ lower: z.string().nullable(), upper: z.string().nullable() }).nullable(),
      write: value.nullable(),
    } as FieldDef<z.ZodNullable<z.ZodObject<{ lower: z.ZodNullable<z.ZodString>; upper: z.ZodNullable<z.ZodString> }>>>;
  },

  /**
   * A read-only value the server derives from the row (its SQL lives in packages/db/src/tables),
   * e.g. a derived normative volume or the roles of a legal entity; never written, not
   * orderable. With `o.enum` the value (or each value of a list) is a code of that
   * enumeration: the xlsx and the web show its Russian label, and an `enum`/`enum_any` filter
   * may use the field. `o.computedKind` names a value the database package builds itself.
   */
  computed: <R extends z.ZodType>(label: string, read: R, o: Opts & { enum?: EnumDef; computedKind?: ComputedKind } = {}) => ({
    ...base('computed', label, { ...o, readOnly: true }),
    enum: o.enum,
    computedKind: o.computedKind,
    read,
  }) as FieldDef<R>,

  /** geometry(Point, 4326); `{lat, lng}` on the wire, `'lat, lng'` accepted. */
  point: (label: string, o: Opts = {}) => ({
    ...base('point', label, o),
    read: PointSchema.nullable(),
    write: o.required ? PointInputSchema : PointInputSchema.nullable(),
  }) as FieldDef<z.ZodNullable<typeof PointSchema>>,

  address: (label: string, o: Opts = {}) => ({
    ...base('address', label, o),
    read: StructuredAddressSchema.nullable(),
    write: StructuredAddressSchema.nullable(),
  }) as FieldDef<z.ZodNullable<typeof StructuredAddressSchema>>,

  /**
   * A write-only secret (issue 22: a vehicle's tracker password). Written as text (1…`max`
   * characters, not trimmed, `validate` for the protocol's limits) or null (clears it); left out of
   * a write, it keeps its value. Never read back: the wire value is `true` (задан) / `false` (не
   * задан). packages/db hashes it before storing (secrets.ts); not listed, filtered or ordered.
   */
  secret: (label: string, o: Opts & { max?: number; validate?: (value: string) => string | null } = {}) => {
    const max = o.max ?? 64;
    const check = o.validate;
    let s: z.ZodType<string> = z.string({ error: MSG.blank }).min(1, MSG.blank).max(max, MSG.maxLength(max));
    if (check) {
      s = s.superRefine((v, ctx) => {
        if (v.length < 1 || v.length > max) return; // one message per field: the length's
        const msg = check(v);
        if (msg) ctx.addIssue({ code: 'custom', message: msg });
      });
    }
    return {
      ...base('secret', label, { ...o, list: false, detailOnly: true }),
      validate: check,
      read: z.boolean(),
      write: s.nullable(),
    } as FieldDef<z.ZodBoolean>;
  },

  /**
   * A free JSON object kept with the row (jsonb), e.g. a report's `data` whose shape its report
   * kind gives (report-forms/). `write` may narrow it; without one any object is taken.
   */
  json: (label: string, o: Opts & { write?: z.ZodType } = {}) => ({
    ...base('json', label, { detailOnly: true, ...o }),
    read: z.record(z.string(), z.unknown()).nullable(),
    write: o.write ?? z.record(z.string(), z.unknown(), { error: MSG.object }).nullable(),
  }) as FieldDef<z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>>,

  /** A contact person kept with the row (jsonb); the form holds a list of one. */
  person: (label: string, o: Opts = {}) => ({
    ...base('person', label, o),
    read: PersonSchema.nullable(),
    write: z.preprocess((v) => (Array.isArray(v) ? (v[0] ?? null) : v), PersonSchema.nullable()),
  }) as FieldDef<z.ZodNullable<typeof PersonSchema>>,

  /** Foreign key; `{id, name}` on read, an id (or a list of one) on write. */
  ref: (label: string, ref: RefTarget, o: Opts = {}) => ({
    ...base('ref', label, o),
    ref,
    read: RefValueSchema.nullable(),
    write: idRef,
  }) as FieldDef<z.ZodNullable<typeof RefValueSchema>>,

  /** Many-to-many (a join table in the database); `[{id, name}]` on read, ids on write. */
  refs: (label: string, ref: RefTarget, o: Opts = {}) => ({
    ...base('refs', label, o),
    ref,
    read: z.array(RefValueSchema),
    maxItems: o.maxItems ?? LIST_LIMITS.refs,
    write: bounded(idList, o.maxItems ?? LIST_LIMITS.refs),
  }) as FieldDef<z.ZodArray<typeof RefValueSchema>>,

  int_list: (label: string, range: [number, number], o: Opts = {}) => ({
    ...base('int_list', label, o),
    range,
    read: z.array(z.number().int()),
    maxItems: o.maxItems ?? range[1] - range[0] + 1,
    write: bounded(z.array(z.number({ error: MSG.integer }).int(MSG.integer).min(range[0]).max(range[1])), o.maxItems ?? range[1] - range[0] + 1)
      .transform((a) => [...new Set(a)].sort((x, y) => x - y)),
  }) as FieldDef<z.ZodArray<z.ZodNumber>>,

  date_list: (label: string, o: Opts = {}) => ({
    ...base('date_list', label, o),
    read: z.array(z.string()),
    maxItems: o.maxItems ?? LIST_LIMITS.date_list,
    write: bounded(z.array(dateWrite), o.maxItems ?? LIST_LIMITS.date_list).transform((a) => [...new Set(a)].sort()),
  }) as FieldDef<z.ZodArray<z.ZodString>>,

  /**
   * An ordered list of attachments (issue 3 §5; an ordered join table in the database):
   * `[{id, name, content_type, size, url}]` on
   * read; attachment ids (or `{id}` items, e.g. the read value sent back) on write. Only
   * attachments of the `accept` group are taken (a 400 on the field otherwise).
   */
  files: (label: string, accept: AttachmentAccept, o: Opts = {}) => ({
    ...base('files', label, { detailOnly: true, ...o }),
    accept,
    read: z.array(AttachmentSchema),
    maxItems: o.maxItems ?? LIST_LIMITS.files,
    write: idList.max(o.maxItems ?? LIST_LIMITS.files, `Не более ${o.maxItems ?? LIST_LIMITS.files} файлов.`).transform((a) => [...new Set(a)]),
  }) as FieldDef<z.ZodArray<typeof AttachmentSchema>>,

  children: <F extends Record<string, FieldDef>>(label: string, def: Omit<ChildrenDef, 'fields'> & { fields: F }, o: Opts = {}) => {
    const readShape = { id: z.number().int(), ...mapShape(def.fields, 'read') };
    // Every child field is optional on write: an item may carry only {id, fetch_action};
    // a new item (no id) must carry the required ones.
    const writeShape = {
      id: IdSchema.optional(),
      fetch_action: z.enum(['delete']).optional(),
      ...mapShape(def.fields, 'write', true),
    };
    return {
      ...base('children', label, { ...o, detailOnly: true }),
      children: def as ChildrenDef,
      read: z.array(z.object(readShape)),
      maxItems: o.maxItems ?? LIST_LIMITS.children,
      write: bounded(z.array(
        z.object(writeShape).superRefine(
          (item, ctx) => {
            // Runs even when the item failed its own check: a null or non-object item has no fields to require.
            if (item === null || typeof item !== 'object' || Array.isArray(item)) return;
            const it = item as Record<string, unknown>;
            if (it.id !== undefined || it.fetch_action === 'delete') return;
            for (const [k, cf] of Object.entries(def.fields)) {
              if (cf.required && it[k] == null) ctx.addIssue({ code: 'custom', path: [k], message: MSG.required });
            }
          },
          // Run even when other fields of the item failed, so one 400 lists every problem.
          { when: () => true } as never,
        ),
      ), o.maxItems ?? LIST_LIMITS.children),
    } as FieldDef<z.ZodArray<z.ZodObject<{ id: z.ZodNumber } & { [K in keyof F]: F[K]['read'] }>>>;
  },
};

function mapShape(fields: Record<string, FieldDef>, which: 'read' | 'write', optionalDefaults = false) {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, fd] of Object.entries(fields)) {
    const s = which === 'read' ? fd.read : fd.write;
    if (!s) continue;
    shape[k] = optionalDefaults ? s.optional() : s;
  }
  return shape;
}
