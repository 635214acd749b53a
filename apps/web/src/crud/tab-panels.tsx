/**
 * Card tabs with a panel of their own instead of fields (spec 02 §2): the events tab lists the
 * object's events with an event card; a tab the contract marks `empty` (its data arrive with a
 * later module) shows that text. Used by the edit card and the view page alike.
 */
import type { ResourceDef, TabDef } from '@tko/contract';
import { Empty } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import type { FormValues } from './form-values';
import { EventsPanel } from './panels/events-panel';

// The target indicator's plan-vs-actual chart: its own chunk (the chart library), loaded by that tab only.
const WkiChart = lazy(async () => ({ default: (await import('../analytics/wki-chart')).WkiChart }));

// A problem's events (GET /api/problems/{id}/events/): its own chunk, loaded by that tab only.
const ProblemEventsPanel = lazy(async () => ({ default: (await import('../problems/problem-events-panel')).ProblemEventsPanel }));

// A schedule's routes per work date (issue 10 §4–§5): its own chunk, loaded by that tab only.
const ScheduleRoutesPanel = lazy(async () => ({ default: (await import('../schedules/schedule-routes-panel')).ScheduleRoutesPanel }));

// A contract's revisions and an appeal's chat (issue 11 §3, §4): their own chunks, loaded by those tabs only.
const ContractHistoryPanel = lazy(async () => ({ default: (await import('../contracts/contract-history-panel')).ContractHistoryPanel }));
const AppealDialogPanel = lazy(async () => ({ default: (await import('../appeals/appeal-dialog-panel')).AppealDialogPanel }));

// A contract's sites picked on a map (issue 11 §3): its own chunk (the map another one), loaded by that card only.
const ContractSitesPanel = lazy(async () => ({ default: (await import('../contracts/contract-sites-panel')).ContractSitesPanel }));

// A report set's reports per form (issue 13 §6): its own chunk, loaded by that tab only.
const ReportSetReportsPanel = lazy(async () => ({ default: (await import('../reports/report-set-reports-panel')).ReportSetReportsPanel }));

// A route's path on the map, built on the road graph (issue 10 §1): maplibre, its own chunk.
const RouteMapPanel = lazy(async () => ({ default: (await import('../map/route-map-panel')).RouteMapPanel }));

/** The tab's own panel, or null when the tab shows the registry's fields. */
export function tabPanel(tab: TabDef, entity: Record<string, unknown> | null): ReactNode | null {
  if (tab.key === 'events') return <EventsPanel events={entity?.events} hint={tab.empty} />;
  if (tab.key === 'problem_events') return <Suspense fallback={null}><ProblemEventsPanel id={entity?.id} /></Suspense>;
  if (tab.key === 'route_map') return <Suspense fallback={null}><RouteMapPanel entity={entity} /></Suspense>;
  if (tab.key === 'schedule_routes') return <Suspense fallback={null}><ScheduleRoutesPanel id={entity?.id} /></Suspense>;
  if (tab.key === 'contract_revisions') return <Suspense fallback={null}><ContractHistoryPanel id={entity?.id} /></Suspense>;
  if (tab.key === 'appeal_dialog') return <Suspense fallback={null}><AppealDialogPanel id={entity?.id} /></Suspense>;
  if (tab.key === 'plan_fact') return <Suspense fallback={null}><WkiChart entity={entity} /></Suspense>;
  if (tab.empty) return <Empty description={tab.empty} />;
  return null;
}

/**
 * Tools shown above a card tab's fields (the tab keeps its fields): a report set's «Формы отчётов» its
 * reports per form (reports/report-set-reports-panel.tsx); a contract's «Места накопления» the sites
 * picked on a map (contracts/contract-sites-panel.tsx). Null when the tab has none.
 */
export function tabTools(def: ResourceDef, tab: TabDef, control: Control<FormValues, unknown, FormValues>, editable: boolean): ReactNode | null {
  // A report set's forms with its reports and «Добавить отчёт» (issue 13 §6, spec 03 §2); read-only cards list them too.
  if (def.name === 'report-sets' && tab.key === 'forms') return <Suspense fallback={null}><ReportSetReportsPanel control={control} /></Suspense>;
  // A contract's sites: the list and the map picker above the table of its rows (issue 11 §3).
  if (def.name === 'contracts' && tab.key === 'waste_areas') return <Suspense fallback={null}><ContractSitesPanel control={control} editable={editable} /></Suspense>;
  return null;
}
