import { FKKO, LEGAL_ENTITY, resources, wasteDumpResource, wasteManagementFacilityResource, wasteSourceResource, type ResourceDef } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { defaultListOptions, listParams, readFilter, searchPlaceholder } from '../../src/crud/list-query';
import { fieldOptionsResource, refOptionsSource } from '../../src/resources/ref-options';
import { isPublicTab } from '../../src/resources/section-access';
import { findTab, tabOfResource, tabPaths, viewPathOf, webOf } from '../../src/resources/section-paths';
import { isTabbed, SECTIONS, sectionByKey } from '../../src/resources/sections';
import { defaultTexts } from '../../src/resources/web-resource';

const facility = wasteManagementFacilityResource as unknown as ResourceDef;
const dump = wasteDumpResource as unknown as ResourceDef;

describe('registry sections of the web app', () => {
  it('every registry of the contract that has a screen is shown by a section tab', () => {
    const shown = new Set(SECTIONS.flatMap((s) => s.tabs.map((t) => t.resource)));
    // The section list names each registry of spec 02 §2 and spec 03 §2; all of them are live.
    for (const name of ['container', 'special', 'collection', 'chamber', 'bulk', 'waste-sources', 'waste-management-facility', 'waste-dumps',
      'juridical-person', 'individual-entrepreneur', 'natural-person', 'fkko', 'administrative-unit', 'contract-zones']) {
      expect(shown.has(name), name).toBe(true);
      expect(resources.some((r) => r.name === name), `${name} is in the contract`).toBe(true);
    }
    for (const s of SECTIONS) for (const t of s.tabs) expect(webOf(t), `${s.key}/${t.slug}`).not.toBeNull();
  });

  it('paths follow spec 02 §2 and spec 03 §2', () => {
    const containers = sectionByKey('containers')!;
    expect(isTabbed(containers)).toBe(true);
    expect(tabPaths(containers, findTab(containers, 'special')!).card(5)).toBe('/terr-schema/containers/special/update/5/');
    const sources = sectionByKey('waste-sources')!;
    expect(isTabbed(sources)).toBe(false);
    expect(tabPaths(sources, findTab(sources, '')!)).toMatchObject({ list: '/terr-schema/waste-sources/' });
    expect(tabPaths(sources, findTab(sources, '')!).view(3)).toBe('/terr-schema/waste-sources/view/3/');
    expect(viewPathOf('juridical-person', 7)).toBe('/terr-schema/waste-handlers/juridical-person/view/7/');
    // Units are named by their ОКТМО code; with only the id at hand, the id path (it moves on to the code).
    expect(viewPathOf('administrative-unit', 9)).toBe('/dicts/atu/view/id-9/');
    expect(viewPathOf('no-such-registry', 1)).toBeUndefined();
    // Each registry's contract webPath is one of its section's list paths.
    for (const r of resources) {
      const found = tabOfResource(r.name);
      if (!found) continue;
      const lists = found.section.tabs.filter((t) => t.resource === r.name).map((t) => tabPaths(found.section, t).list);
      expect(lists, r.name).toContain(r.webPath);
    }
  });

  it('current and planned facilities are one registry under a fixed stage; planned cards start as planned', () => {
    const s = sectionByKey('facilities')!;
    expect(s.tabs.map((t) => [t.slug, t.fixed])).toEqual([['current', { stage: 'CURRENT' }], ['planned', { stage: 'PLANNED' }]]);
    expect(findTab(s, 'planned')!.defaults).toEqual({ status: 'PLANNED' });
    // The list hash holds page=1 only (spec 02 §2); the registry's default ordering still applies.
    expect(defaultListOptions(facility, false)).toEqual({ page: '1' });
    expect(listParams(facility, { ...defaultListOptions(facility, false), ...findTab(s, 'planned')!.fixed })).toMatchObject({ stage: 'PLANNED', ordering: 'name', page: '1' });
    expect(sectionByKey('containers')!.orderingInHash).toBe(true);
  });

  it('the optional ОКТМО segment of /dicts/atu/ narrows the list to a region or a formation', () => {
    const seg = sectionByKey('atu')!.listSegment!;
    expect(seg.pattern.test('01')).toBe(true);
    expect(seg.pattern.test('01601000')).toBe(true);
    expect(seg.pattern.test('016010')).toBe(false);
    expect(seg.options('03')).toEqual({ region: '03' });
    expect(seg.options('01601000')).toEqual({ parent: '01601000' });
  });

  it('public variants: waste areas, sources, facilities and units are public; dumps and handlers are not', () => {
    const pub = (key: string) => sectionByKey(key)!.tabs.some(isPublicTab);
    expect(['containers', 'waste-sources', 'facilities', 'atu'].map(pub)).toEqual([true, true, true, true]);
    expect(['waste-dumps', 'waste-handlers', 'fkko', 'contract-zones'].map(pub)).toEqual([false, false, false, false]);
  });
});

describe('list filters of the new kinds', () => {
  it('values the registry does not accept are dropped from the hash before the call', () => {
    const fkko = resources.find((r) => r.name === 'fkko')!;
    expect(readFilter(fkko.filters.hazard_class!, 'hazard_class', { hazard_class: '4,9,x,0' })).toEqual([4, 0]);
    expect(readFilter(fkko.filters.parent!, 'parent', { parent: '73100000000,123,7 31' })).toEqual(['73100000000']);
    expect(readFilter(facility.filters.access_roads!, 'access_roads', { access_roads: 'ASPHALT,LAVA' })).toEqual(['ASPHALT']);
    expect(readFilter(facility.filters.fkko!, 'fkko', { fkko: '12,-1,abc' })).toEqual([12]);
    expect(readFilter(facility.filters.fkko!, 'fkko', { fkko: 'abc' })).toBeUndefined();
  });

  it('the search box says what it searches', () => {
    expect(searchPlaceholder(dump, (dump.filters.search as { fields: string[] }).fields)).toBe('Адрес (местоположение), идентификатор, кадастровый номер земельного участка, ориентир…');
  });
});

describe('reference options and texts', () => {
  it('a registry target needs no entry; other targets and the owners field have their own calls', () => {
    expect(refOptionsSource(LEGAL_ENTITY.resource)).toMatchObject({ path: '/api/legal-entities/juridical-person/', searchable: true });
    expect(refOptionsSource(FKKO.resource)!.label!({ id: 1, title: '7 31 110 01 72 4 Отходы', name: 'Отходы' })).toBe('7 31 110 01 72 4 Отходы');
    expect(refOptionsSource('contract-zones')).toMatchObject({ searchable: false });
    expect(refOptionsSource('waste-area')).toMatchObject({ path: '/api/waste-area/suggestion/', searchable: true });
    expect(refOptionsSource('responsible-for-liquidation')).toMatchObject({ path: '/api/waste-dumps/responsible-for-liquidation/' });
    expect(refOptionsSource('nothing')).toBeUndefined();
    const owners = resources.find((r) => r.name === 'special')!.fields.owners!;
    expect(fieldOptionsResource('special', 'owners', owners)).toBe('waste-area-owner');
    expect(refOptionsSource('waste-area-owner')!.label!({ id: 1, name: 'ООО «Ромашка»', inn: '7707083893' })).toBe('ООО «Ромашка» (ИНН 7707083893)');
    expect(fieldOptionsResource('waste-sources', 'service_org', (wasteSourceResource as unknown as ResourceDef).fields.service_org!)).toBe('juridical-person');
  });

  it('neutral texts by default, aggregates named by their field', () => {
    const chamber = resources.find((r) => r.name === 'chamber')!;
    expect(defaultTexts(chamber).aggregateLabels).toEqual({ count_containers: 'количество контейнеров' });
    expect(defaultTexts(dump).createdText).toBe('Запись создана');
    expect(webOf(findTab(sectionByKey('containers')!, 'container')!)!.aggregateLabels).toEqual({ count_containers: 'контейнеров' });
  });
});
