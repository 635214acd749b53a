/**
 * One report field of a kind's field tree (issue 13 §6; contract report-forms), by type: texts
 * (char, location, textarea), coordinates (latlng: «широта, долгота»), numbers held as text
 * (decimal, int), select (one or, with multiselect, many), bubble-multi-select (check buttons),
 * date / datetime (text ДД.ММ.ГГГГ [ЧЧ:ММ], converted by the server to the save-format), checkbox,
 * linked-object (a picker over the registry `linked_resource`, always a list), list (items of its
 * children, added from children_init_object and removed). Over each field: the server's error on
 * its path and the reviewers' comments on it (the comment overlay); a reviewer may comment.
 */
import { formatCoordinates, fieldPlaceholder } from '@tko/contract';
import type { Point, ReportComment, ReportFieldDef } from '@tko/contract';
import { Alert, Button, Card, Checkbox, Input, Select, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { RefSelect } from '../crud/fields/ref-select';
import { linkedPlace } from './linked-place';

export interface FieldContext {
  disabled: boolean;
  /** Server errors by data path (without the `data.` prefix). */
  errors: Record<string, string[]>;
  /** Current revision's comments by field path. */
  comments: Record<string, ReportComment[]>;
  /** Set when the user may comment: sends a comment on a path. */
  onComment?: (path: string, text: string) => Promise<void>;
}

interface Props {
  field: ReportFieldDef;
  /** Dotted path of the value inside `data` (list items carry their index). */
  path: string;
  value: unknown;
  onChange: (value: unknown) => void;
  ctx: FieldContext;
}

const domId = (path: string) => `report-${path.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
/** Comment key of a path: list indexes dropped («waste_sources.0.mass_t» → both forms match). */
const str = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? formatCoordinates(v as Point) : String(v));

function CommentBox({ path, ctx }: { path: string; ctx: FieldContext }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const list = ctx.comments[path] ?? [];
  return (
    <div>
      {list.map((c) => (
        <Alert key={c.id} type="warning" showIcon style={{ marginTop: 4 }} message={`Комментарий проверяющего: ${c.text}`} description={c.author ?? undefined} data-testid={`comment-${path}`} />
      ))}
      {ctx.onComment && (open ? (
        <Space.Compact style={{ marginTop: 4, width: '100%' }}>
          <Input aria-label={`Комментарий к полю ${path}`} value={text} onChange={(e) => setText(e.target.value)} placeholder="Текст комментария" />
          <Button type="primary" disabled={!text.trim()} onClick={() => void ctx.onComment!(path, text.trim()).then(() => { setText(''); setOpen(false); })}>Отправить</Button>
        </Space.Compact>
      ) : (
        <Button size="small" type="link" onClick={() => setOpen(true)} aria-label={`Прокомментировать поле ${path}`}>Комментировать</Button>
      ))}
    </div>
  );
}

function Control({ field, path, value, onChange, ctx }: Props) {
  const id = domId(path);
  const common = { id, disabled: ctx.disabled, placeholder: fieldPlaceholder(field) };
  const options = (field.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  switch (field.type) {
    case 'char':
    case 'location':
    case 'latlng':
    case 'decimal':
    case 'int':
    case 'date':
    case 'datetime':
      return <Input {...common} inputMode={field.type === 'decimal' || field.type === 'int' ? 'decimal' : undefined} value={str(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'textarea':
      return <Input.TextArea {...common} rows={3} value={str(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'select':
      return (
        <Select id={id} aria-label={field.label} disabled={ctx.disabled} allowClear mode={field.multiselect ? 'multiple' : undefined} options={options} placeholder={fieldPlaceholder(field)}
          value={(field.multiselect ? (value ?? []) : (value ?? undefined)) as string | string[] | undefined} onChange={(v) => onChange(v ?? null)} style={{ width: '100%' }} />
      );
    case 'bubble-multi-select':
      return (
        <div role="group" id={id} aria-label={field.label}>
          <Checkbox.Group disabled={ctx.disabled} options={options} value={(value as string[] | undefined) ?? []} onChange={(v) => onChange(v)} />
        </div>
      );
    case 'checkbox':
      return <Checkbox id={id} disabled={ctx.disabled} checked={value === true} onChange={(e) => onChange(e.target.checked)}>{field.label}</Checkbox>;
    case 'linked-object': {
      const items = Array.isArray(value) ? (value as { id: number; name?: string | null }[]) : [];
      return (
        <RefSelect id={id} resource={field.linked_resource ?? 'juridical-person'} multiple disabled={ctx.disabled} placeholder={fieldPlaceholder(field)}
          value={items.map((x) => x.id)} known={items.filter((x) => x.name).map((x) => ({ id: x.id, name: x.name! }))}
          onChange={(_v, rows = []) => onChange(rows.map((r) => ({ id: r.id, name: r.name || items.find((i) => i.id === r.id)?.name || null })))} />
      );
    }
    case 'list':
      return <ListField field={field} path={path} value={value} onChange={onChange} ctx={ctx} />;
  }
}

function ListField({ field, path, value, onChange, ctx }: Props) {
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const set = (i: number, item: Record<string, unknown>) => onChange(items.map((x, j) => (j === i ? item : x)));
  // A registry row picked in an item (e.g. «Площадка из реестра») fills the item's address and coordinates.
  const pick = (i: number, c: ReportFieldDef, v: unknown) => {
    set(i, { ...items[i], [c.name]: v });
    void linkedPlace(field, c, v).then((place) => {
      if (place) onChange(itemsRef.current.map((x, j) => (j === i ? { ...x, ...place } : x)));
    });
  };
  const itemsRef = useRef(items);
  itemsRef.current = items;
  return (
    <div>
      {items.map((item, i) => (
        <Card key={i} size="small" style={{ marginBottom: 8 }} title={`${field.label}: № ${i + 1}`}
          extra={<Button size="small" danger disabled={ctx.disabled} onClick={() => onChange(items.filter((_, j) => j !== i))} aria-label={`Удалить запись № ${i + 1} из «${field.label}»`}>Удалить</Button>}>
          {(field.children ?? []).map((c) => (
            <ReportField key={c.name} field={c} path={`${path}.${i}.${c.name}`} value={item[c.name]} onChange={(v) => (c.type === 'linked-object' ? pick(i, c, v) : set(i, { ...item, [c.name]: v }))} ctx={ctx} />
          ))}
        </Card>
      ))}
      <Button disabled={ctx.disabled} onClick={() => onChange([...items, { ...(field.children_init_object ?? {}) }])}>Добавить: {field.label.toLowerCase()}</Button>
    </div>
  );
}

/** A field with its label, error and comments. */
export function ReportField(props: Props) {
  const { field, path, ctx } = props;
  const errors = ctx.errors[path];
  const labelled = field.type !== 'checkbox' && field.type !== 'list';
  return (
    <div style={{ marginBottom: 12 }} data-path={path}>
      {labelled ? (
        <label htmlFor={domId(path)} style={{ display: 'block', marginBottom: 4 }}>
          {field.label}{field.required ? <Typography.Text type="danger"> *</Typography.Text> : null}
        </label>
      ) : field.type === 'list' ? <Typography.Title level={5}>{field.label}</Typography.Title> : null}
      <Control {...props} />
      {errors?.map((m) => <Typography.Text key={m} type="danger" role="alert" style={{ display: 'block' }}>{m}</Typography.Text>)}
      <CommentBox path={path} ctx={ctx} />
    </div>
  );
}
