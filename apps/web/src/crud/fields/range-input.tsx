/**
 * A closed period `{lower, upper}` (spec 02 §3: building, reconstruction and decommissioning
 * periods): dates with a range picker shown DD.MM.YYYY (either end may stay open), decimals with
 * two inputs «от» / «до» (a comma is accepted as the decimal point). The form value keeps both
 * bounds as strings ('' = open end); `normaliseFormValues` turns it into the wire value.
 */
import { DatePicker, Input, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_INPUT_FORMATS, WIRE_DATE } from '../../app/dates';

export interface RangeValue {
  lower: string;
  upper: string;
}

interface Props {
  of: 'date' | 'decimal';
  value: RangeValue | null | undefined;
  onChange: (v: RangeValue) => void;
  onBlur?: () => void;
  disabled?: boolean;
  id?: string;
  unit?: string;
}

const toDay = (s: string | undefined): Dayjs | null => {
  if (!s) return null;
  const d = dayjs(s, WIRE_DATE, true);
  return d.isValid() ? d : null;
};

export function RangeInput({ of, value, onChange, onBlur, disabled, id, unit }: Props) {
  const v: RangeValue = { lower: value?.lower ?? '', upper: value?.upper ?? '' };
  if (of === 'date') {
    return (
      <DatePicker.RangePicker
        id={id ? { start: id, end: `${id}-upper` } : undefined}
        value={[toDay(v.lower), toDay(v.upper)]}
        onChange={(days) => onChange({ lower: days?.[0]?.format(WIRE_DATE) ?? '', upper: days?.[1]?.format(WIRE_DATE) ?? '' })}
        onBlur={onBlur}
        format={DATE_INPUT_FORMATS}
        placeholder={['Начало ДД.ММ.ГГГГ', 'Конец ДД.ММ.ГГГГ']}
        allowEmpty={[true, true]}
        disabled={disabled}
        style={{ width: '100%' }}
      />
    );
  }
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        aria-label="от"
        prefix="от"
        inputMode="decimal"
        value={v.lower}
        onChange={(e) => onChange({ ...v, lower: e.target.value })}
        onBlur={onBlur}
        disabled={disabled}
      />
      <Input
        id={id ? `${id}-upper` : undefined}
        aria-label="до"
        prefix="до"
        inputMode="decimal"
        suffix={unit}
        value={v.upper}
        onChange={(e) => onChange({ ...v, upper: e.target.value })}
        onBlur={onBlur}
        disabled={disabled}
      />
    </Space.Compact>
  );
}
