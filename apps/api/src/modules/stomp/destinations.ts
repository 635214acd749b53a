/**
 * The destinations the broker knows (@tko/contract ws/ DESTINATIONS; docs/REALTIME.md):
 *
 * | destination              | subscribe                              | SEND by a client         |
 * |--------------------------|----------------------------------------|--------------------------|
 * | /user/queue/{name}       | any signed-in user; gets only messages | refused (server-owned)   |
 * |                          | addressed to them (envelope user_id)   |                          |
 * | /temp-queue/{name}       | any signed-in user; only request       | refused                  |
 * |                          | replies of this session arrive         |                          |
 * | /topic/registry.{name}   | `{name}:view`                          | refused (server-owned)   |
 * | /topic/jobs.{id}         | the job's owner (job data user_id)     | refused (server-owned)   |
 * | /topic/{other}           | any signed-in user (server messages)   | refused (issue 8 §6)     |
 * | /app/requests            | refused                                | request/response         |
 */
import { DESTINATIONS } from '@tko/contract';

export type Destination =
  | { kind: 'user'; destination: string }
  | { kind: 'temp'; destination: string }
  | { kind: 'registry'; destination: string; resource: string }
  | { kind: 'job'; destination: string; jobId: string }
  | { kind: 'topic'; destination: string }
  | { kind: 'requests'; destination: string };

const NAME = /^[\w.-]{1,100}$/;
const JOB_ID = /^[\w-]{1,64}$/;
const REGISTRY_PREFIX = DESTINATIONS.registry('');
const JOB_PREFIX = DESTINATIONS.job('');

/** Classifies a destination; null when the broker does not know it. */
export function parseDestination(destination: string): Destination | null {
  if (destination === DESTINATIONS.requests) return { kind: 'requests', destination };
  if (destination.startsWith('/user/queue/')) {
    return NAME.test(destination.slice('/user/queue/'.length)) ? { kind: 'user', destination } : null;
  }
  if (destination.startsWith('/temp-queue/')) {
    return NAME.test(destination.slice('/temp-queue/'.length)) ? { kind: 'temp', destination } : null;
  }
  if (destination.startsWith(REGISTRY_PREFIX)) {
    const resource = destination.slice(REGISTRY_PREFIX.length);
    return NAME.test(resource) ? { kind: 'registry', destination, resource } : null;
  }
  if (destination.startsWith(JOB_PREFIX)) {
    const jobId = destination.slice(JOB_PREFIX.length);
    return JOB_ID.test(jobId) ? { kind: 'job', destination, jobId } : null;
  }
  if (destination.startsWith('/topic/')) {
    return NAME.test(destination.slice('/topic/'.length)) ? { kind: 'topic', destination } : null;
  }
  return null;
}

/** Only messages addressed to the subscriber's user reach these destinations. */
export function isPerUser(destination: string): boolean {
  return destination.startsWith('/user/');
}
