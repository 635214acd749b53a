/**
 * Buttons a registry's saved card shows beside Сохранить / Удалить (edit card and view page):
 * one entry per resource name, e.g. the way-bill's «Печать» (issue 10, round 2). A registry
 * without an entry shows none.
 */
import type { ReactNode } from 'react';
import { WaybillPrintButton } from '../fleet/waybill-print-button';

type CardButtons = (entity: Record<string, unknown>, dirty: boolean) => ReactNode;

const BUTTONS: Readonly<Record<string, CardButtons>> = {
  waybills: (entity, dirty) => <WaybillPrintButton id={entity.id} dirty={dirty} />,
};

/** The extra buttons of a saved object of registry `resource` (`dirty`: the card has unsaved edits). */
export function cardButtons(resource: string, entity: Record<string, unknown>, dirty = false): ReactNode {
  return BUTTONS[resource]?.(entity, dirty) ?? null;
}
