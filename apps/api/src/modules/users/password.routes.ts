/**
 * Registration and password restore by e-mail (contract routes/password.ts; spec 01 §7;
 * issue 14 §3). Registered inside the auth module (modules/auth/auth.routes.ts) so that their
 * per-address and per-e-mail limits (plugins/rate-limit.ts, MAIL_LIMIT_*) apply.
 *
 * No account enumeration: registration and requestreset answer the same body at once and do the
 * work (lookup, link, message) after the answer, so a known and an unknown address take the same
 * time; PUT …/reset/ checks the password rules before it spends the link, so a refused password
 * does not burn it. Setting the password verifies the e-mail and ends every session of the user
 * (trigger app_user_end_sessions on password_hash).
 */
import type { FastifyInstance } from 'fastify';
import {
  PASSWORD_MESSAGES, PASSWORD_SET, passwordRequestResetRoute, passwordResetRoute, REGISTRATION_ACCEPTED, registrationRoute, RESET_REQUESTED,
} from '@tko/contract';
import { FieldValidationError } from '@tko/db';
import { registerSignInRateLimit } from '../../plugins/rate-limit';
import { registerRoute } from '../../routing/register-route';
import type { ModuleDeps } from '../module';
import { announceSessionEnd } from '../stomp/session-end';
import { AuthLinks } from './auth-links';
import { hashPassword, passwordProblem } from './password-policy';
import { linkUrl, sendLinkMail } from './users.routes';
import { UsersRepository } from './users.repository';

/** The calls whose e-mail and address are counted (MAIL_LIMIT_PER_ACCOUNT / _PER_ADDRESS per _WINDOW_SECONDS). */
export const MAIL_LIMITED_ROUTES = [registrationRoute.path, passwordRequestResetRoute.path, passwordResetRoute.path];

export async function registerPasswordRoutes(app: FastifyInstance, d: ModuleDeps): Promise<void> {
  const repo = new UsersRepository(d.pool);
  const links = new AuthLinks(d.pool, d.config.jwtSecret, d.config.passwordLinkTtlSeconds);
  const later = (what: string, work: () => Promise<unknown>) => {
    setImmediate(() => {
      work().catch((err: unknown) => app.log.error({ err }, what));
    });
  };

  await registerSignInRateLimit(app, {
    routes: MAIL_LIMITED_ROUTES,
    limits: d.config.mailRateLimit,
    redisUrl: d.config.redisUrl,
    nameSpace: 'tko-mail:',
    message: (s) => `Слишком много запросов. Повторите через ${s} с.`,
    // The e-mail of a registration or restore request; a reset counts per link id.
    accountOf: (_url, body) => {
      if (typeof body?.email === 'string') return `email:${body.email.trim().toLowerCase()}`;
      if (typeof body?.token === 'string') return `link:${body.token.split('.')[0]}`;
      return null;
    },
  });

  registerRoute(app, registrationRoute, ({ body }) => {
    later('регистрация: письмо не отправлено', async () => {
      const existing = await repo.byEmail(body.email);
      if (existing) {
        const token = await links.issue(existing.id, 'reset');
        await d.mailer.send(body.email, 'already-registered', { name: existing.name, restoreLink: linkUrl(d.config.publicUrl, 'reset', token) });
        return;
      }
      const user = await repo.create(
        { email: body.email, last_name: body.last_name, first_name: body.first_name, middle_name: body.middle_name, is_declarant: true, roles: [], municipal_formations: [], organizations: [], user_report_processing_type: null },
        null,
        { inn: body.inn, organizationName: body.organization_name },
      ).catch((e: unknown) => {
        if (e instanceof FieldValidationError) return null; // the address was taken meanwhile (or deactivated): say nothing
        throw e;
      });
      if (user) await sendLinkMail(d, links, user, 'registration');
    });
    return { detail: REGISTRATION_ACCEPTED };
  }, d);

  registerRoute(app, passwordRequestResetRoute, ({ body }) => {
    later('восстановление пароля: письмо не отправлено', async () => {
      const user = await repo.byEmail(body.email);
      if (!user) return;
      const token = await links.issue(user.id, 'reset');
      await d.mailer.send(body.email, 'reset', { name: user.name, link: linkUrl(d.config.publicUrl, 'reset', token), minutes: links.minutes });
    });
    return { detail: RESET_REQUESTED };
  }, d);

  registerRoute(app, passwordResetRoute, async ({ body }) => {
    const problem = passwordProblem(body.password);
    if (problem) throw FieldValidationError.of('password', problem);
    const hash = await hashPassword(body.password);
    const userId = await repo.tx(async (db) => {
      const link = await links.consume(db, body.token);
      if (!link) return null;
      await db.query('UPDATE app_user SET password_hash = $2, email_verified = true, updated_at = now() WHERE id = $1', [link.userId, hash]);
      return link.userId;
    });
    if (userId === null) throw FieldValidationError.of('token', PASSWORD_MESSAGES.tokenInvalid);
    d.users.forget(userId);
    // A new password ends every live session of the user (the trigger revoked the sign-ins).
    await announceSessionEnd(d.publisher, { user_id: userId, reason: 'revoked' });
    return { detail: PASSWORD_SET };
  }, d);
}
