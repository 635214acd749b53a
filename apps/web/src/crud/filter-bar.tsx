/**
 * Filters of a registry built from `def.filters`: enum → multi-select with Russian labels,
 * ref → select from the options endpoint, bool → Да/Нет/Все, text → search. Map-area filters
 * (bbox, radius) are left to the map. Every change goes to the URL hash and back to page 1.
 */
import { ClearOutlined } from '@ant-design/icons';
import type { FilterDef, ResourceDef } from '@tko/contract';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { RefSelect } from './fields/ref-select';
import { setOption, type HashOptions } from './hash-options';
import { readFilter } from './list-query';

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

export function FilterBar({ def, options, onChange, anonymous }: { def: ResourceDef; options: HashOptions; onChange: (next: HashOptions) => void; anonymous: boolean }) {
  const filters = barFilters(def).filter(([, f]) => !(anonymous && f.kind === 'ref'));
  const set = (name: string, value: string | string[] | number[] | undefined) =>
    onChange(setOption(options, name, Array.isArray(value) ? value.map(String) : value));
  const active = filters.some(([name]) => options[name] !== undefined);

  return (
    <Form layout="vertical" component="div" style={{ marginBottom: 8 }} aria-label="Фильтры">
      <Row gutter={12} align="bottom">
        {filters.map(([name, f]) => {
          const id = `filter-${name}`;
          const value = readFilter(f, name, options);
          let control;
          if (f.kind === 'text') {
            control = <SearchFilter id={id} value={(value as string) ?? ''} onSearch={(v) => set(name, v)} placeholder="Адрес, идентификатор, реестровый номер…" />;
          } else if (f.kind === 'enum') {
            control = (
              <Select<string[]>
                id={id}
                mode="multiple"
                allowClear
                placeholder="Все"
                value={(value as string[]) ?? []}
                onChange={(v) => set(name, v)}
                options={f.enum.values.map((v) => ({ value: v, label: f.enum.label(v) }))}
                showSearch={{ optionFilterProp: 'label' }}
                maxTagCount="responsive"
              />
            );
          } else if (f.kind === 'ref') {
            const resource = def.fields[f.field]?.ref?.resource ?? '';
            control = <RefSelect id={id} resource={resource} multiple value={(value as number[]) ?? []} onChange={(v) => set(name, (v as number[]).map(String))} placeholder="Все" />;
          } else {
            control = (
              <Select<string>
                id={id}
                value={value === undefined ? '' : String(value)}
                onChange={(v) => set(name, v || undefined)}
                options={BOOL_OPTIONS}
              />
            );
          }
          return (
            <Col key={name} xs={24} sm={12} lg={f.kind === 'text' ? 12 : 6} xl={f.kind === 'text' ? 8 : 4}>
              <Form.Item label={f.label} htmlFor={id} style={{ marginBottom: 12 }}>
                {control}
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
}
