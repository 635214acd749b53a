/**
 * One source of problem labels: the Russian name of each problem type lives only in the
 * contract's PROBLEM_TYPES (packages/contract/src/enums/problems.ts). The test walks every source
 * file of the workspace (apps, packages; .ts, .tsx) and fails when another file holds a copy of a
 * label, or a second enumeration of problem codes (an old `ProblemCode`, a `'P001':` label map).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROBLEM_TYPES } from '@tko/contract';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const DECLARATION = 'packages/contract/src/enums/problems.ts';
const SELF = 'packages/db/test/problem-labels.test.ts';

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'generated', 'dist', '.git'].includes(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.(ts|tsx)$/.test(e.name)) yield p;
  }
}

describe('problem type labels', () => {
  const files = ['apps', 'packages'].flatMap((d) => [...sources(join(ROOT, d))]).map((p) => ({ path: relative(ROOT, p), text: readFileSync(p, 'utf8') }));

  it('are declared once, in the contract', () => {
    expect(files.some((f) => f.path === DECLARATION)).toBe(true);
    const copies: string[] = [];
    for (const f of files) {
      if (f.path === DECLARATION || f.path === SELF) continue;
      for (const t of PROBLEM_TYPES) if (f.text.includes(t.label)) copies.push(`${f.path}: ${t.code} «${t.label}»`);
      // A second code → label map: a quoted or bare code key followed by a Russian string.
      if (/\bP\d{3}'?\s*:\s*'[А-ЯЁ]/u.test(f.text)) copies.push(`${f.path}: a map of problem codes to labels`);
      if (/\bProblemCode\b/.test(f.text)) copies.push(`${f.path}: ProblemCode enumeration`);
    }
    expect(copies).toEqual([]);
  });

  it('every type has a label, rule, source and severity', () => {
    for (const t of PROBLEM_TYPES) {
      expect(t.label.length, t.code).toBeGreaterThan(5);
      expect(t.rule.length, t.code).toBeGreaterThan(5);
      expect(t.source.length, t.code).toBeGreaterThan(3);
      expect(['LOW', 'MEDIUM', 'HIGH']).toContain(t.priority);
    }
    expect(new Set(PROBLEM_TYPES.map((t) => t.code)).size).toBe(PROBLEM_TYPES.length);
  });
});
