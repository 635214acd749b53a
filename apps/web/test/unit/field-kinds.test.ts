import { containerResource, juridicalPersonResource, vehicleResource, wasteManagementFacilityResource, wasteSourceResource, type ResourceDef } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { cardSchema } from '../../src/crud/card-schema';
import { formatFieldValue } from '../../src/crud/format';
import { normaliseFormValues, toFormValue, toFormValues } from '../../src/crud/form-values';
import { errorPaths, formPathOf, tabErrorFlags } from '../../src/crud/server-errors';
import { buildTree, isTreeRows } from '../../src/crud/tree-rows';
import { formatSize } from '../../src/api/attachments';

const facility = wasteManagementFacilityResource as unknown as ResourceDef;
const source = wasteSourceResource as unknown as ResourceDef;
const person = juridicalPersonResource as unknown as ResourceDef;
const F = facility.fields;

describe('new field kinds: display', () => {
  it('enum lists read as Russian labels', () => {
    expect(formatFieldValue(F.engineering_supports!, ['WATER_SUPPLY', 'GAS_SUPPLY'])).toBe('Водоснабжение, Газоснабжение');
    expect(formatFieldValue(F.engineering_supports!, [])).toBe('—');
  });

  it('ranges read as periods, with open ends', () => {
    expect(formatFieldValue(F.building_period!, { lower: '2002-05-01', upper: '2004-06-30' })).toBe('01.05.2002 — 30.06.2004');
    expect(formatFieldValue(F.building_period!, { lower: '2027-01-01', upper: null })).toBe('с 01.01.2027');
    expect(formatFieldValue(F.building_period!, { lower: null, upper: '2027-01-01' })).toBe('по 01.01.2027');
    expect(formatFieldValue(F.building_period!, null)).toBe('—');
  });

  it('computed values: decimals, enum codes by label, objects readable', () => {
    expect(formatFieldValue(source.fields.normative_year_kg!, '49644.000')).toBe('49\u202f644');
    expect(formatFieldValue(source.fields.normative_year_m3!, '0.2500')).toBe('0,25');
    expect(formatFieldValue(source.fields.normative_year_kg!, null)).toBe('—');
    expect(formatFieldValue(person.fields.roles!, ['OPERATOR', 'REG_OPERATOR'])).toBe('Оператор по обращению с ТКО, Региональный оператор');
    expect(formatFieldValue(F.license_issued_at!, '2019-06-10')).toBe('10.06.2019');
    expect(formatFieldValue(F.fkko_tree!, [{ id: 1, code: '73111001724', title: '7 31 110 01 72 4 Отходы из жилищ', parent_code: null }])).toBe('7 31 110 01 72 4 Отходы из жилищ');
  });

  it('the ФККО tree (a flat list by parent_code) nests under its existing ancestors', () => {
    const rows = [
      { code: '70000000000', parent_code: null, title: 'блок 7' },
      { code: '73100000000', parent_code: '73000000000', title: 'подтип (родитель не в списке)' },
      { code: '73111001724', parent_code: '73100000000', title: 'вид', selected: true },
      { code: '73111002215', parent_code: '73100000000', title: 'вид 2', selected: true },
    ];
    expect(isTreeRows(rows)).toBe(true);
    expect(isTreeRows([])).toBe(false);
    expect(isTreeRows([{ id: 1, name: 'x' }])).toBe(false);
    const tree = buildTree(rows);
    expect(tree.map((n) => n.key)).toEqual(['70000000000', '73100000000']);
    expect(tree[1]!.children.map((n) => [n.key, n.isLeaf])).toEqual([['73111001724', true], ['73111002215', true]]);
  });
});

describe('new field kinds: form values', () => {
  it('a range is held as two strings and sent as {lower, upper}, or null when both are empty', () => {
    expect(toFormValue(F.building_period!, { lower: '2002-05-01', upper: null })).toEqual({ lower: '2002-05-01', upper: '' });
    expect(toFormValue(F.building_period!, null)).toEqual({ lower: '', upper: '' });
    const values = toFormValues(facility, null);
    expect(values.building_period).toEqual({ lower: '', upper: '' });
    expect(values.engineering_supports).toEqual([]);
    values.building_period = { lower: '', upper: ' 2004-06-30 ' };
    values.reconstruction_period = { lower: '', upper: '' };
    values.engineering_supports = ['SEWERAGE'];
    const body = normaliseFormValues(facility, values);
    expect(body.building_period).toEqual({ lower: null, upper: '2004-06-30' });
    expect(body.reconstruction_period).toBeNull();
    expect(body.engineering_supports).toEqual(['SEWERAGE']);
    // Computed and read-only fields are never sent.
    expect('fkko_tree' in body).toBe(false);
    expect('license_number' in body).toBe(false);
  });

  it('the card schema refuses an inverted period on its end; the general tab is flagged', () => {
    const values = { ...toFormValues(facility, null), name: 'Полигон', location: 'Ангарск', coordinates: '52.5, 103.8', building_period: { lower: '2005-01-01', upper: '2004-01-01' } };
    const result = cardSchema(facility, true).safeParse(normaliseFormValues(facility, values));
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === 'building_period')!;
    expect(issue.path).toEqual(['building_period', 'upper']);
    expect(issue.message).toBe('Конец периода не может быть раньше начала.');
    expect(tabErrorFlags(facility, errorPaths({ building_period: { upper: { type: 'custom', message: issue.message } } }))).toEqual({ general: true, characteristics: false, placement: false });
  });

  it('server errors inside a range or a list land on the field itself', () => {
    expect(formPathOf(facility, 'building_period.upper')).toBe('building_period');
    expect(formPathOf(facility, 'engineering_supports.1')).toBe('engineering_supports');
    expect(formPathOf(facility, 'fkko_tree')).toBeNull(); // read-only: a general message
  });

  it('files are held as the attachments read (for their names) and sent as ids', () => {
    const container = containerResource as unknown as ResourceDef;
    const photos = container.fields.photos!;
    const read = [{ id: 4, name: 'двор.jpg', content_type: 'image/jpeg', size: 1536000, url: '/api/attachments/4/download/' }];
    expect(toFormValue(photos, read)).toEqual(read);
    expect(toFormValue(photos, undefined)).toEqual([]);
    expect(normaliseFormValues(container, { ...toFormValues(container, null), photos: read }).photos).toEqual([4]);
    expect(formatFieldValue(photos, read)).toBe('двор.jpg');
    expect(formatSize(1536000)).toBe('1,5 МБ');
    expect(formatSize(900)).toBe('900 Б');
  });

  it('the ИНН check digit is checked in the browser with the contract’s Russian message', () => {
    const values = { ...toFormValues(person, null), name: 'ООО «Тест»', inn: '7707083894' };
    const result = cardSchema(person, true).safeParse(normaliseFormValues(person, values));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['inn', 'Неверный ИНН: не сходится контрольное число.']]);
    expect(cardSchema(person, true).safeParse(normaliseFormValues(person, { ...values, inn: '7707083893' })).success).toBe(true);
  });
});

describe('write-only secrets (the vehicle card\'s tracker password, issue 22)', () => {
  const vehicle = vehicleResource as unknown as ResourceDef;
  const pw = vehicle.fields.tracker_password!;

  it('shows only whether one is set, and never fills the input from the server', () => {
    expect(formatFieldValue(pw, true)).toBe('задан');
    expect(formatFieldValue(pw, false)).toBe('не задан');
    expect(toFormValue(pw, true)).toBe('');
    expect(toFormValues(vehicle, { license_plate: 'А001АА38', tracker_password: true }).tracker_password).toBe('');
  });

  it('an empty input leaves the secret out of the body (kept); a typed one is sent and checked like the server does', () => {
    const values = toFormValues(vehicle, { license_plate: 'А001АА38', tracker_password: true });
    const kept = normaliseFormValues(vehicle, values);
    expect(kept.tracker_password).toBeUndefined();
    expect(JSON.parse(JSON.stringify(kept))).not.toHaveProperty('tracker_password');
    expect(cardSchema(vehicle, false).safeParse(kept).success).toBe(true);
    const typed = normaliseFormValues(vehicle, { ...values, tracker_password: 'New-Pass_1' });
    expect(typed.tracker_password).toBe('New-Pass_1');
    expect(cardSchema(vehicle, false).safeParse(typed).success).toBe(true);
    const bad = cardSchema(vehicle, false).safeParse(normaliseFormValues(vehicle, { ...values, tracker_password: 'a b;c' }));
    expect(bad.success).toBe(false);
  });
});
