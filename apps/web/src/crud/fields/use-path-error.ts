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
