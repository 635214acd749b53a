/**
 * A new card pre-fills the spec's defaults of the surveyed facts (spec 01 §3: access FREE, base and
 * fence CORRESPONDS, coverage ASPHALT, no roof) for the person to confirm by saving; the server never
 * stores them on its own (FieldDef.suggest), and a card read with an unknown fact keeps it unknown —
 * saving the card does not turn «not surveyed» into «нет».
 */
import { containerResource } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { isFact, normaliseFormValues, toFormValue } from '../../src/crud/form-values';

const fields = containerResource.fields;

describe('surveyed facts in the card', () => {
  it('a new card suggests the spec defaults', () => {
    expect(toFormValue(fields.access!, undefined)).toBe('FREE');
    expect(toFormValue(fields.platform_basement!, undefined)).toBe('CORRESPONDS');
    expect(toFormValue(fields.fence!, undefined)).toBe('CORRESPONDS');
    expect(toFormValue(fields.coverage_type!, undefined)).toBe('ASPHALT');
    expect(toFormValue(fields.has_cover!, undefined)).toBe(false);
  });

  it('a card read with unknown facts keeps them unknown through a save', () => {
    expect(isFact(fields.has_cover!)).toBe(true);
    expect(isFact(fields.information_plate!)).toBe(false);
    expect(toFormValue(fields.has_cover!, null)).toBeNull();
    expect(toFormValue(fields.access!, null)).toBeNull();
    const body = normaliseFormValues(containerResource, { has_cover: toFormValue(fields.has_cover!, null), access: toFormValue(fields.access!, null) });
    expect(body).toMatchObject({ has_cover: null, access: null });
  });

});
