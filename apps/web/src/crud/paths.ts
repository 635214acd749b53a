import type { PathTarget } from '../resources/object-key';

/**
 * Web paths of one registry's pages, given to the generic list, card and view. Card and view take
 * the row where one is at hand: a section naming objects by a key (the ОКТМО code of an
 * administrative unit, resources/object-key.ts) builds the path from it; a bare id or `new` also works.
 */
export interface ResourcePaths {
  list: string;
  card: (target: PathTarget) => string;
  view: (target: PathTarget) => string;
}
