/**
 * Lists that fit (issue 26): every registry's key columns fit a 1 440 px screen at the web app's
 * column widths; the column chooser's choice is read back in the key-first order.
 */
import { columnFields, keyColumnsOf, moduleResources, resourceByName, resources, type FieldDef, type ResourceDef } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { columnWidth, LIST_ROOM_AT_1440 } from '../../src/crud/column-widths';
import { parseChoice, shownColumns } from '../../src/crud/column-choice';

const all = [...resources, ...moduleResources];
const width = (def: ResourceDef, keys: string[]) => keys.reduce((s, k) => s + columnWidth(def.fields[k]!), 0);

describe('list key columns', () => {
  it('the room at 1 440 px is the window less menu, padding, scroll bar, selection and action columns', () => {
    expect(LIST_ROOM_AT_1440).toBe(1440 - 280 - 48 - 15 - 40 - 56); // 1 001 px
  });

  it.each(all.map((d) => [d.name, d] as const))('%s: key columns fit 1 440 px', (_name, def) => {
    const keys = keyColumnsOf(def);
    expect(keys.length).toBeGreaterThan(1);
    expect(width(def, keys)).toBeLessThanOrEqual(LIST_ROOM_AT_1440);
  });

  it('the container list shows status, periodicity, containers and coordinates; the balance list its figures', () => {
    const container = keyColumnsOf(resourceByName('container')!);
    expect(container).toEqual(expect.arrayContaining(['status', 'periodicity', 'count_containers', 'coordinates', 'location']));
    const balance = keyColumnsOf(resourceByName('balance')!);
    expect(balance).toEqual(expect.arrayContaining(['fkko', 'created', 'received', 'processed', 'recycled', 'neutralized', 'disposed', 'sended', 'stored', 'year_end']));
  });

  it('widths by kind: id 64, a decimal 92, an integer 88, a point 180, a reference 160, a text 180', () => {
    const w = (kind: string) => columnWidth({ kind } as FieldDef);
    expect([w('id'), w('decimal'), w('integer'), w('point'), w('ref'), w('text')]).toEqual([64, 92, 88, 180, 160, 180]);
  });
});

describe('chosen columns', () => {
  const def = resourceByName('container')!;
  it('nothing chosen: the key columns; a choice: key columns first, then the others in field order, unknown names dropped', () => {
    expect(shownColumns(def, null)).toEqual(keyColumnsOf(def));
    expect(shownColumns(def, ['landmark', 'no_such', 'status', 'id'])).toEqual(['id', 'status', 'landmark'].sort((a, b) => order(a) - order(b)));
  });
  it('no nested rows, attachments or secrets among the offered columns', () => {
    for (const d of all) for (const k of columnFields(d)) expect(['children', 'files', 'json', 'secret']).not.toContain(d.fields[k]!.kind);
  });
  it('a stored choice is read back only as a list of strings', () => {
    expect(parseChoice('["a","b"]')).toEqual(['a', 'b']);
    expect(parseChoice('{"a":1}')).toBeNull();
    expect(parseChoice('[1]')).toBeNull();
    expect(parseChoice('не JSON')).toBeNull();
    expect(parseChoice(null)).toBeNull();
  });
  function order(k: string): number {
    const keys = keyColumnsOf(def);
    return keys.includes(k) ? keys.indexOf(k) : keys.length + columnFields(def).indexOf(k);
  }
});
