/**
 * The end of live sessions (docs/REALTIME.md "Connecting"). A STOMP session is bound to the
 * access token it connected with: to its expiry (`exp`), to its user's token version and to its
 * sign-in — the refresh-token family `fam` the token was issued with (refresh-store.ts). It ends,
 * with an ERROR frame saying why, when:
 *   - the token expires (a timer at `exp`; the web client reconnects with a fresh token),
 *   - the user signs out (the logout call revokes the family and announces it, below),
 *   - the family is revoked otherwise (a spent refresh token reused) or the user is deactivated
 *     or changes the password — announced where the API does it, and in any case noticed at the
 *     session's next SUBSCRIBE or SEND, which re-checks the family and the user first.
 * The announcement travels as a RealtimeEnvelope on {@link SESSION_END_DESTINATION}, so it reaches
 * the sessions of every API instance (Redis fan-out); clients can neither subscribe nor send there.
 */
import type { RealtimeEnvelope } from '@tko/contract';
import type { RealtimePublisher } from '@tko/realtime';
import { StompError, STOMP_MSG, WS_CLOSE } from './errors';

/** Internal destination of the announcements (not in destinations.ts: never a client's). */
export const SESSION_END_DESTINATION = '/internal/session-end';

export type SessionEndReason = 'expired' | 'logout' | 'revoked';

/** Which sessions end: every session of `user_id`, or only those of its sign-in `fam`. */
export interface SessionEnd {
  user_id: number;
  fam?: string;
  reason: Exclude<SessionEndReason, 'expired'>;
}

const WHY: Record<SessionEndReason, [string, string]> = {
  expired: ['срок действия истёк', 'Срок действия токена доступа истёк: подключитесь заново с новым токеном.'],
  logout: ['выполнен выход', 'Сеанс завершён: пользователь вышел из системы.'],
  revoked: ['сеанс отозван', 'Сеанс отозван (выход на другом устройстве, повторное использование токена обновления, смена пароля или отключение пользователя): войдите заново.'],
};

/**
 * The ERROR of an ended session: its `message` starts with STOMP_MSG.unauthenticated, so a
 * client treats it as a refused token (refreshes, then reconnects), and names the reason.
 */
export function sessionEndError(reason: SessionEndReason): StompError {
  const [short, detail] = WHY[reason];
  // No colon: a client reading an ERROR before CONNECTED does not know STOMP 1.2 escaping (`\c`).
  return new StompError(`${STOMP_MSG.unauthenticated} — ${short}`, detail, WS_CLOSE.policy);
}

/** The announcement's body, or null for anything else on the destination. */
export function parseSessionEnd(body: unknown): SessionEnd | null {
  const b = body as Partial<SessionEnd> | null;
  if (!b || typeof b.user_id !== 'number' || (b.reason !== 'logout' && b.reason !== 'revoked')) return null;
  if (b.fam !== undefined && typeof b.fam !== 'string') return null;
  return { user_id: b.user_id, reason: b.reason, ...(b.fam ? { fam: b.fam } : {}) };
}

/** Announces `end` to every API instance; never throws (a session still ends at its next frame). */
export async function announceSessionEnd(publisher: RealtimePublisher | undefined, end: SessionEnd): Promise<void> {
  const envelope: RealtimeEnvelope = { destination: SESSION_END_DESTINATION, body: end };
  await publisher?.publish(envelope).catch(() => undefined);
}
