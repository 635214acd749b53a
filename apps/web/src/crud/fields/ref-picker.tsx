/**
 * The input of a `ref`/`refs` field: a registry that has its own choosing panel (the ФККО
 * catalogue tree: `refPanel` of resources/registry-overrides.tsx) gets it; any other target gets
 * the searchable {@link RefSelect}.
 */
import { Suspense } from 'react';
import { overridesOf } from '../../resources/registry-overrides';
import { RefSelect, type RefSelectProps } from './ref-select';

export function RefPicker(props: RefSelectProps) {
  const Panel = overridesOf(props.resource).refPanel;
  return Panel ? <Suspense fallback={null}><Panel {...props} /></Suspense> : <RefSelect {...props} />;
}
