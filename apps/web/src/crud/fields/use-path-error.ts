/** The error message set on exactly `path` (not on its children), from react-hook-form's state. */
import { get, useFormState, type Control } from 'react-hook-form';
import type { FormValues } from '../form-values';

export function usePathError(control: Control<FormValues, unknown, FormValues>, path: string): string | undefined {
  const { errors } = useFormState({ control, name: path });
  const node: unknown = get(errors, path);
  return node && typeof node === 'object' && typeof (node as { message?: unknown }).message === 'string'
    ? ((node as { message: string }).message || undefined)
    : undefined;
}

/**
 * The first message in an error subtree: a range's error may sit on `period.upper`, a list's on
 * `supports.2`; the single input of such a field shows it.
 */
export function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const own = (node as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [k, v] of Object.entries(node)) {
    if (k === 'ref' || k === 'message' || k === 'type' || k === 'types') continue;
    const m = firstMessage(v);
    if (m) return m;
  }
  return undefined;
}
