/**
 * Card tabs with a panel of their own instead of fields (spec 02 §2): the events tab lists the
 * object's events with an event card; a tab the contract marks `empty` (its data arrive with a
 * later module) shows that text. Used by the edit card and the view page alike.
 */
import type { TabDef } from '@tko/contract';
import { Empty } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { EventsPanel } from './panels/events-panel';

// The target indicator's plan-vs-actual chart: its own chunk (the chart library), loaded by that tab only.
const WkiChart = lazy(async () => ({ default: (await import('../analytics/wki-chart')).WkiChart }));

// A problem's events (GET /api/problems/{id}/events/): its own chunk, loaded by that tab only.
const ProblemEventsPanel = lazy(async () => ({ default: (await import('../problems/problem-events-panel')).ProblemEventsPanel }));

/** The tab's own panel, or null when the tab shows the registry's fields. */
export function tabPanel(tab: TabDef, entity: Record<string, unknown> | null): ReactNode | null {
  if (tab.key === 'events') return <EventsPanel events={entity?.events} hint={tab.empty} />;
  if (tab.key === 'problem_events') return <Suspense fallback={null}><ProblemEventsPanel id={entity?.id} /></Suspense>;
  if (tab.key === 'plan_fact') return <Suspense fallback={null}><WkiChart entity={entity} /></Suspense>;
  if (tab.empty) return <Empty description={tab.empty} />;
  return null;
}
