/**
 * A multi-select of rows of a registry searched on the server (`?search=`, first 50): the
 * municipal formations (administrative units) and organisations (legal entities) of a user.
 * Keeps the labels of the chosen rows it was given.
 */
import { useQuery } from '@tanstack/react-query';
import { resourceByName } from '@tko/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { listResource } from '../api/resource-client';

export interface Named {
  id: number;
  name: string;
}

export function RefMultiSelect({ resource, value, onChange, id, placeholder }: { resource: string; value: Named[]; onChange: (v: Named[]) => void; id?: string; placeholder?: string }) {
  const def = resourceByName(resource)!;
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['ref-select', resource, search],
    queryFn: ({ signal }) => listResource(def, { page_size: '50', ...(search ? { search } : {}) }, { signal }),
  });
  const options = new Map<number, string>(value.map((v) => [v.id, v.name]));
  for (const row of found.data?.results ?? []) options.set(row.id, String(row[def.titleField] ?? row.id));
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      placeholder={placeholder}
      filterOption={false}
      showSearch={{ onSearch: setSearch }}
      loading={found.isFetching}
      value={value.map((v) => v.id)}
      options={[...options].map(([v, label]) => ({ value: v, label }))}
      onChange={(ids: number[]) => onChange(ids.map((i) => ({ id: i, name: options.get(i) ?? String(i) })))}
      style={{ width: '100%' }}
    />
  );
}
