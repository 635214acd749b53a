import { containerResource, DEFAULT_GROUP_REPORT_FORMS, MSG, resourceByName, type ResourceDef } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { cardResolver, cardSchema } from '../../src/crud/card-schema';
import { newChildRow, normaliseFormValues, toFormValues } from '../../src/crud/form-values';
import { errorPaths, formPathOf, invalidTabs, mapServerErrors, tabErrorFlags } from '../../src/crud/server-errors';

const def = containerResource as unknown as ResourceDef;

describe('server 400 errors → form fields', () => {
  it('keeps nested paths of address, person and children; truncates others to the field', () => {
    expect(formPathOf(def, 'location')).toBe('location');
    expect(formPathOf(def, 'structured_address.city')).toBe('structured_address.city');
    expect(formPathOf(def, 'responsible_person.0.email')).toBe('responsible_person.email');
    expect(formPathOf(def, 'responsible_person.email')).toBe('responsible_person.email');
    expect(formPathOf(def, 'containers.2.volume')).toBe('containers.2.volume');
    expect(formPathOf(def, 'containers.2')).toBe('containers.2');
    expect(formPathOf(def, 'containers.2.nonsense')).toBe('containers.2');
    expect(formPathOf(def, 'coordinates.lat')).toBe('coordinates');
    expect(formPathOf(def, 'contract_zone.0')).toBe('contract_zone');
    expect(formPathOf(def, 'volume')).toBeNull(); // read-only
    expect(formPathOf(def, 'nonsense')).toBeNull();
  });

  it('splits a body into field errors and general messages with labels', () => {
    const mapped = mapServerErrors(def, {
      location: ['Обязательное поле.'],
      'containers.0.volume': ['Введите правильное число.', 'Ещё.'],
      non_field_errors: ['Площадка с таким идентификатором уже есть.'],
      count_containers: ['Нельзя менять.'],
      mystery: ['?'],
    });
    expect(mapped.fields).toEqual([
      { path: 'location', message: 'Обязательное поле.' },
      { path: 'containers.0.volume', message: 'Введите правильное число. Ещё.' },
    ]);
    expect(mapped.general).toEqual([
      'Площадка с таким идентификатором уже есть.',
      'Количество контейнеров: Нельзя менять.',
      'mystery: ?',
    ]);
  });
});

describe('tab validity', () => {
  it('flags every tab holding an invalid field; the invalid list derives from the flags', () => {
    const flags = tabErrorFlags(def, ['location', 'containers.1.type', 'periodicity_on_weekdays', 'nonsense']);
    expect(flags).toEqual({
      general: true, characteristics: true, containers: true, events: false, waste_sources: false, video: false, verification: false,
    });
    expect(invalidTabs(def, flags).map((t) => t.label)).toEqual(['Общие сведения', 'Характеристики', 'Контейнеры']);
    expect(invalidTabs(def, tabErrorFlags(def, []))).toEqual([]);
  });

  it('flattens a react-hook-form errors object into dotted paths', () => {
    const errors = {
      location: { type: 'server', message: 'x' },
      structured_address: { city: { type: 'too_big', message: 'y' } },
      containers: [undefined, { volume: { type: 'custom', message: 'z', ref: {} } }],
    };
    expect(errorPaths(errors)).toEqual(['location', 'structured_address.city', 'containers.1.volume']);
  });
});

describe('card form values and the contract schema', () => {
  it('a new card starts from defaults (ACTIVE, OPENED, 06:00–22:00) and normalises blanks to null', () => {
    const values = toFormValues(def, null);
    expect(values).toMatchObject({ status: 'ACTIVE', type: 'OPENED', arrival_time: '06:00:00', leave_time: '22:00:00', location: '', coordinates: '', containers: [] });
    const body = normaliseFormValues(def, values);
    expect(body).toMatchObject({ structured_address: null, responsible_person: null, coordinates: null, name_waste_area: null, location: '' });
  });

  it('validates like the server and marks the tabs of invalid fields', () => {
    const values = toFormValues(def, null);
    values.coordinates = '52.5;103.8';
    values.containers = [{ ...newChildRow(def.fields.containers!), type: 'EURO', volume: 'abc' }];
    const result = cardSchema(def, true).safeParse(normaliseFormValues(def, values));
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['location', 'coordinates', 'containers.0.volume']));
    expect(invalidTabs(def, tabErrorFlags(def, paths)).map((t) => t.key)).toEqual(['general', 'containers']);
  });

  it('turns a valid card into the create body: point parsed, decimals fixed, refs as ids', () => {
    const values = toFormValues(def, null);
    Object.assign(values, { location: 'г. Ангарск, ул. Ленина, 1', coordinates: '52.5446, 103.8862', contract_zone: 3, waste_area_width: '2,5' });
    values.containers = [{ type: 'EURO', volume: '1.1', loading: null }];
    const parsed = cardSchema(def, true).parse(normaliseFormValues(def, values)) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      location: 'г. Ангарск, ул. Ленина, 1',
      coordinates: { lat: 52.5446, lng: 103.8862 },
      contract_zone: 3,
      waste_area_width: '2.50',
      status: 'ACTIVE',
      containers: [{ type: 'EURO', volume: '1.100', loading: null }],
    });
  });

  it('applies the registry cross-field rules (periodicity on weekdays needs days)', () => {
    const values = toFormValues(def, null);
    Object.assign(values, { location: 'x', coordinates: '52.5, 103.8', periodicity: 'ON_WEEKDAYS' });
    const result = cardSchema(def, true).safeParse(normaliseFormValues(def, values));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['periodicity_on_weekdays']);
  });

  it('reads an existing object into the form: refs as ids, point as text, children rows kept with ids', () => {
    const entity = {
      id: 7,
      location: 'ул. Мира, 2',
      coordinates: { lat: 52.54, lng: 103.88 },
      contract_zone: { id: 4, name: 'Зона 1' },
      owners: [{ id: 9, name: 'ООО «Чистота»' }],
      structured_address: null,
      responsible_person: { full_name: 'Иванов И. И.', position: null, phone: null, email: null },
      containers: [{ id: 11, type: 'EURO', volume: '1.100', loading: 'REAR' }],
      waste_area_width: null,
    };
    const values = toFormValues(def, entity);
    expect(values).toMatchObject({
      coordinates: '52.540000, 103.880000',
      contract_zone: 4,
      owners: [9],
      responsible_person: { full_name: 'Иванов И. И.', position: '', phone: '', email: '' },
      // Decimals are shown with a comma in the form (issue 7 §8) and sent back with a point.
      containers: [{ id: 11, type: 'EURO', volume: '1,1', loading: 'REAR' }],
      waste_area_width: '',
    });
    (values.containers as Record<string, unknown>[])[0]!.fetch_action = 'delete';
    const body = cardSchema(def, false).parse(normaliseFormValues(def, values)) as Record<string, unknown>;
    expect(body.containers).toEqual([{ id: 11, fetch_action: 'delete', type: 'EURO', volume: '1.100', loading: 'REAR' }]);
    expect(body.responsible_person).toEqual({ full_name: 'Иванов И. И.', position: null, phone: null, email: null });
  });
});

describe('the card resolver speaks as the server', () => {
  const garages = resourceByName('garages') as unknown as ResourceDef;
  const options = { fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError' as const, names: undefined };
  const resolve = (values: Record<string, unknown>) => cardResolver(garages, true)({ ...toFormValues(garages, null), name: 'Гараж', ...values }, undefined, options);

  it('names the coordinate out of range at the field, not a union branch («Ожидался объект.»)', async () => {
    const lat = await resolve({ coordinates: '91, 200' });
    expect((lat.errors as Record<string, { message?: string }>).coordinates?.message).toBe(MSG.latitude);
    const lng = await resolve({ coordinates: '52.5, 200' });
    expect((lng.errors as Record<string, { message?: string }>).coordinates?.message).toBe(MSG.longitude);
    const shape = await resolve({ coordinates: 'рядом с заводом' });
    expect((shape.errors as Record<string, { message?: string }>).coordinates?.message).toBe(MSG.coordinates);
  });

  it('passes valid values through as the request body', async () => {
    const ok = await resolve({ coordinates: '52.5, 103.9' });
    expect(ok.errors).toEqual({});
    expect((ok.values as Record<string, unknown>).coordinates).toEqual({ lat: 52.5, lng: 103.9 });
  });
});

describe('a new report set with the default forms', () => {
  it('validates as the server would: new form rows carry no id (not «Ожидался первичный ключ.»)', () => {
    const sets = resourceByName('report-sets') as unknown as ResourceDef;
    const parsed = cardSchema(sets, true).safeParse(normaliseFormValues(sets, { ...toFormValues(sets, null), name: 'Набор 2026' }));
    expect(parsed.error?.issues ?? []).toEqual([]);
    const reports = (parsed.data as { reports: Record<string, unknown>[] }).reports;
    expect(reports.length).toBe(DEFAULT_GROUP_REPORT_FORMS.length);
    expect(reports.every((r) => !('id' in r))).toBe(true);
  });
});
