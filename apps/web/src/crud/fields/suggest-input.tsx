/**
 * A text field that offers matches as you type (the ФККО code, the address): after the typed text
 * makes a query (`queryOf`, e.g. 2+ characters) and a 300 ms pause, `search` is asked (react-query,
 * kept `staleMs`, no retries) and its rows are offered under the field; a pick sets the field to the
 * option's value and calls `onPick` with its row. Options are offered only after the user typed
 * (not for a value loaded into the form). The input element itself is the caller's (`children`).
 */
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'antd';
import { useState, type ReactElement } from 'react';
import { useDebounced } from '../../app/use-debounced';

export interface SuggestInputProps<T> {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** react-query key prefix of the search (the query is appended). */
  queryKey: string;
  /** The query for a typed text, or null when too short to search. */
  queryOf: (typed: string) => string | null;
  search: (query: string, signal: AbortSignal) => Promise<readonly T[]>;
  /** The option of a row: `value` goes into the field, `label` is shown. */
  toOption: (row: T) => { value: string; label: string };
  /** Called with the picked row (after the field got its value). */
  onPick?: (row: T) => void;
  /** Shown when a search found nothing (null: nothing shown). */
  notFound?: string | null;
  staleMs: number;
  /** The popup as wide as the field (true) or as its longest option (false). */
  matchWidth?: boolean;
  children: ReactElement;
}

export function SuggestInput<T>(p: SuggestInputProps<T>) {
  const [typed, setTyped] = useState(false);
  const query = p.queryOf(useDebounced(p.value, 300));
  const found = useQuery({
    queryKey: [p.queryKey, query],
    queryFn: ({ signal }) => p.search(query!, signal),
    enabled: typed && !p.disabled && query !== null,
    staleTime: p.staleMs,
    retry: false,
  });
  const rows = typed ? (found.data ?? []) : [];
  return (
    <AutoComplete
      value={p.value}
      disabled={p.disabled}
      onChange={(v: string) => {
        setTyped(true);
        p.onChange(v ?? '');
      }}
      onSelect={(v: string, option: { row?: T }) => {
        p.onChange(v);
        setTyped(false);
        if (option.row !== undefined) p.onPick?.(option.row);
      }}
      options={rows.map((row) => ({ ...p.toOption(row), row }))}
      style={{ width: '100%' }}
      popupMatchSelectWidth={p.matchWidth ?? true}
      notFoundContent={typed && found.data && found.data.length === 0 ? (p.notFound ?? null) : null}
    >
      {p.children}
    </AutoComplete>
  );
}
