/**
 * Filters of a registry built from `def.filters`: enum / enum_any → multi-select with Russian
 * labels, ref / refs → select from the options endpoint, int → multi-select of the allowed
 * numbers, values → typed codes (each checked by the filter's pattern), bool → Да/Нет/Все,
 * text → search (its placeholder names the searched fields). Map-area filters (bbox, radius) are
 * left to the map; filters a page fixes are hidden; anonymous visitors get no reference filters
 * (their option endpoints need a token). Every change goes to the URL hash and back to page 1.
 */
import { ClearOutlined } from '@ant-design/icons';
import type { FilterDef, ResourceDef } from '@tko/contract';
import { Button, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { DATE_INPUT_FORMATS, WIRE_DATE } from '../app/dates';
import { memo, useEffect, useState, type ReactNode } from 'react';
import { RefSelect } from './fields/ref-select';
import { setOption, type HashOptions } from './hash-options';
import { readFilter, searchPlaceholder, type FilterValue } from './list-query';

const BOOL_OPTIONS = [
  { value: '', label: 'Все' },
  { value: 'true', label: 'Да' },
  { value: 'false', label: 'Нет' },
];

/** Filters the bar shows (map-area filters are not). */
export function barFilters(def: ResourceDef): [string, FilterDef][] {
  return Object.entries(def.filters).filter(([, f]) => f.kind !== 'bbox' && f.kind !== 'radius');
}

function SearchFilter({ id, value, onSearch, placeholder }: { id: string; value: string; onSearch: (v: string) => void; placeholder: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return <Input.Search id={id} value={text} allowClear placeholder={placeholder} onChange={(e) => setText(e.target.value)} onSearch={(v) => onSearch(v.trim())} enterButton />;
}

/** Weekday labels of a 1…7 list (1 — Monday). */
const WEEKDAYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

type SetFilter = (value: string | string[] | number[] | undefined) => void;

/** The control of one filter by its kind. */
function filterControl(def: ResourceDef, f: FilterDef, id: string, value: FilterValue | undefined, set: SetFilter): ReactNode {
  switch (f.kind) {
    case 'text':
      return <SearchFilter id={id} value={(value as string) ?? ''} onSearch={(v) => set(v)} placeholder={searchPlaceholder(def, f.fields)} />;
    case 'enum':
    case 'enum_any':
      return (
        <Select<string[]>
          id={id}
          mode="multiple"
          allowClear
          placeholder="Все"
          value={(value as string[]) ?? []}
          onChange={(v) => set(v)}
          options={f.enum.values.map((v) => ({ value: v, label: f.enum.label(v) }))}
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount="responsive"
        />
      );
    case 'int':
      return (
        <Select<number[]>
          id={id}
          mode="multiple"
          allowClear
          placeholder="Все"
          value={(value as number[]) ?? []}
          onChange={(v) => set(v)}
          options={Array.from({ length: f.max - f.min + 1 }, (_, i) => ({ value: f.min + i, label: String(f.min + i) }))}
          maxTagCount="responsive"
        />
      );
    case 'shares': {
      if (f.of === 'date') {
        // Dates as YYYY-MM-DD in the hash, DD.MM.YYYY on screen.
        const dates = ((value as string[]) ?? []).map((d) => dayjs(d));
        return (
          <DatePicker
            id={id}
            multiple
            format={DATE_INPUT_FORMATS}
            value={dates}
            onChange={(v) => {
              const list = ((v ?? []) as dayjs.Dayjs[]).map((d) => d.format(WIRE_DATE));
              set(list.length ? list : undefined);
            }}
            maxTagCount="responsive"
          />
        );
      }
      const lo = f.min ?? 1;
      const hi = f.max ?? lo + 30;
      const weekday = lo === 1 && hi === 7;
      return (
        <Select<number[]>
          id={id}
          mode="multiple"
          allowClear
          placeholder="Все"
          value={(value as number[]) ?? []}
          onChange={(v) => set(v)}
          options={Array.from({ length: hi - lo + 1 }, (_, i) => ({ value: lo + i, label: weekday ? WEEKDAYS[i]! : String(lo + i) }))}
          maxTagCount="responsive"
        />
      );
    }
    case 'values':
      return (
        <Select<string[]>
          id={id}
          mode="tags"
          allowClear
          placeholder="Введите значения"
          value={(value as string[]) ?? []}
          onChange={(v) => set(v.map((x) => x.replace(/\s+/g, '')).filter((x) => f.pattern.test(x)))}
          tokenSeparators={[',', ';']}
          open={false}
          suffixIcon={null}
          maxTagCount="responsive"
        />
      );
    case 'ref':
    case 'refs': {
      const resource = def.fields[f.field]?.ref?.resource ?? '';
      return <RefSelect id={id} resource={resource} multiple value={(value as number[]) ?? []} onChange={(v) => set((v as number[]).map(String))} placeholder="Все" />;
    }
    case 'import':
      // Import file numbers (the import screen links here with its file's number).
      return (
        <Select<string[]>
          id={id}
          mode="tags"
          allowClear
          placeholder="№ файла импорта"
          value={((value as number[]) ?? []).map(String)}
          onChange={(v) => set(v.filter((x) => /^\d{1,9}$/.test(x)))}
          tokenSeparators={[',', ';', ' ']}
          open={false}
          suffixIcon={null}
        />
      );
    case 'bool':
      return <Select<string> id={id} value={value === undefined ? '' : String(value)} onChange={(v) => set(v || undefined)} options={BOOL_OPTIONS} />;
    case 'period': {
      // `lower,upper` in the hash (either end may be empty), DD.MM.YYYY on screen.
      const [lo, hi] = typeof value === 'string' ? value.split(',') : ['', ''];
      return (
        <DatePicker.RangePicker
          id={id}
          format={DATE_INPUT_FORMATS}
          allowEmpty={[true, true]}
          value={[lo ? dayjs(lo) : null, hi ? dayjs(hi) : null]}
          onChange={(v) => {
            const a = v?.[0]?.format(WIRE_DATE) ?? '';
            const b = v?.[1]?.format(WIRE_DATE) ?? '';
            set(a || b ? `${a},${b}` : undefined);
          }}
        />
      );
    }
    case 'moment':
      // One end of a period (the system log's «с» / «по»): a date, DD.MM.YYYY on screen.
      return (
        <DatePicker
          id={id}
          format={DATE_INPUT_FORMATS}
          value={typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value) : null}
          onChange={(v) => set(v ? v.format(WIRE_DATE) : undefined)}
        />
      );
    default:
      return null;
  }
}

/**
 * The list's filters. Memoised (issue 15: long tasks of the list): the list re-renders when its rows
 * arrive or refetch, the bar's props (the hash options, a stable `onChange`) do not change then, and
 * its Selects, date pickers and reference selects are the list's heaviest controls to render.
 */
export const FilterBar = memo(function FilterBar(props: { def: ResourceDef; options: HashOptions; onChange: (next: HashOptions) => void; anonymous: boolean; hidden?: readonly string[] }) {
  const { def, options, onChange, anonymous, hidden = [] } = props;
  const filters = barFilters(def).filter(([name, f]) => !(anonymous && (f.kind === 'ref' || f.kind === 'refs')) && !hidden.includes(name));
  const active = filters.some(([name]) => options[name] !== undefined);

  return (
    <Form layout="vertical" component="div" style={{ marginBottom: 8 }} aria-label="Фильтры">
      <Row gutter={12} align="bottom">
        {filters.map(([name, f]) => {
          const id = `filter-${name}`;
          const set: SetFilter = (value) => onChange(setOption(options, name, Array.isArray(value) ? value.map(String) : value));
          const wide = f.kind === 'text';
          return (
            <Col key={name} xs={24} sm={12} lg={wide ? 12 : 6} xl={wide ? 8 : 4}>
              <Form.Item label={f.label} htmlFor={id} style={{ marginBottom: 12 }}>
                {filterControl(def, f, id, readFilter(f, name, options), set)}
              </Form.Item>
            </Col>
          );
        })}
        {active && (
          <Col>
            <Form.Item style={{ marginBottom: 12 }}>
              <Button
                icon={<ClearOutlined />}
                onClick={() => {
                  let next = options;
                  for (const [name] of filters) next = setOption(next, name, undefined);
                  onChange(next);
                }}
              >
                Сбросить фильтры
              </Button>
            </Form.Item>
          </Col>
        )}
      </Row>
    </Form>
  );
});
