/**
 * Overdue notices of citizen appeals (docs/DECISIONS.md «Overdue notices»): an appeal whose answer term has passed while
 * it is neither answered nor closed (the one «overdue» rule, tables/contracts-appeals.ts
 * appealOverdueAt; the term of ФЗ от 02.05.2006 № 59-ФЗ ст. 12 or the category's term of the
 * system settings) is told to the responsible staff once: its assignee when active, otherwise every
 * active user whose roles give `appeals:change` (appeals are the operator's own: no row scope).
 * Each notice goes to the notification centre (Notifier: stored + live push) and by the one e-mail
 * rule of notices (effects/email-notice.ts: the user has an e-mail and the process's mailer has SMTP)
 * by e-mail too (@tko/mail template 'appeal-overdue': the appeal's number, the text and the card's link).
 *
 * Once per appeal and term: the appeal's `overdue_notified_for` takes the deadline it was told
 * for, claimed by one UPDATE … RETURNING (two workers never both tell), and each notice carries the
 * dedup key `appeal-overdue:<id>:<deadline ms>:<user>`; a term extended (ст. 12 ч. 2) and passed
 * again is told again. Run by the scheduled job `appeal-overdue` (apps/worker jobs/table.ts).
 */
import type { Pool } from 'pg';
import { AppealCategory } from '@tko/contract';
import { emailNotice } from '../effects/email-notice';
import type { EffectMailer } from '../effects/types';
import type { Notifier } from '../notifications/notify';
import { appealOverdueAt } from '../tables/contracts-appeals';

export interface OverdueNoticeDeps {
  pool: Pool;
  notifier: Notifier;
  /** E-mail; null or disabled = notices only in the notification centre. */
  mailer: EffectMailer | null;
  /** The web app's address (no trailing slash), for the card's link. */
  publicUrl: string;
  /** Now (tests pass a clock past the term). */
  now: Date;
}

/** What one run did: the appeals told about and the notices stored. */
export interface OverdueNoticeResult {
  appeals: number;
  notices: number;
}

interface Claimed {
  id: number;
  category: string;
  author_name: string;
  deadline_at: Date;
  assignee_id: number | null;
}

/** «01.03.2026 10:00 UTC». */
const dateText = (d: Date) => `${d.toISOString().slice(8, 10)}.${d.toISOString().slice(5, 7)}.${d.toISOString().slice(0, 4)} ${d.toISOString().slice(11, 16)} UTC`;

/** Tells the staff about every appeal overdue at `now` and not yet told for its deadline. */
export async function notifyOverdueAppeals(d: OverdueNoticeDeps): Promise<OverdueNoticeResult> {
  const { rows: appeals } = await d.pool.query<Claimed>(
    `UPDATE appeal a SET overdue_notified_for = a.deadline_at
      WHERE ${appealOverdueAt('a', '$1::timestamptz')} AND a.overdue_notified_for IS DISTINCT FROM a.deadline_at
      RETURNING a.id, a.category, a.author_name, a.deadline_at, a.assignee_id`,
    [d.now]);
  let notices = 0;
  for (const a of appeals.sort((x, y) => x.id - y.id)) {
    const { rows: users } = await d.pool.query<{ id: number; email: string | null; name: string }>(
      `SELECT u.id, u.email, trim(concat_ws(' ', u.last_name, u.first_name)) AS name FROM app_user u
        WHERE u.is_active AND (u.id = $1 OR ($1::int IS NULL OR NOT EXISTS (SELECT 1 FROM app_user x WHERE x.id = $1 AND x.is_active))
          AND EXISTS (SELECT 1 FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                       WHERE ur.user_id = u.id AND rp.resource = 'appeals' AND rp.action = 'change'))
        ORDER BY u.id`,
      [a.assignee_id]);
    const link = `${d.publicUrl}/appeals/update/${a.id}/`;
    const text = `Обращение № ${a.id} (${AppealCategory.label(a.category) || a.category}, ${a.author_name}) не отвечено в срок: срок ответа истёк ${dateText(a.deadline_at)}.`;
    for (const u of users) {
      const stored = await d.notifier.notify(u.id, { type: 'simple', body: text, dedupKey: `appeal-overdue:${a.id}:${a.deadline_at.getTime()}:${u.id}` });
      if (!stored) continue;
      notices += 1;
      emailNotice(d.mailer, u.email, 'appeal-overdue', { name: u.name || u.email || '', number: a.id, text, link });
    }
  }
  return { appeals: appeals.length, notices };
}
