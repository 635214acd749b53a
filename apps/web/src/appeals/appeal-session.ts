/**
 * The citizen's session of an appeal (docs/DECISIONS.md «Single-use appeal links»):
 * the e-mailed link opens once and is exchanged for a session bound to the appeal, kept in this
 * browser's localStorage under `tko-appeal-session:<appeal id>` ({session, expires_at}) until it
 * ends, so the page reloads and reopens in this browser; another browser has none and is refused.
 */
import type { PublicAppealSession } from '@tko/contract';

const KEY = 'tko-appeal-session:';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The live session of appeal `id` kept here, or null (none, ended or unreadable). */
export function savedAppealSession(id: number): string | null {
  const raw = storage()?.getItem(`${KEY}${id}`);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as { session?: unknown; expires_at?: unknown };
    if (typeof s.session !== 'string' || typeof s.expires_at !== 'string' || Date.parse(s.expires_at) <= Date.now()) return null;
    return s.session;
  } catch {
    return null;
  }
}

/** Keeps a session the link gave. */
export function saveAppealSession(s: PublicAppealSession): void {
  storage()?.setItem(`${KEY}${s.appeal_id}`, JSON.stringify({ session: s.session, expires_at: s.expires_at }));
}

/** Forgets the session of appeal `id` (the server said it ended). */
export function forgetAppealSession(id: number): void {
  storage()?.removeItem(`${KEY}${id}`);
}

/**
 * The appeal a link names, read from its payload (not checked: the server checks the signature),
 * or null. Used to find this browser's session of that appeal and to fill the number of a new-link request.
 */
export function appealIdOfLink(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { appeal_id?: unknown };
    return typeof payload.appeal_id === 'number' ? payload.appeal_id : null;
  } catch {
    return null;
  }
}
