/**
 * The contract card's site picker on the form's `waste_areas` rows (src/contracts/contract-sites.ts,
 * issue 11 §3): a click adds a site with the new row's defaults, a second click removes it — a
 * saved row is marked `fetch_action: 'delete'` (kept for the server's error indices), a new one
 * dropped — and a removed saved row clicked again is restored with its own values.
 */
import { describe, expect, it } from 'vitest';
import { chosenSiteIds, removeSite, toggleSite, type SiteRow } from '../../src/contracts/contract-sites';

const BLANK: SiteRow = { waste_area: null, waste_area_type: null, periodicity: 'DAILY', periodicity_on_dates: [], periodicity_on_weekdays: [], containers: [] };
const SAVED: SiteRow = { id: 7, waste_area: 41, waste_area_type: 'CONTAINER_WASTE_AREA', periodicity: 'ON_WEEKDAYS', periodicity_on_dates: [], periodicity_on_weekdays: [1, 4], containers: [3] };

describe('contract sites on the form rows', () => {
  it('lists the live rows\' sites once each, skipping deleted rows and empty or invalid inputs', () => {
    expect(chosenSiteIds([SAVED, { waste_area: '12' }, { waste_area: 12 }, { waste_area: '' }, { waste_area: 0 }, { waste_area: 'x' }, { id: 9, waste_area: 5, fetch_action: 'delete' }])).toEqual([41, 12]);
    expect(chosenSiteIds([])).toEqual([]);
  });

  it('adds a site as a new row with the defaults, and drops that new row on the second click', () => {
    const added = toggleSite([SAVED], 55, BLANK);
    expect(added).toEqual([SAVED, { ...BLANK, waste_area: 55 }]);
    expect(chosenSiteIds(added)).toEqual([41, 55]);
    const again = toggleSite(added, 55, BLANK);
    expect(again).toEqual([SAVED]);
  });

  it('marks a saved row for deletion and restores it, with its periodicity and containers, when clicked again', () => {
    const removed = toggleSite([SAVED], 41, BLANK);
    expect(removed).toEqual([{ ...SAVED, fetch_action: 'delete' }]);
    expect(chosenSiteIds(removed)).toEqual([]);
    const restored = toggleSite(removed, 41, BLANK);
    expect(restored).toEqual([SAVED]);
    expect(restored[0]).not.toHaveProperty('fetch_action');
  });

  it('removes every live row naming the site (a duplicate typed in the table too)', () => {
    const rows: SiteRow[] = [SAVED, { waste_area: 41 }, { waste_area: 8 }];
    expect(removeSite(rows, 41)).toEqual([{ ...SAVED, fetch_action: 'delete' }, { waste_area: 8 }]);
    expect(removeSite(rows, 99)).toEqual(rows);
  });
});
