/**
 * Report forms as data (issue 13 §1; spec 03 §5 "Dynamic report fields"): every field type's
 * parsing and defaults in the zod schema built from a field tree, errors by path, placeholders
 * falling back to the label, and the shipped forms (the server and the web form use the same
 * builder from @tko/contract).
 */
import { describe, expect, it } from 'vitest';
import {
  REPORT_FIELD_TYPES, REPORT_KIND_INFOS, buildReportSchema, checkReportData, fieldPlaceholder, fld, reportDataErrors, reportKindInfo, withPaths,
} from '@tko/contract';
import type { ReportFieldDef } from '@tko/contract';

const one = (f: ReportFieldDef, value: unknown) => buildReportSchema([f]).safeParse(value === undefined ? {} : { [f.name]: value });
const ok = (f: ReportFieldDef, value: unknown) => {
  const r = one(f, value);
  if (!r.success) throw new Error(JSON.stringify(r.error.issues));
  return r.data[f.name];
};
const err = (f: ReportFieldDef, value: unknown) => {
  const r = one(f, value);
  expect(r.success).toBe(false);
  return reportDataErrors(r.error!);
};

describe('each field type: parsing and defaults', () => {
  it('char, textarea and location are texts (null when absent), with a length limit', () => {
    for (const type of ['char', 'textarea', 'location'] as const) {
      const f = fld(type, 'x', 'Поле', 1, { max_length: 5 });
      expect(ok(f, 'абв')).toBe('абв');
      expect(ok(f, undefined)).toBeNull();
      expect(err(f, 'слишком длинно')).toEqual({ 'data.x': ['Убедитесь, что это значение содержит не более 5 символов.'] });
    }
  });

  it('latlng takes {lat, lng} or "lat, lng" and rounds to 6 decimals', () => {
    const f = fld('latlng', 'p', 'Координаты', 1);
    expect(ok(f, '52.5468421, 103.870102')).toEqual({ lat: 52.546842, lng: 103.870102 });
    expect(ok(f, { lat: 52.1, lng: 104.2 })).toEqual({ lat: 52.1, lng: 104.2 });
    expect(ok(f, '')).toBeNull();
    expect(Object.keys(err(f, 'не координаты'))).toEqual(['data.p']);
  });

  it('decimal is held as text: numbers and texts with a comma are parsed, words refused', () => {
    const f = fld('decimal', 'd', 'Масса', 1);
    expect(ok(f, '1,5')).toBe('1.5');
    expect(ok(f, 2.25)).toBe('2.25');
    expect(ok(f, ' 007.10 ')).toBe('7.10');
    expect(ok(f, '')).toBeNull();
    expect(err(f, 'много')).toEqual({ 'data.d': ['Введите число, например «12.5».'] });
  });

  it('int is held as text and must be whole', () => {
    const f = fld('int', 'n', 'Количество', 1);
    expect(ok(f, 12)).toBe('12');
    expect(ok(f, '-3')).toBe('-3');
    expect(err(f, '1.5')).toEqual({ 'data.n': ['Введите целое число.'] });
  });

  it('select takes an option (a list when multiselect), bubble-multi-select defaults to []', () => {
    const options = [{ value: 'A', label: 'А' }, { value: 'B', label: 'Б' }];
    const s = fld('select', 's', 'Выбор', 1, { options });
    expect(ok(s, 'A')).toBe('A');
    expect(ok(s, undefined)).toBeNull();
    expect(err(s, 'Z')).toEqual({ 'data.s': ['Значения "Z" нет среди вариантов.'] });
    const m = fld('select', 'm', 'Несколько', 1, { options, multiselect: true });
    expect(ok(m, 'B')).toEqual(['B']);
    expect(ok(m, undefined)).toEqual([]);
    const b = fld('bubble-multi-select', 'b', 'Пузыри', 1, { options });
    expect(ok(b, undefined)).toEqual([]);
    expect(ok(b, ['A', 'B'])).toEqual(['A', 'B']);
    expect(Object.keys(err(b, ['A', 'Z']))).toEqual(['data.b.1']);
  });

  it('date and datetime are converted by save-format (ISO without one), calendar-checked', () => {
    const iso = fld('date', 'd', 'Дата', 1);
    expect(ok(iso, '05.03.2025')).toBe('2025-03-05');
    expect(ok(iso, '2025-03-05')).toBe('2025-03-05');
    const ru = fld('date', 'd', 'Дата', 1, { 'save-format': 'DD.MM.YYYY' });
    expect(ok(ru, '2025-03-05')).toBe('05.03.2025');
    expect(err(iso, '2025-02-30')).toEqual({ 'data.d': ['Введите дату в формате ДД.ММ.ГГГГ или ГГГГ-ММ-ДД.'] });
    expect(Object.keys(err(iso, '05.03.2025 10:00'))).toEqual(['data.d']);
    const dt = fld('datetime', 't', 'Время', 1);
    expect(ok(dt, '05.03.2025 10:07')).toBe('2025-03-05T10:07:00');
    const dtf = fld('datetime', 't', 'Время', 1, { 'save-format': 'DD.MM.YYYY HH:mm' });
    expect(ok(dtf, '2025-03-05T10:07:30Z')).toBe('05.03.2025 10:07');
    expect(Object.keys(err(dt, '2025-03-05T25:00'))).toEqual(['data.t']);
  });

  it('checkbox defaults to false and takes "true"/"false"', () => {
    const f = fld('checkbox', 'c', 'Флаг', 1);
    expect(ok(f, undefined)).toBe(false);
    expect(ok(f, 'true')).toBe(true);
    expect(ok(f, false)).toBe(false);
    expect(err(f, 'да')).toEqual({ 'data.c': ['Должно быть логическим значением.'] });
  });

  it('linked-object is always a list of {id, …}', () => {
    const f = fld('linked-object', 'o', 'Объект', 1);
    expect(ok(f, undefined)).toEqual([]);
    expect(ok(f, 7)).toEqual([{ id: 7 }]);
    expect(ok(f, { id: 8, name: 'Площадка' })).toEqual([{ id: 8, name: 'Площадка' }]);
    expect(ok(f, ['9', { id: 10 }])).toEqual([{ id: 9 }, { id: 10 }]);
    expect(Object.keys(err(f, [{ name: 'без id' }]))).toEqual(['data.o.0.id']);
  });

  it('list builds each item from its children (their defaults too), default []', () => {
    const f = fld('list', 'rows', 'Строки', 1, { children: [fld('int', 'n', 'Число', 1, { required: true }), fld('checkbox', 'c', 'Флаг', 2)] });
    expect(ok(f, undefined)).toEqual([]);
    expect(ok(f, [{ n: '1' }])).toEqual([{ n: '1', c: false }]);
    expect(err(f, [{ n: '1' }, { c: true }, { n: 'x' }])).toEqual({
      'data.rows.1.n': ['Обязательное поле.'], 'data.rows.2.n': ['Введите целое число.'],
    });
  });

  it('covers the 13 types of spec 03 §3', () => {
    expect(REPORT_FIELD_TYPES).toHaveLength(13);
    const used = new Set<string>();
    const walk = (fs: ReportFieldDef[]) => fs.forEach((f) => { used.add(f.type); if (f.children) walk(f.children); });
    REPORT_KIND_INFOS.forEach((k) => walk(k.fields));
    expect([...used].sort()).toEqual([...REPORT_FIELD_TYPES].sort());
  });
});

describe('definitions', () => {
  it('placeholder falls back to the label; paths are dotted through lists', () => {
    expect(fieldPlaceholder(fld('char', 'a', 'Адрес', 1))).toBe('Адрес');
    expect(fieldPlaceholder(fld('char', 'a', 'Адрес', 1, { placeholder: 'Улица, дом' }))).toBe('Улица, дом');
    const tree = withPaths([fld('list', 'l', 'Список', 2, { children: [fld('int', 'b', 'Б', 2), fld('int', 'a', 'А', 1)] }), fld('int', 'y', 'Год', 1)]);
    expect(tree.map((f) => f.path)).toEqual(['y', 'l']);
    expect(tree[1]!.children!.map((f) => f.path)).toEqual(['l.a', 'l.b']);
    expect(tree[0]!.placeholder).toBe('Год');
  });

  it('the three forms of spec 03 load and validate a filled report', () => {
    const balance = reportKindInfo('BALANCE')!;
    const byClass = balance.fields.find((f) => f.name === 'by_hazard_class')!.children!.map((f) => f.name);
    expect(byClass).toEqual(expect.arrayContaining(['hazard_class', 'start_of_year', 'formed', 'received_total', 'received_utilization', 'transferred_placement', 'own_storage', 'own_burial', 'end_of_year']));
    const data = buildReportSchema(balance.fields).parse({ year: 2025, compiled_on: '2026-01-20', by_hazard_class: [{ hazard_class: '4', formed: '12,5' }] });
    expect(data).toMatchObject({ year: '2025', compiled_on: '20.01.2026', no_activity: false, by_hazard_class: [{ hazard_class: '4', formed: '12.5', fkko: [] }] });
    expect(checkReportData({ report_kind: 'CONTAINER_WASTE_AREA', data: { year: '2025', waste_areas: [{ location: 'Ангарск', coordinates: '52.5, 103.9', containers: [{ container_type: 'EURO', volume: 'x', count: '2' }] }] } }))
      .toEqual({ 'data.waste_areas.0.containers.0.volume': 'Введите число, например «12.5».' });
    expect(checkReportData({ report_kind: 'WASTE_SOURCES', data: {} })).toEqual({ 'data.year': 'Обязательное поле.' });
    expect(reportKindInfo('CONTAINER_WASTE_AREA')!.form).toBe('container-waste-area-report');
    expect(reportKindInfo('WASTE_SOURCES')!.form).toBe('waste-source-report');
  });
});

describe('the reports list (spec 03 §2)', () => {
  it('a report row opens its form page by kind; `new` the templates; a bare id keeps the generic card', async () => {
    const { findTab, tabPaths, viewPathOf } = await import('../../src/resources/section-paths');
    const { sectionByKey } = await import('../../src/resources/sections');
    const section = sectionByKey('reports')!;
    const paths = tabPaths(section, findTab(section, '')!);
    expect(paths.view({ id: 7, report_kind: 'BALANCE' })).toBe('/reports-ddf/report/BALANCE/update/7/');
    expect(paths.card({ id: 8, report_kind: 'WASTE_SOURCES' })).toBe('/reports-ddf/report/WASTE_SOURCES/update/8/');
    expect(paths.card('new')).toBe('/reports/reports/templates/');
    expect(viewPathOf('reports', 9)).toBe('/reports/reports/view/9/');
    // Other sections keep the generic card.
    const sets = sectionByKey('report-groups')!;
    expect(tabPaths(sets, findTab(sets, '')!).card({ id: 3 })).toBe('/report-groups/update/3/');
  });

  it('the list starts with the default type and status filters, every kind and every status, in the spec’s order', async () => {
    const { findTab } = await import('../../src/resources/section-paths');
    const { sectionByKey } = await import('../../src/resources/sections');
    const tab = findTab(sectionByKey('reports')!, '')!;
    expect(tab.listDefaults).toEqual({
      type: 'WASTE_SOURCES,CONTAINER_WASTE_AREA,WASTE_MANAGEMENT_FACILITY,BALANCE',
      status: 'DRAFT,SUBMITTED_FOR_REVIEW,ACCEPTED_FOR_REVIEW,BEING_FINALIZED,APPROVED,REJECTED,SIGNED',
    });
  });
});
