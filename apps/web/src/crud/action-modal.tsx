/**
 * The modal of one workflow action: the action's fields with the card's field editors (required
 * ones marked), checked on «Выполнить» with the contract's `actionBodySchema` (crud/workflow.ts);
 * then the call. Success closes it with the toast «Выполнено: <label>»; a 400 puts the server's
 * messages on the fields; a 409 (the object is in another state) and other refusals show their
 * detail above the fields.
 */
import type { ResourceDef } from '@tko/contract';
import { Alert, Form, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorMessage } from '../api/errors';
import type { Entity } from '../api/resource-client';
import { AppModal } from '../app/modals';
import { toast } from '../app/toasts';
import { useRowAction } from './action-call';
import { FieldInput } from './fields/field-input';
import type { FormValues } from './form-values';
import { actionBody, actionFields, actionFormValues, actionServerErrors, checkActionBody, type WorkflowAction } from './workflow';
import { entityTitle } from './format';

export interface ActionModalProps {
  def: ResourceDef;
  row: Entity;
  wa: WorkflowAction;
  onClose: () => void;
  /** Called with the row after the step. */
  onDone?: (row: Entity) => void;
}

export function ActionModal({ def, row, wa, onClose, onDone }: ActionModalProps) {
  const { action } = wa;
  const fields = useMemo(() => actionFields(def, action), [def, action]);
  const defaultValues = useMemo(() => actionFormValues(def, action, row), [def, action, row]);
  const { control, getValues, setError, clearErrors } = useForm<FormValues, unknown, FormValues>({ defaultValues, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const [general, setGeneral] = useState<string[]>([]);
  const run = useRowAction(def, row.id);

  // The form has no rules of its own: the values are checked here (errors of the last try cleared first).
  const submit = async () => {
    setGeneral([]);
    clearErrors();
    const checked = checkActionBody(def, action, row, actionBody(def, action, getValues()));
    if (!checked.ok) {
      const general: string[] = [];
      for (const [k, message] of Object.entries(checked.errors)) {
        if (fields.some(([f]) => f === k)) setError(k, { type: 'validate', message });
        else general.push(message);
      }
      setGeneral(general);
      return;
    }
    try {
      const after = await run.mutateAsync({ wa, body: checked.body });
      toast.success(`Выполнено: ${action.label}`, entityTitle(def, after));
      onDone?.(after);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        const mapped = actionServerErrors(def, action, e.fieldErrors);
        for (const [k, message] of Object.entries(mapped.fields)) setError(k, { type: 'server', message });
        setGeneral(mapped.general);
      } else {
        setGeneral([errorMessage(e)]);
      }
    }
  };

  return (
    <AppModal
      open
      title={action.label}
      okText="Выполнить"
      cancelText="Отмена"
      confirmLoading={run.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      maskClosable={false}
    >
      <form
        noValidate
        data-testid={`action-form-${wa.key}`}
        // «Выполнить» submits; Enter confirms pickers and selects, as in the card.
        onSubmit={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
        }}
      >
        {general.length > 0 && <Alert type="error" showIcon role="alert" data-testid="action-error" title={general.join(' ')} style={{ marginBottom: 16 }} />}
        {fields.length === 0 && <Typography.Paragraph>Выполнить действие «{action.label}»?</Typography.Paragraph>}
        <Form layout="vertical" component={false}>
          {fields.map(([name, field]) => (
            <FieldInput key={name} resource={def.name} name={name} field={field} control={control} entity={row} idPrefix="action" />
          ))}
        </Form>
      </form>
    </AppModal>
  );
}
