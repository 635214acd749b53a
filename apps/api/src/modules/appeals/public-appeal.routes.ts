/**
 * The author's side of an appeal (issue 25 §2; contract publicAppealDialogRoute,
 * publicAppealAnswerRoute): read the dialog and answer through the link e-mailed with each staff
 * reply (appeal-links.ts), no account. An answer is a dialog message without a staff author
 * (author_name = the appeal's author), pushed live on the appeal's dialog topic; it takes an
 * answered appeal back into consideration (ANSWERED → IN_PROGRESS, in the appeal's history); a
 * closed appeal refuses with 409. Answers are limited per client address and per link
 * (MAIL_LIMIT_PER_ADDRESS / _PER_ACCOUNT per _WINDOW_SECONDS; plugins/rate-limit.ts).
 *
 * The public form files an appeal as JSON or, with photos, as multipart (public-appeal-photos.ts):
 * the photos go to the one file store and become the appeal's attachments in the transaction that
 * writes the appeal (rows `attachment` without an uploader, `appeal_attachment`); a refused filing
 * leaves neither rows nor files. Anonymous photos are bounded by the form's limits (5 × 10 МБ), the
 * form token and the per-address limit, not by the staff's upload quota.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  AppealCategory, AppealStatus, PUBLIC_APPEAL_MIN_SECONDS, PUBLIC_APPEAL_PHOTO_MAX_BYTES, PUBLIC_APPEAL_PHOTOS_MAX, appealDialogTopic, appealResource,
  issuesToFieldErrors, publicAppealAnswerRoute, publicAppealCreateRoute, publicAppealDialogRoute, publicAppealFormRoute, publicAppealWithPhotosRoute,
  PublicAppealBodySchema,
} from '@tko/contract';
import type { z } from 'zod';
import type { AppealMessage } from '@tko/contract';
import { FieldValidationError, systemWriter } from '@tko/db';
import { HttpError } from '../../plugins/http-errors';
import { registerSignInRateLimit } from '../../plugins/rate-limit';
import { registerRoute } from '../../routing/register-route';
import type { ModuleDeps } from '../module';
import type { AppealLinks } from './appeal-links';
import { AttachmentsRepository } from '../attachments/attachments.repository';
import { uploadTmpDir } from '../attachments/attachments.routes';
import type { SpooledFile } from '../attachments/receive-upload';
import { dropSpooled, storeSpooled } from '../attachments/receive-upload';
import { readPhotoFiling } from './public-appeal-photos';
import { AppealsRepository } from './appeals.repository';
import { formToken, formTokenProblem } from './public-appeal-form';

/** A bad, altered or expired link is bad input of its `token` (400 by field, as the password-reset link's). */
const badLink = () => FieldValidationError.of('token', 'Ссылка недействительна или устарела. Откройте ссылку из последнего письма или напишите новое обращение.');
/** Staff are named, never addressed: the public dialog drops the author's account (e-mail). */
const publicMessage = (m: AppealMessage): AppealMessage => ({ ...m, author: null });

export async function registerPublicAppealRoutes(app: FastifyInstance, d: ModuleDeps, links: AppealLinks): Promise<void> {
  const repo = new AppealsRepository(d.pool);
  const emailOf = async (id: number) => (await d.pool.query<{ author_email: string | null }>('SELECT author_email FROM appeal WHERE id = $1', [id])).rows[0]?.author_email ?? null;
  const appealOf = async (token: string) => {
    const id = await links.verify(token, emailOf);
    if (id === null) throw badLink();
    return id;
  };

  await registerSignInRateLimit(app, {
    routes: [publicAppealAnswerRoute.path],
    limits: d.config.mailRateLimit,
    redisUrl: d.config.redisUrl,
    nameSpace: 'tko-appeal-answer:',
    message: (s) => `Слишком много сообщений. Повторите через ${s} с.`,
    accountOf: (_url, body) => (typeof body?.token === 'string' ? `link:${body.token.slice(-43)}` : null),
  });

  // The public form (public-appeal-form.ts): per address and per e-mail, the mail limits.
  await registerSignInRateLimit(app, {
    routes: [publicAppealCreateRoute.path, publicAppealWithPhotosRoute.path],
    limits: d.config.mailRateLimit,
    redisUrl: d.config.redisUrl,
    nameSpace: 'tko-appeal-new:',
    message: (s) => `Слишком много обращений с этого адреса. Повторите через ${s} с.`,
    accountOf: (_url, body) => (typeof body?.author_email === 'string' && body.author_email ? `email:${body.author_email.trim().toLowerCase()}` : null),
  });

  registerRoute(app, publicAppealFormRoute, () => ({ token: formToken(d.config.jwtSecret, Date.now()), min_seconds: PUBLIC_APPEAL_MIN_SECONDS }), d);

  const attachments = new AttachmentsRepository(d.pool);
  const store = d.domain.fileStore!;
  /**
   * Files an appeal (both forms): the form token first, then in one transaction the photos'
   * attachment rows and the appeal holding them; the photos are put into the store before it and
   * removed from it when the transaction fails.
   */
  const fileAppeal = async (body: z.output<typeof PublicAppealBodySchema>, photos: readonly SpooledFile[]) => {
    const problem = formTokenProblem(d.config.jwtSecret, body.token, body.website, Date.now());
    if (problem) throw FieldValidationError.of('token', problem);
    const { token: _t, website: _w, ...fields } = body;
    const keys: string[] = [];
    try {
      for (const p of photos) keys.push(await storeSpooled(store, p));
      // A site picked on the map gives the address and point when they are not typed.
      const row = await d.pipeline.run(async (unit) => {
        const values: Record<string, unknown> = { ...fields, status: 'NEW' };
        if (fields.waste_area !== undefined) {
          const { rows: [site] } = await unit.db.query<{ location: string | null; lat: number | null; lng: number | null }>(
            `SELECT location, ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng FROM waste_area WHERE id = $1`, [fields.waste_area]);
          if (!site) throw FieldValidationError.of('waste_area', 'Такого места накопления нет на карте.');
          values.location ??= site.location;
          if (values.coordinates === undefined && site.lat !== null && site.lng !== null) values.coordinates = { lat: site.lat, lng: site.lng };
        }
        if (photos.length) {
          const ids: number[] = [];
          for (const [i, p] of photos.entries()) {
            ids.push((await attachments.insert({ name: p.name, content_type: p.mime, size: p.size, sha256: p.sha256, storage_key: keys[i]!, created_by: null }, unit.db)).id);
          }
          values.attachments = ids;
        }
        return unit.create(appealResource, values, systemWriter(`Заявитель: ${fields.author_name}`));
      });
      return { id: Number(row.id), detail: `Обращение № ${String(row.id)} принято.${photos.length ? ` Фотографий: ${photos.length}.` : ''}${fields.author_email ? ' Ответ придёт на указанный адрес электронной почты.' : ''}` };
    } catch (e) {
      for (const k of keys) await store.delete(k).catch(() => undefined);
      throw e;
    }
  };

  registerRoute(app, publicAppealCreateRoute, async ({ body, reply }) => reply.status(201).send(await fileAppeal(body, [])), d);

  // With photos: multipart in its own context (its parser and limits apply to this route only).
  const tmpDir = uploadTmpDir(path.resolve(d.config.attachmentsDir));
  const maxBytes = Math.min(PUBLIC_APPEAL_PHOTO_MAX_BYTES, d.config.attachmentMaxBytes);
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: maxBytes, files: PUBLIC_APPEAL_PHOTOS_MAX * 2, fields: 20, fieldSize: 100_000, parts: 40 } });
    registerRoute(scope, publicAppealWithPhotosRoute, async ({ request, reply }) => {
      if (!request.isMultipart()) throw FieldValidationError.of('non_field_errors', 'Отправьте форму как multipart/form-data.');
      const filing = await readPhotoFiling(request, { tmpDir, maxBytes });
      try {
        const parsed = PublicAppealBodySchema.safeParse(filing.fields);
        const errors: Record<string, string[]> = { ...(parsed.success ? {} : issuesToFieldErrors(parsed.error.issues)) };
        for (const [k, ms] of Object.entries(filing.errors)) errors[k] = [...(errors[k] ?? []), ...ms];
        if (Object.keys(errors).length || !parsed.success) throw new FieldValidationError(errors);
        return reply.status(201).send(await fileAppeal(parsed.data, filing.photos));
      } finally {
        for (const p of filing.photos) await dropSpooled(p);
      }
    }, d);
  });

  registerRoute(app, publicAppealDialogRoute, async ({ query }) => {
    const id = await appealOf(query.token);
    const { rows: [a] } = await d.pool.query<{ id: number; category: string; status: string; text: string; location: string | null; received_at: string | null; deadline_at: string | null }>(
      `SELECT id, category::text, status::text, text, location,
              to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS received_at,
              to_char(deadline_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS deadline_at FROM appeal WHERE id = $1`, [id]);
    if (!a) throw badLink();
    const messages = await repo.messages(id, { limit: 1000, offset: 0 });
    return {
      appeal: { ...a, category_label: AppealCategory.label(a.category), status_label: AppealStatus.label(a.status) },
      messages: messages.rows.map(publicMessage),
    };
  }, d);

  registerRoute(app, publicAppealAnswerRoute, async ({ body, reply }) => {
    const id = await appealOf(body.token);
    const message = await d.pipeline.run(async (unit) => {
      const { rows: [a] } = await unit.db.query<{ status: string; author_name: string }>('SELECT status::text, author_name FROM appeal WHERE id = $1 FOR UPDATE', [id]);
      if (!a) throw badLink();
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
