import { containerResource, type ResourceDef } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { lacksDefaults, parseHash, serialiseHash, setOption, splitList, withDefaults } from '../../src/crud/hash-options';
import { defaultListOptions, filterBody, listParams, readFilter, readOrdering, readPage, readPageSize } from '../../src/crud/list-query';

const def = containerResource as unknown as ResourceDef;

describe('hash options', () => {
  it('parses a hash with or without #, decoding values and dropping empty ones', () => {
    expect(parseHash('#page=2&ordering=-location&status=ACTIVE,CLOSED&search=%D1%83%D0%BB.%20%D0%9B%D0%B5%D0%BD%D0%B8%D0%BD%D0%B0&x=')).toEqual({
      page: '2',
      ordering: '-location',
      status: 'ACTIVE,CLOSED',
      search: 'ул. Ленина',
    });
    expect(parseHash('page=1')).toEqual({ page: '1' });
    expect(parseHash('')).toEqual({});
    expect(parseHash('#%E0%A4%A=1')).toEqual({ '%E0%A4%A': '1' }); // malformed escapes are kept as typed
  });

  it('serialises page, page_size and ordering first, keeps commas readable and round-trips', () => {
    const opts = { status: 'ACTIVE,PLANNED', ordering: 'location', page: '1', search: 'ул. Ленина, 5' };
    const text = serialiseHash(opts);
    expect(text.startsWith('page=1&ordering=location&status=ACTIVE,PLANNED&search=')).toBe(true);
    expect(parseHash(text)).toEqual(opts);
  });

  it('fills defaults and tells when the hash lacks them', () => {
    const defaults = defaultListOptions(def);
    expect(defaults).toEqual({ page: '1', ordering: 'location' });
    expect(lacksDefaults({}, defaults)).toBe(true);
    expect(lacksDefaults({ page: '3', ordering: '-id' }, defaults)).toBe(false);
    expect(withDefaults({ page: '3' }, defaults)).toEqual({ page: '3', ordering: 'location' });
    expect(serialiseHash(withDefaults({}, defaults))).toBe('page=1&ordering=location');
  });

  it('any filter change returns to page 1; empty values remove the key', () => {
    const start = { page: '4', ordering: 'location', status: 'ACTIVE' };
    expect(setOption(start, 'status', ['ACTIVE', 'CLOSED'])).toEqual({ page: '1', ordering: 'location', status: 'ACTIVE,CLOSED' });
    expect(setOption(start, 'status', [])).toEqual({ page: '1', ordering: 'location' });
    expect(setOption(start, 'has_cover', false)).toMatchObject({ has_cover: 'false', page: '1' });
    expect(setOption(start, 'ordering', '-id')).toMatchObject({ ordering: '-id', page: '1' });
    expect(setOption(start, 'page', '5')).toMatchObject({ page: '5' });
    expect(splitList('A, B,,C')).toEqual(['A', 'B', 'C']);
  });
});

describe('list parameters from the hash', () => {
  it('types and checks filter values, dropping unknown ones', () => {
    const opts = {
      page: '2',
      ordering: '-count_containers',
      status: 'ACTIVE,NOPE',
      contract_zone: '3,x,5',
      has_cover: 'true',
      location_needs_checking: 'maybe',
      search: '  Ленина ',
      unknown: 'x',
      near: '52.54, 103.88',
      radius: '500',
    };
    expect(filterBody(def, opts)).toEqual({
      status: ['ACTIVE'],
      contract_zone: [3, 5],
      has_cover: true,
      search: 'Ленина',
      near: '52.54, 103.88',
      radius: 500,
    });
    expect(listParams(def, opts)).toEqual({
      page: '2',
      page_size: '20',
      ordering: '-count_containers',
      status: 'ACTIVE',
      contract_zone: '3,5',
      has_cover: 'true',
      search: 'Ленина',
      near: '52.54, 103.88',
      radius: '500',
    });
  });

  it('falls back to the default ordering and sane paging', () => {
    expect(readOrdering(def, { ordering: 'password' })).toBe('location');
    expect(readOrdering(def, { ordering: '-identifier' })).toBe('-identifier');
    expect(readPage({ page: '-3' })).toBe(1);
    expect(readPageSize({ page_size: '100000' })).toBe(500);
    expect(readFilter(def.filters.in_bbox!, 'in_bbox', { in_bbox: '103,52,104,53' })).toBe('103,52,104,53');
    expect(readFilter(def.filters.in_bbox!, 'in_bbox', { in_bbox: '1,2' })).toBeUndefined();
  });
});
