import { describe, expect, it, vi } from 'vitest';
import { decodeJwtPayload, tokenExpiresAt } from '../../src/app/session/jwt';
import { decideRefresh, REFRESH_MARGIN_MS } from '../../src/app/session/refresh-policy';
import { SessionManager, type RefreshResult, type SignOutReason } from '../../src/app/session/session-manager';
import { AUTH_KEY_PREFIX, memoryStorage, TokenStorage } from '../../src/app/session/token-storage';
import { fakeJwt, tokenExpiringIn } from './jwt-helpers';

const MIN = 60_000;
const ME = { id: 1, first_name: 'Анна', last_name: 'Иванова', email: 'a@example.ru', permissions: {} };

describe('refresh policy', () => {
  const now = 1_000_000_000_000;
  it('waits while the access token has more than 60 s left', () => {
    expect(decideRefresh({ hasTokens: true, accessExp: now + 5 * MIN, refreshExp: now + 1440 * MIN }, now)).toEqual({ action: 'wait', delayMs: 4 * MIN });
    expect(decideRefresh({ hasTokens: true, accessExp: now + 5 * MIN, refreshExp: now + 3 * MIN }, now)).toEqual({ action: 'wait', delayMs: 2 * MIN });
  });
  it('refreshes under 60 s, signs out when the refresh token is near expiry, does nothing without tokens', () => {
    expect(decideRefresh({ hasTokens: true, accessExp: now + 59_000, refreshExp: now + 10 * MIN }, now)).toEqual({ action: 'refresh' });
    expect(decideRefresh({ hasTokens: true, accessExp: now + 60_000, refreshExp: now + 10 * MIN }, now)).toEqual({ action: 'refresh' });
    expect(decideRefresh({ hasTokens: true, accessExp: now - 1, refreshExp: now + 10 * MIN }, now)).toEqual({ action: 'refresh' });
    expect(decideRefresh({ hasTokens: true, accessExp: now + 5 * MIN, refreshExp: now + 59_000 }, now)).toEqual({ action: 'sign-out' });
    expect(decideRefresh({ hasTokens: true, accessExp: null, refreshExp: null }, now)).toEqual({ action: 'sign-out' });
    expect(decideRefresh({ hasTokens: false, accessExp: null, refreshExp: null }, now)).toEqual({ action: 'none' });
    expect(REFRESH_MARGIN_MS).toBe(60_000);
  });
  it('a token living under 4 minutes gets a quarter of its lifetime as margin', () => {
    // 3 s access token issued now: refresh 0.75 s before its end, i.e. wait 2.25 s.
    expect(decideRefresh({ hasTokens: true, accessExp: now + 3000, accessIat: now, refreshExp: now + 1440 * MIN, refreshIat: now }, now)).toEqual({ action: 'wait', delayMs: 2250 });
    expect(decideRefresh({ hasTokens: true, accessExp: now + 3000, accessIat: now, refreshExp: now + 1440 * MIN, refreshIat: now }, now + 2250)).toEqual({ action: 'refresh' });
    // 300 s: a quarter is 75 s, the 60 s margin stays.
    expect(decideRefresh({ hasTokens: true, accessExp: now + 5 * MIN, accessIat: now, refreshExp: now + 1440 * MIN, refreshIat: now }, now)).toEqual({ action: 'wait', delayMs: 4 * MIN });
    // 20 s refresh token: sign out 5 s before its end.
    expect(decideRefresh({ hasTokens: true, accessExp: now + 3000, accessIat: now, refreshExp: now + 20_000, refreshIat: now }, now + 14_000)).toEqual({ action: 'refresh' });
    expect(decideRefresh({ hasTokens: true, accessExp: now + 30_000, accessIat: now, refreshExp: now + 20_000, refreshIat: now }, now + 15_000)).toEqual({ action: 'sign-out' });
  });
});

describe('jwt', () => {
  it('reads exp from a base64url payload (with non-ASCII claims)', () => {
    const t = fakeJwt({ exp: 1700000000, name: 'Пётр' });
    expect(decodeJwtPayload(t)).toMatchObject({ name: 'Пётр' });
    expect(tokenExpiresAt(t)).toBe(1700000000 * 1000);
    expect(tokenExpiresAt('not-a-jwt')).toBeNull();
    expect(tokenExpiresAt(null)).toBeNull();
  });
});

/** A session over a memory storage with a hand-driven clock, timers and network. */
function harness(opts: { online?: boolean; refresh?: (token: string) => Promise<RefreshResult> } = {}) {
  let now = 1_700_000_000_000;
  let online = opts.online ?? true;
  const onlineListeners = new Set<() => void>();
  const timers: { at: number; cb: () => void; id: number }[] = [];
  let nextId = 1;
  const storage = new TokenStorage(memoryStorage());
  const requestRefresh = vi.fn(opts.refresh ?? (async () => ({ ok: true, access: tokenExpiringIn(now, 5 * MIN) }) as RefreshResult));
  const signOuts: SignOutReason[] = [];
  const manager = new SessionManager({
    storage,
    now: () => now,
    isOnline: () => online,
    onOnline: (cb) => {
      onlineListeners.add(cb);
      return () => onlineListeners.delete(cb);
    },
    requestRefresh,
    setTimer: (cb, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, cb, id });
      return id;
    },
    clearTimer: (h) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
    retryDelayMs: 1000,
    maxNetworkRetries: 2,
  });
  manager.onSignOut((r) => signOuts.push(r));
  return {
    manager,
    storage,
    requestRefresh,
    signOuts,
    get now() {
      return now;
    },
    /** Moves the clock and fires due timers. */
    async advance(ms: number) {
      now += ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const due = timers[0];
        if (!due || due.at > now) break;
        timers.shift();
        due.cb();
        await Promise.resolve();
      }
      await flush();
    },
    goOnline() {
      online = true;
      for (const l of [...onlineListeners]) l();
    },
    goOffline() {
      online = false;
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('session manager', () => {
  it('stores the pair and profile on sign-in and refreshes 60 s before the access token expires', async () => {
    const h = harness();
    h.manager.signIn(tokenExpiringIn(h.now, 5 * MIN), tokenExpiringIn(h.now, 1440 * MIN, 'refresh'), ME);
    expect(h.manager.getState()).toEqual({ signedIn: true, me: ME });
    await h.advance(4 * MIN - 1000);
    expect(h.requestRefresh).not.toHaveBeenCalled();
    await h.advance(1000);
    expect(h.requestRefresh).toHaveBeenCalledTimes(1);
    expect(tokenExpiresAt(h.storage.read().access)).toBe(Math.floor((h.now + 5 * MIN) / 1000) * 1000);
  });

  it('stores the rotated refresh token the server answers, and sends it at the next refresh (issue 8 §3)', async () => {
    let n = 0;
    const h = harness({ refresh: async () => ({ ok: true, access: tokenExpiringIn(h.now, 5 * MIN), refresh: tokenExpiringIn(h.now, 1440 * MIN + ++n * 1000, 'refresh') }) });
    const first = tokenExpiringIn(h.now, 1440 * MIN, 'refresh');
    h.manager.signIn(tokenExpiringIn(h.now, 5 * MIN), first, ME);
    await h.advance(4 * MIN);
    expect(h.requestRefresh).toHaveBeenLastCalledWith(first);
    const second = h.storage.read().refresh;
    expect(second).not.toBe(first);
    await h.advance(4 * MIN);
    expect(h.requestRefresh).toHaveBeenCalledTimes(2);
    expect(h.requestRefresh).toHaveBeenLastCalledWith(second);
    expect(h.storage.read().refresh).not.toBe(second);
  });

  it('shares one refresh between concurrent callers and hands out the new token', async () => {
    const h = harness();
    h.manager.signIn(tokenExpiringIn(h.now, 30_000), tokenExpiringIn(h.now, 1440 * MIN, 'refresh'));
    await flush(); // sign-in itself starts a refresh (under 60 s left)
    h.requestRefresh.mockClear();
    h.storage.writeTokens(tokenExpiringIn(h.now, 10_000));
    const [a, b] = await Promise.all([h.manager.validAccessToken(), h.manager.validAccessToken()]);
    expect(h.requestRefresh).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(a).toBe(h.storage.read().access);
  });

  it('a 401 for a token another refresh already replaced retries with the new one without refreshing again', async () => {
    let n = 0;
    const h = harness({ refresh: async () => ({ ok: true, access: fakeJwt({ type: 'access', n: ++n, exp: Math.floor((h.now + 5 * MIN) / 1000) }) }) });
    h.manager.signIn(tokenExpiringIn(h.now, 5 * MIN), tokenExpiringIn(h.now, 1440 * MIN, 'refresh'), ME);
    const sent = h.manager.accessToken();
    // Three calls refused together: one refresh, one token for all.
    const tokens = await Promise.all([h.manager.renewAfter(sent), h.manager.renewAfter(sent), h.manager.renewAfter(sent)]);
    expect(h.requestRefresh).toHaveBeenCalledTimes(1);
    expect(new Set(tokens)).toEqual(new Set([h.storage.read().access]));
    expect(tokens[0]).not.toBe(sent);
    // A late 401 of the old token: the stored one is returned, no second refresh.
    expect(await h.manager.renewAfter(sent)).toBe(h.storage.read().access);
    expect(h.requestRefresh).toHaveBeenCalledTimes(1);
    // A 401 of the current token (refused by the server): a refresh.
    await h.manager.renewAfter(h.storage.read().access);
    expect(h.requestRefresh).toHaveBeenCalledTimes(2);
  });

  it('signs out and clears every stored auth key when the refresh token is near expiry', async () => {
    const h = harness();
    h.manager.signIn(tokenExpiringIn(h.now, 5 * MIN), tokenExpiringIn(h.now, 3 * MIN, 'refresh'), ME);
    await h.advance(2 * MIN + 1000);
    expect(h.signOuts).toEqual(['expired']);
    expect(h.manager.getState()).toEqual({ signedIn: false, me: null });
    expect(h.storage.read()).toEqual({ access: null, refresh: null, me: null });
    expect(h.requestRefresh).not.toHaveBeenCalled();
  });

  it('signs out when the server refuses the refresh', async () => {
    const h = harness({ refresh: async () => ({ ok: false, network: false }) });
    h.manager.signIn(tokenExpiringIn(h.now, 5 * MIN), tokenExpiringIn(h.now, 1440 * MIN, 'refresh'), ME);
    expect(await h.manager.refreshNow()).toBeNull();
    expect(h.signOuts).toEqual(['refresh-failed']);
    expect(h.manager.getState().signedIn).toBe(false);
    expect(h.manager.signOutReason()).toBe('refresh-failed');
    h.manager.signIn(tokenExpiringIn(h.now, 5 * MIN), tokenExpiringIn(h.now, 1440 * MIN, 'refresh'), ME);
    expect(h.manager.signOutReason()).toBeNull();
  });

  it('waits for the online event before refreshing while offline', async () => {
    const h = harness();
    h.manager.signIn(tokenExpiringIn(h.now, 5 * MIN), tokenExpiringIn(h.now, 1440 * MIN, 'refresh'), ME);
    h.goOffline();
    const pending = h.manager.refreshNow();
    await flush();
    expect(h.requestRefresh).not.toHaveBeenCalled();
    h.goOnline();
    expect(await pending).toBe(h.storage.read().access);
    expect(h.requestRefresh).toHaveBeenCalledTimes(1);
    expect(h.signOuts).toEqual([]);
  });

  it('retries a refresh that got no answer, then gives up and signs out', async () => {
    const h = harness({ refresh: async () => ({ ok: false, network: true }) });
    h.manager.signIn(tokenExpiringIn(h.now, 5 * MIN), tokenExpiringIn(h.now, 1440 * MIN, 'refresh'), ME);
    const pending = h.manager.refreshNow();
    await flush();
    await h.advance(1000);
    await h.advance(1000);
    expect(await pending).toBeNull();
    expect(h.requestRefresh).toHaveBeenCalledTimes(3);
    expect(h.signOuts).toEqual(['refresh-failed']);
  });

  it('a user sign-out notifies even without tokens; sign-out removes only auth keys', () => {
    const raw = memoryStorage();
    raw.setItem('other.key', 'kept');
    const storage = new TokenStorage(raw);
    storage.writeTokens('a', 'b');
    storage.writeProfile(ME);
    storage.clear();
    expect(raw.getItem('other.key')).toBe('kept');
    expect([0, 1, 2].map((i) => raw.key(i)).filter((k) => k?.startsWith(AUTH_KEY_PREFIX))).toEqual([]);

    const h = harness();
    h.manager.signOut('user');
    expect(h.signOuts).toEqual(['user']);
    h.manager.signOut('expired');
    expect(h.signOuts).toEqual(['user']);
  });
});
