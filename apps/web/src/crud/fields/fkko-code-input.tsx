/**
 * A ФККО code field of the generic form (contract FieldDef.catalogue 'fkko', e.g. a flow's
 * waste): typed as 11 digits, as the catalogue prints it (7 31 110 01 72 4) or by a word of the
 * name; after 2+ characters and a 300 ms pause the loaded catalogue's kinds of waste (level ITEM:
 * hazard class 1–5, grouping rows cannot be a waste) matching the code or the name are offered
 * (`GET /api/dicts/fkko/?search=…&level=ITEM`, {@link FKKO_SUGGEST_LIMIT} rows in code order) as
 * «7 31 110 01 72 4 — name»; a pick sets the 11 digits. A typed value is kept as typed: the
 * contract's normalise drops the spaces on save and its check answers a wrong code at the field
 * (Приказ Росприроднадзора от 22.05.2017 № 242: the code's grouping). The suggestions: suggest-input.tsx.
 */
import { formatFkkoCode } from '@tko/contract';
import { Input } from 'antd';
import { searchFkko, type FkkoRow } from '../../api/fkko';
import { SuggestInput } from './suggest-input';

/** Rows offered at most. */
export const FKKO_SUGGEST_LIMIT = 10;

/** The text to search the catalogue by: the typed text trimmed, inner runs of spaces as one; null when under 2 characters. */
export function fkkoQuery(typed: string): string | null {
  const q = typed.trim().replace(/\s+/g, ' ');
  return q.length >= 2 ? q : null;
}

/** The options of catalogue rows: value = the 11 digits, label = the printed code and the name. */
export function fkkoOptions(rows: readonly Pick<FkkoRow, 'code' | 'name'>[]): { value: string; label: string }[] {
  return rows.map((r) => ({ value: r.code, label: `${formatFkkoCode(r.code)} — ${r.name}` }));
}

export interface FkkoCodeInputProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
}

export function FkkoCodeInput({ id, value, onChange, onBlur, disabled }: FkkoCodeInputProps) {
  return (
    <SuggestInput<FkkoRow>
      value={value}
      onChange={onChange}
      disabled={disabled}
      queryKey="fkko-suggest"
      queryOf={fkkoQuery}
      search={async (q, signal) => (await searchFkko(q, FKKO_SUGGEST_LIMIT, signal, true)).rows}
      toOption={(r) => fkkoOptions([r])[0]!}
      notFound="В каталоге ФККО ничего не найдено"
      staleMs={5 * 60_000}
      matchWidth={false}
    >
      <Input id={id} onBlur={onBlur} inputMode="text" placeholder="7 31 110 01 72 4 или наименование" data-testid="fkko-code-input" />
    </SuggestInput>
  );
}
