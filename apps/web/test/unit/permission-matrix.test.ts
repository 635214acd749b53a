/**
 * The role card's permission matrix (issue 14 §2): rows per section and resource from the
 * permission list, a cell only where the product checks the permission; granting and
 * withdrawing a whole row.
 */
import { describe, expect, it } from 'vitest';
import type { PermissionItem } from '@tko/contract';
import { matrixRows, setAll } from '../../src/admin/permission-matrix';

const item = (resource: string, action: PermissionItem['action'], section: string, label = resource): PermissionItem =>
  ({ name: `${resource}:${action}`, resource, action, resource_label: label, action_label: action, section });

describe('matrixRows', () => {
  it('groups resources under their section with a cell per checked action', () => {
    const rows = matrixRows([
      item('container', 'view', 'Места накопления', 'Контейнерные площадки'), item('container', 'change', 'Места накопления', 'Контейнерные площадки'),
      item('users', 'view', 'Администрирование', 'Пользователи'), item('system-settings', 'change', 'Администрирование', 'Системные настройки'),
    ]);
    expect(rows.map((r) => r.key)).toEqual(['section:Места накопления', 'container', 'section:Администрирование', 'users', 'system-settings']);
    expect(rows[1]!.cells).toEqual({ view: 'container:view', change: 'container:change' });
    expect(rows[4]!.cells).toEqual({ change: 'system-settings:change' });
    expect(rows[0]!.resource).toBeUndefined();
  });
});

describe('setAll', () => {
  it('grants and withdraws a set of permissions without touching others', () => {
    const on = setAll({ 'users:view': true }, ['container:view', 'container:add'], true);
    expect(on).toEqual({ 'users:view': true, 'container:view': true, 'container:add': true });
    expect(setAll(on, ['container:view', 'container:add'], false)).toEqual({ 'users:view': true });
  });
});
