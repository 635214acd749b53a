/**
 * Is an error "the database cannot be reached right now"? True for failures that go away when
 * PostgreSQL is back (restart, crash recovery, network cut, backend terminated), false for
 * errors of the statement itself. The API answers the former with 503 + Retry-After
 * (docs/ARCHITECTURE.md "Failure behaviour").
 *
 * Recognised, on the error or anything it wraps (`cause`, Prisma's `meta.driverAdapterError`,
 * an AggregateError's `errors`):
 * - SQLSTATE class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
 *   57P03 cannot_connect_now, 53300 too_many_connections;
 * - socket errors (ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE, EHOSTUNREACH, ENOTFOUND, EAI_AGAIN);
 * - node-postgres' own messages for a closed connection or a connect time-out;
 * - Prisma's P1001 (cannot reach), P1002/P1008 (time-out), P1017 (server closed the connection)
 *   and the driver adapter's kinds DatabaseNotReachable, ConnectionClosed, SocketTimeout,
 *   TooManyConnections.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017']);
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'terminating connection due to administrator command',
  'the database system is starting up',
  'the database system is shutting down',
  'the database system is in recovery mode',
  "Can't reach database server",
  'Server has closed the connection',
];

function codeMatches(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code) || PRISMA_CODES.has(code);
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  const e = error as Record<string, unknown>;
  if (codeMatches(e.code) || codeMatches(e.errorCode) || codeMatches(e.originalCode)) return true;
  if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  const meta = e.meta as Record<string, unknown> | undefined;
  const nested = [e.cause, meta?.driverAdapterError, (meta?.driverAdapterError as Record<string, unknown> | undefined)?.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  return nested.some((n) => isDatabaseUnavailable(n, depth + 1));
}
