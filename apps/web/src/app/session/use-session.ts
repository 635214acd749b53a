/** React view of the session: re-renders when the user signs in or out or the profile changes. */
import { useSyncExternalStore } from 'react';
import { session } from './session';
import type { SessionState } from './session-manager';

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
