/**
 * The public form to file an appeal (docs/DECISIONS.md «Public appeal form»; contract publicAppealFormRoute,
 * publicAppealCreateRoute, publicAppealWithPhotosRoute), no account: a form token against scripts
 * (public-appeal-form.ts), limited per client address and per e-mail (MAIL_LIMIT_*). The appeal is
 * written by the pipeline as «Заявитель: …».
 *
 * The form files an appeal as JSON or, with photos, as multipart (public-appeal-photos.ts):
 * the photos go to the one file store and become the appeal's attachments in the transaction that
 * writes the appeal (rows `attachment` without an uploader, `appeal_attachment`); a refused filing
 * leaves neither rows nor files. Anonymous photos are bounded by the form's limits (5 × 10 МБ), the
 * form token and the per-address limit, not by the staff's upload quota. The author's dialog by
 * the e-mailed link: public-appeal-dialog.routes.ts.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  PUBLIC_APPEAL_MIN_SECONDS, PUBLIC_APPEAL_PHOTO_MAX_BYTES, PUBLIC_APPEAL_PHOTOS_MAX, appealResource, issuesToFieldErrors, publicAppealCreateRoute,
  publicAppealFormRoute, publicAppealWithPhotosRoute, PublicAppealBodySchema,
} from '@tko/contract';
import type { z } from 'zod';
import { FieldValidationError, systemWriter } from '@tko/db';
import { registerSignInRateLimit } from '../../plugins/rate-limit';
import { registerRoute } from '../../routing/register-route';
import type { ModuleDeps } from '../module';
import { AttachmentsRepository } from '../attachments/attachments.repository';
import { uploadTmpDir } from '../attachments/attachments.routes';
import type { SpooledFile } from '../attachments/receive-upload';
import { dropSpooled, storeSpooled } from '../attachments/receive-upload';
import { readPhotoFiling } from './public-appeal-photos';
import { formToken, formTokenProblem } from './public-appeal-form';

export async function registerPublicAppealRoutes(app: FastifyInstance, d: ModuleDeps): Promise<void> {
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
}
