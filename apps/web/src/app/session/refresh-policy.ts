/**
 * When to refresh the access token (spec 01 §4, §9): refresh when it has under 60 s left and
 * the refresh token is still valid; sign out when the refresh token itself has under 60 s left.
 * Pure: the session manager feeds it the clock and the tokens' expiries.
 */

/** Refresh margin (spec 01 §9). */
export const REFRESH_MARGIN_MS = 60_000;

export type RefreshDecision =
  /** No token pair is stored. */
  | { action: 'none' }
  /** The refresh token is (nearly) expired or unreadable: the session ends. */
  | { action: 'sign-out' }
  /** The access token is (nearly) expired: get a new one now. */
  | { action: 'refresh' }
  /** Nothing to do for `delayMs`; check again then. */
  | { action: 'wait'; delayMs: number };

export interface TokenTimes {
  /** Epoch ms; null when the token is missing or has no `exp`. */
  accessExp: number | null;
  refreshExp: number | null;
  hasTokens: boolean;
}

export function decideRefresh(t: TokenTimes, now: number, marginMs = REFRESH_MARGIN_MS): RefreshDecision {
  if (!t.hasTokens) return { action: 'none' };
  // `<=` keeps the wait strictly positive, so a timer never fires at the boundary in a loop.
  if (t.refreshExp === null || t.refreshExp - now <= marginMs) return { action: 'sign-out' };
  if (t.accessExp === null || t.accessExp - now <= marginMs) return { action: 'refresh' };
  // Wake up for whichever comes first: the access refresh or the end of the refresh token.
  return { action: 'wait', delayMs: Math.min(t.accessExp, t.refreshExp) - marginMs - now };
}
