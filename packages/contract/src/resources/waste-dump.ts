/**
 * Unauthorised waste dumps (несанкционированные свалки), spec 02 §3 "Waste dump", §7 "Dumps".
 * Permission resource 'waste-dumps'. Units: area in m², volume in m³.
 *
 * Decisions (docs/DECISIONS.md):
 * - status: DETECTED (default) → LIQUIDATION → LIQUIDATED, or NOT_CONFIRMED; LIQUIDATED needs
 *   liquidation_date.
 * - liquidation_period is a range of dates {lower, upper}: the planned start and the deadline
 *   of liquidation. The deadline is what problem P301 ("liquidation deadline expired", spec 03)
 *   checks: `liquidation_overdue` is true when upper has passed and the dump is neither
 *   liquidated nor unconfirmed. (ПП РФ от 12.11.2016 № 1156, п. 16–17: the land owner must
 *   liquidate within 30 days of the regional operator's notice, otherwise the operator does.)
 * - responsible_for_liquidation and land_owners are legal entities of any kind (organisations,
 *   entrepreneurs, natural persons own land); their options come from
 *   GET /api/waste-dumps/responsible-for-liquidation/.
 */
import { z } from 'zod';
import { f } from '../common/fields';
import type { RefTarget } from '../common/fields';
import { defineResource } from '../common/resource';
import type { WorkflowDef } from '../common/actions';
import { WasteDumpStatus } from '../enums/facilities-dumps';
import { commonFields } from './common-fields';
import { checkCadastralNumber } from './waste-source';

/**
 * Legal entities of every kind (legal_entity without a kind scope). The web loads the options
 * from GET /api/waste-dumps/responsible-for-liquidation/ (routes/waste-dumps.ts).
 */
export const ANY_LEGAL_ENTITY: RefTarget = { resource: 'responsible-for-liquidation' };

/** Path of the options of ANY_LEGAL_ENTITY. */
export const RESPONSIBLE_FOR_LIQUIDATION_PATH = '/api/waste-dumps/responsible-for-liquidation/';

/**
 * The dump's life as actions (issue 7 §2; ПП РФ № 1156 п. 16–17): a detected dump is either
 * not confirmed on inspection, or put into liquidation with a period and who is responsible;
 * a dump in liquidation is liquidated on a date. The status stays editable in the card too
 * (the spec's card has it), so `locked` is off; the actions are the checked path.
 */
export const WASTE_DUMP_WORKFLOW: WorkflowDef = {
  field: 'status',
  actions: {
    'start-liquidation': {
      label: 'Начать ликвидацию',
      permission: { action: 'change' },
      from: ['DETECTED'],
      to: 'LIQUIDATION',
      fields: ['liquidation_period', 'responsible_for_liquidation'],
      required: ['liquidation_period'],
    },
    liquidate: {
      label: 'Отметить ликвидированной',
      permission: { action: 'change' },
      from: ['LIQUIDATION'],
      to: 'LIQUIDATED',
      fields: ['liquidation_date'],
      required: ['liquidation_date'],
    },
    reject: {
      label: 'Не подтверждена',
      permission: { action: 'change' },
      from: ['DETECTED'],
      to: 'NOT_CONFIRMED',
      fields: ['description'],
    },
  },
};

export const wasteDumpResource = defineResource({
  name: 'waste-dumps',
  section: 'Территориальная схема',
  rowScope: { shared: 'unauthorised dumps are public: citizens report them' },
  label: 'Несанкционированные свалки',
  labelOne: 'Несанкционированная свалка',
  path: '/api/waste-dumps/',
  webPath: '/terr-schema/waste-dumps/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    identifier: f.text('Идентификатор', { max: 100, list: true }),
    status: f.enum('Статус', WasteDumpStatus, { default: 'DETECTED', list: true }),
    ...commonFields(),
    description: f.longtext('Описание'),
    cadastral_number: f.text('Кадастровый номер земельного участка', { max: 40, validate: checkCadastralNumber }),
    area: f.decimal('Площадь, м²', { scale: 2, max: 1e8, unit: 'м²', list: true }),
    volume: f.decimal('Объём, м³', { scale: 3, max: 1e9, unit: 'м³', list: true }),
    discovery_date: f.date('Дата обнаружения', { list: true }),
    liquidation_period: f.range('Срок ликвидации', 'date', { help: 'Начало работ и крайний срок ликвидации.' }),
    liquidation_date: f.date('Дата ликвидации', { list: true }),
    liquidation_overdue: f.computed('Срок ликвидации истёк', z.boolean(),
      { help: 'Крайний срок прошёл, а свалка не ликвидирована (проблема P301).' }),
    responsible_for_liquidation: f.ref('Ответственный за ликвидацию', ANY_LEGAL_ENTITY, { list: true }),
    land_owners: f.refs('Собственники земельного участка', ANY_LEGAL_ENTITY, { maxItems: 20 }),
    created_at: f.datetime('Создано', { readOnly: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['location', 'identifier', 'cadastral_number', 'landmark'], label: 'Поиск' },
    status: { kind: 'enum', field: 'status', enum: WasteDumpStatus, label: 'Статус' },
    liquidation_overdue: { kind: 'bool', field: 'liquidation_overdue', label: 'Срок ликвидации истёк' },
    responsible_for_liquidation: { kind: 'ref', field: 'responsible_for_liquidation', label: 'Ответственный за ликвидацию' },
    land_owners: { kind: 'refs', field: 'land_owners', label: 'Собственник участка' },
    location_needs_checking: { kind: 'bool', field: 'location_needs_checking', label: 'Адрес требует проверки' },
    coordinates_needs_checking: { kind: 'bool', field: 'coordinates_needs_checking', label: 'Координаты требуют проверки' },
    in_bbox: { kind: 'bbox', field: 'coordinates', label: 'В области карты' },
    near: { kind: 'radius', field: 'coordinates', label: 'Рядом с точкой' },
  },
  keyColumns: ['id', 'identifier', 'status', 'location', 'area', 'volume', 'discovery_date', 'liquidation_date'],
  ordering: ['id', 'identifier', 'location', 'status', 'discovery_date', 'liquidation_date', 'area', 'volume', 'created_at'],
  defaultOrdering: '-discovery_date',
  titleField: 'location',
  geometryField: 'coordinates',
  workflow: WASTE_DUMP_WORKFLOW,
  check: (v) => {
    const out: Record<string, string> = {};
    if (v.status === 'LIQUIDATED' && !v.liquidation_date) out.liquidation_date = 'Укажите дату ликвидации: свалка отмечена как ликвидированная.';
    if (typeof v.liquidation_date === 'string' && typeof v.discovery_date === 'string' && v.liquidation_date < v.discovery_date) {
      out.liquidation_date = 'Дата ликвидации не может быть раньше даты обнаружения.';
    }
    return out;
  },
  example: {
    identifier: 'НС-38-0001',
    status: 'LIQUIDATION',
    location: 'Ангарск, 2 км восточнее садоводства «Строитель»',
    coordinates: '52.512345, 103.954321',
    landmark: 'съезд с Байкальского тракта',
    description: 'Строительные и бытовые отходы вдоль лесной дороги',
    cadastral_number: '38:26:040102:5678',
    area: '350.5',
    volume: '420.75',
    discovery_date: '2026-04-14',
    liquidation_period: { lower: '2026-05-01', upper: '2026-06-30' },
  },
});
