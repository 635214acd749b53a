/**
 * The run options the import screen sends (@tko/contract fitImportOptions, issue 10 §6): what the template does not honour goes back to its default — a key chosen under another
 * template would answer 400 — and nothing changes while the template's options are unknown.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_OPTIONS, fitImportOptions as fitOptions, type ImportApplicableOptions, type ImportOptions } from '@tko/contract';

const chosen: ImportOptions = { duplicates: 'merge', groups: { L2: 'skip' }, match_key: 'identifier', match_distance: 5, existing: 'skip', all_or_nothing: true };
const all: ImportApplicableOptions = { duplicates: true, match_keys: ['identifier', 'registry_number', 'id'], match_distance: true, existing: true, all_or_nothing: true };
const plan: ImportApplicableOptions = { duplicates: false, match_keys: [], match_distance: false, existing: true, all_or_nothing: true };

describe('fitOptions', () => {
  it('keeps every option a template honours, and all while unknown', () => {
    expect(fitOptions(chosen, all)).toEqual(chosen);
    expect(fitOptions(chosen, null)).toBe(chosen);
  });

  it('resets look-alike rows, the key and the distance for a route plan, keeping «existing» and «all or nothing»', () => {
    expect(fitOptions(chosen, plan)).toEqual({ ...DEFAULT_IMPORT_OPTIONS, existing: 'skip', all_or_nothing: true });
  });

  it('drops a key the template lacks but keeps one it has', () => {
    expect(fitOptions(chosen, { ...all, match_keys: ['registry_number'] }).match_key).toBe('none');
    expect(fitOptions({ ...chosen, match_key: 'registry_number' }, { ...all, match_keys: ['registry_number'] }).match_key).toBe('registry_number');
  });

  it('resets «existing» and «all or nothing» where they do not apply', () => {
    expect(fitOptions(chosen, { ...plan, existing: false, all_or_nothing: false })).toEqual(DEFAULT_IMPORT_OPTIONS);
  });
});
