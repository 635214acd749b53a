/** The signed-in user's permissions from the session (the stored profile, spec 01 §6). */
import { hasAnyPermission } from '@tko/contract';
import { useSession } from '../session/use-session';

export function usePermissions() {
  return useSession().me?.permissions;
}

/** True when the user holds at least one of the space-separated `resource:action` flags. */
export function useCan(perm: string): boolean {
  return hasAnyPermission(usePermissions(), perm);
}
