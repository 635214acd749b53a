/**
 * fast-check arbitraries for the property-based sweep of the API (api-fuzz.test.ts, bench/fuzz.ts):
 * values drawn from an operation's OpenAPI (JSON Schema, OpenAPI 3.0 `nullable`) schema, mixed at
 * every node with hostile values a client can send — NUL bytes, lone surrogates, numbers beyond
 * int4/int8 and 1e308, -0, NaN/Infinity as text, nulls, wrong types, arrays for objects, nesting
 * 1000 levels deep, long strings, odd unicode (bidi overrides, BOM, combining marks, emoji), extra keys,
 * impossible calendar dates.
 */
import fc from 'fast-check';

export type Schema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
};

/** A number written as raw JSON text (`-0`, `1e400`, `1.0`), kept by {@link toJson}. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a generated value; {@link RawJson} leaves go out verbatim. */
export function toJson(v: unknown): string {
  if (v instanceof RawJson) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** A value nested `depth` levels (arrays or objects). */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

export const HOSTILE_STRINGS = [
  '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udbff\udbff', '%00', '', ' ', '\t\n',
  '\u202eabc', '\ufeff', 'e\u0301\u0301\u0301', '🙂👨‍👩‍👧', 'Ω≈ç√', 'ǅ', '\u0085', '\u2028',
  'NaN', 'Infinity', '-Infinity', '-0', '1e308', '1e400', '4611686018427388000', '2147483648', '-2147483649',
  '99999999999999999999999', '0', '-1', '1.5', '0x10', '1,2,3', ',,,', 'true', 'null', 'undefined',
  '2026-02-31', '2026-13-01', '0000-01-01', '2026-02-29T25:61:61Z', '2026-01-01T00:00:00+99:00', '10000-01-01',
  "'; DROP TABLE app_user; --", '../../etc/passwd', '<script>alert(1)</script>', '{"a":1}', '[1]',
  '52.5, 103.9', '91, 181', '-0, -0', 'x'.repeat(5000),
];

/** The values behind the 500s of issue 8 §2, drawn more often than the rest. */
const CRITICAL: unknown[] = ['\u0000', 'a\u0000b', '\ud800', '2026-02-31', '2026-02-31T10:00:00Z', 4611686018427388000, 2147483648, null, [null], [4611686018427388000], [{}], {}];

const HOSTILE_NUMBERS = [0, -1, 1, 2147483647, 2147483648, -2147483649, 4611686018427388000, 2 ** 53 + 2, 1e308, -1e308, 5e-324, 0.1, 1.5];
const RAW_NUMBERS = ['-0', '1e400', '-1e400', '1.0', '1E2', '0.00000000000000000000001', '123456789012345678901234567890'];

/** One hostile value of any JSON type. */
/**
 * Lists and strings past the bounds (issue 22 §2): just over a field's meaning (101 containers,
 * 21 owners, 367 dates), over the kinds' 1 000, over the sanitiser's 10 000 items, and strings
 * of 100 000 characters (the body stays under the 2 MiB body limit).
 */
export const OVERSIZED: unknown[] = [
  Array(21).fill(1), Array(101).fill({}), Array(367).fill('2026-01-01'), Array(1001).fill(1), Array(10001).fill(null),
  'ж'.repeat(100_000), [{ id: 1, volume: 'x'.repeat(100_000) }],
];

export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...OVERSIZED) },
    { weight: 4, arbitrary: fc.constantFrom(...CRITICAL) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((t) => new RawJson(t)) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]], { id: null }, { id: 4611686018427388000 }, ['\u0000'], [1e308]) },
    { weight: 1, arbitrary: fc.constantFrom(1000, 60).chain((d) => fc.constantFrom(nested(d, 'array'), nested(d, 'object'))) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 300, maxLength: 600 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), fc.constantFrom<unknown>('\u0000', 1, null), { maxKeys: 3 }) },
  );
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** `YYYY-MM-DD` strings, existing days and impossible ones (month 0/13, day 0/30/31 of short months). */
export const dateLike = fc
  .tuple(
    fc.oneof(fc.constantFrom(0, 1, 1900, 2024, 2026, 9999, 10000), fc.integer({ min: 0, max: 10000 })),
    fc.oneof(fc.constantFrom(0, 1, 2, 12, 13), fc.integer({ min: 0, max: 13 })),
    fc.oneof(fc.constantFrom(0, 1, 28, 29, 30, 31, 32), fc.integer({ min: 0, max: 32 })),
  )
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

const dateTimeLike = fc
  .tuple(dateLike, fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.constantFrom('Z', '+03:00', '-16:00', '+99:99', ''))
  .map(([d, h, mi, z]) => `${d}T${pad(h, 2)}:${pad(mi, 2)}:00${z}`);

/** Values of `schema` (roughly: bounds and enums honoured, then broken by hostile values at every node). */
export function fromSchema(schema: Schema | undefined, hostileWeight = 1, depth = 0): fc.Arbitrary<unknown> {
  const exact = exactFromSchema(schema ?? {}, hostileWeight, depth);
  return hostileWeight > 0 ? fc.oneof({ weight: 6, arbitrary: exact }, { weight: hostileWeight, arbitrary: hostileValue() }) : exact;
}

function exactFromSchema(s: Schema, hw: number, depth: number): fc.Arbitrary<unknown> {
  const alts = s.anyOf ?? s.oneOf;
  let arb: fc.Arbitrary<unknown>;
  if (alts?.length) arb = fc.oneof(...alts.map((a) => fromSchema(a, hw, depth + 1)));
  else if (s.allOf?.length) arb = fromSchema(s.allOf[0], hw, depth + 1);
  else if (s.enum?.length) arb = fc.constantFrom(...s.enum);
  else if (s.const !== undefined) arb = fc.constant(s.const);
  else {
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    switch (type) {
      case 'string':
        if (s.format === 'date') arb = dateLike;
        else if (s.format === 'date-time') arb = dateTimeLike;
        else if (s.format === 'email') arb = fc.oneof(fc.emailAddress(), fc.constant('a@b.c'));
        else arb = fc.oneof(fc.string({ maxLength: Math.min(s.maxLength ?? 40, 40) }), fc.constantFrom('1', '52.5, 103.9', '2026-01-31', '1,2', 'ACTIVE', 'Ангарск', '10:00:00'), dateLike, dateTimeLike);
        break;
      case 'integer': {
        const min = Math.max(s.minimum ?? -1e6, -1e6);
        const max = Math.min(s.maximum ?? 1e6, 1e6);
        arb = fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) }), fc.constantFrom(1, 2, 3));
        break;
      }
      case 'number':
        arb = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: s.minimum ?? -1e9, max: s.maximum ?? 1e9 }), fc.integer({ min: 0, max: 100 }));
        break;
      case 'boolean':
        arb = fc.boolean();
        break;
      case 'array':
        arb = depth > 6 ? fc.constant([]) : fc.array(fromSchema(s.items, hw, depth + 1), { maxLength: 3 });
        break;
      case 'object':
      default: {
        if (!s.properties || depth > 6) {
          arb = type === 'object' ? fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxKeys: 3 }) : fc.anything({ maxDepth: 2 });
          break;
        }
        const shape: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, p] of Object.entries(s.properties)) shape[k] = fromSchema(p, hw, depth + 1);
        const record = fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in shape) });
        // Extra keys now and then (strict objects refuse them; loose ones must ignore them).
        arb = hw > 0 ? fc.tuple(record, fc.option(fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), hostileValue(), { maxKeys: 2 }), { freq: 5 })).map(([r, extra]) => ({ ...(extra ?? {}), ...r })) : record;
      }
    }
  }
  return s.nullable ? fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) }) : arb;
}

/** A value for a query string: the schema's value as text (lists joined by commas) or a hostile string. */
export function queryValue(schema: Schema | undefined): fc.Arbitrary<string | string[]> {
  return fc.oneof(
    { weight: 5, arbitrary: fromSchema(schema, 0).map(asText) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    // A repeated key (`?a=1&a=2`) arrives as an array.
    { weight: 1, arbitrary: fc.array(fc.constantFrom('1', '\u0000', '2026-02-31', '4611686018427388000', 'x'), { minLength: 2, maxLength: 3 }) },
  );
}

function asText(v: unknown): string {
  if (Array.isArray(v)) return v.map(asText).join(',');
  if (v && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A path segment value: ids (existing, bounds, beyond int4), then hostile text. */
export function pathValue(schema: Schema | undefined, known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('1') },
    { weight: 2, arbitrary: fc.constantFrom('0', '1', '2', '-1', '2147483647', '2147483648', '4611686018427388000', '1e3', '01', ' 1', '1.0', 'abc', 'null') },
    { weight: 2, arbitrary: fromSchema(schema, 0).map(asText) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s !== '')) },
  );
}

/** encodeURIComponent that also encodes lone surrogates (as the invalid UTF-8 bytes a client may send). */
export function encodeLoose(s: string): string {
  return [...s].map((c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}
