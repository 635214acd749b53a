/** Sign-in, the current user and the public app configuration (spec 01 §7). */
import { MeSchema, TokenPairSchema, type Me } from '@tko/contract';
import { z } from 'zod';
import { http } from './client';

export async function obtainTokens(email: string, password: string) {
  const data = await http.json<unknown>('/api/auth/token/', { method: 'POST', json: { email, password }, auth: false });
  return TokenPairSchema.parse(data);
}

/** GET /api/users/me/: the signed-in user with permissions. */
export async function fetchMe(): Promise<Me> {
  return MeSchema.parse(await http.json<unknown>('/api/users/me/'));
}

export const AppConfigSchema = z.object({ map_style_url: z.string().nullable().optional() });
export type AppConfig = z.infer<typeof AppConfigSchema>;

export async function fetchAppConfig(): Promise<AppConfig> {
  return AppConfigSchema.parse(await http.json<unknown>('/api/config/', { auth: false }));
}
