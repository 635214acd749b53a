/**
 * The card of one child row (spec 02 §2, §4: "container cards can be opened and closed"): a
 * drawer with every field of the row — editable inside the edit card (bound to the same form
 * values as the table's cells, so errors such as `containers.2.volume` show in both), read-only
 * on the view page.
 */
import type { FieldDef } from '@tko/contract';
import { Descriptions, Drawer, Typography } from 'antd';
import type { Control } from 'react-hook-form';
import { BareInput } from '../fields/bare-input';
import { FieldItem, inputId } from '../fields/field-item';
import { usePathError } from '../fields/use-path-error';
import { formatFieldValue } from '../format';
import type { FormValues } from '../form-values';

interface EditProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Form path of the row, e.g. `containers.2`. */
  path: string;
  fields: Record<string, FieldDef>;
  row: Record<string, unknown>;
  onChange: (key: string, value: unknown) => void;
  control: Control<FormValues, unknown, FormValues>;
  disabled?: boolean;
}

function DrawerField({ control, path, field, value, onChange, disabled }: { control: EditProps['control']; path: string; field: FieldDef; value: unknown; onChange: (v: unknown) => void; disabled?: boolean }) {
  const error = usePathError(control, path);
  const id = `${inputId(path)}-card`;
  return (
    <FieldItem label={field.kind === 'boolean' ? ' ' : field.label} htmlFor={id} required={field.required} error={error} help={field.help}>
      <BareInput field={field} id={id} value={value} onChange={onChange} disabled={disabled} checkboxLabel={field.label} />
    </FieldItem>
  );
}

/** The editable card of a child row in a drawer. */
export function ChildCardDrawer({ open, title, onClose, path, fields, row, onChange, control, disabled }: EditProps) {
  return (
    <Drawer open={open} title={title} onClose={onClose} size={420} destroyOnHidden data-testid="child-card" closable={{ 'aria-label': 'Закрыть карточку' }}>
      {Object.entries(fields).map(([key, fd]) => (
        <DrawerField key={key} control={control} path={`${path}.${key}`} field={fd} value={row[key]} onChange={(v) => onChange(key, v)} disabled={disabled} />
      ))}
      <Typography.Paragraph type="secondary">Изменения сохраняются вместе с карточкой кнопкой «Сохранить».</Typography.Paragraph>
    </Drawer>
  );
}

/** The read-only card of a child row in a drawer. */
export function ChildCardView({ open, title, onClose, fields, row }: { open: boolean; title: string; onClose: () => void; fields: Record<string, FieldDef>; row: Record<string, unknown> | null }) {
  return (
    <Drawer open={open} title={title} onClose={onClose} size={420} data-testid="child-card" closable={{ 'aria-label': 'Закрыть карточку' }}>
      {row && (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={Object.entries(fields).map(([key, fd]) => ({ key, label: fd.label, children: formatFieldValue(fd, row[key]) }))}
        />
      )}
    </Drawer>
  );
}
