import { hasAnyPermission, WASTE_AREA_TABS } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { NAVIGATION, navItemVisible } from '../../src/app/navigation';
import { readableTabs, resolveTab, sectionPermission, type TabLike } from '../../src/app/permissions/permissions';

const flags = (o: Partial<Record<'view' | 'add' | 'change' | 'delete' | 'export', boolean>>) => ({
  view: false, add: false, change: false, delete: false, export: false, ...o,
});

const WASTE_AREAS: TabLike[] = WASTE_AREA_TABS.map((t) => ({ slug: t.type, resource: t.type }));
const signedIn = (perms: Parameters<typeof hasAnyPermission>[0]) => ({ signedIn: true, perms });
const anonymous = { signedIn: false, perms: undefined };
const onlyContainerPublic = (t: TabLike) => t.resource === 'container';

describe('permission checks', () => {
  const perms = { container: flags({ view: true, add: true }), bulk: flags({ view: true }), chamber: flags({ export: true }) };

  it('shows an element when the user holds at least one of the listed flags', () => {
    expect(hasAnyPermission(perms, 'container:add container:change')).toBe(true);
    expect(hasAnyPermission(perms, 'container:change container:delete')).toBe(false);
    expect(hasAnyPermission(perms, 'bulk')).toBe(true); // bare resource = view
    expect(hasAnyPermission(perms, 'unknown:view')).toBe(false);
    expect(hasAnyPermission(undefined, 'container:view')).toBe(false);
    expect(hasAnyPermission(perms, '')).toBe(false);
  });

  it('a section needs view on one of its tabs; signed-in users read the tabs they may view', () => {
    expect(sectionPermission(WASTE_AREAS)).toBe('container:view special:view collection:view chamber:view bulk:view');
    // Two tabs of one registry (current / planned facilities) need one permission.
    expect(sectionPermission([{ slug: 'current', resource: 'f' }, { slug: 'planned', resource: 'f' }])).toBe('f:view');
    expect(readableTabs(WASTE_AREAS, signedIn(perms), onlyContainerPublic).map((t) => t.slug)).toEqual(['container', 'bulk']);
    expect(readableTabs(WASTE_AREAS, signedIn({ chamber: flags({ export: true }) }), onlyContainerPublic)).toEqual([]);
  });

  it('moves to the first readable tab when the requested one is not readable', () => {
    const resolve = (p: Parameters<typeof hasAnyPermission>[0], requested: string | undefined) => {
      const a = resolveTab(WASTE_AREAS, requested, signedIn(p), onlyContainerPublic);
      return a.kind === 'allowed' || a.kind === 'redirect' ? { kind: a.kind, type: a.tab.slug } : a;
    };
    expect(resolve(perms, 'bulk')).toEqual({ kind: 'allowed', type: 'bulk' });
    expect(resolve(perms, 'special')).toEqual({ kind: 'redirect', type: 'container' });
    expect(resolve({ special: flags({ view: true }) }, 'container')).toEqual({ kind: 'redirect', type: 'special' });
    expect(resolve(perms, 'nonsense')).toEqual({ kind: 'redirect', type: 'container' });
    expect(resolve(perms, undefined)).toEqual({ kind: 'redirect', type: 'container' });
    expect(resolve({}, 'container')).toEqual({ kind: 'denied' });
  });

  it('anonymous visitors read the public tabs only, or are asked to sign in', () => {
    const a = resolveTab(WASTE_AREAS, 'special', anonymous, onlyContainerPublic);
    expect(a.kind === 'redirect' && a.tab.slug).toBe('container');
    expect(resolveTab(WASTE_AREAS, 'container', anonymous, () => false)).toEqual({ kind: 'signin' });
    // A one-registry section has one tab with an empty slug.
    const single = [{ slug: '', resource: 'waste-dumps' }];
    expect(resolveTab(single, '', signedIn({ 'waste-dumps': flags({ view: true }) }), () => false).kind).toBe('allowed');
  });
});

describe('side navigation', () => {
  const items = NAVIGATION.flatMap((s) => s.items);
  const visible = (signedIn: boolean, perms: Parameters<typeof navItemVisible>[2]) => items.filter((i) => navItemVisible(i, signedIn, perms)).map((i) => i.key);

  it('has the territorial scheme, the dictionaries and the administration in Russian', () => {
    expect(NAVIGATION.map((s) => s.label)).toEqual(['Территориальная схема', 'Операционная деятельность', 'Справочники', 'Аналитика', 'Отчётность', 'Администрирование']);
    expect(NAVIGATION.find((s) => s.key === 'analytics')!.items.map((i) => [i.label, i.path, i.perm])).toContainEqual(['Дашборд', '/analitics/dashboard/', 'dashboard:view']);
    expect(NAVIGATION.find((s) => s.key === 'admin')!.items.map((i) => [i.label, i.path, i.perm])).toEqual([
      ['Импорт данных', '/system-import/', 'import:view'],
      ['Системный журнал', '/system-logs/', 'system-logs:view'],
      ['Декларанты', '/admin/users/declarants/', 'users-roles:view'],
      ['Пользователи', '/admin/users/', 'users:view'],
      ['Роли', '/admin/roles/', 'users-roles:view'],
      ['Системные настройки', '/settings/', 'system-settings:view system-settings:change'],
      ['Регион', '/admin/region/', 'system-settings:change'],
    ]);
    expect(NAVIGATION[0]!.items.map((i) => i.label)).toEqual([
      'Места накопления', 'Карта', 'Источники образования', 'Объекты обращения с отходами', 'Несанкционированные свалки', 'Обработчики отходов',
    ]);
    expect(NAVIGATION.find((s) => s.key === 'dicts')!.items.map((i) => i.label)).toEqual(expect.arrayContaining(['ФККО', 'АТЕ (ОКТМО)', 'Зоны деятельности']));
    expect(NAVIGATION.find((s) => s.key === 'operations')!.items.map((i) => [i.label, i.path])).toEqual(expect.arrayContaining([
      ['Потоки отходов', '/flows/'], ['Диспетчерская', '/dispatcher/'], ['Документы', '/documents/'], ['Карта маршрутов', '/routes/map/'],
    ]));
  });

  it('anonymous visitors see the public pages; users see what their permissions allow', () => {
    expect(visible(false, undefined)).toEqual(expect.arrayContaining(['containers', 'map', 'waste-sources']));
    expect(visible(false, undefined)).not.toContain('waste-handlers');
    expect(visible(false, undefined)).not.toContain('contract-zones');
    expect(visible(true, { bulk: flags({ view: true }) })).toEqual(['containers', 'map']);
    expect(visible(true, { chamber: flags({ export: true }) })).toEqual(['map']);
    expect(visible(true, { 'natural-person': flags({ view: true }), 'contract-zones': flags({ view: true }) })).toEqual(['map', 'waste-handlers', 'contract-zones']);
    expect(visible(true, { import: flags({ view: true }) })).toEqual(['map', 'system-import']);
    expect(visible(false, undefined)).not.toContain('system-import');
  });
});
