/**
 * Reference targets chosen in a panel of their own instead of a plain select (spec 02 §2: the
 * edit card's sub-panel for an ФККО code). Keyed by `RefTarget.resource`; every field of any
 * registry pointing at such a target uses the panel.
 */
import type { ComponentType } from 'react';
import type { RefSelectProps } from '../crud/fields/ref-select';
import { FkkoPicker } from '../crud/panels/fkko-picker';

export const REF_PANELS: Record<string, ComponentType<RefSelectProps>> = {
  fkko: FkkoPicker,
};
