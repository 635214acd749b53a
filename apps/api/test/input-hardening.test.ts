/**
 * No 500 for any input (issue 8 §2): the five causes found by the security review, each through
 * HTTP on the real app — a NUL byte in any string (also anonymous), ids beyond int4 in search
 * bodies, a null item in a child list, impossible calendar dates, malformed multipart bodies.
 * Every answer must be a 400 in DRF's shape on the field.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import * as fixtures from './fixtures/files';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const NUL_MSG = 'Строка не может содержать нулевой символ.';

describe('NUL byte', () => {
  it('in an anonymous query string', async () => {
    const res = await request(t.app.server).get('/api/public/v1/waste-area/container/?search=%00');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ search: [NUL_MSG] });
  });
  it('in an anonymous JSON body (sign-in)', async () => {
    const res = await request(t.app.server).post('/api/auth/token/').send({ email: 'a\u0000b', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: [NUL_MSG] });
  });
  it('in a nested body field of a write', async () => {
    const res = await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({ location: 'x\u0000y', containers: [{ type: 'EURO', volume: 1, comment: 'a\u0000' }] }));
    expect(res.status).toBe(400);
    expect(res.body.location).toEqual([NUL_MSG]);
  });
  it('in a path parameter', async () => {
    const res = await request(t.app.server).get('/api/waste-area/container/1%00/').set(t.auth('admin'));
    expect(res.status).toBeLessThan(500);
  });
  it('in a key of a body', async () => {
    const res = await request(t.app.server).post('/api/waste-area/container/search/').set(t.auth('admin')).send({ 'a\u0000': 1 });
    expect(res.status).toBe(400);
  });
  it('a lone surrogate is refused too', async () => {
    const res = await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin'))
      .set('Content-Type', 'application/json').send(`{"location":"x\\ud800y","coordinates":{"lat":52.5,"lng":103.8}}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['location']);
  });
});

describe('ids beyond int4', () => {
  it('in a search body answers as the query does', async () => {
    const body = await request(t.app.server).post('/api/waste-area/container/search/').set(t.auth('admin')).send({ contract_zone: [4611686018427388000] });
    const query = await request(t.app.server).get('/api/waste-area/container/?contract_zone=4611686018427388000').set(t.auth('admin'));
    expect(body.status).toBe(400);
    expect(query.status).toBe(400);
    expect(body.body).toEqual(query.body);
  });
  it('in a write reference and a refs list', async () => {
    const res = await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({ contract_zone: 2147483648, owners: [99999999999] }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['contract_zone', 'owners.0']);
  });
  it('in a path id', async () => {
    const res = await request(t.app.server).get('/api/waste-area/container/4611686018427388000/').set(t.auth('admin'));
    expect(res.status).toBe(404);
  });
});

describe('null item in a child list', () => {
  it('on create, PUT and PATCH', async () => {
    const created = await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({ containers: [null] }));
    expect(created.status).toBe(400);
    expect(created.body).toHaveProperty(['containers.0']);
    const ok = await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody());
    expect(ok.status).toBe(201);
    for (const method of ['put', 'patch'] as const) {
      const res = await request(t.app.server)[method](`/api/waste-area/container/${ok.body.id}/`).set(t.auth('admin')).send(siteBody({ containers: [null, 5, 'x'] }));
      expect(res.status, method).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(['containers.0', 'containers.1', 'containers.2']);
    }
  });
  it('on the chamber', async () => {
    const res = await request(t.app.server).post('/api/waste-area/chamber/').set(t.auth('admin')).send(siteBody({ containers: [null] }));
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty(['containers.0']);
  });
});

describe('impossible calendar dates', () => {
  it('in a query filter', async () => {
    for (const from of ['2026-02-31', '2026-02-29', '2026-13-01', '2026-04-31T10:00:00Z', '2026-01-01T25:00:00Z']) {
      const res = await request(t.app.server).get(`/api/logs/?from=${from}`).set(t.auth('admin'));
      expect(res.status, from).toBe(400);
      expect(Object.keys(res.body), from).toEqual(['from']);
    }
    const leap = await request(t.app.server).get('/api/logs/?from=2024-02-29').set(t.auth('admin'));
    expect(leap.status).toBe(200);
  });
  it('in date, date-list, range and datetime fields', async () => {
    const res = await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({
      register_inclusion_decision_date: '2026-02-30', periodicity_on_dates: ['2026-06-31'],
    }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['periodicity_on_dates.0', 'register_inclusion_decision_date']);
  });
});

describe('malformed multipart', () => {
  const uploads = ['/api/attachments/upload-file/', '/api/import/files/upload/'];
  it.each(uploads)('%s without a boundary', async (path) => {
    const res = await request(t.app.server).post(path).set(t.auth('admin')).set('Content-Type', 'multipart/form-data').send('--x\r\nabc');
    expect(res.status).toBe(400);
    expect(typeof res.body.detail).toBe('string');
    expect(res.body.detail).toMatch(/[а-я]/);
  });
  it.each(uploads)('%s truncated', async (path) => {
    const res = await request(t.app.server).post(path).set(t.auth('admin')).set('Content-Type', 'multipart/form-data; boundary=XX')
      .send('--XX\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nabc,def\r\n');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/[а-я]/);
  });
});

describe('found by the sweep (api-fuzz.test.ts)', () => {
  it('a null for a NOT NULL column with a default (a schedule\'s leave time) is 400 on the field, nothing stored', async () => {
    const res = await request(t.app.server).post('/api/fleet/schedules/').set(t.auth('admin'))
      .send({ name: 'fz 179 Ангарск, правый берег', arrival_time: '06:00', leave_time: null });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ leave_time: ['Это поле не может быть пустым.'] });
    expect((await request(t.app.server).get('/api/fleet/schedules/?search=fz%20179').set(t.auth('admin'))).body.count).toBe(0);
  });
  it('a field named like an Object.prototype member is an ordinary field', async () => {
    const body = await request(t.app.server).post('/api/waste-sources/search/').set(t.auth('admin')).send({ toString: '\udbff' });
    expect(body.status).toBe(400);
    expect(body.body).toEqual({ toString: [expect.stringMatching(/суррогат/)] });
    const query = await request(t.app.server).get('/api/waste-area/container/?toString=1&constructor=2').set(t.auth('admin'));
    expect(query.status).toBe(400);
    expect(Object.keys(query.body).sort()).toEqual(['constructor', 'toString']);
  });
  it('an over-long path parameter and an undecodable URL answer in DRF shape', async () => {
    const long = await request(t.app.server).get(`/api/waste-area/tiles/1/2/${'x'.repeat(300)}.mvt`).set(t.auth('nobody'));
    expect(long.status).toBe(414);
    expect(long.body.detail).toMatch(/[а-я]/);
    const bad = await request(t.app.server).get('/api/waste-area/container/%E0%A4%A/').set(t.auth('admin'));
    expect(bad.status).toBeLessThan(500);
    expect(typeof bad.body.detail).toBe('string');
  });
});

describe('batch transaction', () => {
  it('an id beyond int4 in an operation is a 400 on the operation', async () => {
    for (const id of [2147483648, 4611686018427388000, '99999999999']) {
      const res = await request(t.app.server).post('/api/transaction/').set(t.auth('admin')).send({ operations: [{ resource: 'container', action: 'update', id, data: { location: 'x' } }] });
      expect(res.status, String(id)).toBe(400);
      expect(res.body).toMatchObject({ index: 0 });
    }
  });
});

describe('keyset cursor', () => {
  const cursor = (c: unknown) => Buffer.from(JSON.stringify(c)).toString('base64url');
  it('a forged cursor is a 400 on `cursor`', async () => {
    for (const c of [{ k: [], id: 4611686018427388000 }, { k: [], id: 2 ** 40 }, { k: ['abc'], id: 1 }, { k: ['a\u0000'], id: 1 }, { k: [], id: 1e300 }]) {
      const ordering = (c.k as unknown[]).length ? '&ordering=created_at' : '';
      const res = await request(t.app.server).get(`/api/waste-area/container/?cursor=${cursor(c)}${ordering}`).set(t.auth('admin'));
      expect(res.status, JSON.stringify(c)).toBe(400);
      expect(res.body).toEqual({ cursor: ['Неверный курсор.'] });
    }
    const logs = await request(t.app.server).get(`/api/logs/?cursor=${cursor({ k: [], id: 1e300 })}`).set(t.auth('admin'));
    expect(logs.status).toBe(400);
  });
});

describe('multipart fields and file names', () => {
  const B = 'b0undary';
  const form = (filename: string, template: string) => Buffer.concat([
    Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="template_type"\r\n\r\n${template}\r\n`),
    Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from('Адрес;Широта;Долгота\r\nАнгарск;52.5;103.9\r\n'),
    Buffer.from(`\r\n--${B}--\r\n`),
  ]);
  it.each(['/api/attachments/upload-file/', '/api/import/files/upload/'])('%s: NUL and lone surrogates in a name or a field are never a 500', async (path) => {
    for (const [filename, template] of [['a\u0000b.csv', 'container'], ['a.csv', 'cont\u0000ainer'], ['\ud800.csv', 'container']]) {
      const res = await request(t.app.server).post(path).set(t.auth('admin')).set('Content-Type', `multipart/form-data; boundary=${B}`).send(form(filename!, template!));
      expect(res.status, `${filename} ${template}`).toBeLessThan(500);
      if (res.status >= 400) expect(typeof res.body.detail === 'string' || Object.values(res.body).every(Array.isArray)).toBe(true);
    }
  });
});

describe('no route', () => {
  it('a path no route matches is 404 even with a NUL in its query', async () => {
    const res = await request(t.app.server).get('/api/no-such-thing/?a%00=1');
    expect(res.status).toBe(404);
    expect(typeof res.body.detail).toBe('string');
  });
});

describe('system settings', () => {
  it('a date of year 0 is a 400 on the field', async () => {
    const current = await request(t.app.server).get('/api/system-settings/').set(t.auth('admin'));
    expect(current.status).toBe(200);
    const res = await request(t.app.server).put('/api/system-settings/').set(t.auth('admin')).send({ ...current.body, route_periodicity_from: '0000-01-31' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['route_periodicity_from']);
  });
});

describe('second review: concurrent duplicates', () => {
  it('three users created at once with one e-mail: one 201, the others 400 on `email`', async () => {
    const body = { email: 'twice@example.org', last_name: 'Петров', first_name: 'Пётр' };
    const answers = await Promise.all([0, 1, 2].map(() => request(t.app.server).post('/api/users/').set(t.auth('admin')).send(body)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) {
      expect(a.body).toEqual({ email: ['Пользователь с таким адресом электронной почты уже существует.'] });
    }
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM app_user WHERE email = $1', [body.email]);
    expect(rows[0].n).toBe(1);
  });
  it('three roles created at once with one name: one 201, the others 400 on `name`', async () => {
    const body = { name: 'Одна и та же роль', description: '', permissions: { 'container:view': true } };
    const answers = await Promise.all([0, 1, 2].map(() => request(t.app.server).post('/api/roles/').set(t.auth('admin')).send(body)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body).toEqual({ name: ['Роль с таким названием уже существует.'] });
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM role WHERE name = $1', [body.name]);
    expect(rows[0].n).toBe(1);
  });
});

describe('second review: quotes inside unquoted CSV cells', () => {
  const upload = (bytes: string, name: string) => request(t.app.server).post('/api/import/files/upload/').set(t.auth('admin'))
    .field('template_type', 'CWA_BUNDLE').attach('file', Buffer.from(bytes), name);
  it('`a;b\\nx"y;z` is read as a spreadsheet reads it', async () => {
    const res = await upload('a;b\nx"y;z\n', 'quote.csv');
    expect(res.status).toBe(201);
    expect(res.body.columns).toEqual(['a', 'b']);
    expect(res.body.preview).toEqual([['x"y', 'z']]);
  });
  it('an organisation name with quotes, and a quoted cell with doubled quotes', async () => {
    const res = await upload('Адрес;Владелец\nАнгарск, 1;ООО "Ромашка"\nАнгарск, 2;"АО ""Лютик"""\n', 'owners.csv');
    expect(res.status).toBe(201);
    expect(res.body.preview).toEqual([['Ангарск, 1', 'ООО "Ромашка"'], ['Ангарск, 2', 'АО "Лютик"']]);
  });
  it('a quote never closed is still a clear 400', async () => {
    const res = await upload('a;b\n1;"2\n3;4\n', 'open.csv');
    expect(res.status).toBe(400);
    expect(res.body.file[0]).toMatch(/^Не удалось прочитать CSV: строка \d+, не закрыты кавычки\.$/);
  });
});

describe('second review: validation gaps', () => {
  it('a PUT of the system settings with every field null keeps the zooms (400 on them, nothing changed)', async () => {
    const set = await request(t.app.server).put('/api/system-settings/').set(t.auth('admin')).send({ center_coordinates: '52.5, 103.9', map_zoom: 9, map_zoom_mini: 15 });
    expect(set.status).toBe(200);
    const res = await request(t.app.server).put('/api/system-settings/').set(t.auth('admin')).send({
      region: null, center_coordinates: null, map_zoom: null, map_zoom_mini: null, route_periodicity_from: null, radius_filter: null,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ map_zoom: ['Обязательное поле.'], map_zoom_mini: ['Обязательное поле.'] });
    const after = await request(t.app.server).get('/api/system-settings/').set(t.auth('admin'));
    expect(after.body).toMatchObject({ center_coordinates: { lat: 52.5, lng: 103.9 }, map_zoom: 9, map_zoom_mini: 15 });
  });
  it('a target indicator\'s period is whole years 2000–2100', async () => {
    const body = (years_period: unknown) => ({ name: 'Доля обработанных ТКО', unit: 'PERCENT', years_period });
    const bad = await request(t.app.server).post('/api/wki/').set(t.auth('admin')).send(body({ lower: 1.5, upper: 1e15 }));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ 'years_period.lower': ['Укажите год — целое число от 2000 до 2100.'], 'years_period.upper': ['Укажите год — целое число от 2000 до 2100.'] });
    const ok = await request(t.app.server).post('/api/wki/').set(t.auth('admin')).send(body({ lower: 2022, upper: '2030' }));
    expect(ok.status).toBe(201);
    expect(ok.body.years_period).toEqual({ lower: '2022', upper: '2030' });
  });
  it('a date before 1900 is a 400 naming the limit, in fields and filters', async () => {
    const res = await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({ status: 'CLOSED', close_at: '1000-01-01' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ close_at: ['Дата не может быть раньше 1900 года.'] });
    const filter = await request(t.app.server).get('/api/logs/?from=1899-12-31').set(t.auth('admin'));
    expect(filter.status).toBe(400);
    expect(Object.keys(filter.body)).toEqual(['from']);
    const ok = await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({ status: 'CLOSED', close_at: '1900-01-01' }));
    expect(ok.status).toBe(201);
  });
  it('bidirectional controls are taken out of an uploaded file\'s name', async () => {
    const att = await request(t.app.server).post('/api/attachments/upload-file/').set(t.auth('admin'))
      .attach('file', fixtures.png(), { filename: 'photo\u202egpj.png', contentType: 'image/png' });
    expect(att.status).toBe(201);
    expect(att.body.name).toBe('photogpj.png');
    const imp = await request(t.app.server).post('/api/import/files/upload/').set(t.auth('admin')).field('template_type', 'CWA_BUNDLE')
      .attach('file', Buffer.from('a;b\n1;2\n'), 'sites\u2067\u200f.csv');
    expect(imp.status).toBe(201);
    expect(imp.body.name).toBe('sites.csv');
  });
  it('a DELETE with Content-Type: application/json and no body is a DELETE', async () => {
    const site = await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody());
    expect(site.status).toBe(201);
    const del = await request(t.app.server).delete(`/api/waste-area/container/${site.body.id}/`).set(t.auth('admin')).set('Content-Type', 'application/json');
    expect(del.status).toBe(204);
    expect((await request(t.app.server).get(`/api/waste-area/container/${site.body.id}/`).set(t.auth('admin'))).status).toBe(404);
    const post = await request(t.app.server).post('/api/waste-area/container/search/').set(t.auth('admin')).set('Content-Type', 'application/json').send('');
    expect(post.status).toBe(400);
    expect(post.body).toEqual({ detail: 'Неправильный JSON в теле запроса.', code: 'parse_error' });
  });
});

describe('second review: proxies', () => {
  const LIMITS = { perAccount: 100, perAddress: 3, windowSeconds: 60 };
  const signIn = (app: TestApp, forwardedFor: string) => request(app.app.server).post('/api/auth/token/')
    .set('X-Forwarded-For', forwardedFor).send({ email: `probe-${forwardedFor}@example.org`, password: 'не-тот-пароль-1' });

  it('by default no proxy is trusted: a rotating X-Forwarded-For does not escape the per-address limit', async () => {
    const own = await startTestApp({ overrides: { signInRateLimit: LIMITS, trustProxy: loadDefaultTrustProxy() } });
    try {
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push((await signIn(own, `10.0.0.${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await own.close();
    }
  });
  it('a proxy named in TRUST_PROXY names the client (each forwarded address has its own count)', async () => {
    const own = await startTestApp({ overrides: { signInRateLimit: LIMITS, trustProxy: '127.0.0.1, ::1' } });
    try {
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push((await signIn(own, `10.0.0.${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401]);
      // next links stay under PUBLIC_URL even from a trusted proxy naming another host.
      for (let i = 0; i < 2; i++) await request(own.app.server).post('/api/roles/').set(own.auth('admin')).send({ name: `Роль ${i}`, description: '', permissions: {} });
      const page = await request(own.app.server).get('/api/roles/?page_size=1').set(own.auth('admin')).set('X-Forwarded-Host', 'evil.example').set('X-Forwarded-Proto', 'https');
      expect(page.status).toBe(200);
      expect(page.body.next).toBe(`${own.config.publicUrl}/api/roles/?page_size=1&page=2`);
    } finally {
      await own.close();
    }
  });
  it('next and previous links are built from PUBLIC_URL, never from Host or X-Forwarded-Host', async () => {
    for (let i = 0; i < 3; i++) await request(t.app.server).post('/api/roles/').set(t.auth('admin')).send({ name: `Ссылки ${i}`, description: '', permissions: {} });
    const page = await request(t.app.server).get('/api/roles/?page_size=1&page=2').set(t.auth('admin')).set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example');
    expect(page.status).toBe(200);
    expect(page.body.next).toBe(`${t.config.publicUrl}/api/roles/?page_size=1&page=3`);
    expect(page.body.previous).toBe(`${t.config.publicUrl}/api/roles/?page_size=1&page=1`);
  });
});

/** TRUST_PROXY as the product defaults it (nothing set in the environment). */
function loadDefaultTrustProxy() {
  return loadConfig({ DATABASE_URL: 'postgresql://x@localhost/x', JWT_SECRET: 'x' } as NodeJS.ProcessEnv).trustProxy;
}

describe('second review: bounded inputs', () => {
  it('600 000 items in one list are refused on the field before any is validated', async () => {
    const body = `{"location":"x","coordinates":{"lat":52.5,"lng":103.8},"containers":[${Array(600000).fill('{}').join(',')}]}`;
    const res = await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ containers: ['Не более 10000 элементов в списке.'] });
    // The process still answers.
    expect((await request(t.app.server).get('/healthz')).status).toBe(200);
  });
  it('lists are bounded by their meaning: containers of a site ≤ 100, owners ≤ 20, an enumeration each value once', async () => {
    const post = (body: Record<string, unknown>) => request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody(body));
    const container = { type: 'EURO', volume: '0.750' };
    const many = await post({ containers: Array(101).fill(container) });
    expect(many.status).toBe(400);
    expect(many.body.containers).toEqual(['Не более 100 элементов в списке.']);
    const owners = await post({ owners: Array.from({ length: 21 }, (_, i) => i + 1) });
    expect(owners.status).toBe(400);
    expect(owners.body.owners).toEqual(['Не более 20 элементов в списке.']);
    const days = await post({ periodicity: 'ON_WEEKDAYS', periodicity_on_weekdays: [1, 2, 3, 4, 5, 6, 7, 1] });
    expect(days.status).toBe(400);
    expect(days.body.periodicity_on_weekdays).toEqual(['Не более 7 элементов в списке.']);
    const dates = await post({ periodicity: 'ON_DATES', periodicity_on_dates: Array(367).fill('2026-01-01') });
    expect(dates.status).toBe(400);
    expect(dates.body.periodicity_on_dates).toEqual(['Не более 366 элементов в списке.']);
  });
  it('an error body names at most 100 fields and counts the rest', async () => {
    const res = await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({ containers: Array(100).fill(7), owners: Array(20).fill('x') }));
    expect(res.status).toBe(400);
    const keys = Object.keys(res.body);
    expect(keys.length).toBe(101);
    expect(res.body.non_field_errors).toEqual(['Показаны ошибки первых 100 полей из 120.']);
    expect(JSON.stringify(res.body).length).toBeLessThan(20000);
  });
});

describe('found by the long sweep (seed 509160621)', () => {
  it('an impossible work date is a 400 on its field, not a database error', async () => {
    const res = await request(t.app.server).post('/api/dispatcher/route-event/from-plan/').set(t.auth('admin')).send({ work_date: '5261-12-32' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['work_date']);
  });
  it('a polygon with an empty or malformed ring is a 400 on the ring, not a crash of its closure check', async () => {
    for (const coordinates of [[[]], [[[94], ''], [], {}], [[[1, 2], [3, 4]]]]) {
      const res = await request(t.app.server).post('/api/fleet/schedules/1/sites/bulk/').set(t.auth('admin')).send({ polygon: { type: 'Polygon', coordinates } });
      expect(res.status, JSON.stringify(coordinates)).toBe(400);
      expect(Object.keys(res.body).every((k) => k.startsWith('polygon')), JSON.stringify(res.body)).toBe(true);
    }
  });
});
