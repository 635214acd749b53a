/**
 * Revocable sessions and sign-in limits (issue 8 §3): refresh rotation, reuse detection (the
 * family ends; a lost answer within the grace gets the unused successor again), logout, a password change or deactivation ending every session and access
 * token, and the per-account / per-address rate limits (429, Retry-After, Russian) in memory
 * and on Redis. Real app, real PostgreSQL and Redis.
 */
import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD, startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
const LIMITS = { perAccount: 6, perAddress: 8, windowSeconds: 60 };
/** The test plays a reverse proxy on loopback naming each client through X-Forwarded-For (docs/CONFIGURATION.md TRUST_PROXY). */
const PROXY = '127.0.0.1, ::1';
beforeAll(async () => {
  t = await startTestApp({ overrides: { signInRateLimit: LIMITS, trustProxy: PROXY } });
});
afterAll(async () => t?.close());

/** Each test signs in from its own address, so the per-address limit stays out of its way. */
const addr = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

async function signIn(email: string, ip = addr()) {
  const res = await request(t.app.server).post('/api/auth/token/').set('X-Forwarded-For', ip).send({ email, password: PASSWORD });
  expect(res.status).toBe(200);
  return res.body as { access: string; refresh: string };
}
const refresh = (token: string, ip = addr()) => request(t.app.server).post('/api/auth/token/refresh/').set('X-Forwarded-For', ip).send({ refresh: token });
/** A new user (the per-account limit is small here): its e-mail. */
async function fresh(perms: string[] = []): Promise<string> {
  const email = `u-${randomUUID().slice(0, 8)}@test.local`;
  await createUser(t.pool, email, perms);
  return email;
}
const me = (access: string) => request(t.app.server).get('/api/users/me/').set('Authorization', `Bearer ${access}`);

describe('refresh rotation', () => {
  it('answers a new pair; the old refresh token is spent; reusing it ends the whole family', async () => {
    const first = await signIn(await fresh(['container:view']));
    const r1 = await refresh(first.refresh);
    expect(r1.status).toBe(200);
    expect(r1.body.refresh).not.toBe(first.refresh);
    const claims = jwt.decode(r1.body.refresh) as { fam: string; jti: string };
    expect(claims.fam).toBe((jwt.decode(first.refresh) as { fam: string }).fam);
    expect((await me(r1.body.access)).status).toBe(200);

    // The next one spent too; then the first token again (its successor already used, so no lost
    // answer): refused, and the family's newest token stops working too.
    const r2 = await refresh(r1.body.refresh);
    expect(r2.status).toBe(200);
    const reuse = await refresh(first.refresh);
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('token_not_valid');
    expect((await refresh(r2.body.refresh)).status).toBe(401);
    const rows = await t.pool.query<{ revoked: boolean }>('SELECT revoked_at IS NOT NULL AS revoked FROM refresh_token WHERE family_id = $1', [claims.fam]);
    expect(rows.rows.length).toBe(3);
    expect(rows.rows.every((r) => r.revoked)).toBe(true);
  });

  it('another session of the same user is untouched by a reuse', async () => {
    const email = await fresh();
    const a = await signIn(email);
    const b = await signIn(email);
    const a2 = await refresh(a.refresh);
    expect((await refresh(a2.body.refresh)).status).toBe(200);
    expect((await refresh(a.refresh)).status).toBe(401);
    expect((await refresh(b.refresh)).status).toBe(200);
  });

  it('a lost answer: the spent token sent again within the grace (30 s) while its successor is unused gets that successor again; later, a reuse', async () => {
    const first = await signIn(await fresh(['container:view']));
    const lost = await refresh(first.refresh);
    expect(lost.status).toBe(200);
    const lostClaims = jwt.decode(lost.body.refresh) as { jti: string; fam: string };
    // The tab reloaded before storing `lost`: it sends the spent token again.
    const again = await refresh(first.refresh);
    expect(again.status).toBe(200);
    expect((jwt.decode(again.body.refresh) as { jti: string }).jti).toBe(lostClaims.jti);
    expect((await me(again.body.access)).status).toBe(200);
    const rows = await t.pool.query<{ n: number; revoked: number }>('SELECT count(*)::int AS n, count(revoked_at)::int AS revoked FROM refresh_token WHERE family_id = $1', [lostClaims.fam]);
    expect(rows.rows[0]).toEqual({ n: 2, revoked: 0 });
    // The successor works once; then the original token again is a reuse (successor spent).
    const next = await refresh(again.body.refresh);
    expect(next.status).toBe(200);
    expect((await refresh(first.refresh)).status).toBe(401);
    expect((await refresh(next.body.refresh)).status).toBe(401);

    // Past the grace (the rotation moved 31 s back), an unused successor does not help: a reuse.
    const other = await signIn(await fresh());
    const late = await refresh(other.refresh);
    const fam = (jwt.decode(late.body.refresh) as { fam: string }).fam;
    await t.pool.query(`UPDATE refresh_token SET used_at = used_at - interval '31 seconds', issued_at = issued_at - interval '31 seconds' WHERE family_id = $1`, [fam]);
    expect((await refresh(other.refresh)).status).toBe(401);
    expect((await refresh(late.body.refresh)).status).toBe(401);
  });

  it('refuses a validly signed refresh token the server never issued', async () => {
    const forged = jwt.sign({ user_id: t.users.viewer, type: 'refresh', ver: 0, jti: randomUUID(), fam: randomUUID() }, t.config.jwtSecret);
    expect((await refresh(forged)).status).toBe(401);
  });
});

describe('POST /api/auth/logout/', () => {
  it('revokes the family: 204, then the refresh token is refused; logging out twice is still 204', async () => {
    const pair = await signIn(await fresh());
    const rotated = (await refresh(pair.refresh)).body as { refresh: string };
    const out = await request(t.app.server).post('/api/auth/logout/').send({ refresh: rotated.refresh });
    expect(out.status).toBe(204);
    expect((await refresh(rotated.refresh)).status).toBe(401);
    expect((await request(t.app.server).post('/api/auth/logout/').send({ refresh: rotated.refresh })).status).toBe(204);
  });

  it('answers 401 for a token that is not ours and 400 without one', async () => {
    expect((await request(t.app.server).post('/api/auth/logout/').send({ refresh: 'garbage' })).status).toBe(401);
    const res = await request(t.app.server).post('/api/auth/logout/').send({});
    expect(res.status).toBe(400);
    expect(res.body.refresh).toBeDefined();
  });
});

describe('a password change or deactivation ends every session', () => {
  it('password change: refresh tokens and access tokens issued before it are refused', async () => {
    const uid = await createUser(t.pool, 'changer@test.local', ['container:view']);
    const pair = await signIn('changer@test.local');
    expect((await me(pair.access)).status).toBe(200);
    await t.pool.query('UPDATE app_user SET password_hash = $1 WHERE id = $2', [await argon2.hash('Новый-пароль-2'), uid]);
    expect((await refresh(pair.refresh)).status).toBe(401);
    // The user store reuses a user for up to 2 s; after that the old access token is refused.
    await new Promise((r) => setTimeout(r, 2100));
    const res = await me(pair.access);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_not_valid');
    // A new sign-in with the new password works.
    const again = await request(t.app.server).post('/api/auth/token/').set('X-Forwarded-For', addr()).send({ email: 'changer@test.local', password: 'Новый-пароль-2' });
    expect(again.status).toBe(200);
    expect((await me(again.body.access)).status).toBe(200);
  });

  it('deactivation: refresh refused; reactivation does not bring the old tokens back', async () => {
    const uid = await createUser(t.pool, 'leaver@test.local', []);
    const pair = await signIn('leaver@test.local');
    await t.pool.query('UPDATE app_user SET is_active = false WHERE id = $1', [uid]);
    expect((await refresh(pair.refresh)).status).toBe(401);
    await t.pool.query('UPDATE app_user SET is_active = true WHERE id = $1', [uid]);
    expect((await refresh(pair.refresh)).status).toBe(401);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await me(pair.access)).status).toBe(401);
  });
});

describe('sign-in rate limits', () => {
  it('per account: the attempt past the limit is a 429 with Retry-After and a Russian detail, from any address', async () => {
    await createUser(t.pool, 'target@test.local', []);
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const res = await request(t.app.server).post('/api/auth/token/').set('X-Forwarded-For', addr()).send({ email: 'target@test.local', password: 'wrong' });
      expect(res.status).toBe(401);
    }
    // Even the right password, from yet another address, waits now (the e-mail is normalised).
    const res = await request(t.app.server).post('/api/auth/token/').set('X-Forwarded-For', addr()).send({ email: ' TARGET@test.local', password: PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: expect.stringMatching(/^Слишком много попыток входа\. Повторите через \d+ с\.$/), code: 'throttled' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(LIMITS.windowSeconds);
    // Another account is not affected.
    await signIn(await fresh());
  });

  it('per address: sign-in and refresh share the budget of one address; other addresses go on', async () => {
    const ip = addr();
    for (let i = 0; i < LIMITS.perAddress; i++) {
      expect((await refresh('garbage', ip)).status).toBe(401);
    }
    const blocked = await request(t.app.server).post('/api/auth/token/').set('X-Forwarded-For', ip).send({ email: await fresh(), password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Refused before the body is read: even an invalid body is a 429, not a 400.
    expect((await request(t.app.server).post('/api/auth/token/refresh/').set('X-Forwarded-For', ip).send({})).status).toBe(429);
    await signIn(await fresh());
  });

  it('refresh counts per account (the token\'s user)', async () => {
    const uid = await createUser(t.pool, 'refresher@test.local', []);
    const pair = await signIn('refresher@test.local'); // 1 (sign-in counts for the e-mail key, not the user key)
    let token = pair.refresh;
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const res = await refresh(token);
      expect(res.status).toBe(200);
      token = res.body.refresh;
    }
    const res = await refresh(token);
    expect(res.status).toBe(429);
    expect(uid).toBeGreaterThan(0);
  });

  it('with Redis configured but unreachable, the limit still holds (memory fallback)', async () => {
    const down = await startTestApp({ overrides: { signInRateLimit: LIMITS, trustProxy: PROXY, redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const ip = addr();
      for (let i = 0; i < LIMITS.perAddress; i++) {
        expect((await request(down.app.server).post('/api/auth/token/refresh/').set('X-Forwarded-For', ip).send({ refresh: 'x' })).status).toBe(401);
      }
      expect((await request(down.app.server).post('/api/auth/token/refresh/').set('X-Forwarded-For', ip).send({ refresh: 'x' })).status).toBe(429);
    } finally {
      await down.close();
    }
  });

  it('on Redis, the limit is shared by two API instances', async () => {
    if (!process.env.REDIS_URL) throw new Error('REDIS_URL is needed (scripts/lib/services.sh)');
    const other = await startTestApp({ overrides: { signInRateLimit: LIMITS, trustProxy: PROXY, redisUrl: process.env.REDIS_URL } });
    try {
      const twin = await (await import('../src/app')).buildApp({
        config: other.config, pool: other.pool, prisma: (await import('@tko/db')).createPrisma(other.url), queues: null, logger: false,
      });
      await twin.ready();
      try {
        const ip = `172.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
        for (let i = 0; i < LIMITS.perAddress; i++) {
          const app = i % 2 === 0 ? other.app : twin;
          expect((await request(app.server).post('/api/auth/token/refresh/').set('X-Forwarded-For', ip).send({ refresh: 'x' })).status).toBe(401);
        }
        expect((await request(twin.server).post('/api/auth/token/refresh/').set('X-Forwarded-For', ip).send({ refresh: 'x' })).status).toBe(429);
        expect((await request(other.app.server).post('/api/auth/token/refresh/').set('X-Forwarded-For', ip).send({ refresh: 'x' })).status).toBe(429);
      } finally {
        await twin.close();
      }
    } finally {
      await other.close();
    }
  });
});
