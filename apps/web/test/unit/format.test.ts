import { administrativeUnitResource, containerResource, type ResourceDef } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { formatFieldValue } from '../../src/crud/format';

const f = (containerResource as unknown as ResourceDef).fields;

describe('list and view formatting', () => {
  it('shows values in Russian', () => {
    expect(formatFieldValue(f.status!, 'ACTIVE')).toBe('Действующая');
    expect(formatFieldValue(f.contract_zone!, { id: 1, name: 'Зона Ангарск' })).toBe('Зона Ангарск');
    expect(formatFieldValue(f.coordinates!, { lat: 52.5, lng: 103.88 })).toBe('52.500000, 103.880000');
    expect(formatFieldValue(f.close_at!, '2024-03-05')).toBe('05.03.2024');
    expect(formatFieldValue(f.has_cover!, true)).toBe('Да');
    expect(formatFieldValue(f.has_cover!, false)).toBe('Нет');
    expect(formatFieldValue(f.volume!, '1.100')).toBe('1,1');
    expect(formatFieldValue(f.arrival_time!, '06:00:00')).toBe('06:00');
    expect(formatFieldValue(f.periodicity_on_dates!, ['2024-01-02', '2024-02-03'])).toBe('02.01.2024, 03.02.2024');
    expect(formatFieldValue(f.structured_address!, { city: 'Ангарск', street: 'Ленина', house: '1', flat: null })).toBe('Ангарск, Ленина, 1');
    expect(formatFieldValue(f.location!, null)).toBe('—');
    expect(formatFieldValue(f.last_update_at!, '2024-03-05T10:07:00')).toBe('05.03.2024 10:07');
  });

  it('shows a declared import source by its Russian name and any other source as typed', () => {
    expect(formatFieldValue(f.data_import_source!, 'angarsk_route_plan_example2')).toBe('План маршрутов Ангарска (импорт)');
    expect(formatFieldValue(administrativeUnitResource.fields.data_import_source!, 'oktmo')).toBe('Классификатор ОКТМО (Росстат)');
    expect(formatFieldValue(f.data_import_source!, 'Импорт файла «площадки.xlsx»')).toBe('Импорт файла «площадки.xlsx»');
    expect(formatFieldValue(f.data_import_source!, null)).toBe('—');
  });
});

describe('notification template text', () => {
  it('shows known placeholders by their Russian meaning and leaves others as they are', async () => {
    const { describeTemplate } = await import('@tko/contract');
    expect(describeTemplate('Отчёт «{{name}}» № {{ number }}: {{status}}. {{link}} {{other}}')).toBe('Отчёт «{{наименование отчёта}}» № {{номер отчёта}}: {{статус отчёта}}. {{ссылка на отчёт}} {{other}}');
  });
});
