/**
 * Select of referenced rows (`{id, name}`): small dictionaries load whole, large ones are
 * searched on the server as the user types. Names of already chosen rows come from `known`.
 */
import type { RefValue } from '@tko/contract';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useRefOptions } from '../../api/hooks';
import { refOptionsSource } from '../../resources/ref-options';
import { useDebounced } from '../../app/use-debounced';

type Value = number | number[] | null;

export interface RefSelectProps {
  resource: string;
  multiple?: boolean;
  value: Value | undefined;
  /** The chosen id(s) and the chosen rows with their names (as the options show them). */
  onChange: (value: Value, rows?: RefValue[]) => void;
  known?: RefValue[];
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  onBlur?: () => void;
}

export function RefSelect({ resource, multiple, value, onChange, known, disabled, id, placeholder, onBlur }: RefSelectProps) {
  const searchable = refOptionsSource(resource)?.searchable ?? false;
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const debounced = useDebounced(search, 300);
  const query = useRefOptions(resource, searchable ? debounced : '', !searchable || opened);

  const options = useMemo(() => {
    const byId = new Map<number, string>();
    for (const r of known ?? []) byId.set(r.id, r.name);
    for (const r of query.data ?? []) byId.set(r.id, r.name);
    return [...byId].map(([v, label]) => ({ value: v, label }));
  }, [known, query.data]);

  return (
    <Select<Value>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? (multiple ? [] : null)}
      onChange={(v) => {
        const ids = v === null || v === undefined ? [] : Array.isArray(v) ? v : [v];
        onChange(v ?? (multiple ? [] : null), ids.map((x) => ({ id: x, name: options.find((o) => o.value === x)?.label ?? '' })));
      }}
      onBlur={onBlur}
      options={options}
      allowClear
      disabled={disabled}
      loading={query.isFetching}
      placeholder={placeholder ?? (searchable ? 'Начните вводить название' : 'Выберите')}
      showSearch={searchable ? { filterOption: false, onSearch: setSearch } : { optionFilterProp: 'label' }}
      onOpenChange={setOpened}
      notFoundContent={query.isError ? 'Не удалось загрузить список' : query.isFetching ? 'Загрузка…' : 'Ничего не найдено'}
      maxTagCount="responsive"
      style={{ width: '100%' }}
    />
  );
}
