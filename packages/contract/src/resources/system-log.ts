/**
 * The system log (spec 03 "System logs"; issue 3 §8, issue 21 §4) described as a read-only
 * registry: one entry per create, update or delete of a registry row (table `change_log`, written
 * in the transaction of the change by the write pipeline), newest first. The generic machinery
 * serves it from this description: `GET /api/logs/` (list, keyset `cursor`, `count_is_estimate`
 * above the big-table threshold), `POST /api/logs/search/`, the card `GET /api/logs/{id}/`, the
 * OpenAPI document — permission `system-logs:view`, section «Администрирование». The xlsx of the
 * log is `POST /api/logs/xlsx/` (routes/logs.ts). One object's history stays
 * `GET {registry path}{id}/history/`.
 *
 * Filters: `user` (user ids), `resource` (registry permission names), `object` (object ids),
 * `action`, `from` / `to` (a date — whole days — or an ISO date-time, both ends included).
 * Row scope (`describes`): a restricted reader sees only the entries of rows they can read now.
 * Entry: id, created_at (ISO), user ({id, name} or null), user_name (as it was), resource and
 * resource_label, object_id, action, step (the workflow action of an update, or null), fields
 * (changed keys), before / after (those fields' wire values; null before a create, after a delete).
 */
import { z } from 'zod';
import { f } from '../common/fields';
import { MAX_ID } from '../common/ids';
import { defineResource } from '../common/resource';
import { defineEnum } from '../enums/define-enum';

/** The kinds of change (`change_log.action`). */
export const ChangeActionEnum = defineEnum('ChangeAction', { create: 'Создание', update: 'Изменение', delete: 'Удаление' });

const values = z.record(z.string(), z.unknown()).nullable();

export const systemLogResource = defineResource({
  name: 'system-logs',
  label: 'Системный журнал',
  labelOne: 'Запись системного журнала',
  path: '/api/logs/',
  webPath: '/system-logs/',
  section: 'Администрирование',
  readOnly: true,
  rowScope: { describes: { resource: 'resource', object: 'object_id' } },
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    created_at: f.datetime('Дата и время', { list: true }),
    user: f.computed('Пользователь', z.object({ id: z.number().int(), name: z.string() }).nullable(), { list: true }),
    /** The writer's name as it was written (users are renamed and deleted). */
    user_name: f.text('Пользователь (как записан)'),
    /** The user's id, for the `user` filter (the card only: the list has it in `user`). */
    user_id: f.integer('Пользователь (номер)', { detailOnly: true }),
    resource: f.text('Реестр (право)'),
    resource_label: f.computed('Раздел', z.string(), { list: true }),
    object_id: f.integer('Объект', { list: true }),
    action: f.enum('Действие', ChangeActionEnum, { list: true }),
    /** The workflow action of an update (common/actions.ts), e.g. 'liquidate'; null for plain writes. */
    step: f.text('Шаг'),
    fields: f.computed('Поля', z.array(z.string()), { list: true }),
    before: f.computed('Было', values),
    after: f.computed('Стало', values),
  },
  filters: {
    user: { kind: 'int', field: 'user_id', label: 'Пользователь', min: 1, max: MAX_ID },
    resource: { kind: 'values', field: 'resource', label: 'Реестр', pattern: /^[a-z][a-z0-9-]{0,99}$/, message: 'Ожидался список имён реестров.' },
    object: { kind: 'int', field: 'object_id', label: 'Номер объекта', min: 1, max: MAX_ID },
    action: { kind: 'enum', field: 'action', enum: ChangeActionEnum, label: 'Действие' },
    from: { kind: 'moment', field: 'created_at', bound: 'from', label: 'С' },
    to: { kind: 'moment', field: 'created_at', bound: 'to', label: 'По' },
  },
  ordering: ['id'],
  defaultOrdering: '-id',
  titleField: 'id',
});
