/**
 * When a run reads the file twice (run-import.ts needsScan, issue 9 §1/§4): only when some
 * look-alike group is to be resolved otherwise than «apart» — by options.duplicates or by the
 * user's choice for one group; the default reads the file once.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_OPTIONS } from '@tko/contract';
import { needsScan } from '../src/index';

describe('needsScan', () => {
  it('reads once by default and when every chosen group stays apart', () => {
    expect(needsScan(DEFAULT_IMPORT_OPTIONS)).toBe(false);
    expect(needsScan({ ...DEFAULT_IMPORT_OPTIONS, groups: { L2: 'apart', L9: 'apart' } })).toBe(false);
  });

  it('scans first for any other resolution', () => {
    for (const duplicates of ['merge', 'skip', 'error', 'same_point'] as const) expect(needsScan({ ...DEFAULT_IMPORT_OPTIONS, duplicates })).toBe(true);
    expect(needsScan({ ...DEFAULT_IMPORT_OPTIONS, groups: { L2: 'apart', L9: 'merge' } })).toBe(true);
    expect(needsScan({ ...DEFAULT_IMPORT_OPTIONS, groups: { L4: 'skip' } })).toBe(true);
  });
});
