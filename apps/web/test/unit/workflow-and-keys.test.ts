/**
 * Pure helpers of workflow actions (crud/workflow.ts: which buttons a row shows, the body an
 * action sends and its checks) and of card paths by a key (resources/object-key.ts: the АТЕ
 * cards by ОКТМО code, the id fallback), on the contract's real descriptions.
 */
import { administrativeUnitResource, wasteDumpResource, type Me, type ResourceDef } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import {
  actionBody, actionFields, actionFormValues, actionPermission, actionServerErrors, actionUrl, availableActions, checkActionBody, isLockedStateField, lockedStateHelp,
} from '../../src/crud/workflow';
import { objectSegment, parseObjectSegment } from '../../src/resources/object-key';
import { listParams } from '../../src/crud/list-query';
import { findTab, tabPaths } from '../../src/resources/section-paths';
import { sectionByKey } from '../../src/resources/sections';

const dump = wasteDumpResource as unknown as ResourceDef;
const atu = administrativeUnitResource as unknown as ResourceDef;
const flags = (f: Partial<Record<'view' | 'add' | 'change' | 'delete' | 'export', boolean>>) => ({ view: false, add: false, change: false, delete: false, export: false, ...f });
const perms = (p: Record<string, ReturnType<typeof flags>>) => p as unknown as Me['permissions'];
const editor = perms({ 'waste-dumps': flags({ view: true, change: true }) });
const viewer = perms({ 'waste-dumps': flags({ view: true }) });
const keys = (row: Record<string, unknown>, p: Me['permissions'] | undefined) => availableActions(dump, row, p).map((a) => a.key);
const action = (key: string) => ({ key, action: dump.workflow!.actions[key]! });

describe('workflow actions of a row', () => {
  it('offers the actions whose `from` holds the state, to a user with their permission only', () => {
    expect(keys({ id: 1, status: 'DETECTED' }, editor)).toEqual(['start-liquidation', 'reject']);
    expect(keys({ id: 1, status: 'LIQUIDATION' }, editor)).toEqual(['liquidate']);
    expect(keys({ id: 1, status: 'LIQUIDATED' }, editor)).toEqual([]);
    expect(keys({ id: 1, status: 'DETECTED' }, viewer)).toEqual([]);
    expect(keys({ id: 1, status: 'DETECTED' }, undefined)).toEqual([]);
    expect(availableActions(atu, { id: 1, code: '25703000' }, editor)).toEqual([]);
    expect(actionPermission(dump, dump.workflow!.actions.liquidate!)).toBe('waste-dumps:change');
    expect(actionUrl(dump, 7, action('start-liquidation'))).toBe('/api/waste-dumps/7/start-liquidation/');
  });

  it('marks the required fields and starts from the row’s values', () => {
    const a = dump.workflow!.actions['start-liquidation']!;
    expect(actionFields(dump, a).map(([k, f]) => [k, f.required])).toEqual([['liquidation_period', true], ['responsible_for_liquidation', false]]);
    expect(actionFormValues(dump, a, { id: 1, liquidation_period: { lower: '2026-05-01', upper: null }, responsible_for_liquidation: { id: 4, name: 'ООО' } }))
      .toEqual({ liquidation_period: { lower: '2026-05-01', upper: '' }, responsible_for_liquidation: 4 });
  });

  it('sends only the action’s fields; an empty required one is refused in Russian before the call', () => {
    const a = dump.workflow!.actions['start-liquidation']!;
    const empty = actionBody(dump, a, { liquidation_period: { lower: '', upper: '' }, responsible_for_liquidation: null });
    expect(empty).toEqual({ responsible_for_liquidation: null });
    expect(checkActionBody(dump, a, { id: 1 }, empty)).toEqual({ ok: false, errors: { liquidation_period: 'Обязательное поле.' } });
    const full = actionBody(dump, a, { liquidation_period: { lower: '2026-05-01', upper: '2026-06-30' }, responsible_for_liquidation: 4, volume: '3' });
    expect(full).toEqual({ liquidation_period: { lower: '2026-05-01', upper: '2026-06-30' }, responsible_for_liquidation: 4 });
    expect(checkActionBody(dump, a, { id: 1 }, full)).toEqual({ ok: true, body: full });
  });

  it('applies the registry’s cross-field rules to the row after the step', () => {
    const a = dump.workflow!.actions.liquidate!;
    const early = checkActionBody(dump, a, { id: 1, discovery_date: '2026-04-14' }, { liquidation_date: '2026-04-01' });
    expect(early).toEqual({ ok: false, errors: { liquidation_date: 'Дата ликвидации не может быть раньше даты обнаружения.' } });
    expect(checkActionBody(dump, a, { id: 1, discovery_date: '2026-04-14' }, { liquidation_date: '2026-05-01' }).ok).toBe(true);
  });

  it('puts a 400 on the action’s fields (nested paths on their field), the rest in general', () => {
    const a = dump.workflow!.actions['start-liquidation']!;
    expect(actionServerErrors(dump, a, { 'liquidation_period.upper': ['Конец раньше начала.'], volume: ['Лишнее.'], non_field_errors: ['Нет.'] }))
      .toEqual({ fields: { liquidation_period: 'Конец раньше начала.' }, general: ['Объём, м³: Лишнее.', 'Нет.'] });
  });

  it('a locked workflow makes its state field read-only with a hint naming the actions', () => {
    expect(isLockedStateField(dump, 'status')).toBe(false);
    const locked = { ...dump, workflow: { ...dump.workflow!, locked: true } } as ResourceDef;
    expect(isLockedStateField(locked, 'status')).toBe(true);
    expect(isLockedStateField(locked, 'description')).toBe(false);
    expect(lockedStateHelp(locked, 'status')).toBe('Состояние меняется только действиями: «Начать ликвидацию», «Отметить ликвидированной», «Не подтверждена».');
  });
});

describe('АТЕ cards by ОКТМО code', () => {
  const section = sectionByKey('atu')!;
  const paths = tabPaths(section, findTab(section, '')!);
  const key = section.objectKey!;

  it('paths carry the code; a unit without one keeps an id path', () => {
    expect(paths.view({ id: 5, code: '25703000' })).toBe('/dicts/atu/view/25703000/');
    expect(paths.card({ id: 6, code: '25703000101' })).toBe('/dicts/atu/update/25703000101/');
    expect(paths.view({ id: 7, code: null })).toBe('/dicts/atu/view/id-7/');
    expect(paths.view(7)).toBe('/dicts/atu/view/id-7/');
    expect(paths.card('new')).toBe('/dicts/atu/update/new/');
    // Other sections keep ids.
    const sources = sectionByKey('waste-sources')!;
    expect(tabPaths(sources, findTab(sources, '')!).view({ id: 3, code: '25703000' })).toBe('/terr-schema/waste-sources/view/3/');
    expect(objectSegment(undefined, 4)).toBe('4');
  });

  it('reads a segment as a code, an id, `new`, or nothing', () => {
    expect(parseObjectSegment(key, '25703000')).toEqual({ kind: 'key', value: '25703000' });
    expect(parseObjectSegment(key, '25703000101')).toEqual({ kind: 'key', value: '25703000101' });
    expect(parseObjectSegment(key, 'id-12')).toEqual({ kind: 'id', id: '12' });
    expect(parseObjectSegment(key, 'new')).toEqual({ kind: 'new' });
    for (const bad of ['12', '2570300', 'id-0', 'id-x', 'abc']) expect(parseObjectSegment(key, bad), bad).toEqual({ kind: 'invalid' });
    expect(parseObjectSegment(undefined, '12')).toEqual({ kind: 'id', id: '12' });
  });

  it('the code filter of the contract finds a unit by its exact code; the list segment names its formation', () => {
    expect(listParams(atu, { code: '25703000' })).toMatchObject({ code: '25703000' });
    expect(atu.filters[key.filter]).toMatchObject({ kind: 'values', field: 'code' });
    expect(section.listSegment!.objectOf!('25703000')).toBe('25703000');
    expect(section.listSegment!.objectOf!('25')).toBeUndefined();
  });
});
