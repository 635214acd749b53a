/**
 * The report kinds' arithmetic and consistency rules (contract report-forms/checks.ts; issue 25
 * §3), each with hand-made numbers: totals ≥ their parts, the hazard class = the ФККО code's last
 * digit, no negative quantity, form 3's balance identity (гр. 20 = 3 + 4 + 5 − 10 − 11 − 12 − 13
 * − 18 − 19 of 2-ТП (отходы)) to 0,001 т, «no activity» with quantities, errors by `data.` path.
 */
import { describe, expect, it } from 'vitest';
import { REPORT_RULES, checkReportRules, decimalMicro, linkedIds, microText, reportKindInfo } from '@tko/contract';

const codes: Record<number, string> = { 7: '73111001724', 8: '47110101521' };
const ctx = { fkkoCode: (id: number) => codes[id] };
const f3 = (row: Record<string, unknown>, extra: Record<string, unknown> = {}) => checkReportRules('BALANCE', { year: '2025', by_hazard_class: [row], ...extra }, ctx);

// A balanced row: 10 + 100 + 50 − 20 − 30 − 5 − 40 − 3 − 2 = 60.
const balanced = {
  hazard_class: '4', fkko: [{ id: 7 }], start_of_year: '10', formed: '100', received_total: '50', received_processing: '20', received_utilization: '30',
  processed: '20', utilized: '30', neutralized: '5', transferred_total: '40', transferred_placement: '40', own_storage: '3', own_burial: '2', end_of_year: '60',
};

describe('decimal arithmetic', () => {
  it('reads stored decimal texts exactly and prints them in Russian', () => {
    expect(decimalMicro('12.5')).toBe(12_500_000n);
    expect(decimalMicro('-0.000001')).toBe(-1n);
    expect(decimalMicro('')).toBeNull();
    expect(decimalMicro('много')).toBeNull();
    expect(microText(12_500_000n)).toBe('12,5');
    expect(microText(-45_000_000n)).toBe('−45');
  });
});

describe('form 3 (BALANCE)', () => {
  it('a balanced row breaks no rule', () => {
    expect(f3(balanced)).toEqual({});
  });

  it('«received total 5» below its parts 20 + 30 = 50 is an error on the total', () => {
    expect(f3({ ...balanced, received_total: '5', end_of_year: '15' })).toEqual({
      'data.by_hazard_class.0.received_total': ['Поступило от других всего (5 т) меньше суммы по видам обращения (50 т).'],
    });
  });

  it('transferred total below its parts (40 < 25 + 40)', () => {
    expect(f3({ ...balanced, transferred_processing: '25' })).toEqual({
      'data.by_hazard_class.0.transferred_total': ['Передано другим всего (40 т) меньше суммы по видам обращения (65 т).'],
    });
  });

  it('hazard class 1 for the class-4 code 7 31 110 01 72 4 is an error; an unknown ФККО row too', () => {
    expect(f3({ ...balanced, hazard_class: '1' })).toEqual({
      'data.by_hazard_class.0.hazard_class': ['Класс опасности 1 не совпадает с кодом ФККО 73111001724: последняя цифра кода — класс 4.'],
    });
    expect(f3({ ...balanced, hazard_class: '1', fkko: [{ id: 8 }] })).toEqual({});
    expect(f3({ ...balanced, fkko: [{ id: 99 }] })).toEqual({ 'data.by_hazard_class.0.fkko': ['Такого кода ФККО нет в справочнике.'] });
  });

  it('a negative year end is an error (and breaks the balance 60)', () => {
    expect(f3({ ...balanced, end_of_year: '-1' })).toEqual({
      'data.by_hazard_class.0.end_of_year': [
        'Значение не может быть отрицательным.',
        'Баланс не сходится: начало года + образовано + поступило − обработано − утилизировано − обезврежено − передано − размещено = 60 т, а указано −1 т.',
      ],
    });
  });

  it('the balance identity holds to 0,001 т: 60.001 passes, 60.0011 and 59 do not', () => {
    expect(f3({ ...balanced, end_of_year: '60.001' })).toEqual({});
    expect(Object.keys(f3({ ...balanced, end_of_year: '60.0011' }))).toEqual(['data.by_hazard_class.0.end_of_year']);
    expect(f3({ ...balanced, end_of_year: '59' })['data.by_hazard_class.0.end_of_year']![0]).toContain('= 60 т, а указано 59 т');
  });

  it('a blank year end with movements is not balanced; an empty row is', () => {
    expect(f3({ hazard_class: '5', formed: '2.5', transferred_total: '1' })).toEqual({
      'data.by_hazard_class.0.end_of_year': ['Укажите наличие на конец года: по балансу оно равно 1,5 т.'],
    });
    expect(f3({ hazard_class: '5' })).toEqual({});
  });

  it('«no activity» with a quantity recorded is a contradiction', () => {
    expect(f3(balanced, { no_activity: true })).toEqual({ 'data.no_activity': ['Отмечено, что деятельность не велась, но в итогах указаны количества отходов.'] });
    expect(checkReportRules('BALANCE', { year: '2025', no_activity: true, by_hazard_class: [] }, ctx)).toEqual({});
  });

  it('the second row is checked at its own path', () => {
    expect(Object.keys(checkReportRules('BALANCE', { by_hazard_class: [balanced, { ...balanced, own_burial: '-2', end_of_year: '64' }] }, ctx))).toEqual(['data.by_hazard_class.1.own_burial']);
  });
});

describe('the other kinds', () => {
  it('waste sources: negative mass, class against ФККО', () => {
    expect(checkReportRules('WASTE_SOURCES', { waste_sources: [{ name: 'A', mass_t: '-0.5', hazard_class: '5', fkko: [{ id: 7 }] }] }, ctx)).toEqual({
      'data.waste_sources.0.mass_t': ['Значение не может быть отрицательным.'],
      'data.waste_sources.0.hazard_class': ['Класс опасности 5 не совпадает с кодом ФККО 73111001724: последняя цифра кода — класс 4.'],
    });
  });

  it('every rule names its fields from its kind’s tree and its source', () => {
    for (const r of REPORT_RULES) {
      const info = reportKindInfo(r.kind)!;
      const tree = r.each ? info.fields.find((f) => f.name === r.each)!.children! : info.fields;
      for (const name of r.fields) expect(tree.map((f) => f.name), `${r.id}: ${name}`).toContain(name);
      expect(r.source.length).toBeGreaterThan(5);
    }
  });

  it('linkedIds finds the ФККО rows inside lists', () => {
    expect(linkedIds(reportKindInfo('BALANCE')!.fields, { by_hazard_class: [{ fkko: [{ id: 7 }] }, { fkko: [{ id: 8 }, { id: 7 }] }] }, 'fkko')).toEqual([7, 8]);
  });
});
