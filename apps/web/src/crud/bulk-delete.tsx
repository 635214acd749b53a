/**
 * «Удалить выбранные» of a registry list (issue 9 §1: the list had no bulk delete): the rows
 * selected on the page are deleted in ONE batch transaction (`POST /api/transaction/`, spec 01 §7:
 * every delete with its history, all or nothing), after a confirmation naming how many. Shown only
 * to users with the registry's delete permission; the server checks it again (403 per operation,
 * nothing deleted). At most TRANSACTION_MAX_OPERATIONS rows at once (a page holds at most 100).
 * A refusal (e.g. a row others depend on) is shown with the server's Russian message.
 */
import { DeleteOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@tko/contract';
import { TRANSACTION_MAX_OPERATIONS, transactionRoute } from '@tko/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import type { Key } from 'react';
import { callRoute } from '../api/client';
import { errorMessage } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { toast } from '../app/toasts';

export interface BulkDeleteProps {
  def: ResourceDef;
  selected: Key[];
  /** Called after a successful delete (clear the selection). */
  onDone(): void;
}

/** «записей» after a count, Russian plural. */
export function recordsWord(n: number): string {
  const d = n % 10;
  const dd = n % 100;
  if (d === 1 && dd !== 11) return 'запись';
  if (d >= 2 && d <= 4 && (dd < 12 || dd > 14)) return 'записи';
  return 'записей';
}

export function BulkDeleteButton({ def, selected, onDone }: BulkDeleteProps) {
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const n = selected.length;
  const run = async () => {
    setBusy(true);
    try {
      await callRoute(transactionRoute, {
        body: { operations: selected.slice(0, TRANSACTION_MAX_OPERATIONS).map((id) => ({ resource: def.name, action: 'delete' as const, id: Number(id) })) },
      } as never);
      toast.success(`Удалено: ${n} ${recordsWord(n)}`);
      onDone();
    } catch (e) {
      toast.error('Не удалось удалить выбранные записи', errorMessage(e));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(def.name) });
    }
  };
  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      loading={busy}
      disabled={n === 0}
      data-testid="bulk-delete"
      onClick={() =>
        Modal.confirm({
          title: `Удалить ${n} ${recordsWord(n)}?`,
          content: 'Выбранные записи будут удалены вместе с их контейнерами и связями. Действие записывается в историю изменений; отменить его нельзя.',
          okText: 'Удалить',
          okButtonProps: { danger: true },
          cancelText: 'Отмена',
          onOk: run,
        })
      }
    >
      Удалить выбранные{n ? ` (${n})` : ''}
    </Button>
  );
}
