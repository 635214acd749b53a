/** Sign-in, refresh, current user, and the 401/403 rules of spec 01 §6. */
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('POST /api/auth/token/', () => {
  it('gives a token pair for the right password, with the configured lifetimes', async () => {
    const res = await request(t.app.server).post('/api/auth/token/').send({ email: 'Admin@Test.local ', password: PASSWORD });
    expect(res.status).toBe(200);
    const access = jwt.decode(res.body.access) as { exp: number; iat: number; type: string };
    const refresh = jwt.decode(res.body.refresh) as { exp: number; iat: number; type: string };
    expect(access.type).toBe('access');
    expect(access.exp - access.iat).toBe(300);
    expect(refresh.type).toBe('refresh');
    expect(refresh.exp - refresh.iat).toBe(86400);
  });

  it('answers 401 with the Russian message for a wrong password or unknown email', async () => {
    for (const body of [{ email: 'admin@test.local', password: 'wrong' }, { email: 'nobody-here@test.local', password: PASSWORD }]) {
      const res = await request(t.app.server).post('/api/auth/token/').send(body);
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe('Не найдено активной учетной записи с указанными данными.');
    }
  });

  it('answers 400 per field for missing credentials, and for no body', async () => {
    const res = await request(t.app.server).post('/api/auth/token/').send({ email: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ['Это поле не может быть пустым.'], password: ['Обязательное поле.'] });
    const empty = await request(t.app.server).post('/api/auth/token/');
    expect(empty.status).toBe(400);
    expect(empty.body.non_field_errors).toEqual(['Тело запроса отсутствует.']);
  });

  it('answers 400, not 500, for malformed JSON', async () => {
    const res = await request(t.app.server).post('/api/auth/token/').set('Content-Type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Неправильный JSON в теле запроса.');
  });

  it('refuses an inactive user', async () => {
    await t.pool.query(`UPDATE app_user SET is_active = false WHERE email = 'nobody@test.local'`);
    const res = await request(t.app.server).post('/api/auth/token/').send({ email: 'nobody@test.local', password: PASSWORD });
    expect(res.status).toBe(401);
    await t.pool.query(`UPDATE app_user SET is_active = true WHERE email = 'nobody@test.local'`);
  });
});

describe('POST /api/auth/token/refresh/', () => {
  it('gives a new access token for a refresh token', async () => {
    const pair = await request(t.app.server).post('/api/auth/token/').send({ email: 'viewer@test.local', password: PASSWORD });
    const res = await request(t.app.server).post('/api/auth/token/refresh/').send({ refresh: pair.body.refresh });
    expect(res.status).toBe(200);
    const me = await request(t.app.server).get('/api/users/me/').set('Authorization', `Bearer ${res.body.access}`);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('viewer@test.local');
  });

  it('refuses an access token in place of a refresh token, and garbage', async () => {
    for (const refresh of [t.tokens.admin, 'garbage']) {
      const res = await request(t.app.server).post('/api/auth/token/refresh/').send({ refresh });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('token_not_valid');
    }
  });
});

describe('GET /api/users/me/', () => {
  it('returns names, email and the permission map', async () => {
    const res = await request(t.app.server).get('/api/users/me/').set(t.auth('viewer'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Иван', last_name: 'Петров', email: 'viewer@test.local' });
    expect(res.body.permissions).toEqual({ container: { view: true, add: false, change: false, delete: false, export: false } });
  });

  it('answers 401 without a token, with an expired one, and with a refresh token', async () => {
    const none = await request(t.app.server).get('/api/users/me/');
    expect(none.status).toBe(401);
    expect(none.body.detail).toBe('Учетные данные не были предоставлены.');
    const expired = jwt.sign({ user_id: t.users.admin, type: 'access' }, 'test-secret', { expiresIn: -10 });
    const res = await request(t.app.server).get('/api/users/me/').set('Authorization', `Bearer ${expired}`);
    expect(res.status).toBe(401);
    const forged = jwt.sign({ user_id: t.users.admin, type: 'access' }, 'other-secret');
    expect((await request(t.app.server).get('/api/users/me/').set('Authorization', `Bearer ${forged}`)).status).toBe(401);
    const refresh = jwt.sign({ user_id: t.users.admin, type: 'refresh' }, 'test-secret');
    expect((await request(t.app.server).get('/api/users/me/').set('Authorization', `Bearer ${refresh}`)).status).toBe(401);
  });
});
