/**
 * The table mapping (src/tables) and its merge with the contract: every registry has a
 * mapping that fits, and a missing or unfitting one is refused at start-up with a message
 * naming the registry and the field (no database needed).
 */
import type { ResourceDef } from '@tko/contract';
import { collectionResource, containerResource, contractZoneResource, moduleResources, resources, wasteDumpResource } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { mergeStored, storedResource, storedResources, TABLES } from '../src/index';

const dump = wasteDumpResource as unknown as ResourceDef;
const dumpMapping = TABLES['waste-dumps']!;

describe('table mapping', () => {
  it('merges every registry of the contract, and maps no registry the contract lacks', () => {
    expect(storedResources().map((d) => d.name)).toEqual(resources.map((d) => d.name));
    expect(Object.keys(TABLES).filter((name) => ![...resources, ...moduleResources].some((d) => d.name === name))).toEqual([]);
    expect(storedResources(moduleResources).map((d) => d.name)).toEqual(moduleResources.map((d) => d.name));
  });

  it('fills the storage the SQL builders read: table, scope, columns, refs, joins, children, SQL', () => {
    const site = storedResource(containerResource as unknown as ResourceDef);
    expect([site.table, site.scope]).toEqual(['waste_area', { column: 'kind', value: 'CONTAINER' }]);
    expect(site.fields.location!.column).toBe('location');
    expect(site.fields.reg_operator!.column).toBe('reg_operator_id');
    expect(site.fields.reg_operator!.ref).toEqual({ resource: 'juridical-person', table: 'legal_entity', labelColumn: 'name' });
    expect(site.fields.owners!.join).toEqual({ table: 'waste_area_owner', ownKey: 'waste_area_id', targetKey: 'legal_entity_id' });
    expect(site.fields.containers!.children).toMatchObject({ table: 'waste_area_container', parentKey: 'waste_area_id', rollups: ['count_containers', 'volume'] });
    expect(site.fields.containers!.children!.fields.volume!.column).toBe('volume');
    expect(storedResource(collectionResource as unknown as ResourceDef).fields.name!.column).toBe('name_waste_area');
    // The history field's SQL is generated here from the registry's name and field labels.
    const history = site.fields.params_history!.sql!('t');
    expect(history).toContain("c.resource = 'container'");
    expect(history).toContain("'Количество контейнеров'");
    // The same description merges once (the repository builds it per instance).
    expect(storedResource(containerResource as unknown as ResourceDef)).toBe(site);
    expect(storedResource(site)).toBe(site);
  });

  it('refuses a registry without a mapping', () => {
    expect(() => storedResource({ ...dump, name: 'no-such-registry' })).toThrow(/no table mapping for the registry «no-such-registry»/);
  });

  it('refuses a mapping that names a field the registry lacks or gives a column to a stored-elsewhere field', () => {
    expect(() => mergeStored(contractZoneResource as unknown as ResourceDef, { table: 'contract_zone', columns: { nope: 'x' } }))
      .toThrow(/contract-zones: the mapping's columns name a field the registry does not have: nope/);
    expect(() => mergeStored(dump, { ...dumpMapping, columns: { land_owners: 'x' } })).toThrow(/do not apply to the refs field land_owners/);
  });

  it('refuses a link, a child list or a computed field the mapping does not store', () => {
    expect(() => mergeStored(dump, { ...dumpMapping, joins: {} })).toThrow(/waste-dumps: the refs field land_owners has no join table/);
    expect(() => mergeStored(dump, { ...dumpMapping, computed: {} })).toThrow(/waste-dumps: the computed field liquidation_overdue has no SQL/);
    const site = containerResource as unknown as ResourceDef;
    expect(() => mergeStored(site, { ...TABLES.container!, children: {} })).toThrow(/container: the children field containers has no child table/);
  });

  it('refuses an ordering, a sum or a filter on a field without a column', () => {
    expect(() => mergeStored({ ...dump, ordering: ['liquidation_overdue'] }, dumpMapping)).toThrow(/ordering on a field without a column: liquidation_overdue/);
    expect(() => mergeStored({ ...dump, aggregates: { n: { sum: 'land_owners' } } }, dumpMapping)).toThrow(/the list sum n on a field without a column: land_owners/);
    expect(() => mergeStored({ ...dump, filters: { x: { kind: 'bool', field: 'land_owners', label: 'x' } } }, dumpMapping)).toThrow(/the filter x on a field without a column: land_owners/);
  });
});
