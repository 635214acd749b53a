/**
 * Overdue appeals told to their staff (docs/DECISIONS.md «Overdue notices»; @tko/db notifyOverdueAppeals, job
 * `appeal-overdue`): the assignee when active, else every active user whose roles give
 * appeals:change; once per appeal and term (a second run tells nobody; a term extended and passed
 * again is told again); answered, closed and not-yet-due appeals are not told. Each notice is also
 * e-mailed through the worker's mailer (src/mail.ts over @tko/mail) to a real SMTP receiver. The
 * rules run with a clock set past the term; the scheduled job runs once through the worker's own table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_OVERDUE_JOB } from '@tko/contract';
import { Notifier, notifyOverdueAppeals } from '@tko/db';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import type { Mailer } from '@tko/mail';
import { readMailSettings } from '@tko/mail';
import { startSmtpReceiver } from '@tko/mail/testing';
import type { ReceivedMail, SmtpReceiver } from '@tko/mail/testing';
import { workerMailer } from '../src/mail';
import { createUser, uniquePrefix, waitUntil } from './helpers';
import { startJobsHarness } from './jobs-harness';

let db: TestDatabase;
let notifier: Notifier;
let smtp: SmtpReceiver;
let mailer: Mailer;
let assignee: number, staffA: number, staffB: number, viewer: number, inactive: number;

const T0 = new Date('2026-03-01T10:00:00Z');
const day = 86_400_000;

async function appeal(o: { deadline: Date; status?: string; assignee?: number | null }): Promise<number> {
  const { rows } = await db.pool.query<{ id: number }>(
    `INSERT INTO appeal (author_name, text, category, status, received_at, deadline_at, assignee_id)
     VALUES ('Иванова М. П.', 'Не вывезли', 'NOT_COLLECTED', $1, $2, $3, $4) RETURNING id`,
    [o.status ?? 'NEW', new Date(o.deadline.getTime() - 30 * day), o.deadline, o.assignee ?? null]);
  return rows[0]!.id;
}
const numberOf = (m: ReceivedMail) => Number(/№ (\d+)/.exec(m.subject)![1]);
const noticesOf = async (user: number) =>
  (await db.pool.query<{ body: string }>(`SELECT body FROM notification WHERE user_id = $1 ORDER BY id`, [user])).rows.map((r) => r.body);
const run = (now: Date) => notifyOverdueAppeals({ pool: db.pool, notifier, mailer, publicUrl: 'https://tko.example', now });

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  mailer = workerMailer(readMailSettings({ SMTP_URL: smtp.url, MAIL_FROM: 'Реестр ТКО <noreply@tko.example>' }), () => undefined);
  db = await createTestDatabase();
  notifier = new Notifier(db.pool, { publish: async () => undefined });
  assignee = await createUser(db.pool, 'assignee@test.local');
  staffA = await createUser(db.pool, 'staff-a@test.local');
  staffB = await createUser(db.pool, 'staff-b@test.local');
  viewer = await createUser(db.pool, 'viewer@test.local');
  inactive = await createUser(db.pool, 'gone@test.local');
  const role = async (name: string, action: string) => (await db.pool.query<{ id: number }>(
    `WITH r AS (INSERT INTO role (name) VALUES ($1) RETURNING id)
     INSERT INTO role_permission (role_id, resource, action) SELECT id, 'appeals', $2 FROM r RETURNING role_id AS id`, [name, action])).rows[0]!.id;
  const change = await role('Обращения: изменение', 'change');
  const view = await role('Обращения: просмотр', 'view');
  for (const u of [staffA, staffB, inactive]) await db.pool.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [u, change]);
  await db.pool.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [viewer, view]);
  await db.pool.query('UPDATE app_user SET is_active = false WHERE id = $1', [inactive]);
});
afterAll(async () => {
  mailer?.close();
  await smtp?.close();
  await db?.drop();
});

describe('notifyOverdueAppeals', () => {
  it('tells the assignee, else the appeals staff, once per appeal and term', async () => {
    const assigned = await appeal({ deadline: T0, assignee });
    const unassigned = await appeal({ deadline: T0 });
    const goneAssignee = await appeal({ deadline: T0, assignee: inactive });
    await appeal({ deadline: T0, status: 'ANSWERED' });
    await appeal({ deadline: T0, status: 'CLOSED' });
    const later = await appeal({ deadline: new Date(T0.getTime() + 2 * day) });

    // A minute before the term: nothing is overdue.
    expect(await run(new Date(T0.getTime() - 60_000))).toEqual({ appeals: 0, notices: 0 });

    // An hour after: three appeals; the assigned one to its assignee only, the others (no or an
    // inactive assignee) to the two active users with appeals:change — 1 + 2 + 2 notices.
    expect(await run(new Date(T0.getTime() + 3_600_000))).toEqual({ appeals: 3, notices: 5 });
    expect(await noticesOf(assignee)).toEqual([`Обращение № ${assigned} (Невывоз отходов, Иванова М. П.) не отвечено в срок: срок ответа истёк 01.03.2026 10:00 UTC.`]);
    expect((await noticesOf(staffA)).map((b) => b.match(/№ (\d+)/)![1])).toEqual([String(unassigned), String(goneAssignee)]);
    expect(await noticesOf(staffB)).toEqual(await noticesOf(staffA));
    expect(await noticesOf(viewer)).toEqual([]);
    expect(await noticesOf(inactive)).toEqual([]);
    // The same five notices by e-mail: each to its user, with the appeal's number, Russian text and the card's link.
    const first = await smtp.next('assignee@test.local');
    expect(first.subject).toBe(`Обращение № ${assigned} не отвечено в срок`);
    expect(first.from).toBe('noreply@tko.example');
    expect(first.text).toBe(`Здравствуйте, Петров Иван!\n\nОбращение № ${assigned} (Невывоз отходов, Иванова М. П.) не отвечено в срок: срок ответа истёк 01.03.2026 10:00 UTC.\n\n`
      + `Карточка обращения:\nhttps://tko.example/appeals/update/${assigned}/\n\n— Реестр ТКО`);
    const numbersTo = async (to: string) => (await Promise.all([smtp.next(to), smtp.next(to)])).map(numberOf).sort();
    expect(await numbersTo('staff-a@test.local')).toEqual([unassigned, goneAssignee].sort());
    expect(await numbersTo('staff-b@test.local')).toEqual([unassigned, goneAssignee].sort());

    // Run again: nobody is told twice.
    expect(await run(new Date(T0.getTime() + 2 * 3_600_000))).toEqual({ appeals: 0, notices: 0 });
    expect(await noticesOf(assignee)).toHaveLength(1);

    // The later appeal's term passes; the assigned one is extended (59-ФЗ ст. 12 ч. 2) and passes again.
    await db.pool.query('UPDATE appeal SET deadline_at = $2 WHERE id = $1', [assigned, new Date(T0.getTime() + 3 * day)]);
    expect(await run(new Date(T0.getTime() + 2 * day + 60_000))).toEqual({ appeals: 1, notices: 2 });
    expect((await noticesOf(staffB)).at(-1)).toContain(`№ ${later} `);
    expect(await run(new Date(T0.getTime() + 3 * day + 60_000))).toEqual({ appeals: 1, notices: 1 });
    expect(await noticesOf(assignee)).toHaveLength(2);
    // By e-mail likewise: the later appeal to both staff, the extended one to its assignee again;
    // these arrived after the repeat run, which e-mailed nobody: 5 + 3 messages in all.
    expect(numberOf(await smtp.next('staff-a@test.local'))).toBe(later);
    expect(numberOf(await smtp.next('staff-b@test.local'))).toBe(later);
    expect(numberOf(await smtp.next('assignee@test.local'))).toBe(assigned);
    expect(smtp.messages).toHaveLength(8);
    expect(smtp.messages.flatMap((m) => m.to)).not.toContain('viewer@test.local');
    expect(smtp.messages.flatMap((m) => m.to)).not.toContain('gone@test.local');
  });

  it('without SMTP_URL the worker tells in-app only and says so once', () => {
    const lines: string[] = [];
    const none = workerMailer(readMailSettings({}), (l) => lines.push(l));
    expect(none.enabled).toBe(false);
    expect(lines).toEqual(['worker: SMTP_URL не задан — уведомления (просроченные обращения и др.) только в приложении, без e-mail']);
  });

  it('runs as the scheduled job of the worker table', async () => {
    // Overdue by the real clock: its deadline an hour ago.
    const id = await appeal({ deadline: new Date(Date.now() - 3_600_000), assignee: viewer });
    const h = await startJobsHarness({
      pool: db.pool, prefix: uniquePrefix('appeal-overdue'), only: [APPEAL_OVERDUE_JOB], every: { appealOverdue: 500 }, mailer, publicUrl: 'https://tko.example',
    });
    try {
      const notices = await waitUntil(async () => {
        const n = await noticesOf(viewer);
        return n.length ? n : null;
      }, 'the overdue notice of the scheduled job');
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain(`Обращение № ${id} `);
      expect(h.published.some((e) => e.user_id === viewer)).toBe(true);
      // The domain's mailer e-mails it too (the viewer is the assignee: the assignee is told whatever their role).
      const mail = await smtp.next('viewer@test.local');
      expect(mail.subject).toBe(`Обращение № ${id} не отвечено в срок`);
      expect(mail.text).toContain(`https://tko.example/appeals/update/${id}/`);
    } finally {
      await h.close();
    }
  });
});
