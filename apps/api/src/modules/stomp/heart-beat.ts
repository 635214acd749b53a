/**
 * Heart-beat negotiation (STOMP 1.2 "Heart-beating"). The client's CONNECT says
 * `heart-beat: cx,cy` (it can send every cx ms, wants to receive every cy ms); the server
 * answers `heart-beat: sx,sy` in CONNECTED. Then
 * - server → client every max(sx, cy) ms, unless either is 0;
 * - client → server every max(cx, sy) ms, unless either is 0.
 * A missing header means 0,0 (no heart-beats).
 */
import { StompError, STOMP_MSG } from './errors';

export interface HeartBeat {
  /** The header value the server answers in CONNECTED. */
  header: string;
  /** Server sends an EOL after this much silence, ms; 0 = never. */
  sendEveryMs: number;
  /** Server expects something from the client at least this often, ms; 0 = no check. */
  expectEveryMs: number;
}

export function negotiateHeartBeat(clientHeader: string | undefined, serverOutMs: number, serverInMs: number): HeartBeat {
  let cx = 0;
  let cy = 0;
  if (clientHeader !== undefined) {
    const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(clientHeader);
    if (!m) throw new StompError(STOMP_MSG.badHeartBeat, `heart-beat «${clientHeader.slice(0, 30)}»: ожидается «cx,cy» — два неотрицательных целых (мс).`);
    cx = Number(m[1]);
    cy = Number(m[2]);
  }
  return {
    header: `${serverOutMs},${serverInMs}`,
    sendEveryMs: serverOutMs && cy ? Math.max(serverOutMs, cy) : 0,
    expectEveryMs: serverInMs && cx ? Math.max(serverInMs, cx) : 0,
  };
}
