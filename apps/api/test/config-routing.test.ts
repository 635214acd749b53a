/**
 * ROUTING_TRUCK_SPEEDS (docs/CONFIGURATION.md): read by the routing engine, checked when the API's
 * configuration loads, so an unreadable speed table stops the start instead of failing a trip.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

const env = (extra: Record<string, string>) =>
  ({ DATABASE_URL: 'postgresql://app@127.0.0.1:5432/tko_app', JWT_SECRET: 'a-long-random-secret', ...extra }) as NodeJS.ProcessEnv;

describe('ROUTING_TRUCK_SPEEDS', () => {
  it('accepts class=km/h pairs and an unset value', () => {
    expect(() => loadConfig(env({ ROUTING_TRUCK_SPEEDS: 'primary=45, residential=15, other=20' }))).not.toThrow();
    expect(() => loadConfig(env({}))).not.toThrow();
  });

  it('refuses a pair that is not class=km/h (1–130), naming it', () => {
    expect(() => loadConfig(env({ ROUTING_TRUCK_SPEEDS: 'primary=fast' }))).toThrow(/«primary=fast» is not class=km\/h/);
    expect(() => loadConfig(env({ ROUTING_TRUCK_SPEEDS: 'primary=0' }))).toThrow(/«primary=0»/);
  });
});
