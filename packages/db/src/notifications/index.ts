/** Notifications: the store (SQL) and notify() (store + live push). */
export { NotificationStore } from './store';
export { Notifier } from './notify';
export type { EnvelopePublisher } from './notify';
