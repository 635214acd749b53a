/**
 * The card's validation: the contract's create/update schema of the registry plus its
 * cross-field rules (`def.check`), applied to normalised form values.
 */
import { createSchema, updateSchema, type ResourceDef } from '@tko/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { normaliseFormValues, type FormValues } from './form-values';

/** The write schema of a new (`create`) or existing (`update`, PUT semantics) object. */
export function cardSchema(def: ResourceDef, isNew: boolean) {
  const base = isNew ? createSchema(def) : updateSchema(def, false);
  const check = def.check;
  if (!check) return base;
  return base.superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(check(value as Record<string, unknown>))) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
}

/** A react-hook-form resolver: normalise, then validate with {@link cardSchema}; output is the request body. */
export function cardResolver(def: ResourceDef, isNew: boolean): Resolver<FormValues, unknown, FormValues> {
  const resolve = zodResolver(cardSchema(def, isNew)) as unknown as Resolver<FormValues, unknown, FormValues>;
  return (values, context, options) => resolve(normaliseFormValues(def, values), context, options);
}
