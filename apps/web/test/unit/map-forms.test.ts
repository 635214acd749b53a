/**
 * Pure helpers of issue 7 §7–§8: where the map opens, a layer's filter and the layers a visitor
 * sees, the decimal comma of inputs, the card tab from the URL, parameters-only history and the
 * federal dictionaries' write rule.
 */
import { containerResource, resourceByName, type ResourceDef } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { decimalFromInput, decimalToInput, normaliseFormValues, toFormValues } from '../../src/crud/form-values';
import { tabFromQuery } from '../../src/crud/card-tab-query';
import { parameterEntries } from '../../src/crud/history-params';
import { layerFilter, MAP_LAYERS, visibleLayers } from '../../src/map/layers';
import { COUNTRY_VIEW, initialView } from '../../src/map/map-view-state';
import { canWrite } from '../../src/resources/federal';

const flags = (v: boolean) => ({ view: v, add: v, change: v, delete: v, export: v });

describe('map', () => {
  it('opens at the settings’ centre, else fits the extent, else shows the country', () => {
    expect(initialView({ center_coordinates: { lat: 52.3, lng: 104.3 }, map_zoom: 9 }, { bbox: [1, 2, 3, 4] })).toEqual({ kind: 'center', center: [104.3, 52.3], zoom: 9 });
    expect(initialView({ center_coordinates: { lat: 52.3, lng: 104.3 }, map_zoom: null }, null)).toMatchObject({ zoom: 12 });
    expect(initialView({ center_coordinates: null, map_zoom: 9 }, { bbox: [1, 2, 3, 4] })).toEqual({ kind: 'bounds', bounds: [[1, 2], [3, 4]] });
    expect(initialView(null, { bbox: null })).toEqual({ kind: 'center', ...COUNTRY_VIEW });
  });

  it('filters a tile layer by kind and by the statuses left on', () => {
    const container = MAP_LAYERS.find((l) => l.id === 'waste-areas-container')!;
    expect(layerFilter(container, null)).toEqual(['==', ['get', 'kind'], 'CONTAINER']);
    expect(layerFilter(container, ['ACTIVE'])).toEqual(['all', ['==', ['get', 'kind'], 'CONTAINER'], ['in', ['to-string', ['get', 'status']], ['literal', ['ACTIVE']]]]);
    const dumps = MAP_LAYERS.find((l) => l.id === 'waste-dumps')!;
    expect(layerFilter(dumps, null)).toBeNull();
  });

  it('shows anonymous visitors the public layers, others the layers they may view', () => {
    expect(visibleLayers(undefined, true).map((l) => l.id)).not.toContain('waste-dumps');
    expect(visibleLayers({ container: flags(true), 'waste-dumps': flags(true) }, false).map((l) => l.id)).toEqual(['waste-areas-container', 'waste-dumps']);
  });
});

describe('forms', () => {
  it('shows decimals with a comma and sends them with a point', () => {
    expect(decimalToInput('1.100')).toBe('1,1');
    expect(decimalToInput('2.000')).toBe('2');
    expect(decimalFromInput(' 2,25 ')).toBe('2.25');
    const values = toFormValues(containerResource, { waste_area_width: '1.50' });
    expect(values.waste_area_width).toBe('1,5');
    expect(normaliseFormValues(containerResource, { ...values, waste_area_width: '3,75' }).waste_area_width).toBe('3.75');
  });

  it('reads the card tab from the URL, the first tab otherwise', () => {
    expect(tabFromQuery(containerResource, 'characteristics')).toBe('characteristics');
    expect(tabFromQuery(containerResource, 'nope')).toBe(containerResource.tabs[0]!.key);
    expect(tabFromQuery(containerResource, null)).toBe(containerResource.tabs[0]!.key);
  });

  it('keeps only the parameters of the history field’s tab', () => {
    const entries = [
      { id: 1, fields: ['identifier', 'waste_area_width'], before: { identifier: 'a', waste_area_width: '1.00' }, after: { identifier: 'b', waste_area_width: '2.00' } },
      { id: 2, fields: ['identifier'], before: { identifier: 'b' }, after: { identifier: 'c' } },
    ];
    const tab = containerResource.fields.params_history!.tab!;
    const kept = parameterEntries(containerResource, tab, entries);
    const fields: Record<string, { tab?: string } | undefined> = containerResource.fields;
    const onTab = (k: string) => fields[k]?.tab === tab;
    for (const e of kept) for (const k of e.fields) expect(onTab(k)).toBe(true);
    expect(kept.some((e) => e.fields.includes('identifier'))).toBe(onTab('identifier'));
  });

  it('keeps a request’s whole history: its «История» tab holds nothing but the log', () => {
    const requests = resourceByName('requests') as unknown as ResourceDef;
    const entries = [
      { id: 1, fields: [], before: null, after: { status: 'NEW' } },
      { id: 2, fields: ['status', 'assignee'], before: { status: 'NEW' }, after: { status: 'ASSIGNED' } },
      { id: 3, fields: ['status'], before: { status: 'ASSIGNED' }, after: { status: 'DONE' } },
    ];
    expect(parameterEntries(requests, requests.fields.logs!.tab, entries)).toEqual(entries);
  });

  it('lets only an administrator write the federal dictionaries', () => {
    const operator = { fkko: flags(true), container: flags(true) };
    expect(canWrite(operator, 'fkko', 'change')).toBe(false);
    expect(canWrite(operator, 'container', 'change')).toBe(true);
    expect(canWrite({ ...operator, 'users-roles': flags(true) }, 'fkko', 'change')).toBe(true);
    expect(canWrite({ 'users-roles': flags(true) }, 'administrative-unit', 'add')).toBe(false);
  });
});
