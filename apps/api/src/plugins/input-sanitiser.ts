/**
 * The one input sanitiser (issue 8 §2, docs/ARCHITECTURE.md "Errors"): strings PostgreSQL's
 * `text` cannot hold are refused before any route sees them, for every caller (anonymous too).
 *
 * - U+0000 (NUL): PostgreSQL refuses it in text and jsonb → 400 «Строка не может содержать
 *   нулевой символ.» on the field;
 * - a UTF-16 surrogate without its pair (`"\ud800"` in JSON): it has no UTF-8 form (the driver
 *   would silently store U+FFFD) → 400 «Строка содержит недопустимый символ …» on the field.
 *
 * One root `preValidation` hook walks the parsed query string, path parameters and JSON body
 * (values and keys, any depth) — after the permission check of onRequest, so anonymous and
 * forbidden callers still get 401/403 first, and before zod, so no schema needs to repeat it.
 * Field paths are dotted as zod's (`containers.0.comment`); a query's list index is dropped and a
 * bad key is reported on its parent (or `non_field_errors`); a path no route matches is left to the
 * 404. Multipart fields and file names are read by their handlers after this hook (the attachment
 * name drops control characters, the import's template type is an enumeration); a new free-text
 * multipart field checks itself with {@link badStringMessage}.
 *
 * The same walk bounds lists: an array of more than {@link MAX_LIST_ITEMS} items is refused on
 * its field before zod reads a single item (600 000 `{}` in one 1.8 MB body used to keep a process
 * busy for 40 s validating them and answer a 56 MiB error body). The bound is the ceiling of every
 * list of the contract; a field's own, smaller bound by its meaning is in its schema.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@tko/contract';
import { FieldValidationError } from '@tko/db';

// A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex
const BAD = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The Russian message for a string PostgreSQL cannot keep, or null for a good one. */
export function badStringMessage(s: string): string | null {
  const m = BAD.exec(s);
  if (!m) return null;
  return m[0] === '\u0000' ? MSG.nulChar : MSG.loneSurrogate;
}

/** The most items any list in a request may have (the contract's id lists take 1 000). */
export const MAX_LIST_ITEMS = 10000;

/** The message on a list longer than {@link MAX_LIST_ITEMS}. */
export const TOO_MANY_ITEMS = `Не более ${MAX_LIST_ITEMS} элементов в списке.`;

/** Deepest nesting walked; deeper values are left to the schemas (JSON.parse already built them). */
const MAX_DEPTH = 2000;

/**
 * Finds the strings of `value` (values and keys, nested arrays and objects) PostgreSQL cannot
 * keep; returns `{path: [message]}` (empty when all are good). `dropIndexes`: report a list
 * item on its list (query strings).
 */
export function findBadStrings(value: unknown, dropIndexes = false): Record<string, string[]> {
  const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const add = (path: string[], msg: string) => {
    const key = path.length ? path.join('.') : 'non_field_errors';
    // Own keys only: a field named `toString` or `__proto__` must not reach Object.prototype.
    const list = Object.hasOwn(out, key) ? out[key]! : (out[key] = []);
    if (!list.includes(msg)) list.push(msg);
  };
  // Iterative walk: a body nested 100 000 levels deep must not overflow the stack.
  const stack: { v: unknown; path: string[]; depth: number }[] = [{ v: value, path: [], depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const msg = badStringMessage(v);
      if (msg) add(path, msg);
    } else if (v && typeof v === 'object' && depth < MAX_DEPTH) {
      if (Array.isArray(v)) {
        if (v.length > MAX_LIST_ITEMS) {
          add(path, TOO_MANY_ITEMS);
          continue;
        }
        v.forEach((item, i) => stack.push({ v: item, path: dropIndexes ? path : [...path, String(i)], depth: depth + 1 }));
      } else {
        for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
          const keyMsg = badStringMessage(k);
          if (keyMsg) {
            add(path, keyMsg);
            continue;
          }
          stack.push({ v: item, path: [...path, k], depth: depth + 1 });
        }
      }
    }
  }
  return out;
}

/** Throws a 400 (FieldValidationError) when the request carries a string PostgreSQL cannot keep. */
export function checkRequestStrings(request: FastifyRequest): void {
  const found = {
    ...findBadStrings(request.params),
    ...findBadStrings(request.query, true),
    ...(request.body && typeof request.body === 'object' && !isStream(request.body) ? findBadStrings(request.body) : typeof request.body === 'string' ? findBadStrings(request.body) : {}),
  };
  if (Object.keys(found).length) throw new FieldValidationError(found);
}

function isStream(v: object): boolean {
  return typeof (v as { pipe?: unknown }).pipe === 'function' || Buffer.isBuffer(v);
}

/** Adds the sanitiser to every route registered after it (call before the modules). */
export function registerInputSanitiser(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // No route matched (the 404 handler runs root hooks too): the answer is 404, whatever was sent.
    if (!request.routeOptions.url) return;
    checkRequestStrings(request);
  });
}
