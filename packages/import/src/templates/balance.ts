/**
 * BALANCE: the simulated waste balance (issue 12 §3; @tko/contract balanceResource), one xlsx (or
 * CSV) per year: a row per ФККО code with the year and the quantities in tonnes.
 *
 * Targets: year, the ФККО code (11 digits, spaces allowed: «7 31 110 01 72 4», looked up by the
 * bare code — the `fkko-code` reference target — or by the catalogue's «код наименование» title),
 * and the ten quantities. Key: year + ФККО code: a row of a year and code already in the balance
 * updates it, so re-importing a corrected file of the year replaces its figures. A created row
 * remembers its file (`file`): deleting the file (DELETE /api/balance/simulated-file/{id}/) deletes
 * the rows it created. A row whose figures break the balance identity is imported and flagged.
 */
import { balanceResource } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import type { Pool, PoolClient } from 'pg';
import { fieldTargets } from '../targets';
import type { RefLookup } from '../targets';
import type { Body, ImportKey, ImportTemplate } from './types';

const def = balanceResource as unknown as ResourceDef;

const SYNONYMS: Record<string, string[]> = {
  year: ['год', 'отчётный год', 'отчетный год', 'year'],
  fkko: ['код фкко', 'фкко', 'код отхода', 'код по фкко', 'fkko', 'fkko_code'],
  year_begin: ['остаток на начало года', 'наличие на начало года', 'на начало года'],
  created: ['образовано', 'образовалось', 'образование'],
  received: ['поступило', 'получено от других', 'поступило от других'],
  processed: ['обработано', 'обработка'],
  recycled: ['утилизировано', 'утилизация'],
  neutralized: ['обезврежено', 'обезвреживание'],
  disposed: ['размещено', 'захоронено', 'размещено (захоронено)', 'захоронение'],
  sended: ['передано', 'передано другим'],
  stored: ['хранится', 'хранение', 'на хранении'],
  year_end: ['остаток на конец года', 'наличие на конец года', 'на конец года'],
};

/** «7 31 110 01 72 4» or «73111001724» → a lookup by the bare code; other text by the title. */
export function parseFkkoCell(text: string): { value: RefLookup } {
  const bare = text.replace(/[\s\u00a0]/g, '');
  if (/^\d{11}$/.test(bare)) return { value: { ref: { resource: 'fkko-code' }, names: [`fkko:${bare}`], many: false } };
  return { value: { ref: { resource: 'fkko' }, names: [text], many: false } };
}

/** Key «year:fkko id» (after the code is resolved to its id). */
export const balanceKey: ImportKey = {
  label: 'год и код ФККО',
  of(body: Body) {
    const fkko = typeof body.fkko === 'object' && body.fkko && 'id' in body.fkko ? (body.fkko as { id: unknown }).id : body.fkko;
    return typeof body.year === 'number' && typeof fkko === 'number' ? `${body.year}:${fkko}` : null;
  },
  show: (key) => `${key.split(':')[0]} год, код ФККО № ${key.split(':')[1]}`,
  async find(db: Pool | PoolClient, keys: string[]) {
    const out = new Map<string, number[]>();
    if (!keys.length) return out;
    const { rows } = await db.query<{ key: string; id: number }>(
      `SELECT year || ':' || fkko_id AS key, id FROM balance WHERE year || ':' || fkko_id = ANY($1::text[]) ORDER BY id`, [keys]);
    for (const r of rows) out.set(r.key, [...(out.get(r.key) ?? []), r.id]);
    return out;
  },
};

export const balanceTemplate: ImportTemplate = {
  type: 'BALANCE',
  def,
  targets: fieldTargets(def, {
    exclude: ['file'],
    synonyms: SYNONYMS,
    parsers: { fkko: parseFkkoCell },
    hints: { fkko: 'Код ФККО из 11 цифр, можно с пробелами: «7 31 110 01 72 4».', year: 'Год от 2015 до 2030.' },
  }),
  key: balanceKey,
  createDefaults: (file) => ({ file: file.id }),
};
