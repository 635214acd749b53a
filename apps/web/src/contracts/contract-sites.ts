/**
 * The contract card's chosen waste areas (issue 11 §3, spec 03 §3 «Contract waste area») as the
 * card form holds them: the `waste_areas` child rows, each `{id?, waste_area, periodicity, …}`.
 * A row read from the server is removed by marking it `fetch_action: 'delete'` (it stays in the
 * array so server error indices still match, as in crud/fields/children-table.tsx); a row added in
 * this session is dropped. Pure, for the unit test; the map picker and the list call these.
 */

/** One child row of the form's `waste_areas` array. */
export type SiteRow = Record<string, unknown> & { id?: number; waste_area?: unknown; fetch_action?: 'delete' };

/** The site id a row names (a positive integer), or null while the row's input is empty or invalid. */
export function siteIdOf(row: SiteRow): number | null {
  const v = typeof row.waste_area === 'string' ? Number(row.waste_area.trim()) : row.waste_area;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}

/** The ids of the sites the contract names now (rows not marked for deletion), in row order, once each. */
export function chosenSiteIds(rows: readonly SiteRow[]): number[] {
  const out: number[] = [];
  for (const r of rows) {
    const id = r.fetch_action === 'delete' ? null : siteIdOf(r);
    if (id !== null && !out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * Adds site `siteId` when the contract does not name it, else removes it (every row naming it):
 * a removed server row that names it again is restored (its periodicity and containers kept);
 * otherwise `blank` (the form's new child row: the field defaults, periodicity DAILY) gets the id.
 */
export function toggleSite(rows: readonly SiteRow[], siteId: number, blank: SiteRow): SiteRow[] {
  if (chosenSiteIds(rows).includes(siteId)) return removeSite(rows, siteId);
  const restored = rows.findIndex((r) => r.fetch_action === 'delete' && siteIdOf(r) === siteId);
  if (restored >= 0) {
    return rows.map((r, i) => {
      if (i !== restored) return r;
      const { fetch_action: _gone, ...kept } = r;
      return kept;
    });
  }
  return [...rows, { ...blank, waste_area: siteId }];
}

/** Removes every live row naming site `siteId`: server rows are marked for deletion, new rows dropped. */
export function removeSite(rows: readonly SiteRow[], siteId: number): SiteRow[] {
  const out: SiteRow[] = [];
  for (const r of rows) {
    if (r.fetch_action === 'delete' || siteIdOf(r) !== siteId) out.push(r);
    else if (r.id !== undefined) out.push({ ...r, fetch_action: 'delete' });
  }
  return out;
}
