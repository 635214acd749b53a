/**
 * Storage of the system log (contract resources/system-log.ts): the `change_log` table
 * (migration 20261122100300; `step` 20261124…), written by the registry repository in the
 * transaction of each change. The writer is shown by their current name (else the name written);
 * the registry by its Russian label (a registry's, else a permission's, else its name).
 */
import { moduleResources, PERMISSION_RESOURCES, resources } from '@tko/contract';
import type { TableMapping } from './types';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** `CASE resource WHEN name THEN label … ELSE resource END` over the contract's registries and rights. */
function resourceLabelSql(t: string): string {
  const labels: Record<string, string> = { ...PERMISSION_RESOURCES, ...Object.fromEntries([...resources, ...moduleResources].map((r) => [r.name, r.label])) };
  const whens = Object.entries(labels).map(([name, label]) => `WHEN ${quote(name)} THEN ${quote(label)}`).join(' ');
  return `CASE ${t}.resource ${whens} ELSE ${t}.resource END`;
}

export const systemLogTables: Record<string, TableMapping> = {
  'system-logs': {
    table: 'change_log',
    computed: {
      user: (t) =>
        `CASE WHEN ${t}.user_id IS NULL THEN NULL ELSE json_build_object('id', ${t}.user_id, 'name', coalesce((SELECT nullif(trim(u.last_name || ' ' || u.first_name), '') FROM app_user u WHERE u.id = ${t}.user_id), ${t}.user_name)) END`,
      resource_label: resourceLabelSql,
      fields: (t) => `ARRAY(SELECT jsonb_object_keys(coalesce(${t}.after, ${t}.before, '{}'::jsonb)))`,
      before: (t) => `${t}.before`,
      after: (t) => `${t}.after`,
    },
  },
};
