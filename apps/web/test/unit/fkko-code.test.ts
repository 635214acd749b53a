/** A ФККО code typed as printed («7 31 110 01 72 4») is taken as its 11 digits by the contract's schema (server and card alike); the form's field offers the catalogue's rows by code or name. */
import { checkFkkoCode, normaliseFkkoCode, resourceByName, type ResourceDef } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { fkkoOptions, fkkoQuery } from '../../src/crud/fields/fkko-code-input';

const wasteFkko = (resourceByName('flows-present') as unknown as ResourceDef).fields.wastes!.children!.fields.fkko!;
const write = wasteFkko.write!;

describe('ФККО code as printed', () => {
  it('drops the printed spaces (ordinary, no-break, narrow) and keeps other text for the check', () => {
    expect(normaliseFkkoCode('7 31 110 01 72 4')).toBe('73111001724');
    expect(normaliseFkkoCode('7\u00a031\u202f110 01 72 4')).toBe('73111001724');
    expect(normaliseFkkoCode('7 31 11О 01 72 4')).toBe('7 31 11О 01 72 4'); // a Cyrillic «О» is not a digit
  });

  it('is accepted by the field schema, stored as 11 digits; a wrong code still gets the Russian message', () => {
    expect(write.parse('7 31 110 01 72 4')).toBe('73111001724');
    expect(write.parse(' 73111001724 ')).toBe('73111001724');
    const bad = write.safeParse('7 31 110 01 72');
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe(checkFkkoCode('7311100172'));
  });
});

describe('ФККО code picked from the catalogue', () => {
  it('the field is marked as picked from the ФККО catalogue', () => {
    expect(wasteFkko.catalogue).toBe('fkko');
  });

  it('searches by what is typed (code as printed, digits or a word of the name), from 2 characters', () => {
    expect(fkkoQuery('7')).toBeNull();
    expect(fkkoQuery('  ')).toBeNull();
    expect(fkkoQuery(' 7 31  110 ')).toBe('7 31 110');
    expect(fkkoQuery('73111001724')).toBe('73111001724');
    expect(fkkoQuery('жилищ')).toBe('жилищ');
  });

  it('offers each row as its printed code and name, and picks the 11 digits', () => {
    expect(fkkoOptions([{ code: '73111001724', name: 'Отходы из жилищ несортированные (исключая крупногабаритные)' }, { code: '73111002215', name: 'Отходы из жилищ крупногабаритные' }])).toEqual([
      { value: '73111001724', label: '7 31 110 01 72 4 — Отходы из жилищ несортированные (исключая крупногабаритные)' },
      { value: '73111002215', label: '7 31 110 02 21 5 — Отходы из жилищ крупногабаритные' },
    ]);
  });
});
