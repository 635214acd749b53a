/** @tko/realtime: cross-process live messages (Redis pub/sub) for the STOMP broker. */
export * from './publisher';
