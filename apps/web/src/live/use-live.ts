/** React side of the live connection: its status, and subscriptions tied to a component's life. */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveStatus } from './live-connection';
import { live } from './live';

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(live.onStatus, live.getStatus, live.getStatus);
}

/**
 * Receives the messages of `destination` while mounted and `destination` is not null. The
 * handlers may change between renders without re-subscribing.
 */
export function useLiveSubscription(
  destination: string | null,
  onMessage: (body: unknown) => void,
  opts: { onError?: (message: string) => void; onReady?: () => void } = {},
): void {
  const handlers = useRef({ onMessage, ...opts });
  handlers.current = { onMessage, ...opts };
  useEffect(() => {
    if (!destination) return undefined;
    return live.subscribe(destination, (body) => handlers.current.onMessage(body), {
      onError: (m) => handlers.current.onError?.(m),
      onReady: () => handlers.current.onReady?.(),
    });
  }, [destination]);
}
