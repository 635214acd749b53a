/**
 * The side menu: the territorial scheme and the dictionaries (spec 02 §2, spec 03 §2), one item
 * per section of `resources/sections.ts` plus the map, and the administration (data import,
 * system log), each with the permission it needs (spec 01 §6). Anonymous visitors see the items
 * with a public variant.
 */
import { REGION_WEB_PATH, resourceByName } from '@tko/contract';
import { SECTIONS } from '../resources/sections';
import { hasAnyPermission, sectionPermission, type Permissions } from './permissions/permissions';

export interface NavItem {
  key: string;
  label: string;
  path: string;
  /** Space-separated `resource:action` flags a signed-in user needs (any one); absent = none. */
  perm?: string;
  /** Shown to anonymous visitors (public pages). */
  anonymous: boolean;
}

export interface NavSection {
  key: string;
  label: string;
  items: NavItem[];
}

const GROUP_LABELS = { 'terr-schema': 'Территориальная схема', dicts: 'Справочники', analytics: 'Аналитика', operations: 'Операционная деятельность', reports: 'Отчётность' } as const;

/** Screens of the administration group (spec 03 §2: /system-import/, /system-logs/). */
export const IMPORT_PATH = '/system-import/';
/** Vehicle tracking (spec 02 §2 /routes/nav-ctrl/; issue 10 §3). */
export const TRACKING_PATH = '/routes/nav-ctrl/';
export const SYSTEM_LOGS_PATH = '/system-logs/';
/** Administration of users, declarants, roles and the system settings (spec 03 §2, issue 14). */
export const ADMIN_USERS_PATH = '/admin/users/';
export const ADMIN_DECLARANTS_PATH = '/admin/users/declarants/';
export const ADMIN_ROLES_PATH = '/admin/roles/';
export const SETTINGS_PATH = '/settings/';
/** All routes of a filter on one map (spec 02 §2 «routes map»). */
export const ROUTES_MAP_PATH = '/routes/map/';
/** The map of the territorial scheme, open to visitors without an account (the public map). */
export const MAP_PATH = '/terr-schema/map/';
/** The dashboard (spec 03 §2, issue 12 §2). */
export const DASHBOARD_PATH = '/analitics/dashboard/';
/** Report templates: the kinds a new report starts from (spec 03 §2, issue 13). */
export const REPORT_TEMPLATES_PATH = '/reports/reports/templates/';
/** The balance files (spec 03 §2, issue 12 §3). */
export const BALANCE_FILES_PATH = '/analitics/balance-files/';
/** The balance and target indicators computed from the registries (docs/ANALYTICS.md). */
export const BALANCE_MODEL_PATH = '/analitics/balance-model/';

function sectionItems(group: keyof typeof GROUP_LABELS): NavItem[] {
  return SECTIONS.filter((s) => s.group === group).map((s) => ({
    key: s.key,
    label: s.menuLabel,
    path: s.base,
    perm: sectionPermission(s.tabs),
    anonymous: s.tabs.some((t) => Boolean(resourceByName(t.resource)?.publicPath)),
  }));
}

const terrSchema = sectionItems('terr-schema');

export const NAVIGATION: NavSection[] = [
  {
    key: 'terr-schema',
    label: GROUP_LABELS['terr-schema'],
    items: [terrSchema[0]!, { key: 'map', label: 'Карта', path: MAP_PATH, anonymous: true }, ...terrSchema.slice(1)],
  },
  {
    key: 'operations',
    label: GROUP_LABELS.operations,
    items: [...sectionItems('operations'), { key: 'routes-map', label: 'Карта маршрутов', path: ROUTES_MAP_PATH, perm: 'routes:view', anonymous: false }, { key: 'nav-ctrl', label: 'Мониторинг транспорта', path: TRACKING_PATH, perm: 'navctl:view', anonymous: false }],
  },
  { key: 'dicts', label: GROUP_LABELS.dicts, items: sectionItems('dicts') },
  {
    key: 'analytics',
    label: 'Аналитика',
    items: [
      { key: 'dashboard', label: 'Дашборд', path: DASHBOARD_PATH, perm: 'dashboard:view', anonymous: false },
      ...sectionItems('analytics'),
      { key: 'balance-files', label: 'Файлы баланса', path: BALANCE_FILES_PATH, perm: 'balance:view', anonymous: false },
      { key: 'balance-model', label: 'Баланс и показатели: расчёт', path: BALANCE_MODEL_PATH, perm: 'balance:view', anonymous: false },
    ],
  },
  {
    key: 'reports',
    label: GROUP_LABELS.reports,
    items: [...sectionItems('reports'), { key: 'report-templates', label: 'Шаблоны отчётов', path: REPORT_TEMPLATES_PATH, perm: 'reports:add', anonymous: false }],
  },
  {
    key: 'admin',
    label: 'Администрирование',
    items: [
      { key: 'system-import', label: 'Импорт данных', path: IMPORT_PATH, perm: 'import:view', anonymous: false },
      { key: 'system-logs', label: 'Системный журнал', path: SYSTEM_LOGS_PATH, perm: 'system-logs:view', anonymous: false },
      // spec 03 §2: view on 'users' for Users, on 'users-roles' for the other admin pages.
      { key: 'admin-declarants', label: 'Декларанты', path: ADMIN_DECLARANTS_PATH, perm: 'users-roles:view', anonymous: false },
      { key: 'admin-users', label: 'Пользователи', path: ADMIN_USERS_PATH, perm: 'users:view', anonymous: false },
      { key: 'admin-roles', label: 'Роли', path: ADMIN_ROLES_PATH, perm: 'users-roles:view', anonymous: false },
      { key: 'settings', label: 'Системные настройки', path: SETTINGS_PATH, perm: 'system-settings:view system-settings:change', anonymous: false },
      { key: 'region', label: 'Регион', path: REGION_WEB_PATH, perm: 'system-settings:change', anonymous: false },
    ],
  },
];

/** Whether the item is shown to this visitor. */
export function navItemVisible(item: NavItem, signedIn: boolean, perms: Permissions): boolean {
  if (!signedIn) return item.anonymous;
  return !item.perm || hasAnyPermission(perms, item.perm);
}

/** The menu key of the item whose path prefix matches the current path. */
export function activeNavKey(pathname: string): string | undefined {
  for (const section of NAVIGATION) {
    for (const item of section.items) if (pathname.startsWith(item.path)) return item.key;
  }
  return undefined;
}
