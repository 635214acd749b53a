/**
 * `lazyStompPort` (issue 15: the STOMP library is imported on the first connect, not at start-up):
 * the client is created only on `activate()`, the handlers and CONNECT headers given before reach
 * it, and a `deactivate()` during the load keeps it inactive. A stand-in for @stomp/stompjs's
 * `Client` records the calls.
 */
import type { Client } from '@stomp/stompjs';
import { describe, expect, it } from 'vitest';
import { lazyStompPort } from '../../src/live/stomp-port';

function fakeClient() {
  const c = {
    active: false,
    connected: false,
    connectHeaders: {} as Record<string, string>,
    onConnect: undefined as undefined | (() => void),
    activations: 0,
    activate() {
      c.active = true;
      c.activations += 1;
    },
    async deactivate() {
      c.active = false;
    },
  };
  return c;
}

/** A load the test resolves by hand; counts the calls. */
function deferredLoad() {
  const client = fakeClient();
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  let calls = 0;
  const load = async () => {
    calls += 1;
    await done;
    return client as unknown as Client;
  };
  return { client, load, finish: () => resolve(), calls: () => calls };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('lazyStompPort', () => {
  it('loads the client only on activate and hands it the handlers and headers given before', async () => {
    const d = deferredLoad();
    const port = lazyStompPort(d.load);
    let connected = 0;
    port.configure({ beforeConnect: async () => undefined, onConnect: () => (connected += 1), onStompError: () => undefined, onWebSocketClose: () => undefined });
    port.setConnectHeaders({ Authorization: 'Bearer t' });
    expect(d.calls()).toBe(0);
    expect(port.active).toBe(false);
    expect(port.connected).toBe(false);
    expect(() => port.publish({ destination: '/app/x', headers: {}, body: '' })).toThrow();

    port.activate();
    port.activate();
    expect(port.active).toBe(true);
    d.finish();
    await flush();
    expect(d.calls()).toBe(1);
    expect(d.client.activations).toBe(1);
    expect(d.client.connectHeaders).toEqual({ Authorization: 'Bearer t' });
    d.client.onConnect?.();
    expect(connected).toBe(1);
    port.setConnectHeaders({ Authorization: 'Bearer u' });
    expect(d.client.connectHeaders).toEqual({ Authorization: 'Bearer u' });
  });

  it('does not activate the client when deactivated while it loads', async () => {
    const d = deferredLoad();
    const port = lazyStompPort(d.load);
    port.activate();
    await port.deactivate();
    expect(port.active).toBe(false);
    d.finish();
    await flush();
    expect(d.client.activations).toBe(0);
    expect(port.active).toBe(false);
    port.activate();
    expect(d.client.activations).toBe(1);
    expect(port.active).toBe(true);
  });
});
