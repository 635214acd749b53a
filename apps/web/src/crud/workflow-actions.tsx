/**
 * The workflow buttons of a row (view page and card): one per action the row's state and the
 * user's permissions allow (crud/workflow.ts), each opening its {@link ActionModal}. Renders
 * nothing for a registry without a workflow or for anonymous visitors.
 */
import type { ResourceDef } from '@tko/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import type { Entity } from '../api/resource-client';
import { usePermissions } from '../app/permissions/use-permissions';
import { ActionModal } from './action-modal';
import { availableActions, type WorkflowAction } from './workflow';

export interface WorkflowActionsProps {
  def: ResourceDef;
  row: Entity;
  /** Card with unsaved changes: the buttons wait for a save (the step re-reads the row). */
  blockedText?: string;
  onDone?: (row: Entity) => void;
}

export function WorkflowActions({ def, row, blockedText, onDone }: WorkflowActionsProps) {
  const perms = usePermissions();
  // The opened action is kept as such: a 409 refreshes the row, and its message must stay on screen
  // even when the new state no longer offers the action.
  const [opened, setOpened] = useState<WorkflowAction | null>(null);
  const actions = availableActions(def, row, perms);
  if (!def.workflow) return null;
  if (actions.length === 0 && !opened) return null;
  return (
    <>
      <Space wrap>
        {actions.map((wa) => (
          <Button key={wa.key} data-testid={`action-${wa.key}`} disabled={Boolean(blockedText)} title={blockedText} onClick={() => setOpened(wa)}>
            {wa.action.label}
          </Button>
        ))}
      </Space>
      {opened && <ActionModal key={opened.key} def={def} row={row} wa={opened} onClose={() => setOpened(null)} onDone={onDone} />}
    </>
  );
}
