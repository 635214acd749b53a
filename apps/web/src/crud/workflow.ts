/**
 * Workflow actions of a registry row in the web app (issue 7 §2; contract common/actions.ts),
 * pure: which actions a user may start from the row's state, the action's call path, its
 * fields as the modal edits them (required ones marked), and the body sent — the modal's form
 * values normalised like the card's, checked with `actionBodySchema` plus the registry's
 * cross-field rules on the row as it would be after the step.
 */
import { ACTION_MSG, actionBodySchema, actionPath, hasAnyPermission, type ActionDef, type FieldDef, type Me, type ResourceDef } from '@tko/contract';
import { normaliseFormValues, toFormValue, type FormValues } from './form-values';

/** One action of a workflow with its key (the route segment's default). */
export interface WorkflowAction {
  key: string;
  action: ActionDef;
}

/** The `resource:action` flag an action needs (the registry's own name by default). */
export function actionPermission(def: ResourceDef, a: ActionDef): string {
  return `${a.permission.resource ?? def.name}:${a.permission.action}`;
}

/** The row's current state (the workflow's field), or undefined without a workflow. */
export function currentState(def: ResourceDef, row: Record<string, unknown> | null | undefined): string | undefined {
  const field = def.workflow?.field;
  const v = field && row ? row[field] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/**
 * Actions shown for a row: those whose `from` holds the row's state and whose permission the
 * user has, in declaration order. Empty without a workflow or permissions (anonymous).
 */
export function availableActions(def: ResourceDef, row: Record<string, unknown> | null | undefined, perms: Me['permissions'] | undefined): WorkflowAction[] {
  const state = currentState(def, row);
  if (!def.workflow || state === undefined || !perms) return [];
  return Object.entries(def.workflow.actions)
    .filter(([, a]) => a.from.includes(state) && hasAnyPermission(perms, actionPermission(def, a)))
    .map(([key, action]) => ({ key, action }));
}

/** `POST` path of an action on a row: `{def.path}{id}/{action path}/`. */
export function actionUrl(def: ResourceDef, id: number | string, wa: WorkflowAction): string {
  return `${def.path}${id}/${actionPath(wa.key, wa.action)}`;
}

/** Whether the state field is changed only by actions (read-only in the card). */
export function isLockedStateField(def: ResourceDef, name: string): boolean {
  return Boolean(def.workflow?.locked) && def.workflow?.field === name;
}

/** The hint under a locked state field: «Состояние меняется только действиями: «…», «…».»; undefined otherwise. */
export function lockedStateHelp(def: ResourceDef, name: string): string | undefined {
  return isLockedStateField(def, name) ? ACTION_MSG.lockedState(Object.values(def.workflow!.actions).map((a) => a.label)) : undefined;
}

/** The action's fields as the modal shows them: the registry's descriptions, `required` set from the action. */
export function actionFields(def: ResourceDef, a: ActionDef): [string, FieldDef][] {
  return (a.fields ?? []).map((k) => {
    const fd = def.fields[k];
    if (!fd) throw new Error(`${def.name}: action ${a.label} names an unknown field ${k}`);
    return [k, { ...fd, required: Boolean(a.required?.includes(k)) }];
  });
}

/** Form values of the modal: the row's current values of the action's fields (so an untouched field is sent back unchanged). */
export function actionFormValues(def: ResourceDef, a: ActionDef, row: Record<string, unknown> | null): FormValues {
  return Object.fromEntries(actionFields(def, a).map(([k, fd]) => [k, toFormValue(fd, row ? row[k] : undefined)]));
}

/**
 * The request body from the modal's values: each action field normalised as the card does
 * (empty → null); an empty required field is left out, so the schema says «Обязательное поле.».
 */
export function actionBody(def: ResourceDef, a: ActionDef, values: FormValues): Record<string, unknown> {
  const normal = normaliseFormValues(def, values);
  const out: Record<string, unknown> = {};
  for (const k of a.fields ?? []) {
    const v = normal[k];
    if ((v === null || v === undefined) && a.required?.includes(k)) continue;
    out[k] = v;
  }
  return out;
}

export type ActionCheck = { ok: true; body: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/**
 * Checks a body with `actionBodySchema` and `def.check` on the row after the step (state = `to`,
 * the body's fields applied); errors by top-level field of the action (first message each).
 */
export function checkActionBody(def: ResourceDef, a: ActionDef, row: Record<string, unknown> | null, body: Record<string, unknown>): ActionCheck {
  const errors: Record<string, string> = {};
  const parsed = actionBodySchema(def.fields, a).safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'non_field_errors');
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  if (def.check && def.workflow) {
    const after = { ...(row ?? {}), ...(parsed.data as Record<string, unknown>), [def.workflow.field]: a.to };
    for (const [k, message] of Object.entries(def.check(after))) if (a.fields?.includes(k)) errors[k] ??= message;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body: parsed.data as Record<string, unknown> };
}

/**
 * A 400 body of an action call split into the modal's field errors (an action field, nested
 * paths such as `liquidation_period.upper` on their field) and general messages.
 */
export function actionServerErrors(def: ResourceDef, a: ActionDef, body: Record<string, string[]>): { fields: Record<string, string>; general: string[] } {
  const out = { fields: {} as Record<string, string>, general: [] as string[] };
  for (const [path, messages] of Object.entries(body)) {
    const message = messages.join(' ');
    if (!message) continue;
    const top = path.split('.')[0]!;
    if (a.fields?.includes(top)) out.fields[top] ??= message;
    else if (path === 'non_field_errors') out.general.push(message);
    else out.general.push(def.fields[top] ? `${def.fields[top].label}: ${message}` : message);
  }
  return out;
}
