/**
 * The contract's volume and price (@tko/contract contractPrice; ПП РФ № 505 п. 5–6, ПП РФ № 1156
 * типовая форма п. 5) against numbers computed by hand. Pure functions: no database.
 */
import { describe, expect, it } from 'vitest';
import { collectionsPerYear, contractPrice } from '@tko/contract';
import type { TariffInForce } from '@tko/contract';

const tariff: TariffInForce = { id: 1, name: 'Единый тариф', cost: '612.45', unit: 'RUB_PER_M3', start_date: '2026-01-01', end_date: null };

describe('collections per year (spec 01 §3 «Periodicity»)', () => {
  it('counts each periodicity as a fraction', () => {
    expect(collectionsPerYear({ periodicity: 'DAILY' })).toEqual([365, 1]);
    expect(collectionsPerYear({ periodicity: 'EVERY_OTHER_DAY' })).toEqual([365, 2]);
    expect(collectionsPerYear({ periodicity: 'PER_THREE_DAYS' })).toEqual([365, 3]);
    expect(collectionsPerYear({ periodicity: 'ON_WEEKDAYS', weekdays: [1, 4] })).toEqual([104, 1]);
    expect(collectionsPerYear({ periodicity: 'ON_DATES', dates: ['2026-03-01', '2026-06-01'] })).toEqual([2, 1]);
    expect(collectionsPerYear({ periodicity: 'ON_MONTHDAYS', monthdays: [1, 15] })).toEqual([24, 1]);
    expect(collectionsPerYear({ periodicity: 'ON_WEEKDAYS', weekdays: [] })).toBeNull();
    expect(collectionsPerYear({ periodicity: null })).toBeNull();
  });
});

describe('contract price', () => {
  it('by containers: Σ volume × collections, plus КГО, × the single tariff', () => {
    // Object 1: 0.75 + 0.75 m³ on Mon and Thu: 1.5 × 104 = 156 m³; КГО 10 m³.
    // Object 2: one 1.1 m³ container every third day: 1.1 × 365 / 3 = 133.8333… → 133.833 m³.
    // ТКО 289.833 + КГО 10 = 299.833 m³; × 612.45 = 183 632.72… → 183 632.72 руб.; / 12 = 15 302.73 руб.
    const p = contractPrice('QUANTITY', [
      { periodicity: 'ON_WEEKDAYS', weekdays: [1, 4], containers: [{ volume: '0.750' }, { volume: '0.750' }], normative_m3_year: null, kgo_m3_year: '10' },
      { periodicity: 'PER_THREE_DAYS', containers: [{ volume: '1.100' }], normative_m3_year: '999', kgo_m3_year: null },
    ], tariff, '01.02.2026');
    expect(p.objects).toEqual([
      { tko_m3_year: '156.000', kgo_m3_year: '10.000', collections_per_year: '104.0', containers_m3: '1.500', reason: null },
      { tko_m3_year: '133.833', kgo_m3_year: null, collections_per_year: '121.7', containers_m3: '1.100', reason: null },
    ]);
    expect(p).toMatchObject({ tko_m3_year: '289.833', kgo_m3_year: '10.000', volume_m3_year: '299.833', price_year: '183632.72', price_month: '15302.73', reasons: [] });
  });

  it('by normative: the source’s m³ per year', () => {
    // 150 residents × 1.9 m³ = 285 m³; + 5.5 m³ КГО = 290.5 m³ × 612.45 = 177 916.725 → 177 916.73; / 12 = 14 826.394… → 14 826.39.
    const p = contractPrice('NORMATIVE', [{ periodicity: 'DAILY', containers: [], normative_m3_year: '285.000', kgo_m3_year: '5.5' }], tariff, '01.02.2026');
    expect(p).toMatchObject({ tko_m3_year: '285.000', volume_m3_year: '290.500', price_year: '177916.73', price_month: '14826.39', reasons: [] });
  });

  it('an unknown volume or tariff leaves the price unknown, with the reason', () => {
    const noSource = contractPrice('NORMATIVE', [{ periodicity: 'DAILY', containers: [], normative_m3_year: null, kgo_m3_year: '5' }], tariff, '01.02.2026');
    expect(noSource).toMatchObject({ tko_m3_year: null, volume_m3_year: null, price_year: null, price_month: null,
      reasons: ['Объект № 1: не указан источник образования с нормативом накопления.'] });
    const noTariff = contractPrice('QUANTITY', [{ periodicity: 'DAILY', containers: [{ volume: '1' }], normative_m3_year: null, kgo_m3_year: null }], null, '01.02.2026');
    expect(noTariff).toMatchObject({ volume_m3_year: '365.000', price_year: null,
      reasons: ['Нет единого тарифа регионального оператора, действующего на 01.02.2026: цена не определена.'] });
    expect(contractPrice('QUANTITY', [], tariff, '01.02.2026').reasons).toEqual(['В договоре нет объектов: объём и цена не определены.']);
    expect(contractPrice('WEIGHT', [{ periodicity: 'DAILY', containers: [{ volume: '1' }], normative_m3_year: null, kgo_m3_year: null }], tariff, 'x').price_year).toBeNull();
    expect(contractPrice('QUANTITY', [{ periodicity: 'DAILY', containers: [{ volume: '1' }], normative_m3_year: null, kgo_m3_year: null }], { ...tariff, unit: 'RUB_PER_TON' }, 'x').price_year).toBeNull();
  });
});
