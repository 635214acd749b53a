/**
 * Administration API (issue 14 §1, §2, §5, §6): users and declarants (list, filters, card,
 * create with a registration e-mail, update, bindings, xlsx, resend calls, no password hash on
 * the wire), roles (seeded roles, CRUD, a role edit applying on the holder's very next request),
 * the generated permission list (every permission any registered route checks is listed, with
 * Russian labels and sections), and the system log's filters and xlsx. Real app, PostgreSQL and
 * SMTP receiver.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES, resources } from '@tko/contract';
import { routePermissions } from '../src/modules/users/permission-list';
import { TokenService } from '../src/modules/auth/tokens';
import { createUser, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { linkOf, startSmtpReceiver } from './smtp-receiver';
import type { SmtpReceiver } from './smtp-receiver';
import { binary } from './download';

let t: TestApp;
let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await startTestApp({ overrides: { smtpUrl: smtp.url, publicUrl: 'http://tko.test' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = () => request(t.app.server);
const email = () => `u-${randomUUID().slice(0, 8)}@test.local`;
async function sheet(buf: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
const tokenFor = (userId: number) => new TokenService(t.config.jwtSecret, 300, 3600).access(userId);

describe('permission list', () => {
  it('lists every permission any registered route checks, with Russian labels and sections', async () => {
    const res = await api().get('/api/roles/permissions/').set(t.auth('admin'));
    expect(res.status).toBe(200);
    const names = new Set<string>(res.body.results.map((p: { name: string }) => p.name));
    expect(res.body.count).toBe(names.size);
    // Every typed route description of this app (other issues' modules included).
    const missing: string[] = [];
    for (const def of t.app.routeRegistry.typed) for (const n of routePermissions(def)) if (!names.has(n)) missing.push(`${def.method} ${def.path}: ${n}`);
    // Every registry route (crud module): list/card → view, create → add, update → change, delete, xlsx → export, workflow actions.
    // A read-only registry has no write or export route; one any signed-in user reads checks no right at all.
    for (const def of resources) {
      const actions = def.readOnly ? (def.viewPermission === 'user' ? [] : ['view']) : ['view', 'add', 'change', 'delete', 'export'];
      for (const a of actions) if (!names.has(`${def.name}:${a}`)) missing.push(`${def.path}: ${def.name}:${a}`);
      for (const action of Object.values(def.workflow?.actions ?? {})) {
        const p = `${action.permission?.resource ?? def.name}:${action.permission?.action ?? 'change'}`;
        if (!names.has(p)) missing.push(`${def.path} action: ${p}`);
      }
    }
    expect(missing).toEqual([]);
    // The sections the web app checks (spec 01 §6, spec 03 §2).
    for (const r of ['users', 'users-roles', 'system-settings', 'system-logs']) expect(names.has(`${r}:view`)).toBe(true);
    const users = res.body.results.find((p: { name: string }) => p.name === 'users:view');
    expect(users).toEqual({ name: 'users:view', resource: 'users', action: 'view', resource_label: 'Пользователи', action_label: 'Просмотр', section: 'Администрирование' });
    const container = res.body.results.find((p: { name: string }) => p.name === 'container:add');
    expect(container.section).toBe('Места накопления');
    expect(res.body.results.every((p: { resource_label: string }) => /[А-Яа-яЁё]/.test(p.resource_label))).toBe(true);
  });

  it('needs users-roles:view (401, then 403)', async () => {
    expect((await api().get('/api/roles/permissions/')).status).toBe(401);
    expect((await api().get('/api/roles/permissions/').set(t.auth('viewer'))).status).toBe(403);
  });
});

describe('roles', () => {
  it('ships the seeded roles with their permissions', async () => {
    const res = await api().get('/api/roles/?page_size=500').set(t.auth('admin'));
    expect(res.status).toBe(200);
    const byName = new Map<string, { permissions: Record<string, true> }>(res.body.results.map((r: { name: string }) => [r.name, r]));
    for (const n of ['Администратор', 'Оператор реестра', 'Диспетчер', 'Аналитик', 'Декларант', 'Проверяющий отчёты', 'Только чтение']) expect(byName.has(n)).toBe(true);
    const admin = byName.get('Администратор')!.permissions;
    for (const r of ['container', 'users', 'users-roles', 'system-settings']) for (const a of PERMISSION_ACTIONS) expect(admin[`${r}:${a}`]).toBe(true);
    expect(byName.get('Только чтение')!.permissions['container:view']).toBe(true);
    expect(byName.get('Только чтение')!.permissions['container:change']).toBeUndefined();
  });

  it('a role edit applies on the holder\'s next request; delete takes it away at once', async () => {
    const created = await api().post('/api/roles/').set(t.auth('admin')).send({ name: `Проверка ${randomUUID().slice(0, 6)}`, permissions: { 'fkko:view': true } });
    expect(created.status).toBe(201);
    expect(created.body.permissions).toEqual({ 'fkko:view': true });
    const userId = await createUser(t.pool, email(), []);
    await t.pool.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [userId, created.body.id]);
    const bearer = { Authorization: `Bearer ${tokenFor(userId)}` };
    expect((await api().get('/api/users/').set(bearer)).status).toBe(403); // cached now
    const put = await api().put(`/api/roles/${created.body.id}/`).set(t.auth('admin'))
      .send({ name: created.body.name, permissions: { 'fkko:view': true, 'users:view': true, 'users:add': false } });
    expect(put.status).toBe(200);
    expect(put.body.permissions).toEqual({ 'fkko:view': true, 'users:view': true });
    expect(put.body.users_count).toBe(1);
    expect((await api().get('/api/users/').set(bearer)).status).toBe(200); // no wait for the cache
    expect((await api().delete(`/api/roles/${created.body.id}/`).set(t.auth('admin'))).status).toBe(204);
    expect((await api().get('/api/users/').set(bearer)).status).toBe(403);
    expect((await api().get(`/api/roles/${created.body.id}/`).set(t.auth('admin'))).status).toBe(404);
  });

  it('refuses a duplicate name and an unknown permission, per field', async () => {
    const dup = await api().post('/api/roles/').set(t.auth('admin')).send({ name: 'администратор' });
    expect(dup.status).toBe(400);
    expect(dup.body.name[0]).toMatch(/уже существует/);
    const bad = await api().post('/api/roles/').set(t.auth('admin')).send({ name: 'X', permissions: { 'container:fly': true } });
    expect(bad.status).toBe(400);
  });
});

describe('users', () => {
  it('creates a staff user with bindings, e-mails the registration link, never shows the password hash', async () => {
    const unit = await t.pool.query<{ id: number }>(`INSERT INTO administrative_unit (code, name) VALUES ('25701000', 'Ангарский городской округ') RETURNING id`);
    const role = await t.pool.query<{ id: number }>(`SELECT id FROM role WHERE name = 'Диспетчер'`);
    const who = email();
    const res = await api().post('/api/users/').set(t.auth('admin'))
      .send({ email: who.toUpperCase(), last_name: 'Иванова', first_name: 'Мария', middle_name: 'Петровна', roles: [role.rows[0]!.id], municipal_formations: [unit.rows[0]!.id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: who, email_verified: false, is_active: true, is_declarant: false, roles: [{ name: 'Диспетчер' }], municipal_formations: [{ name: 'Ангарский городской округ' }], organizations: [] });
    expect(JSON.stringify(res.body)).not.toMatch(/password/);
    const mail = await smtp.next(who);
    expect(linkOf(mail).pathname).toBe('/reg/');
    // The row scope reads the binding.
    const scope = await t.pool.query('SELECT 1 FROM user_administrative_unit WHERE user_id = $1', [res.body.id]);
    expect(scope.rowCount).toBe(1);

    // Same address again → 400 on email (case-insensitive); unknown ids → 400 on their field.
    const dup = await api().post('/api/users/').set(t.auth('admin')).send({ email: who, last_name: 'А', first_name: 'Б' });
    expect(dup.status).toBe(400);
    expect(dup.body.email[0]).toMatch(/уже существует/);
    const badRef = await api().post('/api/users/').set(t.auth('admin')).send({ email: email(), last_name: 'А', first_name: 'Б', organizations: [999999] });
    expect(badRef.status).toBe(400);
    expect(badRef.body.organizations).toBeDefined();

    // Update: replace the bindings, make a declarant.
    const org = await t.pool.query<{ id: number }>(`INSERT INTO legal_entity (kind, name, inn) VALUES ('JURIDICAL_PERSON', 'АО «Вывоз»', '7707083893') RETURNING id`);
    const put = await api().put(`/api/users/${res.body.id}/`).set(t.auth('admin'))
      .send({ email: who, last_name: 'Иванова', first_name: 'Мария', is_declarant: true, organizations: [org.rows[0]!.id], user_report_processing_type: 'MANUAL' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ is_declarant: true, roles: [], municipal_formations: [], organizations: [{ id: org.rows[0]!.id }], user_report_processing_type: 'MANUAL' });

    // Resend calls send the messages again.
    const reg = await api().post(`/api/users/${res.body.id}/resend-registration-email/`).set(t.auth('admin'));
    expect(reg.status).toBe(200);
    expect(linkOf(await smtp.next(who)).pathname).toBe('/reg/');
    const change = await api().post(`/api/users/${res.body.id}/resend-change-email/`).set(t.auth('admin'));
    expect(change.status).toBe(200);
    expect(linkOf(await smtp.next(who)).pathname).toBe('/restore/');
  });

  it('lists with filters (declarants vs staff, search, active) and exports xlsx', async () => {
    const who = email();
    await api().post('/api/users/').set(t.auth('admin')).send({ email: who, last_name: 'Декларантов', first_name: 'Олег', is_declarant: true });
    const decl = await api().get('/api/users/?is_declarant=true&search=Декларантов').set(t.auth('admin'));
    expect(decl.status).toBe(200);
    expect(decl.body.results.map((u: { email: string }) => u.email)).toEqual([who]);
    const staff = await api().get('/api/users/?is_declarant=false&page_size=500').set(t.auth('admin'));
    expect(staff.body.results.some((u: { email: string }) => u.email === who)).toBe(false);
    expect((await api().get('/api/users/?is_declarant=maybe').set(t.auth('admin'))).status).toBe(400);
    expect((await api().get('/api/users/?page=99').set(t.auth('admin'))).status).toBe(404);

    const file = await api().post('/api/users/xlsx/?is_declarant=true').set(t.auth('admin')).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/users_\d{4}-\d{2}-\d{2}\.xlsx/);
    const ws = await sheet(file.body);
    expect((ws.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['Фамилия', 'Имя', 'Отчество', 'Электронная почта']);
    const emails = ws.getColumn(4).values.slice(2);
    expect(emails).toContain(who);
  });

  it('checks users:* (401 → 403) and refuses deactivating oneself', async () => {
    expect((await api().get('/api/users/')).status).toBe(401);
    expect((await api().get('/api/users/').set(t.auth('viewer'))).status).toBe(403);
    expect((await api().post('/api/users/xlsx/').set(t.auth('viewer'))).status).toBe(403);
    const self = await api().delete(`/api/users/${t.users.admin}/`).set(t.auth('admin'));
    expect(self.status).toBe(400);
    expect((await api().get('/api/users/999999/').set(t.auth('admin'))).status).toBe(404);
  });
});

describe('no self lock-out', () => {
  /** A user whose only role grants users:* and users-roles:* — the rights nobody may take from themselves. */
  async function lockableAdmin() {
    const perms = ['users:view', 'users:change', 'users-roles:view', 'users-roles:change', 'users-roles:delete'];
    const id = await createUser(t.pool, email(), perms);
    const { rows } = await t.pool.query<{ role_id: number }>('SELECT role_id FROM user_role WHERE user_id = $1', [id]);
    return { id, role: rows[0]!.role_id, auth: { Authorization: `Bearer ${tokenFor(id)}` } };
  }
  const rightsOf = async (userId: number) => (await t.pool.query<{ r: string }>(
    `SELECT p.resource || ':' || p.action AS r FROM user_role ur JOIN role_permission p ON p.role_id = ur.role_id WHERE ur.user_id = $1 ORDER BY 1`, [userId])).rows.map((x) => x.r);

  it('refuses dropping one\'s own roles, the rights of a role one holds, and deleting it; nothing is half-written', async () => {
    const me = await lockableAdmin();
    const rights = await rightsOf(me.id);
    const card = (await api().get(`/api/users/${me.id}/`).set(me.auth)).body;
    const body = { email: card.email, last_name: 'Иванов', first_name: card.first_name, middle_name: card.middle_name, is_declarant: false, user_report_processing_type: null, roles: [], municipal_formations: [], organizations: [] };
    const own = await api().put(`/api/users/${me.id}/`).set(me.auth).send(body);
    expect(own.status, JSON.stringify(own.body)).toBe(400);
    expect(own.body.roles[0]).toMatch(/Нельзя лишить себя права/);
    const after = (await api().get(`/api/users/${me.id}/`).set(me.auth)).body;
    expect(after.last_name).toBe(card.last_name); // the whole edit rolled back, not only the roles
    expect(after.roles.map((r: { id: number }) => r.id)).toEqual([me.role]);

    const role = (await api().get(`/api/roles/${me.role}/`).set(me.auth)).body;
    const weaker = { name: role.name, description: role.description, permissions: { ...role.permissions, 'users-roles:change': false } };
    const edit = await api().put(`/api/roles/${me.role}/`).set(me.auth).send(weaker);
    expect(edit.status, JSON.stringify(edit.body)).toBe(400);
    expect(edit.body.permissions[0]).toMatch(/Нельзя лишить себя права/);
    const del = await api().delete(`/api/roles/${me.role}/`).set(me.auth);
    expect(del.status).toBe(400);
    expect(await rightsOf(me.id)).toEqual(rights);

    // Other edits stay allowed: one's own name, a role one holds keeping those rights, another user's roles.
    expect((await api().put(`/api/users/${me.id}/`).set(me.auth).send({ ...body, roles: [me.role] })).status).toBe(200);
    const other = await lockableAdmin();
    expect((await api().delete(`/api/roles/${other.role}/`).set(me.auth)).status).toBe(204);
    expect(await rightsOf(other.id)).toEqual([]);
    expect((await api().put(`/api/roles/${me.role}/`).set(me.auth).send({ ...weaker, permissions: { ...role.permissions, 'users-roles:delete': false } })).status).toBe(200);
  });
});

describe('system log', () => {
  it('filters by user, section, action and period, and exports xlsx', async () => {
    const name = `Журнал ${randomUUID().slice(0, 6)}`;
    // The days (UTC) before and after the write: the same day unless midnight passed in between.
    const from = new Date().toISOString().slice(0, 10);
    const role = await api().post('/api/roles/').set(t.auth('admin')).send({ name });
    const to = new Date().toISOString().slice(0, 10);
    const q = `user=${t.users.admin}&resource=users-roles&action=create&from=${from}&to=${to}`;
    const list = await api().get(`/api/logs/?${q}`).set(t.auth('admin'));
    expect(list.status).toBe(200);
    expect(list.body.results.some((e: { object_id: number }) => e.object_id === role.body.id)).toBe(true);
    expect(list.body.results.every((e: { resource: string; action: string }) => e.resource === 'users-roles' && e.action === 'create')).toBe(true);
    expect((await api().get(`/api/logs/?resource=users-roles&from=2000-01-01&to=2000-01-02`).set(t.auth('admin'))).body.count).toBe(0);

    const file = await api().post(`/api/logs/xlsx/?${q}`).set(t.auth('admin')).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    const ws = await sheet(file.body);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Дата и время', 'Пользователь', 'Раздел', 'Объект', 'Действие', 'Поля']);
    expect(ws.getColumn(3).values.slice(2)).toContain(PERMISSION_RESOURCES['users-roles']);
    expect((await api().post('/api/logs/xlsx/').set(t.auth('viewer'))).status).toBe(403);
  });
});

describe('system settings from the data (issue 14 §4)', () => {
  it('the first read after data is loaded sets centre and zooms from its extent; public map settings follow', async () => {
    // Two sites in Angarsk and one in Irkutsk.
    await t.pool.query(`INSERT INTO waste_area (kind, coordinates) VALUES
      ('CONTAINER', ST_SetSRID(ST_MakePoint(103.85, 52.52), 4326)), ('CONTAINER', ST_SetSRID(ST_MakePoint(103.95, 52.56), 4326)),
      ('CONTAINER', ST_SetSRID(ST_MakePoint(104.28, 52.29), 4326))`);
    const res = await api().get('/api/system-settings/').set(t.auth('viewer'));
    expect(res.status).toBe(200);
    expect(res.body.center_coordinates).toEqual({ lat: 52.425, lng: 104.065 });
    expect(res.body.map_zoom).toBe(11); // 0.43° wide: log2(1440 / 0.43) ≈ 11.7
    expect(res.body.map_zoom_mini).toBe(14);
    const pub = await api().get('/api/public/v1/system-settings/');
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({ center_coordinates: { lat: 52.425, lng: 104.065 }, map_zoom: 11, map_zoom_mini: 14 });
    // A zoom once set stays set: clearing it is refused and changes nothing.
    const cleared = await api().put('/api/system-settings/').set(t.auth('admin')).send({ center_coordinates: null, map_zoom: null });
    expect(cleared.status).toBe(400);
    expect(Object.keys(cleared.body)).toEqual(['map_zoom']);
    // Saved by an administrator: the data no longer moves it, even when the centre is cleared.
    const saved = await api().put('/api/system-settings/').set(t.auth('admin')).send({ center_coordinates: null, map_zoom: 9 });
    expect(saved.status).toBe(200);
    await t.pool.query(`INSERT INTO waste_area (kind, coordinates) VALUES ('CONTAINER', ST_SetSRID(ST_MakePoint(120, 60), 4326))`);
    const after = await api().get('/api/system-settings/').set(t.auth('viewer'));
    expect(after.body.center_coordinates).toBeNull();
    expect(after.body.map_zoom).toBe(9);
  });
});
