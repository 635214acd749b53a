/**
 * Cells, matching and grouping of the CWA_BUNDLE template: parsers by kind (decimal commas,
 * dates, labels for codes), the suggested matching by header and by content, the check of the
 * required fields, the row transform, merging repeated rows, the update comparison and the
 * template file.
 */
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { containerResource, DEFAULT_IMPORT_OPTIONS, Periodicity } from '@tko/contract';
import {
  buildBodies, changedValues, checkMapping, cwaBundleTemplate as T, groupRows, ImportInputError, missingTargets, parseDate,
  parseDecimal, parseEnum, parseIntList, parsePoint, parseRows, parseTime, parseWeekdays, restoreAddressCommas, suggestMapping,
  templateColumns, writeTemplateXlsx,
} from '../src/index';

describe('cells', () => {
  it('reads numbers, dates, times, enumerations, lists and points as people write them', () => {
    expect(parseDecimal('1 234,5')).toEqual({ value: '1234.5' });
    expect(parseDecimal(',75')).toEqual({ value: '0.75' });
    expect(parseDecimal('1,2,3')).toEqual({ error: 'Ожидалось число, получено «1,2,3».' });
    expect(parseDate('29.02.2024')).toEqual({ value: '2024-02-29' });
    expect(parseDate('1.3.24')).toEqual({ value: '2024-03-01' });
    expect(parseDate('2024-02-29T00:00:00')).toEqual({ value: '2024-02-29' });
    expect(parseDate('30.02.2024')).toEqual({ error: 'Такой даты нет: «30.02.2024».' });
    expect(parseTime('6.00')).toEqual({ value: '06:00:00' });
    expect(parseTime('25:00')).toHaveProperty('error');
    expect(parseEnum(Periodicity, 'по числам МЕСЯЦА')).toEqual({ value: 'ON_MONTHDAYS' });
    expect(parseEnum(Periodicity, 'daily')).toEqual({ value: 'DAILY' });
    expect(parseIntList('1; 8;15')).toEqual({ value: [1, 8, 15] });
    expect(parseWeekdays('пн, Ср., пятница')).toEqual({ value: [1, 3, 5] });
    expect(parsePoint('52.546842, 103.870102')).toEqual({ value: { lat: 52.546842, lng: 103.870102 } });
    expect(parsePoint('52,5468417; 103,8701022')).toEqual({ value: { lat: 52.546842, lng: 103.870102 } });
    expect(parsePoint('52,5, 103,8')).toEqual({ value: { lat: 52.5, lng: 103.8 } });
    expect(parsePoint('52,5,103,8')).toHaveProperty('error');
    expect(parsePoint('95, 103')).toEqual({ error: 'Широта должна быть числом от -90 до 90, получено «95».' });
  });

  it('restores the commas of an address written with double spaces', () => {
    expect(restoreAddressCommas('Ангарск  47 квл  60 (ул. Набережная  41)')).toBe('Ангарск, 47 квл, 60 (ул. Набережная, 41)');
    expect(restoreAddressCommas('Ангарск, 7 мкр')).toBe('Ангарск, 7 мкр');
  });
});

describe('matching', () => {
  it('suggests by header (labels, keys, synonyms, without units) and by content', () => {
    const columns = ['Lat', 'Lon', 'Descr', 'Столбец2', 'Столбец4', 'Sub', 'Кол-во контейнеров', 'Объем контейнера, м3', 'STATUS'];
    const rows = [
      ['52.54', '103.87', 'Гараж АМП', 'А 186 ВА 138', 'Ангарск  47 квл  60', '1;8;15', '2', '1,1', 'ACTIVE'],
      ['52.55', '103.88', 'Гараж АМП', 'А 186 ВА 138', 'Ангарск  39 квл  1', '1;3', '1', '0,8', 'ACTIVE'],
    ];
    expect(suggestMapping(T, columns, rows)).toEqual({
      Lat: 'coordinates_lat', Lon: 'coordinates_lng', Descr: null, Столбец2: null, Столбец4: 'location', Sub: 'periodicity_on_monthdays',
      'Кол-во контейнеров': 'containers_count', 'Объем контейнера, м3': 'container_volume', STATUS: 'status',
    });
    expect(suggestMapping(T, ['Широта, долгота', 'Широта'], [])).toEqual({ 'Широта, долгота': 'coordinates', Широта: 'coordinates_lat' });
  });

  it('lists the required fields a mapping leaves out; coordinates are not required (rows without them are geocoded)', () => {
    expect(missingTargets(T, {})).toEqual(['Адрес (местоположение)']);
    expect(missingTargets(T, { a: 'location' })).toEqual([]);
    expect(missingTargets(T, { a: 'location', b: 'coordinates_lat', c: 'coordinates_lng' })).toEqual([]);
    expect(missingTargets(T, { a: 'location', b: 'coordinates' })).toEqual([]);
  });

  it('checks a mapping against the columns and targets', () => {
    expect(checkMapping(T, ['a', 'b'], { a: 'location', b: '' })).toEqual({ a: 'location', b: null });
    expect(() => checkMapping(T, ['a'], { z: 'location' })).toThrow(ImportInputError);
    expect(() => checkMapping(T, ['a', 'b'], { a: 'location', b: 'location' })).toThrow('Поле «Адрес (местоположение)» уже сопоставлено другому столбцу.');
  });
});

describe('rows → sites', () => {
  const table = {
    columns: ['Адрес', 'Lat', 'Lon', 'Дни', 'Кол-во', 'Объём', 'Периодичность'],
    rows: [
      { line: 2, cells: ['Ангарск  47 квл  60', '52,5468417', '103.8701022', '1;15', '2', '1,1', ''] },
      { line: 3, cells: ['Ангарск  47 квл  60', '52.546842', '103.870102', '8', '2', '1,1', ''] },
      { line: 4, cells: ['Ангарск  47 квл  60А', '52.546842', '103.870102', '15', '', '', ''] },
      { line: 5, cells: ['Ангарск', '52.6', '', '', '', '', 'Ежедневно'] },
      { line: 6, cells: ['Ангарск', '52.7', '103.9', '', '3', '', ''] },
      { line: 7, cells: ['Ангарск, 1', '52.8', '103.9', '', '', '', 'По дням'] },
    ],
  };
  const mapping = { Адрес: 'location', Lat: 'coordinates_lat', Lon: 'coordinates_lng', Дни: 'periodicity_on_monthdays', 'Кол-во': 'containers_count', Объём: 'container_volume', Периодичность: 'periodicity' };

  it('parses, transforms and merges rows of one point, failing bad rows with every reason', async () => {
    const { rows, values } = await parseRows(T, table, mapping);
    buildBodies(T, rows, values);
    expect(rows[0]!.body).toEqual({
      location: 'Ангарск, 47 квл, 60', coordinates: { lat: 52.546842, lng: 103.870102 }, periodicity_on_monthdays: [1, 15], periodicity: 'ON_MONTHDAYS',
      containers: [{ type: 'STANDARD', volume: '1.1' }, { type: 'STANDARD', volume: '1.1' }],
    });
    expect(rows[3]!.errors).toEqual(['Долгота: Укажите и широту, и долготу.']);
    expect(rows[4]!.errors).toEqual(['Объём контейнера, м³: Укажите объём контейнера.']);
    expect(rows[5]!.errors[0]).toMatch(/^Периодичность вывоза \(столбец «Периодичность»\): Значения «По дням» нет среди допустимых/);
    const g = groupRows(T, rows, { ...DEFAULT_IMPORT_OPTIONS, duplicates: 'merge' });
    expect(g.groups).toHaveLength(1);
    expect(g.mergedRows).toBe(2);
    expect(g.groups[0]!.body).toMatchObject({ location: 'Ангарск, 47 квл, 60', periodicity_on_monthdays: [1, 8, 15] });
    expect(g.groups[0]!.createOnly).toEqual({ location_needs_checking: true, landmark: 'Другие адреса этой точки в файле: Ангарск, 47 квл, 60А' });
    expect(g.warnings).toEqual(['Строки 2, 3, 4 объединены: разные значения поля «Адрес (местоположение)», взято «Ангарск, 47 квл, 60», также «Ангарск, 47 квл, 60А».']);
  });

  it('fails repeats with duplicates = error', async () => {
    const { rows, values } = await parseRows(T, table, mapping);
    buildBodies(T, rows, values);
    const g = groupRows(T, rows, { ...DEFAULT_IMPORT_OPTIONS, duplicates: 'error' });
    expect(g.groups).toHaveLength(1);
    expect(rows[1]!.errors).toEqual(['Повтор: строка 2 описывает тот же объект (один адрес; точки не дальше 5 м друг от друга).']);
    expect(rows[1]!.body).toBeNull();
  });
});

describe('update comparison', () => {
  it('keeps only what differs; decimals by value, references by id, containers replaced as a whole', () => {
    const current = {
      location: 'Ангарск', waste_area_width: '2.50', contract_zone: { id: 3, name: 'Зона' },
      containers: [{ id: 7, type: 'EURO', volume: '1.100', loading: null }],
    };
    expect(changedValues(containerResource, current, { location: 'Ангарск', waste_area_width: '2.5', contract_zone: 3, containers: [{ type: 'EURO', volume: '1.1' }] })).toEqual({});
    expect(changedValues(containerResource, current, { location: 'Ангарск, 1', contract_zone: 4, containers: [{ type: 'STANDARD', volume: '0.750' }] })).toEqual({
      location: 'Ангарск, 1', contract_zone: 4, containers: [{ id: 7, fetch_action: 'delete' }, { type: 'STANDARD', volume: '0.750' }],
    });
  });
});

describe('template file', () => {
  it('has one column per target (latitude and longitude instead of the combined point), hints and lists', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeTemplateXlsx(T, out);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const header = (wb.getWorksheet('Данные')!.getRow(1).values as string[]).slice(1);
    expect(header).toEqual(templateColumns(T).map((t) => t.label));
    expect(header.slice(0, 6)).toEqual(['Наименование площадки', 'Идентификатор', 'Реестровый номер', 'Адрес (местоположение)', 'Широта', 'Долгота']);
    const help = wb.getWorksheet('Пояснения')!;
    expect(help.getRow(1).values).toEqual([undefined, 'Столбец', 'Обязательный', 'Как заполнять', 'Допустимые значения']);
    const statusRow = help.getRows(2, help.rowCount - 1)!.find((r) => r.getCell(1).value === 'Статус')!;
    expect(statusRow.getCell(4).value).toBe('Действующая; Планируемая; Закрыта');
    expect(wb.getWorksheet('Списки')!.state).toBe('hidden');
  });
});
