/**
 * The input of a `ref`/`refs` field: a registry that has its own choosing panel (the ФККО
 * catalogue tree, `resources/ref-panels.ts`) gets it; any other target gets the searchable
 * {@link RefSelect}.
 */
import { REF_PANELS } from '../../resources/ref-panels';
import { RefSelect, type RefSelectProps } from './ref-select';

export function RefPicker(props: RefSelectProps) {
  const Panel = REF_PANELS[props.resource];
  return Panel ? <Panel {...props} /> : <RefSelect {...props} />;
}
