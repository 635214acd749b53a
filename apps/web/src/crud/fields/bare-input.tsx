/**
 * The input of one field by its kind (text — a ФККО code picked from the catalogue, numbers,
 * boolean, dates, enum and enum lists, ranges, point, refs, files, lists),
 * without label: the card wraps it in a {@link FieldItem}, the containers table puts it in a cell.
 */
import type { Attachment, FieldDef, RefValue } from '@tko/contract';
import { Checkbox, Input, InputNumber, Select } from 'antd';
import { isFact } from '../form-values';
import { DateInput, DateListInput, DateTimeInput, TimeInput } from './date-inputs';
import { FilesInput } from './files-input';
import { FkkoCodeInput } from './fkko-code-input';
import { intListFromTags, listsIntValues } from './int-list';
import { RangeInput, type RangeValue } from './range-input';
import { RefPicker } from './ref-picker';

export interface BareInputProps {
  field: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  disabled?: boolean;
  id?: string;
  /** Names of referenced rows already chosen (from the object as read). */
  known?: RefValue[];
  /** Label of a checkbox (booleans carry their label beside the box). */
  checkboxLabel?: string;
  /** Where a reference field's options come from (default: its target registry). */
  refResource?: string;
  /** For a write-only secret: whether the object as read has one set («задан / не задан»). */
  secretSet?: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

export function BareInput({ field, value, onChange, onBlur, disabled, id, known, checkboxLabel, refResource, secretSet }: BareInputProps) {
  const common = { id, disabled, onBlur };
  switch (field.kind) {
    case 'secret':
      // Write-only (contract f.secret): never filled from the server; empty keeps the one set.
      return (
        <Input.Password
          {...common}
          value={str(value)}
          autoComplete="new-password"
          placeholder={secretSet ? 'Задан. Введите новый, чтобы заменить' : 'Не задан'}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'longtext':
      return <Input.TextArea {...common} value={str(value)} onChange={(e) => onChange(e.target.value)} autoSize={{ minRows: 2, maxRows: 8 }} />;
    case 'integer':
      return (
        <InputNumber<number>
          {...common}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(v ?? null)}
          precision={0}
          style={{ width: '100%' }}
        />
      );
    case 'decimal':
      // A decimal travels as a string (spec 02 §9); a comma is accepted as the decimal point.
      return <Input {...common} value={str(value)} inputMode="decimal" suffix={field.unit} onChange={(e) => onChange(e.target.value)} />;
    case 'boolean':
      // A surveyed fact: «да», «нет» or not recorded (empty) — a checkbox could not say «unknown».
      if (isFact(field)) return (
        <Select<'yes' | 'no' | null>
          {...common}
          value={value === true ? 'yes' : value === false ? 'no' : null}
          onChange={(v) => onChange(v === 'yes' ? true : v === 'no' ? false : null)}
          allowClear
          placeholder="Не обследовано"
          options={[{ value: 'yes', label: 'Да' }, { value: 'no', label: 'Нет' }]}
          style={{ width: '100%' }}
        />
      );
      return (
        <Checkbox id={id} disabled={disabled} checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)}>
          {checkboxLabel}
        </Checkbox>
      );
    case 'date':
      return <DateInput {...common} value={(value as string | null) ?? null} onChange={onChange} />;
    case 'datetime':
      return <DateTimeInput {...common} value={(value as string | null) ?? null} onChange={onChange} />;
    case 'time':
      return <TimeInput {...common} value={(value as string | null) ?? null} onChange={onChange} />;
    case 'date_list':
      return <DateListInput id={id} disabled={disabled} value={(value as string[]) ?? []} onChange={onChange} />;
    case 'enum': {
      const e = field.enum;
      const nullable = field.default === undefined && !field.required;
      return (
        <Select<string | null>
          {...common}
          value={(value as string | null) ?? null}
          onChange={(v) => onChange(v ?? null)}
          allowClear={nullable}
          placeholder="Выберите"
          options={(e?.values ?? []).map((v) => ({ value: v, label: e!.label(v) }))}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%' }}
        />
      );
    }
    case 'enum_list': {
      const e = field.enum;
      return (
        <Select<string[]>
          {...common}
          mode="multiple"
          value={(value as string[]) ?? []}
          onChange={(v) => onChange(v)}
          allowClear
          placeholder="Выберите одно или несколько значений"
          options={(e?.values ?? []).map((v) => ({ value: v, label: e!.label(v) }))}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%' }}
        />
      );
    }
    case 'files':
      return <FilesInput field={field} id={id} value={value as Attachment[] | null} onChange={onChange} disabled={disabled} />;
    case 'range':
      return <RangeInput {...common} of={field.rangeOf ?? 'date'} unit={field.unit} value={value as RangeValue | null} onChange={onChange} />;
    case 'int_list': {
      const [min, max] = field.range ?? [1, 31];
      if (!listsIntValues(min, max)) {
        // A wide range (ids): typed as tags, not listed (int-list.ts).
        return (
          <Select<string[]>
            {...common}
            mode="tags"
            value={((value as number[] | null) ?? []).map(String)}
            onChange={(v) => onChange(intListFromTags(v, min, max))}
            tokenSeparators={[',', ';', ' ']}
            open={false}
            suffixIcon={null}
            placeholder="Введите номера через запятую"
            style={{ width: '100%' }}
          />
        );
      }
      const options = Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: String(min + i) }));
      return (
        <Select<number[]>
          {...common}
          mode="multiple"
          value={(value as number[]) ?? []}
          onChange={(v) => onChange([...v].sort((a, b) => a - b))}
          options={options}
          placeholder="Выберите"
          style={{ width: '100%' }}
        />
      );
    }
    case 'point':
      return <Input {...common} value={str(value)} onChange={(e) => onChange(e.target.value)} placeholder="52.546842, 103.870102" inputMode="decimal" />;
    case 'ref':
    case 'refs':
      return (
        <RefPicker
          id={id}
          resource={refResource ?? field.ref?.resource ?? ''}
          multiple={field.kind === 'refs'}
          value={value as number | number[] | null}
          onChange={onChange}
          onBlur={onBlur}
          known={known}
          disabled={disabled}
        />
      );
    case 'text':
      // A code picked from a loaded catalogue (contract FieldDef.catalogue).
      if (field.catalogue === 'fkko') return <FkkoCodeInput {...common} value={str(value)} onChange={onChange} />;
      return <Input {...common} value={str(value)} onChange={(e) => onChange(e.target.value)} />;
    default:
      return <Input {...common} value={str(value)} onChange={(e) => onChange(e.target.value)} />;
  }
}
