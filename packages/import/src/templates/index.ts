/**
 * The import templates that work today, by template type (spec 03 §3). A type without an entry
 * waits for its registry (the labels and template calls answer 404 with a Russian detail).
 */
import type { ImportTemplateTypeValue } from '@tko/contract';
import { ImportTemplateType } from '@tko/contract';
import { cwaBundleTemplate } from './cwa-bundle';
import { balanceTemplate } from './balance';
import { flowsTemplate } from './flows';
import { vehicleComplexTemplate } from './vehicle-complex';
import { contractComplexTemplate } from './contract-complex';
import { angarskPlanTemplate } from './angarsk-plan';
import { applicableOptions } from './options';
import type { ImportTemplate } from './types';

export const IMPORT_TEMPLATES: Partial<Record<ImportTemplateTypeValue, ImportTemplate>> = {
  CWA_BUNDLE: cwaBundleTemplate,
  BALANCE: balanceTemplate,
  FLOWS: flowsTemplate,
  VEHICLE_COMPLEX: vehicleComplexTemplate,
  CONTRACT_COMPLEX: contractComplexTemplate,
  ANGARSK_PLAN: angarskPlanTemplate,
};

/** The template of `type`, or undefined when it does not work yet (or is NONE). */
export function templateOf(type: string): ImportTemplate | undefined {
  return IMPORT_TEMPLATES[type as ImportTemplateTypeValue];
}

/** Every template type with whether it works yet and the run options it honours (options.ts). */
export function templateInfos() {
  return ImportTemplateType.values
    .filter((t) => t !== 'NONE')
    .map((t) => {
      const template = IMPORT_TEMPLATES[t];
      return {
        type: t,
        label: ImportTemplateType.labels[t],
        available: Boolean(template),
        resource: template?.def.name ?? null,
        options: template ? applicableOptions(template) : null,
      };
    });
}
