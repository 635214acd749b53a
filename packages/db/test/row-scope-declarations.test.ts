/**
 * Every registry declares its row scope (contract common/row-scope.ts): roles are configurable,
 * so any registry can be reached by a declarant; one without a declaration would show them
 * every row. Enumerates every registry description of the contract and fails for one that
 * declares none, two modes at once, an empty reason, or scope fields that are not stored links
 * to legal entities / a stored ОКТМО text.
 */
import { describe, expect, it } from 'vitest';
import type { ResourceDef } from '@tko/contract';
import { containerResource, resources } from '@tko/contract';
import { storedResource } from '../src/tables/index';

/** What is wrong with the row-scope declarations of `defs` (empty: nothing). */
function declarationProblems(defs: readonly ResourceDef[]): string[] {
  const problems: string[] = [];
  for (const def of defs) {
    const rs = def.rowScope;
    if (!rs) {
      problems.push(`${def.name}: no rowScope`);
      continue;
    }
    const keyed = Boolean(rs.organization?.length || rs.oktmo);
    const modes = [keyed, rs.shared !== undefined, rs.internal !== undefined].filter(Boolean).length;
    if (modes !== 1) problems.push(`${def.name}: declare exactly one of organization/oktmo, shared, internal (got ${modes})`);
    for (const reason of [rs.shared, rs.internal]) if (reason !== undefined && reason.trim().length < 10) problems.push(`${def.name}: the reason «${reason}» says nothing`);
    const stored = storedResource(def);
    for (const k of rs.organization ?? []) {
      const fd = stored.fields[k];
      if (!fd || (fd.kind !== 'ref' && fd.kind !== 'refs')) problems.push(`${def.name}: organisation field ${k} is not a ref/refs field`);
      else if (fd.ref?.table !== 'legal_entity') problems.push(`${def.name}: organisation field ${k} points to ${fd.ref?.table}, not legal_entity`);
      else if (fd.kind === 'ref' ? !fd.column : !fd.join) problems.push(`${def.name}: organisation field ${k} is not stored`);
    }
    if (rs.oktmo) {
      const fd = stored.fields[rs.oktmo];
      if (!fd?.column || fd.kind !== 'text') problems.push(`${def.name}: ОКТМО field ${rs.oktmo} is not a stored text field`);
    }
  }
  return problems;
}

describe('row scope declarations', () => {
  it('every registry declares organisation/ОКТМО fields, shared (with a reason) or internal (with a reason)', () => {
    expect(resources.length).toBeGreaterThan(30);
    expect(declarationProblems(resources)).toEqual([]);
  });

  it('the check fails for a registry without a declaration, with two modes, or a scope field that is no organisation link', () => {
    const { rowScope: _, ...bare } = containerResource;
    expect(declarationProblems([bare as ResourceDef])).toEqual(['container: no rowScope']);
    expect(declarationProblems([{ ...containerResource, rowScope: { organization: ['owners'], shared: 'a public register of sites' } }])).toHaveLength(1);
    expect(declarationProblems([{ ...containerResource, rowScope: { organization: ['contract_zone'] } }])[0]).toMatch(/contract_zone points to contract_zone/);
  });
});
