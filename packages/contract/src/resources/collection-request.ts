/**
 * Collection requests (spec 02 §3 "Request", §4; issue 10 §1), table `collection_request`.
 * Permission resource 'requests'. Status: NEW (on create) → APPOINTED (put on a schedule for a
 * date) | NOT_APPOINTED (refused, with a comment) → COMPLETED (collected on collection_date).
 * Each transition is a workflow action with its own permission (requests-appoint,
 * requests-reject, requests-complete), recorded in the change history (the card's `logs`).
 * container_volume is the volume of one container in m³.
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import type { WorkflowDef } from '../common/actions';
import { RequestInitiator, RouteRequestStatus as RequestStatus } from '../enums/other';
import { ContainerType, LoadingType } from '../enums/waste-area';
import { commonFields } from './common-fields';
import { historyField } from './history-field';
import type { RefTarget } from '../common/fields';

/** Schedules, shown by their name. */
export const SCHEDULE_REF: RefTarget = { resource: 'schedules' };

/** Permission resources of the request actions (one each: issue 10 §1). */
export const REQUEST_ACTION_PERMISSIONS = {
  appoint: 'requests-appoint',
  reject: 'requests-reject',
  complete: 'requests-complete',
} as const;

export const REQUEST_WORKFLOW: WorkflowDef = {
  field: 'status',
  locked: true,
  actions: {
    appoint: {
      label: 'Назначить в график',
      permission: { resource: REQUEST_ACTION_PERMISSIONS.appoint, action: 'change' },
      from: ['NEW', 'NOT_APPOINTED'],
      to: 'APPOINTED',
      fields: ['schedule', 'schedule_date', 'planned_date', 'comment'],
      required: ['schedule', 'schedule_date'],
    },
    reject: {
      label: 'Не назначать',
      permission: { resource: REQUEST_ACTION_PERMISSIONS.reject, action: 'change' },
      from: ['NEW'],
      to: 'NOT_APPOINTED',
      fields: ['comment'],
      required: ['comment'],
    },
    complete: {
      label: 'Отметить выполненной',
      permission: { resource: REQUEST_ACTION_PERMISSIONS.complete, action: 'change' },
      from: ['APPOINTED'],
      to: 'COMPLETED',
      fields: ['collection_date', 'comment'],
      required: ['collection_date'],
    },
  },
};

export const collectionRequestResource = defineResource({
  name: 'requests',
  section: 'Диспетчерская',
  rowScope: { internal: 'collection requests on the operator’s schedules' },
  label: 'Заявки',
  labelOne: 'Заявка',
  path: '/api/fleet/requests/',
  webPath: '/routes/schedules-n-requests/requests/',
  tabs: [{ key: 'general', label: 'Общие сведения' }, { key: 'logs', label: 'История' }],
  fields: {
    id: f.id(),
    status: f.enum('Статус', RequestStatus, { default: 'NEW', list: true }),
    application_date: f.date('Дата заявки', { list: true, help: 'По умолчанию — сегодня.' }),
    planned_date: f.date('Плановая дата вывоза', { list: true }),
    collection_date: f.date('Дата вывоза', { list: true }),
    contract: f.text('Договор', { max: 100, list: true }),
    phone: f.text('Телефон', { max: 50 }),
    initiator: f.enum('Инициатор', RequestInitiator, { list: true }),
    container_type: f.enum('Тип контейнера', ContainerType),
    container_amount: f.integer('Количество контейнеров', { min: 0, max: 1000, list: true }),
    container_volume: f.decimal('Объём контейнера, м³', { scale: 3, max: 100, unit: 'м³' }),
    loading: f.enum('Тип загрузки', LoadingType),
    ...commonFields(),
    comment: f.longtext('Комментарий'),
    schedule: f.ref('График', SCHEDULE_REF, { list: true }),
    schedule_date: f.date('Дата в графике'),
    created_at: f.datetime('Создано', { readOnly: true }),
    logs: historyField({ tab: 'logs', label: 'Журнал изменений' }),
  },
  filters: {
    search: { kind: 'text', fields: ['location', 'contract', 'phone', 'comment'], label: 'Поиск' },
    status: { kind: 'enum', field: 'status', enum: RequestStatus, label: 'Статус' },
    initiator: { kind: 'enum', field: 'initiator', enum: RequestInitiator, label: 'Инициатор' },
    schedule: { kind: 'ref', field: 'schedule', label: 'График' },
    application_date: { kind: 'period', field: 'application_date', label: 'Дата заявки' },
    planned_date: { kind: 'period', field: 'planned_date', label: 'Плановая дата' },
    in_bbox: { kind: 'bbox', field: 'coordinates', label: 'В области карты' },
  },
  keyColumns: ['id', 'status', 'application_date', 'planned_date', 'collection_date', 'container_amount', 'location', 'schedule'],
  ordering: ['id', 'application_date', 'planned_date', 'collection_date', 'location', 'container_amount', 'created_at'],
  defaultOrdering: '-application_date',
  titleField: 'location',
  geometryField: 'coordinates',
  workflow: REQUEST_WORKFLOW,
  example: {
    application_date: '2026-11-20',
    planned_date: '2026-11-23',
    contract: 'ТКО-38-0457',
    phone: '+7 (3955) 52-11-20',
    initiator: 'CUSTOMER',
    container_type: 'EURO',
    container_amount: 2,
    container_volume: '1.100',
    loading: 'REAR',
    location: 'Ангарск, 12-й микрорайон, дом 4',
    coordinates: '52.531234, 103.885678',
    comment: 'Вывоз КГО после ремонта',
  },
});
