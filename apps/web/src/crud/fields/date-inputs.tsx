/** Date and time pickers bound to wire strings: dates YYYY-MM-DD shown DD.MM.YYYY, times HH:mm:ss shown HH:mm. */
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, TIME_FORMAT, WIRE_DATE, WIRE_TIME } from '../../app/dates';

interface Props<T> {
  value: T;
  onChange: (v: T) => void;
  disabled?: boolean;
  id?: string;
  onBlur?: () => void;
}

const toDay = (s: string | null | undefined): Dayjs | null => {
  if (!s) return null;
  const d = dayjs(s, WIRE_DATE, true);
  return d.isValid() ? d : null;
};

export function DateInput({ value, onChange, disabled, id, onBlur }: Props<string | null>) {
  return (
    <DatePicker
      id={id}
      value={toDay(value)}
      onChange={(d) => onChange(d ? d.format(WIRE_DATE) : null)}
      onBlur={onBlur}
      format={DATE_FORMAT}
      placeholder="ДД.ММ.ГГГГ"
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

export function DateListInput({ value, onChange, disabled, id }: Props<string[]>) {
  const days = (value ?? []).map(toDay).filter((d): d is Dayjs => d !== null);
  return (
    <DatePicker
      id={id}
      multiple
      value={days}
      onChange={(ds) => onChange([...new Set((ds ?? []).map((d) => d.format(WIRE_DATE)))].sort())}
      format={DATE_FORMAT}
      placeholder="Выберите даты"
      disabled={disabled}
      style={{ width: '100%' }}
      maxTagCount="responsive"
    />
  );
}

export function TimeInput({ value, onChange, disabled, id, onBlur }: Props<string | null>) {
  const t = value ? dayjs(value, [WIRE_TIME, TIME_FORMAT], true) : null;
  return (
    <TimePicker
      id={id}
      value={t && t.isValid() ? t : null}
      onChange={(d) => onChange(d ? d.format(WIRE_TIME) : null)}
      onBlur={onBlur}
      format={TIME_FORMAT}
      minuteStep={5}
      needConfirm={false}
      placeholder="ЧЧ:ММ"
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
