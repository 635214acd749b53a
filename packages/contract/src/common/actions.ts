/**
 * Actions: named state transitions of a registry row (issue 7 §2), declared in the resource
 * description as data — a small state chart. Each action is a route
 * `POST {path}{id}/{action path}/` (register-resource.ts), needs its permission, may start only
 * from its `from` states, sets the state field to `to`, may change only its `fields`, is written
 * to the change history with who, when and the action's name, and is announced like any write.
 * A request from another state is refused with 409 and {@link ACTION_MSG.wrongState}.
 *
 * Side effects (rows written in the same transaction, notifications after the commit) are
 * server code: packages/db WritePipeline.onAction(resource, action, hook).
 */
import { z } from 'zod';
import type { PermissionAction } from '../routes/auth';
import type { FieldDef } from './fields';
import { MSG } from './messages';

export interface ActionDef {
  /** Russian name shown on the button and in messages, e.g. «Начать ликвидацию». */
  label: string;
  /** Path segment after `{id}/`, without slashes; default: the action's key. */
  path?: string;
  /** Permission checked: `{resource}:{action}`; resource defaults to the registry's own name. */
  permission: { resource?: string; action: PermissionAction };
  /** States the action may start from (values of the state field). */
  from: readonly string[];
  /** State the row is in afterwards. */
  to: string;
  /** Fields the body may change with the step (others are refused as unknown). */
  fields?: readonly string[];
  /** Of `fields`, those the body must give. */
  required?: readonly string[];
}

/** Workflow of a registry: which field holds the state, and the actions that move it. */
export interface WorkflowDef {
  /** Enum field holding the state, e.g. 'status'. */
  field: string;
  /**
   * true: the state changes only through actions (a create takes the default or a `from`-less
   * start state; PUT/PATCH refuse a different state with 400 on the field).
   */
  locked?: boolean;
  /**
   * States in which the row is read-only: an update (PUT, PATCH, POST-update) or a delete is
   * refused with 409 and `message` (e.g. an approved contract revision, issue 11 §3). Actions
   * still run from their `from` states.
   */
  frozen?: { states: readonly string[]; message: string };
  actions: Record<string, ActionDef>;
}

export const ACTION_MSG = {
  wrongState: (label: string, state: string) => `Действие «${label}» недоступно: объект в состоянии «${state}».`,
  lockedState: (labels: string[]) => `Состояние меняется только действиями: ${labels.map((l) => `«${l}»`).join(', ')}.`,
} as const;

/** The route path of an action under `{path}{id}/`. */
export function actionPath(key: string, a: ActionDef): string {
  return `${a.path ?? key}/`;
}

/** A value that must be given, not null and not blank text (a required field of an action: a reason of spaces is none). */
const present = z.unknown().superRefine((v, ctx) => {
  if (v === undefined) ctx.addIssue({ code: 'custom', message: MSG.required });
  else if (v === null) ctx.addIssue({ code: 'custom', message: MSG.notNull });
  else if (typeof v === 'string' && !v.trim()) ctx.addIssue({ code: 'custom', message: MSG.blank });
});

/**
 * Schema of an action's body: the action's fields with their write schemas, required ones
 * required (the others optional); unknown keys refused. An empty body is `{}`.
 */
export function actionBodySchema(fields: Record<string, FieldDef>, a: ActionDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const k of a.fields ?? []) {
    const fd = fields[k];
    if (!fd?.write) throw new Error(`action ${a.label}: field ${k} is not writable`);
    shape[k] = a.required?.includes(k) ? present.pipe(fd.write) : fd.write.optional();
  }
  return z.preprocess((v) => (v === undefined || v === null ? {} : v), z.strictObject(shape));
}
