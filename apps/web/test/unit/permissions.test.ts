import { hasAnyPermission } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { NAVIGATION, navItemVisible } from '../../src/app/navigation';
import { allowedWasteAreaTypes, resolveWasteAreaType, WASTE_AREA_SECTION_PERMISSION } from '../../src/app/permissions/permissions';

const flags = (o: Partial<Record<'view' | 'add' | 'change' | 'delete' | 'export', boolean>>) => ({
  view: false, add: false, change: false, delete: false, export: false, ...o,
});

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

  it('the container section needs view on one of the five kinds', () => {
    expect(WASTE_AREA_SECTION_PERMISSION).toBe('container:view special:view collection:view chamber:view bulk:view');
    expect(allowedWasteAreaTypes(perms)).toEqual(['container', 'bulk']);
    expect(allowedWasteAreaTypes({ chamber: flags({ export: true }) })).toEqual([]);
  });

  it('moves to the first allowed kind when the requested one is not allowed', () => {
    expect(resolveWasteAreaType(perms, 'bulk')).toEqual({ kind: 'allowed', type: 'bulk' });
    expect(resolveWasteAreaType(perms, 'special')).toEqual({ kind: 'redirect', type: 'container' });
    expect(resolveWasteAreaType({ special: flags({ view: true }) }, 'container')).toEqual({ kind: 'redirect', type: 'special' });
    expect(resolveWasteAreaType(perms, 'nonsense')).toEqual({ kind: 'redirect', type: 'container' });
    expect(resolveWasteAreaType({}, 'container')).toEqual({ kind: 'denied' });
  });
});

describe('header navigation', () => {
  const items = NAVIGATION.flatMap((s) => s.items);
  const visible = (signedIn: boolean, perms: Parameters<typeof navItemVisible>[2]) => items.filter((i) => navItemVisible(i, signedIn, perms)).map((i) => i.key);

  it('anonymous visitors see the public pages; users see what their permissions allow', () => {
    expect(visible(false, undefined)).toEqual(['containers', 'map']);
    expect(visible(true, { bulk: flags({ view: true }) })).toEqual(['containers', 'map']);
    expect(visible(true, { chamber: flags({ export: true }) })).toEqual(['map']);
  });
});
