/**
 * The live message of a registry write (issue 3 §1): `{resource, action, id, user_id, at}`
 * (@tko/contract RegistryChange) on DESTINATIONS.registry(resource), delivered to everyone
 * subscribed with `resource:view`. Published after the write has committed, by the API's
 * generic CRUD routes and by any other process that writes a registry (imports, batches).
 */
import type { RealtimeEnvelope, RegistryChange } from '@tko/contract';
import { DESTINATIONS } from '@tko/contract';
import type { RealtimePublisher } from './publisher';

/** The envelope announcing one change; `userId` is who made it (null for the system). */
export function registryChange(resource: string, action: RegistryChange['action'], id: number, userId: number | null): RealtimeEnvelope {
  const body: RegistryChange = { resource, action, id, user_id: userId, at: new Date().toISOString() };
  return { destination: DESTINATIONS.registry(resource), body };
}

/** Publishes the change without waiting and without ever failing the caller. */
export function announceRegistryChange(publisher: RealtimePublisher, resource: string, action: RegistryChange['action'], id: number, userId: number | null): void {
  void publisher.publish(registryChange(resource, action, id, userId)).catch(() => undefined);
}
