/**
 * Error bodies on the wire, kept in Django REST Framework's shapes that integrators parse:
 * - 401/403/404/405/503: `{"detail": "..."}` (+ `code`);
 * - 400: one list of Russian messages per field, nested fields by dotted path,
 *   `non_field_errors` for the rest: `{"location": ["Обязательное поле."]}`.
 */
import { z } from 'zod';

export const DetailErrorSchema = z.object({ detail: z.string(), code: z.string().optional() });
export type DetailError = z.infer<typeof DetailErrorSchema>;

export const ValidationErrorSchema = z.record(z.string(), z.array(z.string()));
/** 400 body: field path → messages. */
export type ValidationErrorBody = z.infer<typeof ValidationErrorSchema>;

/** Turns zod issues into the 400 body: the dotted path of each issue → its messages. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): ValidationErrorBody {
  const out: ValidationErrorBody = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = [...issue.path, key].join('.');
        (out[path] ??= []).push(issue.message);
      }
      continue;
    }
    const path = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    const list = (out[path] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}
