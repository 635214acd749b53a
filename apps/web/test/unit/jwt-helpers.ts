/** Unsigned JWTs for tests: only the payload matters to the client. */
export function fakeJwt(payload: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}

/** A token of `type` expiring `inMs` after `now` (epoch ms). */
export function tokenExpiringIn(now: number, inMs: number, type: 'access' | 'refresh' = 'access'): string {
  return fakeJwt({ user_id: 1, type, exp: Math.floor((now + inMs) / 1000) });
}
