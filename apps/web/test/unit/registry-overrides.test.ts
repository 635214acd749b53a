/**
 * The web's one place per registry (src/resources/registry-overrides.tsx): every entry names a
 * registry of the contract and only its own tabs, children and reference fields; the lookups
 * that read it (texts, child words, list tools, card buttons, tab panels and tools, reference
 * options and panels) answer from it and fall back to the generic behaviour for the rest.
 */
import { resourceByName, resources, type ResourceDef } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { childTexts } from '../../src/resources/child-texts';
import { fieldOptionsResource, refOptionsSource } from '../../src/resources/ref-options';
import { REF_TARGETS } from '../../src/resources/ref-targets';
import { overridesOf, REGISTRY_OVERRIDES } from '../../src/resources/registry-overrides';
import { webOf } from '../../src/resources/section-paths';
import { sectionByKey } from '../../src/resources/sections';

describe('registry overrides', () => {
  it('every entry is a registry of the contract and names only its own tabs, children and reference fields', () => {
    for (const [name, o] of Object.entries(REGISTRY_OVERRIDES)) {
      const def = resourceByName(name) as ResourceDef | undefined;
      expect(def, `${name} is a registry`).toBeTruthy();
      const tabs = new Set(def!.tabs.map((t) => t.key));
      for (const key of [...Object.keys(o.tabPanels ?? {}), ...Object.keys(o.tabTools ?? {})]) expect(tabs.has(key), `${name}: tab ${key}`).toBe(true);
      for (const key of Object.keys(o.childTexts ?? {})) expect(def!.fields[key]?.kind, `${name}: children ${key}`).toBe('children');
      for (const [key, source] of Object.entries(o.fieldOptions ?? {})) {
        expect(['ref', 'refs'], `${name}: reference field ${key}`).toContain(def!.fields[key]?.kind);
        expect(refOptionsSource(source), `${name}.${key}: source ${source}`).toBeTruthy();
      }
      if (o.texts) for (const [k, v] of Object.entries(o.texts)) expect(typeof v === 'string' ? /[а-яё]/i.test(v) : true, `${name}: ${k} in Russian`).toBe(true);
    }
  });

  it('non-registry reference targets are not registries (a registry is described by the contract and its overrides)', () => {
    for (const name of Object.keys(REF_TARGETS)) expect(resourceByName(name), name).toBeUndefined();
  });

  it('a registry without an entry gets nothing special', () => {
    expect(overridesOf('no-such-registry')).toEqual({});
    expect(overridesOf(undefined)).toEqual({});
    const plain = resources.find((r) => !REGISTRY_OVERRIDES[r.name])!;
    expect(overridesOf(plain.name)).toEqual({});
  });

  it('texts: the container list says «площадок», other registries the neutral words', () => {
    const containers = sectionByKey('containers')!;
    const container = webOf(containers.tabs.find((t) => t.resource === 'container')!)!;
    expect(container.emptyText).toMatch(/^Площадок не найдено/);
    expect(container.aggregateLabels).toEqual({ count_containers: 'контейнеров' });
    const special = webOf(containers.tabs.find((t) => t.resource === 'special')!)!;
    expect(special.emptyText).toMatch(/^Записей не найдено/);
  });

  it('child rows: containers of every waste-area kind, «Запись» elsewhere', () => {
    const kinds = ['container', 'special', 'collection', 'chamber', 'bulk'].filter((k) => resourceByName(k)!.fields.containers?.kind === 'children');
    expect(kinds).toContain('container');
    for (const kind of kinds) expect(childTexts(kind, 'containers').one, kind).toBe('Контейнер');
    expect(childTexts('routes', 'stops').one).toBe('Запись');
  });

  it('components: list tools, card buttons, tab panels and tools, the ФККО panel', () => {
    expect(overridesOf('flows-predicted').listTools).toBeTruthy();
    expect(overridesOf('waybills').cardButtons?.({ id: 1 }, false)).toBeTruthy();
    expect(Object.keys(overridesOf('contracts').tabPanels ?? {})).toEqual(['contract_revisions', 'price']);
    expect(Object.keys(overridesOf('contracts').tabTools ?? {})).toEqual(['waste_areas', 'life_cycle']);
    expect(Object.keys(overridesOf('report-sets').tabTools ?? {})).toEqual(['forms']);
    expect(overridesOf('fkko').refPanel).toBeTruthy();
    expect(overridesOf('container').refPanel).toBeUndefined();
  });

  it('reference options: read-only dictionaries load whole from their registry path, titled by their name', () => {
    const models = refOptionsSource('vehicle-models')!;
    expect(models).toMatchObject({ path: '/api/dicts/vehicle-models/', searchable: false });
    expect(models.label!({ id: 1, name: 'КО-427-72 на шасси КАМАЗ-65115', model: 'КО-427-72' })).toBe('КО-427-72 на шасси КАМАЗ-65115');
    expect(refOptionsSource('staff-positions')).toMatchObject({ path: '/api/dicts/positions/', searchable: false });
    expect(refOptionsSource('normative-unit')!.label!({ id: 1, code: 'WAREHOUSE_AREA', name: '' })).toBe('WAREHOUSE_AREA');
    // A registry with a text filter and no override is searched on the server.
    expect(refOptionsSource('juridical-person')).toMatchObject({ searchable: true });
    expect(fieldOptionsResource('container', 'owners', resourceByName('container')!.fields.owners!)).toBe('waste-area-owner');
    expect(fieldOptionsResource(undefined, 'owners', resourceByName('container')!.fields.owners!)).toBe('juridical-person');
  });
});
