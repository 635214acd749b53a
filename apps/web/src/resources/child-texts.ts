/**
 * Words of child rows edited inside a card, from the registry's overrides
 * (registry-overrides.tsx `childTexts`, by the children field's key). Other children read as «Запись».
 */
import { overridesOf, type ChildTexts } from './registry-overrides';

export type { ChildTexts };

export function childTexts(resource: string | undefined, field: string): ChildTexts {
  return overridesOf(resource).childTexts?.[field] ?? { one: 'Запись', empty: 'Записей нет. Нажмите «Добавить», чтобы добавить запись.' };
}
