/**
 * When to refresh the access token (spec 01 §4, §9): refresh when it has under 60 s left and
 * the refresh token is still valid; sign out when the refresh token itself has under 60 s left.
 * A token living less than 4 minutes (a short lifetime set by ACCESS_TOKEN_LIFETIME, as the
 * browser tests do) gets a quarter of its lifetime as its margin instead: with a flat 60 s,
 * every call would refresh. Pure: the session manager feeds it the clock and the tokens' times.
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
  /** Epoch ms of issue (`iat`); null when unknown (the margin is then the full one). */
  accessIat?: number | null;
  refreshIat?: number | null;
  hasTokens: boolean;
}

/** The margin for a token: `marginMs`, or a quarter of its lifetime when that is shorter. */
export function marginFor(exp: number | null, iat: number | null | undefined, marginMs = REFRESH_MARGIN_MS): number {
  if (exp === null || iat === null || iat === undefined || exp <= iat) return marginMs;
  return Math.min(marginMs, (exp - iat) / 4);
}

export function decideRefresh(t: TokenTimes, now: number, marginMs = REFRESH_MARGIN_MS): RefreshDecision {
  if (!t.hasTokens) return { action: 'none' };
  // `<=` keeps the wait strictly positive, so a timer never fires at the boundary in a loop.
  const refreshMargin = marginFor(t.refreshExp, t.refreshIat, marginMs);
  const accessMargin = marginFor(t.accessExp, t.accessIat, marginMs);
  if (t.refreshExp === null || t.refreshExp - now <= refreshMargin) return { action: 'sign-out' };
  if (t.accessExp === null || t.accessExp - now <= accessMargin) return { action: 'refresh' };
  // Wake up for whichever comes first: the access refresh or the end of the refresh token.
  return { action: 'wait', delayMs: Math.min(t.accessExp - accessMargin, t.refreshExp - refreshMargin) - now };
}
