/**
 * An enumeration described once: its wire values, their Russian labels and a zod schema.
 * Wire values are the specification's upper-case codes (spec 01 §3); labels are what the UI shows.
 */
import { z } from 'zod';

export interface EnumDef<V extends string = string> {
  /** Stable name, used for OpenAPI and the database CHECK constraint name. */
  name: string;
  values: readonly [V, ...V[]];
  labels: Readonly<Record<V, string>>;
  schema: z.ZodEnum<{ [K in V]: K }>;
  /** Russian label of a value; the value itself when unknown. */
  label(value: string | null | undefined): string;
}

/** Builds an {@link EnumDef} from a value → Russian label map (insertion order is kept). */
export function defineEnum<const L extends Record<string, string>>(
  name: string,
  labels: L,
): EnumDef<Extract<keyof L, string>> {
  type V = Extract<keyof L, string>;
  const values = Object.keys(labels) as unknown as [V, ...V[]];
  const schema = z.enum(values as unknown as readonly [V, ...V[]]) as unknown as z.ZodEnum<{ [K in V]: K }>;
  return {
    name,
    values,
    labels: labels as unknown as Record<V, string>,
    schema,
    label: (value) => (value == null ? '' : ((labels as Record<string, string>)[value] ?? value)),
  };
}
