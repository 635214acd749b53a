/**
 * The answer to a request that failed because PostgreSQL cannot be reached (restarting, down,
 * connection cut; @tko/db isDatabaseUnavailable): 503 `{detail, code: 'database_unavailable'}`
 * with `Retry-After` in seconds, never 500. The pool reconnects on the next query, so the
 * client only has to try again (docs/ARCHITECTURE.md "Failure behaviour").
 */
import type { FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '@tko/db';

export const DATABASE_UNAVAILABLE = 'База данных временно недоступна. Повторите запрос через несколько секунд.';
/** Seconds a client should wait before retrying. */
export const DATABASE_RETRY_AFTER = 5;

/** Sends the 503 and returns true when `error` means the database is unreachable; false otherwise. */
export function replyDatabaseUnavailable(error: unknown, reply: FastifyReply): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  reply.header('Retry-After', String(DATABASE_RETRY_AFTER));
  void reply.status(503).send({ detail: DATABASE_UNAVAILABLE, code: 'database_unavailable' });
  return true;
}
