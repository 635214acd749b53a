/**
 * Date and time pickers bound to wire strings (src/app/dates.ts): dates YYYY-MM-DD shown
 * DD.MM.YYYY, date-times ISO with the local offset shown DD.MM.YYYY HH:mm, times HH:mm:ss shown
 * HH:mm. Each reads what a person types in the formats of DATE_INPUT_FORMATS /
 * DATETIME_INPUT_FORMATS; the calendar is Russian (antd's ru_RU locale, app/providers.tsx).
 */
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_INPUT_FORMATS, DATETIME_INPUT_FORMATS, TIME_FORMAT, WIRE_DATE, WIRE_TIME, fromWireDateTime, toWireDateTime } from '../../app/dates';

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
      format={DATE_INPUT_FORMATS}
      placeholder="ДД.ММ.ГГГГ"
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

/** A date-time: typed «27.11.2026 10:15» (or a date alone: midnight) or picked in the calendar with a time column. */
export function DateTimeInput({ value, onChange, disabled, id, onBlur }: Props<string | null>) {
  return (
    <DatePicker
      id={id}
      showTime={{ format: TIME_FORMAT, minuteStep: 1 }}
      needConfirm={false}
      value={fromWireDateTime(value)}
      onChange={(d) => onChange(d ? toWireDateTime(d) : null)}
      onBlur={onBlur}
      format={DATETIME_INPUT_FORMATS}
      placeholder="ДД.ММ.ГГГГ ЧЧ:ММ"
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
      format={DATE_INPUT_FORMATS[0]}
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
