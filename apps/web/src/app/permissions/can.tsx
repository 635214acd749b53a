/** Shows its children only when the user holds at least one of `perm` (`"container:add container:change"`). */
import type { ReactNode } from 'react';
import { useCan } from './use-permissions';

export function Can({ perm, children, fallback = null }: { perm: string; children: ReactNode; fallback?: ReactNode }) {
  return useCan(perm) ? children : fallback;
}
