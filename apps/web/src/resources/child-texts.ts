/**
 * Words of child rows edited inside a card (the containers of a site, spec 02 §2 "sub-panel for
 * selecting a container"), keyed by the children field's name. Other children read as «Запись».
 */
export interface ChildTexts {
  /** One row: the title of its card («Контейнер № 2»). */
  one: string;
  /** Empty table: says what to do. */
  empty: string;
}

const TEXTS: Record<string, ChildTexts> = {
  containers: { one: 'Контейнер', empty: 'Контейнеров нет. Нажмите «Добавить», чтобы указать контейнеры площадки.' },
};

export function childTexts(field: string): ChildTexts {
  return TEXTS[field] ?? { one: 'Запись', empty: 'Записей нет. Нажмите «Добавить», чтобы добавить запись.' };
}
