/**
 * Registration and password restore calls (contract routes/password.ts; spec 01 §7): public,
 * without the bearer header.
 */
import { passwordRequestResetRoute, passwordResetRoute, registrationRoute, type Registration } from '@tko/contract';
import { callRoute } from './client';

export const register = (body: Registration) => callRoute(registrationRoute, { body });
export const requestPasswordReset = (email: string) => callRoute(passwordRequestResetRoute, { body: { email } });
export const setPassword = (token: string, password: string) => callRoute(passwordResetRoute, { body: { token, password } });
