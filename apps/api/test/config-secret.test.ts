/**
 * No fixed fallback JWT secret in any mode (issue 8 §4): without JWT_SECRET the configuration
 * refuses to load with a Russian + English message, whatever NODE_ENV says.
 */
import { describe, expect, it } from 'vitest';
import { JWT_SECRET_MISSING, loadConfig } from '../src/config';

const env = (extra: Record<string, string>) => ({ DATABASE_URL: 'postgresql://app@127.0.0.1:5432/tko_app', ...extra }) as NodeJS.ProcessEnv;

describe('JWT_SECRET', () => {
  it.each(['production', 'development', 'test', ''])('is required with NODE_ENV=%j', (mode) => {
    expect(() => loadConfig(env(mode ? { NODE_ENV: mode } : {}))).toThrow(JWT_SECRET_MISSING);
    expect(() => loadConfig(env({ NODE_ENV: mode, JWT_SECRET: '' }))).toThrow(/Не задан JWT_SECRET.*JWT_SECRET is not set/);
  });

  it('is taken from the environment when set', () => {
    expect(loadConfig(env({ JWT_SECRET: 'a-long-random-secret' })).jwtSecret).toBe('a-long-random-secret');
  });
});
