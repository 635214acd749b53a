/**
 * Rule P501 over plan and fact (docs/TRACKING.md «Plan and fact»): a waste area whose service on a
 * work date is `missed` (plan_fact_site, written by the plan/fact computation) a full day after the
 * end of its window — i.e. still not served by the end of the next day (every calendar day is a
 * working day of a collection schedule) — is a problem; serving it later (its status becomes late)
 * ends the violation, and the detector closes the problem with its RESOLVED event. One problem per
 * site whatever the number of missed dates (the newest is in the details). ОКТМО and who is to act:
 * the site's, as the other site rules (site-routing.ts). It depends on the clock (now()), so an
 * incremental run checks it whole.
 */
import { SITE_MO, siteUnitJoins } from '../../oktmo/site-unit';
import type { ProblemRule } from './rule';
import { rule } from './rule';
import { siteResponsible } from './site-routing';

export const planFactRules: ProblemRule[] = [
  rule('P501', `SELECT DISTINCT ON (s.waste_area_id) s.waste_area_id AS object_id, w.location, w.coordinates AS point, ${SITE_MO} AS oktmo,
      ('Не обслужена ' || to_char(s.work_date, 'DD.MM.YYYY') || ' по графику № ' || s.schedule_id)::text AS details, ${siteResponsible} AS responsible
    FROM plan_fact_site s JOIN waste_area w ON w.id = s.waste_area_id ${siteUnitJoins('w')}
    WHERE s.status = 'missed' AND s.window_close + interval '1 day' <= now()
    ORDER BY s.waste_area_id, s.work_date DESC`, { incremental: false }),
];
