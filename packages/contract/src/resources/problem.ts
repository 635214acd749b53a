/**
 * Problems (проблемы), spec 03 §3 "Problem", §7 "Problems"; issue 12 §1. Permission resource
 * 'problems'. Most rows are opened and closed by the detector (packages/db/src/problems: every
 * rule of P001–P401 over the whole registry, `auto` = true); a user may also record one by hand
 * (`auto` = false, never closed by the detector).
 *
 * The status moves only through actions (locked workflow): «Взять в работу» NEW → IN_WORK,
 * «Устранена» NEW/IN_WORK → SOLVED, «Отклонить» NEW/IN_WORK → REJECTED (a comment is required).
 * Priority, disposal period (the date by which it must be fixed) and comment are changed by
 * PATCH with `problems:change`. Every change and step is in the history (`{id}/logs/`); the
 * problem's events (found, closed by the detector, each action) are `{id}/events/`.
 * Decisions: docs/DECISIONS.md «Analytics: problems».
 */
import { z } from 'zod';
import { f } from '../common/fields';
import { MSG } from '../common/messages';
import { defineResource } from '../common/resource';
import type { WorkflowDef } from '../common/actions';
import { ProblemKind, ProblemObjectType, ProblemPriority, ProblemStatus, ProblemType } from '../enums/problems';

export const PROBLEMS_PATH = '/api/problems/';
export const PROBLEMS_WEB_PATH = '/analitics/problems/';

/** The problem's life as actions (spec 03 §4 leaves the transitions open; our decision). */
export const PROBLEM_WORKFLOW: WorkflowDef = {
  field: 'status',
  locked: true,
  actions: {
    'take-in-work': {
      label: 'Взять в работу',
      permission: { action: 'change' },
      from: ['NEW'],
      to: 'IN_WORK',
      fields: ['priority', 'disposal_period', 'comment'],
    },
    solve: {
      label: 'Устранена',
      permission: { action: 'change' },
      from: ['NEW', 'IN_WORK'],
      to: 'SOLVED',
      fields: ['comment'],
    },
    reject: {
      label: 'Отклонить',
      permission: { action: 'change' },
      from: ['NEW', 'IN_WORK'],
      to: 'REJECTED',
      fields: ['comment'],
      required: ['comment'],
    },
  },
};

/** The object's id: required («Обязательное поле.» when missing), 1 … 2 147 483 647. */
const objectIdField = {
  ...f.integer('ID объекта', { required: true, min: 1, list: true }),
  write: z.number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.integer) }).int(MSG.integer).min(1, MSG.min(1)).max(2147483647, MSG.max(2147483647)),
};

export const problemResource = defineResource({
  name: 'problems',
  section: 'Аналитика',
  rowScope: { oktmo: 'oktmo' },
  label: 'Проблемы',
  labelOne: 'Проблема',
  path: PROBLEMS_PATH,
  webPath: PROBLEMS_WEB_PATH,
  tabs: [{ key: 'general', label: 'Общие сведения' }, { key: 'problem_events', label: 'События' }],
  fields: {
    id: f.id(),
    type: f.enum('Тип проблемы', ProblemType, { required: true, list: true }),
    kind: f.enum('Вид', ProblemKind, { readOnly: true, default: 'VIOLATION', list: true, help: 'Нарушение правила или неполные сведения об объекте.' }),
    status: f.enum('Статус', ProblemStatus, { default: 'NEW', list: true }),
    priority: f.enum('Приоритет', ProblemPriority, { default: 'MEDIUM', list: true }),
    object_type: f.enum('Тип объекта', ProblemObjectType, { required: true, list: true }),
    object_id: objectIdField,
    object_url: f.computed('Объект', z.string().nullable(), { help: 'Страница объекта, к которому относится проблема.' }),
    identifier: f.computed('Идентификатор объекта', z.string().nullable()),
    location: f.text('Адрес', { max: 1000, list: true }),
    coordinates: f.point('Координаты'),
    details: f.text('Что обнаружено', { max: 1000, readOnly: true, list: true }),
    disposal_period: f.date('Срок устранения', { list: true }),
    comment: f.longtext('Комментарий'),
    oktmo: f.text('ОКТМО', { max: 11, readOnly: true, list: true, help: 'Муниципальное образование объекта (8 знаков ОКТМО).' }),
    responsible: f.text('Ответственный', { readOnly: true, list: true, help: 'Организация объекта, заказчик договора или администрация муниципального образования.' }),
    auto: f.boolean('Найдена автоматически', { readOnly: true }),
    created_at: f.datetime('Обнаружена', { readOnly: true, list: true }),
    closed_at: f.datetime('Закрыта', { readOnly: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['location', 'details', 'comment'], label: 'Поиск' },
    type: { kind: 'enum', field: 'type', enum: ProblemType, label: 'Тип проблемы' },
    kind: { kind: 'enum', field: 'kind', enum: ProblemKind, label: 'Вид' },
    object_type: { kind: 'enum', field: 'object_type', enum: ProblemObjectType, label: 'Тип объекта' },
    status: { kind: 'enum', field: 'status', enum: ProblemStatus, label: 'Статус' },
    priority: { kind: 'enum', field: 'priority', enum: ProblemPriority, label: 'Приоритет' },
    oktmo: { kind: 'values', field: 'oktmo', label: 'ОКТМО', pattern: /^\d{8}(\d{3})?$/, message: 'ОКТМО — 8 или 11 цифр.' },
    responsible: { kind: 'text', fields: ['responsible'], label: 'Ответственный' },
    period: { kind: 'period', field: 'created_at', label: 'Обнаружена в период' },
    in_bbox: { kind: 'bbox', field: 'coordinates', label: 'В области карты' },
  },
  // Not `status`: a locked workflow state (rows start NEW; actions move them).
  keyColumns: ['id', 'type', 'status', 'priority', 'location', 'disposal_period', 'responsible'],
  ordering: ['id', 'type', 'priority', 'object_type', 'object_id', 'disposal_period', 'created_at'],
  defaultOrdering: '-id',
  titleField: 'type',
  geometryField: 'coordinates',
  workflow: PROBLEM_WORKFLOW,
  example: {
    type: 'P004',
    object_type: 'WASTE_AREA',
    object_id: 1,
    priority: 'HIGH',
    location: 'Ангарск, 12-й микрорайон, д. 5',
    coordinates: '52.512345, 103.854321',
    disposal_period: '2026-12-31',
    comment: 'Десять контейнеров на площадке, два лишних',
  },
});
