/**
 * The author's side of an appeal (docs/DECISIONS.md «Single-use appeal links»; contract publicAppealSessionRoute,
 * publicAppealDialogRoute, publicAppealAnswerRoute, publicAppealLinkRoute), no account: the link
 * e-mailed with each staff reply (appeal-links.ts) is opened once — exchanged for a session bound
 * to the appeal, its nonce recorded in appeal_link_use in the same statement that checks it was
 * not used (INSERT … ON CONFLICT DO NOTHING: two browsers racing, one wins) — and the session reads
 * the dialog and answers until it ends (docs/DECISIONS.md «Single-use appeal links»). The browser
 * that opened a link may open it again while its session lives (it sends the session along); any
 * other is refused with 400 on `token` and asks for a new link, e-mailed to the appeal's address
 * (publicAppealLinkRoute; the same answer whether or not the address matched).
 *
 * An answer is a dialog message without a staff author (author_name = the appeal's author),
 * pushed live on the appeal's dialog topic; it takes an answered appeal back into consideration
 * (ANSWERED → IN_PROGRESS, in the appeal's history); a closed appeal refuses with 409. Answers are
 * limited per client address and per appeal, new links per address and per e-mail
 * (MAIL_LIMIT_PER_ADDRESS / _PER_ACCOUNT per _WINDOW_SECONDS; plugins/rate-limit.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  AppealCategory, AppealStatus, appealDialogTopic, appealResource, publicAppealAnswerRoute, publicAppealDialogRoute, publicAppealLinkRoute,
  publicAppealSessionRoute,
} from '@tko/contract';
import type { AppealMessage } from '@tko/contract';
import { FieldValidationError, systemWriter } from '@tko/db';
import { HttpError } from '../../plugins/http-errors';
import { registerSignInRateLimit } from '../../plugins/rate-limit';
import { registerRoute } from '../../routing/register-route';
import type { ModuleDeps } from '../module';
import { AppealLinks } from './appeal-links';
import { AppealsRepository } from './appeals.repository';

/** A bad, altered or expired link is bad input of its `token` (400 by field, as the password-reset link's). */
const badLink = () => FieldValidationError.of('token', 'Ссылка недействительна или устарела. Откройте ссылку из последнего письма или напишите новое обращение.');
/** A link already opened in another browser. */
const spentLink = () => FieldValidationError.of('token', 'Эта ссылка уже открыта в другом браузере: ссылка открывается один раз. Запросите новую ссылку — она придёт на адрес электронной почты обращения.');
/** A bad or ended session. */
const badSession = () => FieldValidationError.of('session', 'Сеанс завершён. Откройте ссылку из последнего письма или запросите новую ссылку.');
/** Staff are named, never addressed: the public dialog drops the author's account (e-mail). */
const publicMessage = (m: AppealMessage): AppealMessage => ({ ...m, author: null });
const LINK_SENT = 'Если адрес совпадает с указанным в обращении, на него отправлена новая ссылка. Проверьте почту.';

/**
 * Registers the four public dialog calls (session, dialog, answer, new link) on `app`, the answer
 * and new-link calls rate-limited (MAIL_LIMIT_*: 429 in Russian); a bad or ended session is a 400
 * on `session`, never the appeal's data.
 */
export async function registerPublicAppealDialogRoutes(app: FastifyInstance, d: ModuleDeps, links: AppealLinks): Promise<void> {
  const repo = new AppealsRepository(d.pool);
  const emailOf = async (id: number) => (await d.pool.query<{ author_email: string | null }>('SELECT author_email FROM appeal WHERE id = $1', [id])).rows[0]?.author_email ?? null;
  const sessionOf = async (session: string) => {
    const key = await links.verifySession(session, emailOf);
    if (!key) throw badSession();
    return key.appealId;
  };

  await registerSignInRateLimit(app, {
    routes: [publicAppealAnswerRoute.path],
    limits: d.config.mailRateLimit,
    redisUrl: d.config.redisUrl,
    nameSpace: 'tko-appeal-answer:',
    message: (s) => `Слишком много сообщений. Повторите через ${s} с.`,
    accountOf: (_url, body) => (typeof body?.session === 'string' ? `session:${body.session.slice(-43)}` : null),
  });
  await registerSignInRateLimit(app, {
    routes: [publicAppealLinkRoute.path],
    limits: d.config.mailRateLimit,
    redisUrl: d.config.redisUrl,
    nameSpace: 'tko-appeal-link:',
    message: (s) => `Слишком много запросов ссылки. Повторите через ${s} с.`,
    accountOf: (_url, body) => (typeof body?.email === 'string' ? `email:${body.email.trim().toLowerCase()}` : null),
  });

  registerRoute(app, publicAppealSessionRoute, async ({ body }) => {
    const key = await links.verify(body.token, emailOf);
    if (!key) throw badLink();
    const email = (await emailOf(key.appealId))!;
    const { rowCount } = await d.pool.query(
      'INSERT INTO appeal_link_use (nonce, appeal_id) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING', [key.nonce, key.appealId]);
    if (!rowCount) {
      // Spent: only the browser whose session this link opened may come back with it.
      const own = body.session ? await links.verifySession(body.session, emailOf) : null;
      if (!own || own.nonce !== key.nonce || own.appealId !== key.appealId) throw spentLink();
      return { session: body.session!, appeal_id: key.appealId, expires_at: own.expiresAt.toISOString() };
    }
    const s = links.session(key.appealId, email, key.nonce);
    return { session: s.session, appeal_id: key.appealId, expires_at: s.expiresAt.toISOString() };
  }, d);

  registerRoute(app, publicAppealLinkRoute, async ({ body, reply }) => {
    const { rows: [a] } = await d.pool.query<{ author_name: string; author_email: string | null }>(
      'SELECT author_name, author_email FROM appeal WHERE id = $1', [body.appeal]);
    if (a?.author_email && a.author_email.trim().toLowerCase() === body.email.toLowerCase()) {
      d.mailer.sendLater(a.author_email, 'appeal-link', {
        name: a.author_name, number: body.appeal, link: AppealLinks.url(d.config.publicUrl, links.issue(body.appeal, a.author_email)), days: links.ttlDays,
      });
    }
    return reply.status(202).send({ detail: LINK_SENT });
  }, d);

  registerRoute(app, publicAppealDialogRoute, async ({ query }) => {
    const id = await sessionOf(query.session);
    const { rows: [a] } = await d.pool.query<{ id: number; category: string; status: string; text: string; location: string | null; received_at: string | null; deadline_at: string | null }>(
      `SELECT id, category::text, status::text, text, location,
              to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS received_at,
              to_char(deadline_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS deadline_at FROM appeal WHERE id = $1`, [id]);
    if (!a) throw badSession();
    const messages = await repo.messages(id, { limit: 1000, offset: 0 });
    return {
      appeal: { ...a, category_label: AppealCategory.label(a.category), status_label: AppealStatus.label(a.status) },
      messages: messages.rows.map(publicMessage),
    };
  }, d);

  registerRoute(app, publicAppealAnswerRoute, async ({ body, reply }) => {
    const id = await sessionOf(body.session);
    const message = await d.pipeline.run(async (unit) => {
      const { rows: [a] } = await unit.db.query<{ status: string; author_name: string }>('SELECT status::text, author_name FROM appeal WHERE id = $1 FOR UPDATE', [id]);
      if (!a) throw badSession();
      if (a.status === 'CLOSED') throw new HttpError(409, 'Обращение закрыто: ответить в нём нельзя. Напишите новое обращение.', 'conflict');
      const writer = systemWriter(`Заявитель: ${a.author_name}`);
      const messageId = await repo.insertMessage({ appealId: id, authorId: null, authorName: a.author_name, text: body.text, files: [] }, unit.db);
      if (a.status === 'ANSWERED') await unit.update(appealResource, id, { status: 'IN_PROGRESS' }, writer);
      return (await repo.message(messageId, unit.db))!;
    });
    await d.publisher.publish({ destination: appealDialogTopic(id), body: message });
    return reply.status(201).send(publicMessage(message));
  }, d);
}
