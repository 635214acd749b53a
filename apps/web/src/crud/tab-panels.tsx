/**
 * Card tabs with a panel of their own instead of fields (spec 02 §2): the waste areas' events tab
 * lists the object's events with an event card; a registry's own panels and the tools above a
 * tab's fields come from its overrides (resources/registry-overrides.tsx `tabPanels`,
 * `tabTools`); a tab the contract marks `empty` (its data arrive with a later module) shows that
 * text. Used by the edit card and the view page alike.
 */
import type { ResourceDef, TabDef } from '@tko/contract';
import { Empty } from 'antd';
import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { overridesOf } from '../resources/registry-overrides';
import type { FormValues } from './form-values';
import { EventsPanel } from './panels/events-panel';

/** The tab's own panel, or null when the tab shows the registry's fields. */
export function tabPanel(def: ResourceDef, tab: TabDef, entity: Record<string, unknown> | null): ReactNode | null {
  if (tab.key === 'events') return <EventsPanel events={entity?.events} hint={tab.empty} />;
  const own = overridesOf(def.name).tabPanels?.[tab.key];
  if (own) return own(entity, tab);
  if (tab.empty) return <Empty description={tab.empty} />;
  return null;
}

/** Tools shown above a card tab's fields (the tab keeps its fields); null when the tab has none. */
export function tabTools(def: ResourceDef, tab: TabDef, control: Control<FormValues, unknown, FormValues>, editable: boolean): ReactNode | null {
  return overridesOf(def.name).tabTools?.[tab.key]?.({ control, editable }) ?? null;
}
