/**
 * The call of a workflow action: `POST {def.path}{id}/{action path}/` with the action's body,
 * answering the row after the step (parsed with the registry's entitySchema). Errors are
 * {@link ApiError}s: 409 `{detail}` from a wrong state, 400 `{field: [messages]}`, 403, 404.
 * On success the row's card is replaced by the answer and the registry's lists are refetched.
 */
import { entitySchema, type ResourceDef } from '@tko/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { parseResourceAnswer, type Entity } from '../api/resource-client';
import { actionUrl, type WorkflowAction } from './workflow';

export async function postAction(def: ResourceDef, id: number, wa: WorkflowAction, body: Record<string, unknown>): Promise<Entity> {
  const data = await http.json<unknown>(actionUrl(def, id, wa), { method: 'POST', json: body });
  return parseResourceAnswer<Entity>(entitySchema(def), `POST ${def.path}{id}/${wa.key}/`, data);
}

/** The action mutation of one row: the answer becomes the cached card, every list of the registry is invalidated. */
export function useRowAction(def: ResourceDef, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ wa, body }: { wa: WorkflowAction; body: Record<string, unknown> }) => postAction(def, id, wa, body),
    onSuccess: async (row) => {
      qc.setQueryData(queryKeys.item(def.name, row.id), row);
      await qc.invalidateQueries({ queryKey: queryKeys.resource(def.name) });
    },
    // A refusal (409: the state changed meanwhile) also refreshes the row, so the buttons follow.
    onError: () => qc.invalidateQueries({ queryKey: queryKeys.item(def.name, id) }),
  });
}
