/**
 * Brute-force limits on sign-in and refresh (issue 8 §3), with @fastify/rate-limit:
 * - per client address (request.ip; see config TRUST_PROXY), checked in onRequest, before the
 *   body is read: `perAddress` calls per window;
 * - per account, checked in preHandler once the body is valid: `perAccount` calls per window,
 *   the account being what `accountOf` names (the e-mail of a sign-in, the user of a refresh
 *   token).
 * Past a limit: 429 `{detail, code: 'throttled'}` in Russian with `Retry-After` (seconds).
 *
 * Counters live in Redis (REDIS_URL) so every API process shares them; without Redis, or while
 * it does not answer, they fall back to this process's memory (a second limiter instance), so
 * the limit never switches off. The STOMP request channel reaches the same routes through
 * app.inject with the client's address (stomp/requests.ts), so it counts against the same limits.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { HttpError } from './http-errors';

export interface SignInLimits {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

export interface SignInRateLimitOptions {
  /** Route paths (as registered) the limits apply to. */
  routes: string[];
  limits: SignInLimits;
  redisUrl?: string;
  /** The account a (validated) body names, or null when it names none. */
  accountOf(url: string, body: Record<string, unknown> | undefined): string | null;
  /** Key prefix of these counters (default `tko-signin:`); each set of limits needs its own. */
  nameSpace?: string;
  /** The 429's Russian detail for a wait of `seconds` (default {@link throttled}'s). */
  message?: (seconds: number) => string;
}

type Check = (request: FastifyRequest) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;
interface Checks {
  account: Check;
  address: Check;
}

const ACCOUNT = Symbol('rate-limit account');
type Keyed = FastifyRequest & { [ACCOUNT]?: string };

/** The Russian 429 (DRF `throttled`). */
export function throttled(seconds: number): HttpError {
  return new HttpError(429, `Слишком много попыток входа. Повторите через ${seconds} с.`, 'throttled');
}

/** A limiter pair on its own store (Redis or memory), in its own context so both can coexist. */
async function limiters(app: FastifyInstance, limits: SignInLimits, redis: Redis | null, nameSpace: string): Promise<Checks> {
  let checks: Checks | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, { global: false, skipOnError: false, nameSpace, ...(redis ? { redis } : {}) });
    const timeWindow = limits.windowSeconds * 1000;
    checks = {
      account: scope.createRateLimit({ max: limits.perAccount, timeWindow, keyGenerator: (r) => `account:${(r as Keyed)[ACCOUNT]}` }),
      address: scope.createRateLimit({ max: limits.perAddress, timeWindow, keyGenerator: (r) => `address:${r.ip}` }),
    };
  });
  return checks!;
}

/** Adds the sign-in limits to `opts.routes` of `app` (call before registering them). */
export async function registerSignInRateLimit(app: FastifyInstance, opts: SignInRateLimitOptions): Promise<void> {
  const redis = opts.redisUrl ? new Redis(opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  redis?.on('error', () => undefined); // reconnects by itself; meanwhile the memory limiter counts
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  const nameSpace = opts.nameSpace ?? 'tko-signin:';
  const memory = await limiters(app, opts.limits, null, nameSpace);
  const shared = redis ? await limiters(app, opts.limits, redis, nameSpace) : null;
  const routes = new Set(opts.routes);

  const check = async (request: FastifyRequest, which: keyof Checks) => {
    let result;
    try {
      result = shared && redis!.status === 'ready' ? await shared[which](request) : await memory[which](request);
    } catch {
      result = await memory[which](request);
    }
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      const error = opts.message ? new HttpError(429, opts.message(seconds), 'throttled') : throttled(seconds);
      throw Object.assign(error, { retryAfter: seconds });
    }
  };
  const refuse = (reply: { header(name: string, value: string): unknown }, e: unknown) => {
    if (e instanceof HttpError && e.statusCode === 429) reply.header('Retry-After', String((e as HttpError & { retryAfter: number }).retryAfter));
    throw e;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!routes.has(request.routeOptions.url ?? '')) return;
    await check(request, 'address').catch((e: unknown) => refuse(reply, e));
  });
  app.addHook('preHandler', async (request, reply) => {
    if (!routes.has(request.routeOptions.url ?? '')) return;
    const account = opts.accountOf(request.routeOptions.url!, request.body as Record<string, unknown> | undefined);
    if (!account) return;
    (request as Keyed)[ACCOUNT] = account;
    await check(request, 'account').catch((e: unknown) => refuse(reply, e));
  });
}
