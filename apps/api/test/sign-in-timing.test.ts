/**
 * Equal work for every failed sign-in: a wrong password of a user with a password, of a user
 * who has not set one yet (hash `!`) and of an unknown e-mail each cost one argon2id verify,
 * so the answer time does not tell accounts apart (user-store.ts; OWASP Authentication Cheat
 * Sheet). Measured through HTTP on the real app: the kinds interleaved in a shuffled order each
 * round (a load change hits all three alike), the median of each kind compared. The machine is
 * shared, so a measurement whose medians differ by 10 % or more is taken again, at most three
 * times; without the dummy verify the `!` user answers ~20–40× faster and fails every time.
 */
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ overrides: { signInRateLimit: { perAccount: 10000, perAddress: 10000, windowSeconds: 60 } } });
  await t.pool.query(`INSERT INTO app_user (email, password_hash, first_name, last_name) VALUES ('nopassword@example.org', '!', 'Без', 'Пароля')`);
});
afterAll(async () => t?.close());

const KINDS = {
  'wrong password': 'admin@test.local',
  'no password yet': 'nopassword@example.org',
  'unknown e-mail': 'nobody-at-all@example.org',
} as const;
type Kind = keyof typeof KINDS;
const ROUNDS = 15;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

async function measure(): Promise<Record<Kind, number>> {
  const times: Record<Kind, number[]> = { 'wrong password': [], 'no password yet': [], 'unknown e-mail': [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = (Object.keys(KINDS) as Kind[]).sort(() => Math.random() - 0.5);
    for (const kind of order) {
      const started = process.hrtime.bigint();
      const res = await request(t.app.server).post('/api/auth/token/').send({ email: KINDS[kind], password: 'не-тот-пароль-1' });
      times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
      expect(res.status, kind).toBe(401);
      expect(res.body.code).toBe('no_active_account');
    }
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<Kind, number>;
}

it('a failed sign-in takes the same time whatever the account (medians within 10 %)', async () => {
  const admin = await t.pool.query<{ email: string }>('SELECT email FROM app_user WHERE id = $1', [t.users.admin]);
  expect(admin.rows[0]!.email).toBe(KINDS['wrong password']);
  const tries: Record<Kind, number>[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const m = await measure();
    tries.push(m);
    const values = Object.values(m);
    if (Math.max(...values) / Math.min(...values) < 1.1) break;
  }
  console.info('failed sign-in medians, ms:', JSON.stringify(tries));
  const last = tries.at(-1)!;
  const values = Object.values(last);
  expect(Math.max(...values) / Math.min(...values), JSON.stringify(tries)).toBeLessThan(1.1);
}, 300_000);
