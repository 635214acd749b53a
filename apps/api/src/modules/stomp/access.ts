/**
 * Who may subscribe where (docs/REALTIME.md "Destinations"). The user's permissions are read
 * again at every SUBSCRIBE, so a role change applies to the next subscription without a
 * reconnect. A refusal is a StompError: ERROR frame, then the connection is closed
 * (STOMP 1.2: a SUBSCRIBE the server cannot process MUST be answered so).
 */
import { APPEAL_DIALOG_TOPIC_PREFIX, DESTINATIONS, moduleResources, NAVCTL_POSITIONS_TOPIC, resources } from '@tko/contract';
import type { AuthUser } from '../../plugins/auth';
import type { Destination } from './destinations';
import { StompError, STOMP_MSG, WS_CLOSE } from './errors';
import type { JobOwnerLookup } from './job-owner';

// Every registry whose writes the pipeline announces, those registered by their own module (the balance) too.
const REGISTRIES: ReadonlySet<string> = new Set([...resources, ...moduleResources].map((d) => d.name));

/** Server topics that need a resource's `view` (the rest are open to any signed-in user). */
const TOPIC_PERMISSIONS: Readonly<Record<string, string>> = {
  // Live vehicle positions (issue 10 §3).
  [NAVCTL_POSITIONS_TOPIC]: 'navctl',
};

/** Server topics by prefix that need a resource's `view`: an appeal's dialog, a schedule's plan/fact. */
const TOPIC_PREFIX_PERMISSIONS: readonly [string, string][] = [
  // An appeal's dialog (issue 11 §4, /topic/appeals.{id}.dialog) carries citizens' messages.
  [APPEAL_DIALOG_TOPIC_PREFIX, 'appeals'],
  // Plan and fact of a schedule (/topic/plan-fact.{id}): the schedule's statuses.
  [DESTINATIONS.planFact(''), 'schedules'],
];

export async function authorizeSubscribe(user: AuthUser, dest: Destination, jobOwners: JobOwnerLookup): Promise<void> {
  switch (dest.kind) {
    case 'user':
    case 'temp':
      return;
    case 'topic': {
      const need = TOPIC_PERMISSIONS[dest.destination] ?? TOPIC_PREFIX_PERMISSIONS.find(([prefix]) => dest.destination.startsWith(prefix))?.[1];
      if (need && !user.permissions[need]?.view) {
        throw new StompError(STOMP_MSG.forbidden, `Для подписки на ${dest.destination} нужно право «${need}:view».`, WS_CLOSE.policy);
      }
      return;
    }
    case 'requests':
      throw new StompError(STOMP_MSG.unknownDestination, `На ${dest.destination} нельзя подписаться: туда отправляют запросы (SEND).`, WS_CLOSE.policy);
    case 'registry': {
      if (!REGISTRIES.has(dest.resource)) throw new StompError(STOMP_MSG.unknownRegistry, `Реестра «${dest.resource}» нет.`, WS_CLOSE.policy);
      if (!user.permissions[dest.resource]?.view) {
        throw new StompError(STOMP_MSG.forbidden, `Для подписки на ${dest.destination} нужно право «${dest.resource}:view».`, WS_CLOSE.policy);
      }
      return;
    }
    case 'job': {
      const owners = await jobOwners(dest.jobId);
      if (owners === 'unavailable') throw new StompError(STOMP_MSG.jobsUnavailable, STOMP_MSG.jobsUnavailable, WS_CLOSE.policy);
      if (!owners.includes(user.id)) throw new StompError(STOMP_MSG.jobNotFound, `Задачи ${dest.jobId} нет среди ваших задач.`, WS_CLOSE.policy);
      return;
    }
  }
}

/**
 * Where a client may SEND (issue 8 §6), each with its permission. The product defines one
 * destination: the request channel, open to any signed-in user — each request inside is an API
 * call checked by that route's own permission (requests.ts). Every other destination
 * (registry and job topics, user and temporary queues, any other /topic/…) is written by the
 * server only: a SEND there is an ERROR frame and the connection is closed.
 */
export const SEND_RULES: Readonly<Partial<Record<Destination['kind'], (user: AuthUser) => boolean>>> = {
  requests: () => true,
};

/** Throws the StompError of a SEND the user may not make to `dest`. */
export function authorizeSend(user: AuthUser, dest: Destination): void {
  const rule = SEND_RULES[dest.kind];
  if (!rule) throw new StompError(STOMP_MSG.readOnlyDestination, `${dest.destination}: сообщения сюда публикует только сервер.`, WS_CLOSE.policy);
  if (!rule(user)) throw new StompError(STOMP_MSG.forbidden, `Нет прав на отправку в ${dest.destination}.`, WS_CLOSE.policy);
}
