/**
 * The appeals' own calls (contract routes/contracts-appeals.ts; spec 03 §7 «Appeals», issue 11
 * §4): the dialog, a reply (pushed live on the appeal's dialog topic), the zip, the site's last
 * services by GPS (site-services.routes.ts). The deadline rule
 * is a packages/db effect (effects/appeal.ts) run by every write pipeline. List, card, xlsx,
 * search are the generic routes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { appealDialogRoute, appealDialogTopic, appealReplyRoute, appealResource, appealZipRoute } from '@tko/contract';
import type { Row, WritePipeline } from '@tko/db';
import { FieldValidationError, writerFor } from '@tko/db';
import type { RealtimePublisher } from '@tko/realtime';
import { pageAnswer } from '../../crud/page-answer';
import { parseId } from '../../crud/paging';
import type { AuthGuards } from '../../plugins/auth';
import { notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { requireInternalVisible } from '../../routing/visible-row';
import type { FileStore } from '@tko/db';
import { sendZip } from '../../http/file-reply';
import { apiModule } from '../module';
import { appealHtml, dialogHtml } from './appeal-html';
import type { Mailer } from '@tko/mail';
import { AppealLinks } from './appeal-links';
import { AppealsRepository } from './appeals.repository';
import { registerPublicAppealRoutes } from './public-appeal.routes';
import { registerPublicAppealDialogRoutes } from './public-appeal-dialog.routes';
import { registerAppealSiteServices } from './site-services.routes';

export interface AppealsDeps {
  pool: Pool;
  guards: AuthGuards;
  pipeline: WritePipeline;
  publisher: RealtimePublisher;
  files: FileStore;
  /** Replies e-mailed to the author with a link to the public dialog (DECISIONS «Replies reach the author…»). */
  mail: { mailer: Mailer; links: AppealLinks; publicUrl: string };
}


export function registerAppealRoutes(app: FastifyInstance, deps: AppealsDeps): void {
  const repo = new AppealsRepository(deps.pool);
  const def = appealResource;

  /** The appeal's id; 404 when it is missing or hidden from the user (appeals are internal: as the card). */
  const existing = async (raw: string, request: FastifyRequest) => {
    requireInternalVisible(def, deps.guards.user(request).scope);
    const id = parseId(raw);
    if (id === null || !(await repo.exists(id))) throw notFound();
    return id;
  };

  registerRoute(app, appealDialogRoute, async ({ params, query, request }) => {
    const id = await existing(params.id, request);
    return pageAnswer(request, query, (paging) => repo.messages(id, paging));
  }, deps);

  registerRoute(app, appealReplyRoute, async ({ params, body, request, reply }) => {
    const id = await existing(params.id, request);
    const user = deps.guards.user(request);
    const writer = writerFor(user);
    const files = [...new Set(body.files ?? [])];
    let author: { name: string; email: string | null } = { name: '', email: null };
    const message = await deps.pipeline.run(async (unit) => {
      const appeal = await deps.pipeline.repo(def).get(id, { lock: true, scope: user.scope }, unit.db);
      if (!appeal) throw notFound();
      author = { name: String(appeal.author_name ?? ''), email: typeof appeal.author_email === 'string' && appeal.author_email ? appeal.author_email : null };
      // Only files the writer uploaded (or the appeal already holds) may be attached.
      const owners = await repo.attachmentOwners(id, files, unit.db);
      const bad = files.findIndex((f) => {
        const o = owners.find((x) => x.id === f);
        return !o || (!o.held_by_appeal && o.created_by !== user.id);
      });
      if (bad >= 0) throw FieldValidationError.of(`files.${bad}`, `Файл «${files[bad]}» не найден среди ваших загрузок.`);
      const messageId = await repo.insertMessage({ appealId: id, authorId: user.id, authorName: writer.userName, text: body.text, files }, unit.db);
      // A reply takes a new appeal into consideration; files join the appeal's attachments (recorded in its history).
      const patch: Row = {};
      if (appeal.status === 'NEW') patch.status = 'IN_PROGRESS';
      if (files.length) patch.attachments = [...(appeal.attachments as { id: number }[]).map((a) => a.id), ...files.filter((f) => !(appeal.attachments as { id: number }[]).some((a) => a.id === f))];
      if (Object.keys(patch).length) await unit.update(def, id, patch, writer);
      return (await repo.message(messageId, unit.db))!;
    });
    await deps.publisher.publish({ destination: appealDialogTopic(id), body: message });
    // The author reads the reply by e-mail, with the number and the link to answer (after the commit; a failure is logged).
    if (author.email) {
      const { mailer, links, publicUrl } = deps.mail;
      mailer.sendLater(author.email, 'appeal-reply', { name: author.name, number: id, text: body.text, link: AppealLinks.url(publicUrl, links.issue(id, author.email)), days: links.ttlDays });
    }
    return reply.status(201).send(message);
  }, deps);

  registerRoute(app, appealZipRoute, async ({ params, request, reply }) => {
    const id = parseId(params.id);
    const user = deps.guards.user(request);
    const appeal = id === null ? null : await deps.pipeline.repo(def).get(id, { scope: user.scope });
    if (!appeal || id === null) throw notFound();
    const [messages, files] = await Promise.all([repo.messages(id, { limit: 100_000, offset: 0 }), repo.files(id)]);
    // appeal.html, dialog.html and files/<name> (names made unique, a file gone from the store left out).
    return sendZip(reply, `Обращение № ${id}.zip`, [
      { name: 'appeal.html', open: async () => appealHtml(appeal) },
      { name: 'dialog.html', open: async () => dialogHtml(id, messages.rows) },
      ...files.map((f) => ({ name: f.name, dir: 'files', open: () => deps.files.stream(f.storage_key) })),
    ]);
  }, deps);
}

export const appealsModule = apiModule('appeals', async (app, d) => {
  const links = new AppealLinks(d.config.jwtSecret, d.config.appealLinkTtlDays);
  registerAppealRoutes(app, { pool: d.pool, guards: d.guards, pipeline: d.pipeline, publisher: d.publisher, files: d.domain.fileStore!, mail: { mailer: d.mailer, links, publicUrl: d.config.publicUrl } });
  await registerPublicAppealRoutes(app, d);
  await registerPublicAppealDialogRoutes(app, d, links);
  // The site's last services by plan and fact (docs/TRACKING.md «Plan and fact»).
  registerAppealSiteServices(app, { pool: d.pool, guards: d.guards });
});
