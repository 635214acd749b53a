/** Sign-in, the current user and the public app configuration (spec 01 §7; contract routes/auth.ts, routes/meta.ts). */
import { appConfigRoute, meRoute, obtainTokenRoute, type AppConfig, type Me } from '@tko/contract';
import { callRoute } from './client';

export type { AppConfig };

export function obtainTokens(email: string, password: string) {
  return callRoute(obtainTokenRoute, { body: { email, password } });
}

/** GET /api/users/me/: the signed-in user with permissions. */
export function fetchMe(): Promise<Me> {
  return callRoute(meRoute);
}

export function fetchAppConfig(): Promise<AppConfig> {
  return callRoute(appConfigRoute);
}
