/**
 * The roles a fresh installation ships with (issue 14 §2, issue 23 §1 «Seeded roles that work»),
 * written once as a table: per role, a level of rights per section of the permission matrix
 * (`PERMISSION_SECTION_ORDER`, spec 01 §2 menu groups) and the few resources that differ from
 * their section's level. A role's rights are derived from the table over every permission
 * resource that exists (`PERMISSION_RESOURCES` × `PERMISSION_SECTIONS`), so a registry added to a
 * section reaches the roles of that section without an edit here. packages/db `seedRoles` writes
 * them into `role` / `role_permission` on every migrate run (docs/ROLES.md says which role does
 * what and why; the spec leaves role names and their rights to the product, spec 03 §6).
 */
import type { PermissionSection } from '../common/resource';
import { PERMISSION_RESOURCES, PERMISSION_SECTIONS } from '../routes/permissions';
import type { PermissionAction } from '../routes/auth';

/**
 * A level of rights: `view` — read (lists, cards, the section's screens); `export` — read and
 * xlsx; `edit` — read, xlsx, create and change; `full` — also delete; `none` — no right (only
 * in `resources`, to take a resource out of its section's level). Or the actions themselves.
 */
export type RoleLevel = 'none' | 'view' | 'export' | 'edit' | 'full' | readonly PermissionAction[];

export const ROLE_LEVEL_ACTIONS: Record<Exclude<RoleLevel, readonly PermissionAction[]>, readonly PermissionAction[]> = {
  none: [],
  view: ['view'],
  export: ['view', 'export'],
  edit: ['view', 'add', 'change', 'export'],
  full: ['view', 'add', 'change', 'delete', 'export'],
};

export interface SeededRoleDef {
  /** The role's name (`role.name`, unique). */
  name: string;
  description: string;
  /** Level per section; a section not named grants nothing. */
  sections: Partial<Record<PermissionSection, RoleLevel>>;
  /** Levels of single resources over their section's (the declarant's own registries, …). */
  resources?: Record<string, RoleLevel>;
  /** The role's job, in Russian, for docs/ROLES.md and the test's «screens of its job». */
  job: string;
}

const EVERY_SECTION_FULL = {
  'Места накопления': 'full', 'Территориальная схема': 'full', 'Диспетчерская': 'full', 'Договоры и обращения': 'full', 'Документы': 'full',
  'Справочники': 'full', 'Аналитика': 'full', 'Отчётность': 'full', 'Администрирование': 'full', 'Прочее': 'full',
} as const satisfies Record<PermissionSection, RoleLevel>;

/** The seeded roles (docs/ROLES.md). The administrator's role holds every right (packages/db admin.ts too). */
export const SEEDED_ROLES: readonly SeededRoleDef[] = [
  {
    name: 'Администратор',
    description: 'Все права на все реестры',
    job: 'Настраивает систему: пользователи, роли, настройки, импорт; имеет все права.',
    sections: EVERY_SECTION_FULL,
  },
  {
    name: 'Оператор реестра',
    description: 'Ведение территориальной схемы, договоров, обращений, документов и справочников, импорт',
    job: 'Ведёт реестры территориальной схемы, договоры, обращения граждан, документы и справочники, загружает данные импортом, разбирает проблемы.',
    sections: {
      'Места накопления': 'full', 'Территориальная схема': 'full', 'Договоры и обращения': 'full', 'Документы': 'full', 'Справочники': 'full',
      'Диспетчерская': 'view', 'Аналитика': 'export', 'Отчётность': 'view',
    },
    resources: {
      // The federal dictionaries are changed by the administrator only (ResourceDef.writePermission).
      fkko: 'export', 'administrative-unit': 'export',
      problems: 'edit',
      import: ['view', 'add', 'change'],
    },
  },
  {
    name: 'Диспетчер',
    description: 'Маршруты, графики, заявки, путевые листы, диспетчерские события, мониторинг транспорта, обращения и проблемы',
    job: 'Планирует и ведёт вывоз: маршруты, графики, заявки, путевые листы, диспетчерские и маршрутные события, мониторинг транспорта; отвечает на обращения, ведёт проблемы и несанкционированные свалки.',
    sections: {
      'Диспетчерская': 'edit', 'Места накопления': 'view', 'Территориальная схема': 'view', 'Договоры и обращения': 'view', 'Документы': 'view',
      'Справочники': 'view',
    },
    resources: {
      // The fleet and the staff are kept by the garage; the dispatcher reads them.
      vehicles: 'view', garages: 'view', staff: 'view',
      // Reads the positions; the trackers ingest them (`navctl:add`).
      navctl: 'view',
      'waste-dumps': 'edit', appeals: 'edit', problems: 'edit',
    },
  },
  {
    name: 'Аналитик',
    description: 'Просмотр и выгрузка реестров, ведение аналитики (показатели, тарифы, баланс, проблемы)',
    job: 'Смотрит и выгружает все реестры, ведёт аналитику: дашборд, проблемы, баланс, целевые показатели, тарифы, потоки отходов.',
    sections: {
      'Места накопления': 'export', 'Территориальная схема': 'export', 'Диспетчерская': 'export', 'Договоры и обращения': 'export', 'Документы': 'view',
      'Справочники': 'export', 'Аналитика': 'edit', 'Отчётность': 'export',
    },
    resources: { 'flows-present': 'edit', 'flows-predicted': 'edit', navctl: 'view' },
  },
  {
    name: 'Декларант',
    description: 'Ведение источников, мест накопления и отчётов своей организации',
    job: 'Организация-отчитывающийся: ведёт свои места накопления и источники образования отходов, заполняет и подписывает отчёты (видит только строки своей организации).',
    sections: { 'Места накопления': 'edit', 'Отчётность': 'edit', 'Справочники': 'view' },
    resources: {
      'waste-sources': 'edit', 'juridical-person': 'view',
      // The reviewers' side of the reports.
      'report-review': 'none', 'report-notification-templates': 'none',
    },
  },
  {
    name: 'Проверяющий отчёты',
    description: 'Проверка отчётов, шаблоны уведомлений, просмотр реестров и системного журнала',
    job: 'Проверяет отчёты декларантов (принять, вернуть, одобрить, отклонить), ведёт шаблоны уведомлений, сверяет отчёты с реестрами и системным журналом.',
    sections: { 'Места накопления': 'export', 'Территориальная схема': 'export', 'Справочники': 'export', 'Отчётность': 'export' },
    resources: {
      'report-review': ['view', 'change'], 'report-notification-templates': ['view', 'add', 'change', 'delete'],
      'system-logs': 'export',
    },
  },
  {
    name: 'Только чтение',
    description: 'Просмотр реестров и справочников',
    job: 'Смотрит реестры и справочники, ничего не меняет (наблюдатель, муниципалитет).',
    sections: {
      'Места накопления': 'view', 'Территориальная схема': 'view', 'Диспетчерская': 'view', 'Договоры и обращения': 'view', 'Документы': 'view',
      'Справочники': 'view', 'Аналитика': 'view', 'Отчётность': 'view',
    },
  },
];

const actionsOf = (level: RoleLevel): readonly PermissionAction[] => (typeof level === 'string' ? ROLE_LEVEL_ACTIONS[level] : level);

/**
 * The rights of one seeded role: resource → actions, over every permission resource of the
 * contract. A resource named in `resources` takes that level; the others their section's.
 * Throws when `resources` names a resource the contract does not know (a typo would grant nothing).
 */
export function seededRolePermissions(role: SeededRoleDef): Record<string, readonly PermissionAction[]> {
  for (const r of Object.keys(role.resources ?? {})) {
    if (!(r in PERMISSION_RESOURCES)) throw new Error(`seeded role ${role.name}: unknown permission resource ${r}`);
  }
  const out: Record<string, readonly PermissionAction[]> = {};
  for (const resource of Object.keys(PERMISSION_RESOURCES)) {
    const level = role.resources?.[resource] ?? role.sections[PERMISSION_SECTIONS[resource]!];
    const actions = level === undefined ? [] : actionsOf(level);
    if (actions.length) out[resource] = actions;
  }
  return out;
}

/** A seeded role by name. */
export function seededRole(name: string): SeededRoleDef | undefined {
  return SEEDED_ROLES.find((r) => r.name === name);
}
