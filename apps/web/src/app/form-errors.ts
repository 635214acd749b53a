/** A call's error shown on a plain antd form (the signed-out pages; the registry cards have crud/server-errors.ts). */
import type { FormInstance } from 'antd';
import { ApiError, errorMessage } from '../api/errors';

/** Puts a 400's field messages on the form's fields; returns the other messages. */
export function applyErrors(form: FormInstance, e: unknown, fields: string[]): string | null {
  if (e instanceof ApiError && e.status === 400) {
    const errs = e.fieldErrors;
    form.setFields(Object.entries(errs).filter(([k]) => fields.includes(k)).map(([k, m]) => ({ name: k, errors: m })));
    const other = Object.entries(errs).filter(([k]) => !fields.includes(k)).map(([, m]) => m.join(' '));
    return other.length ? other.join(' ') : null;
  }
  return errorMessage(e);
}
