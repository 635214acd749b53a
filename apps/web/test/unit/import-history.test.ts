/**
 * Pure parts of the import screen and the change history: required fields a matching leaves
 * uncovered (the server's rule, groups such as coordinates), the choices of a column's select,
 * and history entries made readable with the registry's labels and formats.
 */
import { describe, expect, it } from 'vitest';
import { containerResource, type ImportTarget } from '@tko/contract';
import { fieldChanges, formatHistoryValue } from '../../src/history/history-format';
import { isHistoryItems } from '../../src/history/history-view';
import { mappingChanged, missingRequired, setColumn, targetOptions } from '../../src/import/matching';

const t = (field: string, label: string, required = false, group: string | null = null): ImportTarget => ({
  field, label, required, group, kind: 'text', hint: '', choices: null, synonyms: [],
});
// As CWA_BUNDLE's labels answer them: coordinates as one field or as latitude + longitude.
const TARGETS = [
  t('location', 'Адрес (местоположение)', true),
  t('coordinates', 'Координаты', true, 'coordinates'),
  t('coordinates_lat', 'Широта', true, 'coordinates'),
  t('coordinates_lng', 'Долгота', true, 'coordinates'),
  t('landmark', 'Ориентир'),
];

describe('import matching', () => {
  it('lists uncovered required fields, a group once under its own field', () => {
    expect(missingRequired(TARGETS, {})).toEqual(['Адрес (местоположение)', 'Координаты']);
    expect(missingRequired(TARGETS, { Адрес: 'location', Lat: 'coordinates_lat' })).toEqual(['Координаты']);
    expect(missingRequired(TARGETS, { Адрес: 'location', Lat: 'coordinates_lat', Lon: 'coordinates_lng' })).toEqual([]);
    expect(missingRequired(TARGETS, { Адрес: 'location', 'Широта, долгота': 'coordinates' })).toEqual([]);
    expect(missingRequired(TARGETS, { Адрес: null, X: 'landmark' })).toContain('Адрес (местоположение)');
  });

  it('marks required targets and disables those another column took', () => {
    const opts = targetOptions(TARGETS, { A: 'location', B: null }, 'B');
    expect(opts.find((o) => o.value === 'location')).toEqual({ value: 'location', label: 'Адрес (местоположение) *', disabled: true });
    expect(opts.find((o) => o.value === 'landmark')).toEqual({ value: 'landmark', label: 'Ориентир', disabled: false });
    // The column's own choice stays selectable.
    expect(targetOptions(TARGETS, { A: 'location' }, 'A').find((o) => o.value === 'location')!.disabled).toBe(false);
  });

  it('sets a column and tells a changed mapping', () => {
    const m = setColumn({ A: null }, 'A', 'location');
    expect(m).toEqual({ A: 'location' });
    expect(setColumn(m, 'A', '')).toEqual({ A: null });
    expect(mappingChanged({ A: null }, {})).toBe(false);
    expect(mappingChanged(m, { A: null })).toBe(true);
  });
});

describe('change history made readable', () => {
  it('labels the changed fields and formats values as the card does', () => {
    const rows = fieldChanges(containerResource, {
      action: 'update',
      fields: ['status', 'has_cover', 'coordinates', 'unknown_key'],
      before: { status: 'ACTIVE', has_cover: false, coordinates: null, unknown_key: 1 },
      after: { status: 'CLOSED', has_cover: true, coordinates: { lat: 52.5468417, lng: 103.8701022 }, unknown_key: 2 },
    });
    expect(rows.map((r) => r.label)).toEqual([containerResource.fields.status!.label, containerResource.fields.has_cover!.label, containerResource.fields.coordinates!.label, 'unknown_key']);
    expect(rows[0]!.before).toBe(containerResource.fields.status!.enum!.label('ACTIVE'));
    expect(rows[1]).toMatchObject({ before: 'Нет', after: 'Да' });
    expect(rows[2]).toMatchObject({ before: '—', after: '52.546842, 103.870102' });
    expect(rows[3]).toMatchObject({ before: '1', after: '2' });
  });

  it('summarises child rows (containers) one by one, with units', () => {
    const containers = containerResource.fields.containers!;
    const text = formatHistoryValue(containers, [{ id: 5, volume: '1.100', type: 'EURO' }]);
    expect(text).toMatch(/^1 шт\.: 1\) /);
    expect(text).toContain('1,1 м³');
    expect(formatHistoryValue(containers, [])).toBe('—');
  });

  it('recognises a history field value, empty only under a history label', () => {
    expect(isHistoryItems([{ id: 1, created_at: '2026-01-01T00:00:00Z', action: 'create', fields: [], before: null, after: {} }])).toBe(true);
    expect(isHistoryItems([], 'История изменения параметров')).toBe(true);
    expect(isHistoryItems([], 'Виды отходов')).toBe(false);
    expect(isHistoryItems([{ code: '1' }])).toBe(false);
  });
});
