/**
 * The site a public appeal is about, carried in the public form's address (issue 25 §2): the public
 * map's popup of a waste area links to `PUBLIC_APPEAL_FORM_WEB_PATH?waste_area=<id>&location=<address>`,
 * and the form reads it back (the id goes with the filing; the address is only shown — the server
 * takes the site's own address and point). One place for both ends of that link.
 */
import { PUBLIC_APPEAL_FORM_WEB_PATH } from '@tko/contract';

export interface AppealSite {
  id: number;
  /** The address as the map showed it; '' when the map had none. */
  location: string;
}

/** The form's address for an appeal about waste area `id` at `location`. */
export function publicAppealFormHref(id: number, location: string): string {
  const q = new URLSearchParams({ waste_area: String(id) });
  if (location) q.set('location', location);
  return `${PUBLIC_APPEAL_FORM_WEB_PATH}?${q.toString()}`;
}

/** The site of the form's query; null without one or when `waste_area` is not a positive integer. */
export function appealSiteOf(params: URLSearchParams): AppealSite | null {
  const raw = params.get('waste_area');
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? { id, location: params.get('location') ?? '' } : null;
}
