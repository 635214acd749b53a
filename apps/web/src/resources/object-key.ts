/**
 * Card paths by a natural key instead of the id (spec 03 screens: `/dicts/atu/view/{oktmo}/`,
 * `/dicts/atu/update/{oktmo}/`). A section with an {@link ObjectKey} names its objects in the
 * path by that field's value; an object without one (an administrative unit whose ОКТМО code is
 * not given yet) keeps an id path with a prefix (`id-17`), so the two never collide
 * (docs/DECISIONS.md). Pure.
 */

export interface ObjectKey {
  /** The field whose value names the object in the path, e.g. `code`. */
  field: string;
  /** Values that may stand in a path (and the list filter of that field accepts). */
  pattern: RegExp;
  /** The list filter that finds the object by an exact value. */
  filter: string;
}

/** Prefix of the id fallback: `/dicts/atu/view/id-17/`. */
export const ID_SEGMENT_PREFIX = 'id-';

/** What a path names: a row (id, key value or both), or the bare id / segment already made. */
export type PathTarget = number | string | ({ id: number } & Record<string, unknown>);

/** The path segment of an object: its key value when it has one, else `id-<id>`; `new` and ready segments pass through. */
export function objectSegment(key: ObjectKey | undefined, target: PathTarget): string {
  if (typeof target === 'object') {
    if (!key) return String(target.id);
    const v = target[key.field];
    return typeof v === 'string' && key.pattern.test(v) ? v : `${ID_SEGMENT_PREFIX}${target.id}`;
  }
  if (!key || typeof target === 'string') return String(target);
  return `${ID_SEGMENT_PREFIX}${target}`;
}

export type ParsedSegment =
  | { kind: 'new' }
  | { kind: 'id'; id: string }
  | { kind: 'key'; value: string }
  | { kind: 'invalid' };

/** Reads a card path segment: `new`, an id (`17`; with a key: `id-17`), a key value (`25703000`), or nothing valid. */
export function parseObjectSegment(key: ObjectKey | undefined, segment: string): ParsedSegment {
  if (segment === 'new') return { kind: 'new' };
  if (!key) return { kind: 'id', id: segment };
  if (key.pattern.test(segment)) return { kind: 'key', value: segment };
  const m = /^id-([1-9]\d{0,9})$/.exec(segment);
  return m ? { kind: 'id', id: m[1]! } : { kind: 'invalid' };
}
