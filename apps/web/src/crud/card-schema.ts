/**
 * The card's validation: the contract's create/update schema of the registry plus its
 * cross-field rules (`def.check`), applied to normalised form values. Each field's message is
 * the one the server would answer (contract `issuesToFieldErrors`): a union's own message
 * («Широта должна быть числом от -90 до 90.»), never the message of one of its branches
 * («Ожидался объект.», which zodResolver would pick).
 */
import { createSchema, issuesToFieldErrors, updateSchema, type ResourceDef } from '@tko/contract';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldErrors, Resolver } from 'react-hook-form';
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
  const schema = cardSchema(def, isNew);
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(normaliseFormValues(def, values));
    if (parsed.success) return { values: parsed.data as FormValues, errors: {} };
    const flat: FieldErrors = {};
    for (const [path, messages] of Object.entries(issuesToFieldErrors(parsed.error.issues))) {
      flat[path === 'non_field_errors' ? 'root' : path] = { type: 'validate', message: messages.join(' ') };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
