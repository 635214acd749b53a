/**
 * Child rows edited inside the card (the containers of a site: type, volume m³, loading), in
 * table cells or in the row's card (a drawer that opens and closes, spec 02 §2). Removing a row
 * read from the server marks it `fetch_action: 'delete'` (the server deletes it on save); a row
 * added in this session is simply dropped. Row indices stay those of the form array, so server
 * errors such as `containers.2.volume` land on the right cell. The footer counts the rows left
 * and sums their decimal fields that carry a unit (the containers' volume, m³).
 */
import { DeleteOutlined, PlusOutlined, ProfileOutlined } from '@ant-design/icons';
import { formatNumber, type FieldDef } from '@tko/contract';
import { Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { childTexts } from '../../resources/child-texts';
import { newChildRow, type FormValues } from '../form-values';
import { ChildCardDrawer } from '../panels/child-card';
import { BareInput } from './bare-input';
import { inputId } from './field-item';
import { usePathError } from './use-path-error';

type Row = Record<string, unknown> & { id?: number; fetch_action?: 'delete' };
interface Props {
  /** The registry whose field it is (its overrides name the rows). */
  resource?: string;
  name: string;
  field: FieldDef;
  control: Control<FormValues, unknown, FormValues>;
  disabled?: boolean;
}

function Cell({ control, path, field, value, onChange, disabled, label }: { control: Props['control']; path: string; field: FieldDef; value: unknown; onChange: (v: unknown) => void; disabled?: boolean; label: string }) {
  const error = usePathError(control, path);
  return (
    <div>
      {/* The column header names the input for the eye; a screen reader gets the field and the row. */}
      <label htmlFor={inputId(path)} className="visually-hidden">{label}</label>
      <BareInput field={field} id={inputId(path)} value={value} onChange={onChange} disabled={disabled} />
      {error && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

export function ChildrenTable({ resource, name, field, control, disabled }: Props) {
  const { field: arrayField } = useController({ control, name });
  const groupError = usePathError(control, name);
  const rows = (Array.isArray(arrayField.value) ? arrayField.value : []) as Row[];
  const childFields = field.children?.fields ?? {};
  const visible = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.fetch_action !== 'delete');

  const update = (index: number, key: string, v: unknown) => arrayField.onChange(rows.map((r, i) => (i === index ? { ...r, [key]: v } : r)));
  const remove = (index: number) => {
    const row = rows[index];
    if (row?.id !== undefined) arrayField.onChange(rows.map((r, i) => (i === index ? { ...r, fetch_action: 'delete' } : r)));
    else arrayField.onChange(rows.filter((_, i) => i !== index));
  };
  const add = () => arrayField.onChange([...rows, newChildRow(field)]);
  const texts = childTexts(resource, name);
  const [opened, setOpened] = useState<number | null>(null);
  const openedRow = opened === null ? undefined : rows[opened];
  const numberOf = (index: number) => visible.findIndex((v) => v.index === index) + 1;

  const columns: ColumnsType<{ row: Row; index: number }> = [
    { title: '№', key: 'n', width: 56, render: (_v, _r, i) => i + 1 },
    ...Object.entries(childFields).map(([key, fd]) => ({
      title: (
        <span>
          {fd.label}
          {fd.required && <span style={{ color: '#ff4d4f' }}> *</span>}
        </span>
      ),
      key,
      render: (_v: unknown, { row, index }: { row: Row; index: number }) => (
        <Cell control={control} path={`${name}.${index}.${key}`} field={fd} value={row[key]} onChange={(v) => update(index, key, v)} disabled={disabled} label={`${fd.label}, строка ${numberOf(index)}`} />
      ),
    })),
    {
      title: <span className="visually-hidden">Действия</span>,
      key: 'actions',
      width: 96,
      render: (_v, { index }, i) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Button type="text" icon={<ProfileOutlined />} aria-label={`Открыть карточку: ${texts.one} № ${i + 1}`} title="Открыть карточку" onClick={() => setOpened(index)} />
          {!disabled && <Button type="text" danger icon={<DeleteOutlined />} aria-label="Удалить строку" onClick={() => remove(index)} />}
        </span>
      ),
    },
  ];

  const sums = Object.entries(childFields)
    .filter(([, fd]) => fd.kind === 'decimal' && fd.unit)
    .map(([key, fd]) => {
      const total = visible.reduce((sum, { row }) => sum + (Number(String(row[key] ?? '').replace(',', '.')) || 0), 0);
      return `${fd.label.split(',')[0]!.toLowerCase()} ${formatNumber(total, { maxFraction: fd.scale ?? 3 })} ${fd.unit}`;
    });

  return (
    <div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {field.label}
      </Typography.Title>
      {groupError && <Typography.Text type="danger">{groupError}</Typography.Text>}
      <Table
        size="small"
        rowKey={({ row, index }) => (row.id !== undefined ? `id-${row.id}` : `new-${index}`)}
        columns={columns}
        dataSource={visible}
        pagination={false}
        locale={{ emptyText: texts.empty }}
        footer={() => [`Всего: ${visible.length} шт.`, ...sums].join(', ')}
        data-testid={`children-${name}`}
      />
      {!disabled && (
        <Button icon={<PlusOutlined />} onClick={add} style={{ marginTop: 12 }}>
          Добавить
        </Button>
      )}
      <ChildCardDrawer
        open={openedRow !== undefined && openedRow.fetch_action !== 'delete'}
        title={`${texts.one} № ${opened === null ? '' : numberOf(opened)}`}
        onClose={() => setOpened(null)}
        path={`${name}.${opened ?? 0}`}
        fields={childFields}
        row={openedRow ?? {}}
        onChange={(key, v) => opened !== null && update(opened, key, v)}
        control={control}
        disabled={disabled}
      />
    </div>
  );
}
