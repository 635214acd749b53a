/**
 * The session (spec 01 §4) as a small state machine without React: it holds the token pair
 * and the profile, refreshes the access token ahead of expiry, waits for the network while
 * offline, and signs out when the refresh token runs out or a refresh is refused.
 * The clock, timers, network state and the refresh call are injected, so tests drive it.
 */
import type { Me } from '@tko/contract';
import { tokenExpiresAt, tokenIssuedAt } from './jwt';
import { decideRefresh, marginFor, REFRESH_MARGIN_MS } from './refresh-policy';
import type { TokenStorage } from './token-storage';

export type SignOutReason = 'user' | 'expired' | 'refresh-failed' | 'unauthorized' | 'other-tab';

export interface SessionState {
  signedIn: boolean;
  me: Me | null;
}

/**
 * Outcome of one refresh call. `network` = no answer from the server. `refresh` = the next
 * refresh token (the server rotates them: the one sent is spent).
 */
export type RefreshResult = { ok: true; access: string; refresh?: string } | { ok: false; network: boolean };

export interface SessionDeps {
  storage: TokenStorage;
  now: () => number;
  isOnline: () => boolean;
  /** Calls `cb` when the device is back online; returns an unsubscribe function. */
  onOnline: (cb: () => void) => () => void;
  /** POST /api/auth/token/refresh/. */
  requestRefresh: (refresh: string) => Promise<RefreshResult>;
  setTimer: (cb: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  marginMs?: number;
  /** Pause before retrying a refresh that got no answer while online. */
  retryDelayMs?: number;
  /** Network failures tolerated (while online) before the session is ended. */
  maxNetworkRetries?: number;
}

export class SessionManager {
  private state: SessionState;
  private readonly listeners = new Set<() => void>();
  private readonly signOutListeners = new Set<(reason: SignOutReason) => void>();
  private timer: unknown = null;
  private inflight: Promise<string | null> | null = null;
  private networkFailures = 0;
  private lastSignOut: SignOutReason | null = null;
  private readonly margin: number;

  constructor(private readonly deps: SessionDeps) {
    this.margin = deps.marginMs ?? REFRESH_MARGIN_MS;
    const stored = deps.storage.read();
    this.state = { signedIn: Boolean(stored.access && stored.refresh), me: stored.me };
  }

  /** Current state; the same object until something changes (for useSyncExternalStore). */
  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called after every sign-out, with its reason. */
  onSignOut(listener: (reason: SignOutReason) => void): () => void {
    this.signOutListeners.add(listener);
    return () => this.signOutListeners.delete(listener);
  }

  /** Why this tab's session last ended (null after a sign-in): the sign-in screen says it. */
  signOutReason(): SignOutReason | null {
    return this.lastSignOut;
  }

  /** The stored access token as is (maybe expired). */
  accessToken(): string | null {
    return this.deps.storage.read().access;
  }

  /** Evaluates the stored tokens and plans the next refresh; call at start and on wake-up. */
  check(): void {
    this.clearTimer();
    const d = decideRefresh(this.times(), this.deps.now(), this.margin);
    if (d.action === 'none') {
      if (this.state.signedIn) this.setState({ signedIn: false, me: null });
    } else if (d.action === 'sign-out') this.signOut('expired');
    else if (d.action === 'refresh') void this.refreshNow();
    else this.timer = this.deps.setTimer(() => this.check(), d.delayMs);
  }

  /** Stores a new token pair (the profile follows with {@link setProfile}). */
  signIn(access: string, refresh: string, me: Me | null = null): void {
    this.deps.storage.clear();
    this.deps.storage.writeTokens(access, refresh);
    if (me) this.deps.storage.writeProfile(me);
    this.networkFailures = 0;
    this.lastSignOut = null;
    this.setState({ signedIn: true, me });
    this.check();
  }

  setProfile(me: Me): void {
    if (!this.state.signedIn) return;
    this.deps.storage.writeProfile(me);
    this.setState({ signedIn: true, me });
  }

  /**
   * An access token good for a call: the stored one, or a fresh one when it is near expiry.
   * Null when there is no session (or it just ended).
   */
  async validAccessToken(): Promise<string | null> {
    const d = decideRefresh(this.times(), this.deps.now(), this.margin);
    if (d.action === 'none') return null;
    if (d.action === 'sign-out') {
      this.signOut('expired');
      return null;
    }
    if (d.action === 'refresh') return this.refreshNow();
    return this.accessToken();
  }

  /**
   * A token to retry a call the server refused with 401 (`rejected` = the token it carried).
   * When a refresh (of this tab or another) already replaced that token, the stored one is
   * returned without spending the refresh token again; otherwise {@link refreshNow}. So the
   * calls that were in flight across an expiry cost one refresh together, not one each.
   */
  async renewAfter(rejected: string | null): Promise<string | null> {
    const current = this.accessToken();
    if (current && current !== rejected && decideRefresh(this.times(), this.deps.now(), this.margin).action === 'wait') return current;
    return this.refreshNow();
  }

  /**
   * Gets a new access token now (one call at a time; callers share it). Waits for the
   * `online` event while offline. A refused refresh, or a refresh token near expiry, ends
   * the session; repeated network failures while online end it too.
   */
  refreshNow(): Promise<string | null> {
    this.inflight ??= this.doRefresh().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** Ends the session: clears every stored auth datum and tells the listeners. */
  signOut(reason: SignOutReason): void {
    this.clearTimer();
    const wasSignedIn = this.state.signedIn || this.deps.storage.read().refresh !== null;
    this.deps.storage.clear();
    this.networkFailures = 0;
    if (wasSignedIn || reason === 'user') this.lastSignOut = reason;
    this.setState({ signedIn: false, me: null });
    if (wasSignedIn || reason === 'user') for (const l of this.signOutListeners) l(reason);
  }

  /** Another tab changed the stored tokens: follow it. */
  syncFromStorage(): void {
    const stored = this.deps.storage.read();
    const signedIn = Boolean(stored.access && stored.refresh);
    if (!signedIn && this.state.signedIn) {
      this.clearTimer();
      this.lastSignOut = 'other-tab';
      this.setState({ signedIn: false, me: null });
      for (const l of this.signOutListeners) l('other-tab');
    } else if (signedIn) {
      this.setState({ signedIn: true, me: stored.me });
      this.check();
    }
  }

  private async doRefresh(): Promise<string | null> {
    for (;;) {
      const refresh = this.deps.storage.read().refresh;
      const refreshExp = tokenExpiresAt(refresh);
      if (!refresh || refreshExp === null || refreshExp - this.deps.now() <= marginFor(refreshExp, tokenIssuedAt(refresh), this.margin)) {
        this.signOut(refresh ? 'expired' : 'unauthorized');
        return null;
      }
      if (!this.deps.isOnline()) {
        await new Promise<void>((resolve) => {
          const off = this.deps.onOnline(() => {
            off();
            resolve();
          });
        });
        continue;
      }
      const result = await this.deps.requestRefresh(refresh);
      if (this.deps.storage.read().refresh !== refresh) return this.accessToken(); // signed out or in meanwhile
      if (result.ok) {
        this.networkFailures = 0;
        this.deps.storage.writeTokens(result.access, result.refresh);
        this.check();
        return result.access;
      }
      if (result.network) {
        if (!this.deps.isOnline()) continue; // went offline during the call: wait for the network
        this.networkFailures += 1;
        if (this.networkFailures <= (this.deps.maxNetworkRetries ?? 3)) {
          await new Promise<void>((resolve) => this.deps.setTimer(resolve, this.deps.retryDelayMs ?? 5000));
          continue;
        }
      }
      this.signOut('refresh-failed');
      return null;
    }
  }

  private times() {
    const { access, refresh } = this.deps.storage.read();
    return {
      hasTokens: Boolean(access && refresh),
      accessExp: tokenExpiresAt(access),
      refreshExp: tokenExpiresAt(refresh),
      accessIat: tokenIssuedAt(access),
      refreshIat: tokenIssuedAt(refresh),
    };
  }

  private setState(next: SessionState): void {
    if (next.signedIn === this.state.signedIn && next.me === this.state.me) return;
    this.state = next;
    for (const l of this.listeners) l();
  }

  private clearTimer(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }
}
