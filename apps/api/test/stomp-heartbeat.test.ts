/**
 * Heart-beats (STOMP 1.2 "Heart-beating") with short server settings: the negotiated values,
 * a stompjs client that beats stays connected while receiving the server's beats, and a
 * silent client is closed after heartBeatGrace intervals with ERROR and code 4000.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StompTestApp } from './stomp-helpers';
import { connectClient, connectFrame, rawHeader, rawSocket, startStompApp, waitFor } from './stomp-helpers';

let t: StompTestApp;

beforeAll(async () => {
  t = await startStompApp({ stomp: { heartBeatOutMs: 100, heartBeatInMs: 200, heartBeatGrace: 2 } });
});
afterAll(async () => {
  await t?.close();
});

describe('heart-beats', () => {
  it('negotiates: CONNECTED says the server sx,sy', async () => {
    const s = await rawSocket(t.wsUrl);
    s.send(connectFrame(t.tokens.admin, 'heart-beat:0,0\n'));
    expect(rawHeader(await s.waitFrame('CONNECTED'), 'heart-beat')).toBe('100,200');
    s.ws.close();
  });

  it('a beating stompjs client stays connected and receives the server beats', async () => {
    const c = await connectClient(t.wsUrl, t.tokens.admin, { heartbeatIncoming: 100, heartbeatOutgoing: 100 });
    try {
      // the server expects a beat every 200 ms (max(100, 200)) and would close after 400 ms of silence
      await waitFor(() => c.heartBeats >= 8, 'eight server heart-beats', 20000);
      expect(c.closed).toBe(false);
      expect(c.client.connected).toBe(true);
      expect(c.errors).toEqual([]);
    } finally {
      await c.client.deactivate();
    }
  });

  it('closes a client that promised beats and went silent', async () => {
    const s = await rawSocket(t.wsUrl);
    s.send(connectFrame(t.tokens.admin, 'heart-beat:50,0\n'));
    await s.waitFrame('CONNECTED');
    const started = Date.now();
    const err = await s.waitFrame('ERROR');
    expect(rawHeader(err, 'message')).toBe('Клиент перестал отвечать (heart-beat)');
    expect(await s.waitClose()).toBe(4000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('sends no beats and checks none when the client asks for none', async () => {
    const s = await rawSocket(t.wsUrl);
    s.send(connectFrame(t.tokens.admin, 'heart-beat:0,0\n'));
    await s.waitFrame('CONNECTED');
    const after = s.received().length;
    // the absence of an event has no condition to wait on: 1 s is 2.5 times the silence limit
    await new Promise((r) => setTimeout(r, 1000));
    expect(s.closeCode).toBeNull();
    expect(s.received().slice(after)).toBe('');
    s.ws.close();
  });
});
