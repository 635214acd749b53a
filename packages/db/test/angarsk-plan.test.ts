/** The pure rules of the Angarsk import: plates, addresses, city, grouping into sites. */
import { describe, expect, it } from 'vitest';
import { groupPlan } from '../src/angarsk/group-plan';
import { addressToLocation, cityOf, normalizePlate, siteKey } from '../src/angarsk/normalize';
import type { PlanRow } from '../src/angarsk/read-plan';

describe('normalisation', () => {
  it('writes every spelling of a plate the same way', () => {
    expect(normalizePlate('Е529НУ138')).toBe('Е 529 НУ 138');
    expect(normalizePlate(' Е 529  НУ 138 ')).toBe('Е 529 НУ 138');
    expect(normalizePlate('E529HY138')).toBe('Е 529 НУ 138'); // Latin look-alikes
    expect(normalizePlate('В 924 ХХ')).toBe('В 924 ХХ'); // no region
    expect(normalizePlate('спецтехника  1')).toBe('спецтехника 1');
  });

  it('turns the double-space separators back into commas', () => {
    expect(addressToLocation('Ангарск  47 квл  60 (ул. Набережная  41)')).toBe('Ангарск, 47 квл, 60 (ул. Набережная, 41)');
    expect(addressToLocation('Ангарск   257 квл (напротив 10 мкр) ')).toBe('Ангарск, 257 квл (напротив 10 мкр)');
  });

  it('recognises the city at the start of the address only', () => {
    for (const a of ['Ангарск, 47 квл', 'г. Ангарск, 1', 'г.Ангарск, 1', 'Ангарск г., 1', 'Ангарск 1-й промышленный массив']) expect(cityOf(a), a).toBe('Ангарск');
    for (const a of ['Промзона АНХК, 1', 'мкр. Новый-4 мкр', 'Ангарский р-н']) expect(cityOf(a), a).toBeNull();
  });

  it('keys a site by its coordinates at 6 decimals', () => {
    expect(siteKey(52.5468417, 103.8701022)).toBe('52.546842,103.870102');
  });
});

describe('groupPlan', () => {
  const row = (o: Partial<PlanRow>): PlanRow => ({ line: 2, lat: 52.1, lng: 103.1, garage: 'Гараж', plate: 'А 186 ВА 138', address: 'Ангарск  1 квл  1', days: [1], ...o });

  it('makes one site per coordinate pair with the union of days and the commonest address', () => {
    const plan = groupPlan([
      row({ days: [15, 1] }),
      row({ lat: 52.10000004, days: [8], plate: 'А186ВА138' }), // same point at 6 decimals
      row({ address: 'Ангарск  1 квл  2', days: [1] }),
      row({ lat: 52.2, garage: 'Депо', plate: 'В 060 ВМ 138' }),
    ]);
    expect(plan.rows).toBe(4);
    expect(plan.sites).toHaveLength(2);
    expect(plan.sites[0]).toMatchObject({
      key: '52.100000,103.100000', location: 'Ангарск, 1 квл, 1', otherLocations: ['Ангарск, 1 квл, 2'], city: 'Ангарск', days: [1, 8, 15],
    });
    expect(plan.garages).toEqual(['Гараж', 'Депо']);
    expect(plan.vehicles).toEqual([{ plate: 'А 186 ВА 138', garage: 'Гараж' }, { plate: 'В 060 ВМ 138', garage: 'Депо' }]);
    expect(plan.links).toEqual([{ plate: 'А 186 ВА 138', key: '52.100000,103.100000' }, { plate: 'В 060 ВМ 138', key: '52.200000,103.100000' }]);
  });
});
