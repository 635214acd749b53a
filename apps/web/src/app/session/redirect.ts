/** The `h` parameter of the sign-in screen: where to go back after signing in (spec 01 §6), and why one was signed out. */
import type { SignOutReason } from './session-manager';

export const HOME_PATH = '/terr-schema/containers/container/';

/** `/auth/?h=<path>` for the page the user was on. */
export function authPath(from?: string): string {
  if (!from || from.startsWith('/auth')) return '/auth/';
  return `/auth/?h=${encodeURIComponent(from)}`;
}

/** A safe target from `h`: a local path only (no scheme, no `//host`), else the home page. */
export function redirectTarget(h: string | null | undefined): string {
  if (!h || !h.startsWith('/') || h.startsWith('//') || h.startsWith('/\\') || h.startsWith('/auth')) return HOME_PATH;
  return h;
}

/** What the sign-in screen says after a sign-out of `reason` (none after «Выйти»). */
export function signOutNotice(reason: SignOutReason | null): string | null {
  if (reason === 'expired' || reason === 'refresh-failed' || reason === 'unauthorized') return 'Сеанс истёк — войдите снова.';
  if (reason === 'other-tab') return 'Сеанс завершён в другой вкладке — войдите снова.';
  return null;
}
