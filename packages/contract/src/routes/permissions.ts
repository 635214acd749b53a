/**
 * Permission resources of the product (spec 01 §6, spec 03 §6) with their Russian labels and the
 * section of the role editor's matrix, derived from the registry descriptions (`name`, `label`,
 * `section`) — a new registry needs no line here — plus the few rights that guard no registry
 * (`NON_REGISTRY_PERMISSIONS`). The first administrator's role receives every action of every
 * resource listed (packages/db admin.ts). Registries any signed-in user reads
 * (`viewPermission: 'user'`) and that no one writes (`readOnly`) check no right and are not listed.
 */
import type { PermissionSection } from '../common/resource';
import { moduleResources, resources } from '../resources/index';

/** Rights that guard no registry: the administration screens, workflow steps under their own names, GPS. */
export const NON_REGISTRY_PERMISSIONS: Record<string, { label: string; section: PermissionSection }> = {
  users: { label: 'Пользователи', section: 'Администрирование' },
  'users-roles': { label: 'Роли', section: 'Администрирование' },
  import: { label: 'Импорт данных', section: 'Администрирование' },
  'import-all-files': { label: 'Импорт: файлы всех пользователей', section: 'Администрирование' },
  'system-settings': { label: 'Системные настройки', section: 'Администрирование' },
  dashboard: { label: 'Дашборд', section: 'Аналитика' },
  'requests-appoint': { label: 'Заявки: назначение в график', section: 'Диспетчерская' },
  'requests-reject': { label: 'Заявки: отказ в назначении', section: 'Диспетчерская' },
  'requests-complete': { label: 'Заявки: отметка о выполнении', section: 'Диспетчерская' },
  'report-review': { label: 'Отчёты: проверка (принять, вернуть, одобрить, отклонить)', section: 'Отчётность' },
  navctl: { label: 'Мониторинг транспорта (GPS)', section: 'Диспетчерская' },
};

const guarded = [...resources, ...moduleResources].filter((r) => !(r.readOnly && r.viewPermission === 'user'));

/** Every permission resource → its Russian label (the registry's label, else the table above). */
export const PERMISSION_RESOURCES: Record<string, string> = {
  ...Object.fromEntries(guarded.map((r) => [r.name, r.label])),
  ...Object.fromEntries(Object.entries(NON_REGISTRY_PERMISSIONS).map(([k, v]) => [k, v.label])),
};

/** Every permission resource → its section of the matrix (a registry without `section`: «Прочее»). */
export const PERMISSION_SECTIONS: Record<string, PermissionSection> = {
  ...Object.fromEntries(guarded.map((r) => [r.name, r.section ?? 'Прочее'])),
  ...Object.fromEntries(Object.entries(NON_REGISTRY_PERMISSIONS).map(([k, v]) => [k, v.section])),
};

export const OTHER_SECTION: PermissionSection = 'Прочее';
