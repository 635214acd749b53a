/**
 * /api/users/… (contract routes/users.ts; spec 03 §7 "Users and roles"; issue 14 §1): list,
 * card, create (+ registration e-mail), update, delete = deactivate (history kept, sessions end
 * at once), xlsx, the two resend calls and the declarant's organisation approval.
 * Every write drops the user store's cached permission map of that user, so a role or binding
 * change applies on their next request (modules/auth user-store.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_PAGE_SIZE, USER_REPORT_PROCESSING_LABELS, userApproveOrganizationRoute, userCreateRoute, userDeleteRoute, userGetRoute,
  userResendChangeEmailRoute, userResendRegistrationEmailRoute, usersListRoute, usersXlsxRoute, userUpdateRoute,
} from '@tko/contract';
import type { User } from '@tko/contract';
import { FieldValidationError, writerName } from '@tko/db';
import { notFound } from '../../plugins/http-errors';
import { pageLinks, parseId } from '../../crud/paging';
import { registerRoute } from '../../routing/register-route';
import type { AuthUser } from '../auth/user-store';
import { announceSessionEnd } from '../stomp/session-end';
import { apiModule } from '../module';
import type { ModuleDeps } from '../module';
import { AuthLinks } from './auth-links';
import type { LinkPurpose } from './auth-links';
import { sendSheet } from './sheet';
import type { Actor } from './users.repository';
import { UsersRepository } from './users.repository';

const actor = (u: AuthUser): Actor => ({ id: u.id, name: writerName(u) });

/** Link of a message: the page of the product that takes the token. */
export function linkUrl(publicUrl: string, purpose: LinkPurpose, token: string): string {
  return `${publicUrl}/${purpose === 'registration' ? 'reg' : 'restore'}/?token=${encodeURIComponent(token)}`;
}

/** Issues a link of `purpose` and e-mails it to `user` (awaited: the admin sees a refusal of the SMTP server). */
export async function sendLinkMail(d: Pick<ModuleDeps, 'mailer' | 'config'>, links: AuthLinks, user: { id: number; email: string; first_name: string; last_name: string }, purpose: LinkPurpose): Promise<void> {
  const token = await links.issue(user.id, purpose);
  await d.mailer.send(user.email, purpose, { name: writerName(user), link: linkUrl(d.config.publicUrl, purpose, token), minutes: links.minutes });
}

export function registerUserRoutes(app: FastifyInstance, d: ModuleDeps): void {
  const repo = new UsersRepository(d.pool);
  const links = new AuthLinks(d.pool, d.config.jwtSecret, d.config.passwordLinkTtlSeconds);
  const one = async (id: string): Promise<User> => {
    const n = parseId(id);
    const user = n === null ? null : await repo.get(n);
    if (!user) throw notFound();
    return user;
  };

  registerRoute(app, usersListRoute, async ({ query, request }) => {
    const { count, rows } = await repo.list(query);
    if ((query.page ?? 1) > 1 && !rows.length) throw notFound();
    return { count, ...pageLinks(request as FastifyRequest, query.page ?? 1, query.page_size ?? DEFAULT_PAGE_SIZE, count), results: rows };
  }, d);

  registerRoute(app, userCreateRoute, async ({ body, user }) => {
    const created = await repo.create(body, actor(user));
    await sendLinkMail(d, links, created, 'registration');
    return created;
  }, d);

  registerRoute(app, userGetRoute, ({ params }) => one(params.id), d);

  registerRoute(app, userUpdateRoute, async ({ params, body, user }) => {
    const id = parseId(params.id);
    if (id !== null && id === user.id && body.is_active === false) throw FieldValidationError.of('is_active', 'Нельзя отключить собственную учётную запись.');
    const updated = id === null ? null : await repo.update(id, body, actor(user));
    if (!updated) throw notFound();
    d.users.forget(updated.id);
    return updated;
  }, d);

  registerRoute(app, userDeleteRoute, async ({ params, user, reply }) => {
    const id = parseId(params.id);
    if (id !== null && id === user.id) throw FieldValidationError.of('non_field_errors', 'Нельзя отключить собственную учётную запись.');
    if (id === null || !(await repo.deactivate(id, actor(user)))) throw notFound();
    d.users.forget(id);
    // Their live sessions end now on every API instance (the trigger already revoked the sign-ins).
    await announceSessionEnd(d.publisher, { user_id: id, reason: 'revoked' });
    return reply.status(204).send();
  }, d);

  registerRoute(app, usersXlsxRoute, async ({ query, reply }) => {
    const rows = await repo.all(query);
    const names = (l: { name: string }[]) => l.map((x) => x.name).join('; ');
    return sendSheet<User>(reply, 'users', 'Пользователи', [
      { label: 'Фамилия', value: (u) => u.last_name },
      { label: 'Имя', value: (u) => u.first_name },
      { label: 'Отчество', value: (u) => u.middle_name },
      { label: 'Электронная почта', value: (u) => u.email },
      { label: 'Почта подтверждена', kind: 'boolean', value: (u) => u.email_verified },
      { label: 'Активен', kind: 'boolean', value: (u) => u.is_active },
      { label: 'Декларант', kind: 'boolean', value: (u) => u.is_declarant },
      { label: 'Роли', value: (u) => names(u.roles) },
      { label: 'Муниципальные образования', value: (u) => names(u.municipal_formations) },
      { label: 'Организации', value: (u) => names(u.organizations) },
      { label: 'Заявка: ИНН организации', value: (u) => u.organization_request?.inn ?? null },
      { label: 'Обработка отчётов', value: (u) => (u.user_report_processing_type ? USER_REPORT_PROCESSING_LABELS[u.user_report_processing_type] : null) },
      { label: 'Последний вход', kind: 'datetime', value: (u) => u.last_login_at },
      { label: 'Создан', kind: 'datetime', value: (u) => u.created_at },
    ], rows);
  }, d);

  const resend = (purpose: LinkPurpose, detail: string) => async ({ params }: { params: { id: string } }) => {
    const user = await one(params.id);
    if (!user.is_active) throw FieldValidationError.of('non_field_errors', 'Пользователь отключён: письмо не отправлено.');
    await sendLinkMail(d, links, user, purpose);
    return { detail: `${detail} ${user.email}.` };
  };
  registerRoute(app, userResendChangeEmailRoute, resend('reset', 'Письмо со ссылкой для смены пароля отправлено на адрес'), d);
  registerRoute(app, userResendRegistrationEmailRoute, resend('registration', 'Письмо регистрации отправлено на адрес'), d);

  registerRoute(app, userApproveOrganizationRoute, async ({ params, user }) => {
    const id = parseId(params.id);
    const approved = id === null ? null : await repo.approveOrganization(id, actor(user));
    if (!approved) throw notFound();
    d.users.forget(approved.id);
    return approved;
  }, d);
}

export const usersModule = apiModule('users', (app, d) => registerUserRoutes(app, d));
