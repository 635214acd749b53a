/**
 * Registration and password restore by e-mail (issue 14 §3, §6) against a real SMTP receiver
 * (smtp-receiver.ts): the link is read from the received message and followed; links are
 * single-use and expire; requestreset answers the same body in similar time for known and
 * unknown addresses; a password change ends every session; common passwords are refused;
 * registration and restore are throttled (429 + Retry-After); a deactivated user's refresh
 * token is refused; an administrator approves a declarant's organisation binding.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { linkOf, startSmtpReceiver } from './smtp-receiver';
import type { SmtpReceiver } from './smtp-receiver';

let t: TestApp;
let smtp: SmtpReceiver;
const MAIL_LIMITS = { perAccount: 3, perAddress: 8, windowSeconds: 60 };
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await startTestApp({ overrides: { smtpUrl: smtp.url, publicUrl: 'http://tko.test', mailRateLimit: MAIL_LIMITS, signInRateLimit: { perAccount: 50, perAddress: 100, windowSeconds: 60 },
    // A reverse proxy on loopback names each client through X-Forwarded-For (docs/CONFIGURATION.md TRUST_PROXY).
    trustProxy: '127.0.0.1, ::1' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Each test calls from its own address, so the per-address limit stays out of its way. */
const addr = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const api = () => request(t.app.server);
const email = () => `u-${randomUUID().slice(0, 8)}@test.local`;
const tokenOf = (link: URL) => link.searchParams.get('token')!;
const signIn = (e: string, password: string) => api().post('/api/auth/token/').set('X-Forwarded-For', addr()).send({ email: e, password });
const reset = (token: string, password: string) => api().put('/api/auth/password/reset/').set('X-Forwarded-For', addr()).send({ token, password });
const requestReset = (e: string, ip = addr()) => api().post('/api/auth/password/requestreset/').set('X-Forwarded-For', ip).send({ email: e });

describe('registration (/reg/)', () => {
  it('a declarant registers, follows the e-mailed link, sets a password, signs in; an admin approves the organisation', async () => {
    // An organisation with a valid ИНН in the registry (7707083893: correct check digit).
    const org = await t.pool.query<{ id: number }>(`INSERT INTO legal_entity (kind, name, inn) VALUES ('JURIDICAL_PERSON', 'ООО «Чистый город»', '7707083893') RETURNING id`);
    const who = email();
    const res = await api().post('/api/auth/register/').set('X-Forwarded-For', addr())
      .send({ email: who.toUpperCase(), last_name: 'Сидоров', first_name: 'Пётр', inn: '7707083893', organization_name: 'Чистый город' });
    expect(res.status).toBe(202);
    const mail = await smtp.next(who);
    expect(mail.subject).toBe('Регистрация в реестре ТКО');
    expect(mail.text).toContain('Здравствуйте, Сидоров Пётр!'); // «Фамилия Имя», the one name format (domain writer.ts)
    const link = linkOf(mail);
    expect(link.origin + link.pathname).toBe('http://tko.test/reg/');

    // Before the link: no password works, the address is not verified.
    const before = await t.pool.query<{ id: number; email_verified: boolean; is_declarant: boolean }>('SELECT id, email_verified, is_declarant FROM app_user WHERE email = $1', [who]);
    expect(before.rows[0]).toMatchObject({ email_verified: false, is_declarant: true });
    const userId = before.rows[0]!.id;

    // A common password is refused and does not spend the link.
    const weak = await reset(tokenOf(link), 'password1');
    expect(weak.status).toBe(400);
    expect(weak.body.password[0]).toMatch(/распространён/);
    const short = await reset(tokenOf(link), 'Ab1-');
    expect(short.status).toBe(400);
    expect(short.body.password[0]).toMatch(/не менее 8/);

    const ok = await reset(tokenOf(link), 'Снегирь-над-Ангарой-7');
    expect(ok.status).toBe(200);
    expect((await signIn(who, 'Снегирь-над-Ангарой-7')).status).toBe(200);
    // Single use.
    const again = await reset(tokenOf(link), 'Другой-пароль-8');
    expect(again.status).toBe(400);
    expect(again.body.token[0]).toMatch(/недействительна/);

    // The administrator sees the request and approves it: organisation bound, role «Декларант».
    const pending = await api().get('/api/users/?organization_request=true').set(t.auth('admin'));
    expect(pending.status).toBe(200);
    const row = pending.body.results.find((u: { id: number }) => u.id === userId);
    expect(row.email_verified).toBe(true);
    expect(row.organization_request).toEqual({ inn: '7707083893', name: 'Чистый город', legal_entity: { id: org.rows[0]!.id, name: 'ООО «Чистый город»' } });
    const approved = await api().post(`/api/users/${userId}/approve-organization/`).set(t.auth('admin'));
    expect(approved.status).toBe(200);
    expect(approved.body.organizations).toEqual([{ id: org.rows[0]!.id, name: 'ООО «Чистый город»' }]);
    expect(approved.body.roles.map((r: { name: string }) => r.name)).toEqual(['Декларант']);
    expect(approved.body.organization_request).toBeNull();
    // Approving twice: nothing left to approve.
    expect((await api().post(`/api/users/${userId}/approve-organization/`).set(t.auth('admin'))).status).toBe(400);
  });

  it('refuses an ИНН with a wrong check digit, per field, in Russian', async () => {
    const res = await api().post('/api/auth/register/').set('X-Forwarded-For', addr())
      .send({ email: email(), last_name: 'А', first_name: 'Б', inn: '7707083890' });
    expect(res.status).toBe(400);
    expect(res.body.inn[0]).toBe('Неверный ИНН: не сходится контрольное число.');
  });

  it('an address already registered gets the same answer and a restore link instead', async () => {
    const who = email();
    await createUser(t.pool, who, []);
    const res = await api().post('/api/auth/register/').set('X-Forwarded-For', addr()).send({ email: who, last_name: 'А', first_name: 'Б', inn: '7707083893' });
    expect(res.status).toBe(202);
    const mail = await smtp.next(who);
    expect(linkOf(mail).pathname).toBe('/restore/');
    const n = await t.pool.query('SELECT 1 FROM app_user WHERE email = $1', [who]);
    expect(n.rowCount).toBe(1);
  });
});

describe('restore (/restore/)', () => {
  it('the link sets a new password once, ends every session, and the old password stops working', async () => {
    const who = email();
    await createUser(t.pool, who, ['container:view']);
    const session = await signIn(who, PASSWORD);
    expect(session.status).toBe(200);

    expect((await requestReset(who)).status).toBe(200);
    const link = linkOf(await smtp.next(who));
    expect(link.pathname).toBe('/restore/');
    expect((await reset(tokenOf(link), 'Новый-пароль-Байкал-2026')).status).toBe(200);

    expect((await signIn(who, PASSWORD)).status).toBe(401);
    expect((await signIn(who, 'Новый-пароль-Байкал-2026')).status).toBe(200);
    // The session opened before the change is over: its refresh and its access token.
    expect((await api().post('/api/auth/token/refresh/').set('X-Forwarded-For', addr()).send({ refresh: session.body.refresh })).status).toBe(401);
    expect((await api().get('/api/users/me/').set('Authorization', `Bearer ${session.body.access}`)).status).toBe(401);
    expect((await reset(tokenOf(link), 'Ещё-один-пароль-9')).status).toBe(400);
  });

  it('an expired link is refused; a tampered one too', async () => {
    const who = email();
    await createUser(t.pool, who, []);
    await requestReset(who);
    const token = tokenOf(linkOf(await smtp.next(who)));
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await reset(tampered, 'Годный-пароль-42')).status).toBe(400);
    await t.pool.query(`UPDATE auth_link SET expires_at = now() - interval '1 second' WHERE id = $1`, [token.split('.')[0]]);
    const res = await reset(token, 'Годный-пароль-42');
    expect(res.status).toBe(400);
    expect(res.body.token[0]).toMatch(/срок истёк/);
  });

  it('the link lives PASSWORD_LINK_TTL_SECONDS (default 1 h)', async () => {
    const who = email();
    await createUser(t.pool, who, []);
    await requestReset(who);
    const mail = await smtp.next(who);
    expect(mail.text).toContain('Ссылка действует 1 ч');
    const { rows } = await t.pool.query<{ s: number }>('SELECT extract(epoch FROM expires_at - created_at)::int AS s FROM auth_link WHERE id = $1', [tokenOf(linkOf(mail)).split('.')[0]]);
    expect(rows[0]!.s).toBe(3600);
  });

  it('answers the same body for a known and an unknown address, in similar time (no enumeration)', async () => {
    const known = email();
    await createUser(t.pool, known, []);
    const unknown = email();
    const k = await requestReset(known);
    const u = await requestReset(unknown);
    expect(k.status).toBe(200);
    expect(u.status).toBe(200);
    expect(k.body).toEqual(u.body);
    expect(k.body.detail).toMatch(/^Если этот адрес зарегистрирован/);
    await smtp.next(known);
    // Timing: medians of alternating calls differ by less than 25 ms (the mail is sent after the answer).
    const times: Record<'k' | 'u', number[]> = { k: [], u: [] };
    for (let i = 0; i < 6; i++) {
      for (const [key, who] of [['k', email()], ['u', email()]] as const) {
        if (key === 'k') await createUser(t.pool, who, []);
        const start = performance.now();
        expect((await requestReset(who)).status).toBe(200);
        times[key].push(performance.now() - start);
      }
    }
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
    expect(Math.abs(median(times.k) - median(times.u))).toBeLessThan(25);
  });
});

describe('throttling', () => {
  it('requestreset: per e-mail, then 429 with Retry-After and a Russian detail', async () => {
    const who = email();
    for (let i = 0; i < MAIL_LIMITS.perAccount; i++) expect((await requestReset(who)).status).toBe(200);
    const res = await requestReset(who);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toMatchObject({ code: 'throttled' });
    expect(res.body.detail).toMatch(/^Слишком много запросов\. Повторите через \d+ с\.$/);
  });

  it('registration and requestreset: per client address', async () => {
    const ip = addr();
    let last = 0;
    for (let i = 0; i < MAIL_LIMITS.perAddress + 1; i++) {
      const res = i % 2
        ? await requestReset(email(), ip)
        : await api().post('/api/auth/register/').set('X-Forwarded-For', ip).send({ email: email(), last_name: 'А', first_name: 'Б', inn: '7707083893' });
      last = res.status;
      if (i < MAIL_LIMITS.perAddress) expect([200, 202]).toContain(res.status);
    }
    expect(last).toBe(429);
  });
});

describe('deactivation', () => {
  it('DELETE /api/users/{id}/ deactivates: the refresh token and the access token stop at once; history stays', async () => {
    const who = email();
    const id = await createUser(t.pool, who, ['container:view']);
    const session = await signIn(who, PASSWORD);
    expect((await api().get('/api/users/me/').set('Authorization', `Bearer ${session.body.access}`)).status).toBe(200);
    const del = await api().delete(`/api/users/${id}/`).set(t.auth('admin'));
    expect(del.status).toBe(204);
    expect((await api().post('/api/auth/token/refresh/').set('X-Forwarded-For', addr()).send({ refresh: session.body.refresh })).status).toBe(401);
    expect((await api().get('/api/users/me/').set('Authorization', `Bearer ${session.body.access}`)).status).toBe(401);
    expect((await signIn(who, PASSWORD)).status).toBe(401);
    // The row and its history stay; the card says inactive.
    const card = await api().get(`/api/users/${id}/`).set(t.auth('admin'));
    expect(card.body.is_active).toBe(false);
    const log = await api().get(`/api/logs/?resource=users&object=${id}`).set(t.auth('admin'));
    expect(log.body.results[0]).toMatchObject({ action: 'update', user: { id: t.users.admin } });
    // A deactivated user's address gets no restore mail.
    await requestReset(who);
    await expect(smtp.next(who, 500)).rejects.toThrow(/no message/);
  });
});
