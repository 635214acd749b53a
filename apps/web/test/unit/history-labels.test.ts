/** The change log names every changed field in Russian: registries by their labels, users and roles by theirs. */
import { containerResource, type ResourceDef } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { changedFieldLabel, fieldChanges } from '../../src/history/history-format';

describe('changed field names', () => {
  it('uses the contract labels of users and roles (no raw keys such as is_active)', () => {
    const names = ['id', 'email', 'is_active', 'roles'].map((k) => changedFieldLabel('users', undefined, k));
    expect(names).toEqual(['Номер', 'Электронная почта', 'Активен', 'Роли']);
    expect(changedFieldLabel('users-roles', undefined, 'permissions')).toBe('Права');
    const rows = fieldChanges(undefined, { action: 'update', fields: ['is_active'], before: { is_active: true }, after: { is_active: false }, resource: 'users' });
    expect(rows.map((r) => r.label)).toEqual(['Активен']);
  });

  it('uses a registry field label', () => {
    expect(changedFieldLabel('containers', containerResource as unknown as ResourceDef, 'status')).toBe('Статус');
  });
});
