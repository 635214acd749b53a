/**
 * Citizen appeals (обращения граждан; issue 11 §4, spec 03 §3 «Appeal», §7 «Appeals»). Permission
 * resource 'appeals'.
 *
 * - `deadline_at`: set on create from `received_at` (default: now) + the legal term,
 *   APPEAL_TERM_DAYS (default 30: ФЗ от 02.05.2006 № 59-ФЗ, ст. 12 ч. 1 — an appeal is considered
 *   within 30 days of its registration), by the API's before-write hook (modules/appeals); staff may
 *   move it (ст. 12 ч. 2 allows an extension by up to 30 more days). Changing `received_at` moves a
 *   deadline that was not edited.
 * - `is_overdue`: the deadline has passed while the appeal is neither answered nor closed; the
 *   list highlights these rows and filters by it.
 * - The dialog (`{id}/dialog/`, `{id}/reply/`) is its own table (routes/appeals.ts); a reply's
 *   files are added to the appeal's `attachments` too, so whoever may see the appeal may
 *   download them and the zip carries every one.
 */
import { z } from 'zod';
import { f } from '../common/fields';
import type { RefTarget } from '../common/fields';
import { defineResource } from '../common/resource';
import { AppealCategory, AppealStatus } from '../enums/contracts-appeals';
import { validateEmail, validatePhone } from '../validation/contacts';

/** A staff user (app_user), shown by e-mail. */
export const USER_REF: RefTarget = { resource: 'user' };
/** A contract revision, shown by its number. */
export const CONTRACT_REF: RefTarget = { resource: 'contracts' };
/** A waste area of any kind, shown by its address. */
export const ANY_WASTE_AREA: RefTarget = { resource: 'waste-area' };

/** Default legal term of a citizen appeal, days (59-ФЗ ст. 12 ч. 1). */
export const APPEAL_TERM_DAYS_DEFAULT = 30;

export const appealResource = defineResource({
  name: 'appeals',
  section: 'Договоры и обращения',
  rowScope: { internal: 'citizen appeals handled by the regional operator' },
  label: 'Обращения граждан',
  labelOne: 'Обращение',
  path: '/api/appeals/',
  webPath: '/appeals/',
  tabs: [{ key: 'general', label: 'Общие сведения' }, { key: 'appeal_dialog', label: 'Диалог' }, { key: 'site_services', label: 'Вывозы с площадки' }],
  fields: {
    id: f.id('№'),
    status: f.enum('Статус', AppealStatus, { default: 'NEW', list: true }),
    category: f.enum('Тема', AppealCategory, { default: 'OTHER', list: true }),
    author_name: f.text('Заявитель (ФИО)', { required: true, max: 255, list: true }),
    author_phone: f.text('Телефон заявителя', { max: 50, validate: validatePhone }),
    author_email: f.text('E-mail заявителя', { max: 254, validate: validateEmail }),
    text: f.longtext('Текст обращения', { required: true }),
    location: f.text('Адрес', { max: 1000, list: true }),
    coordinates: f.point('Координаты'),
    waste_area: f.ref('Место накопления', ANY_WASTE_AREA),
    contract: f.ref('Договор', CONTRACT_REF),
    received_at: f.datetime('Поступило', { list: true, help: 'По умолчанию — момент регистрации.' }),
    deadline_at: f.datetime('Срок ответа', { list: true, help: 'Дата поступления + срок рассмотрения (59-ФЗ: 30 дней).' }),
    is_overdue: f.computed('Просрочено', z.boolean(), { list: true, help: 'Срок ответа прошёл, а обращение не отвечено и не закрыто.' }),
    assignee: f.ref('Исполнитель', USER_REF, { list: true }),
    attachments: f.files('Вложения', 'any'),
    created_at: f.datetime('Создано', { readOnly: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['author_name', 'text', 'location', 'author_phone', 'author_email'], label: 'Поиск' },
    status: { kind: 'enum', field: 'status', enum: AppealStatus, label: 'Статус' },
    category: { kind: 'enum', field: 'category', enum: AppealCategory, label: 'Тема' },
    is_overdue: { kind: 'bool', field: 'is_overdue', label: 'Просрочено' },
    assignee: { kind: 'ref', field: 'assignee', label: 'Исполнитель' },
    waste_area: { kind: 'ref', field: 'waste_area', label: 'Место накопления' },
    contract: { kind: 'ref', field: 'contract', label: 'Договор' },
  },
  keyColumns: ['id', 'status', 'category', 'author_name', 'received_at', 'deadline_at', 'assignee'],
  ordering: ['id', 'received_at', 'deadline_at', 'status', 'author_name'],
  defaultOrdering: '-received_at',
  titleField: 'author_name',
  geometryField: 'coordinates',
  listHighlight: 'is_overdue',
  example: {
    status: 'IN_PROGRESS',
    category: 'NOT_COLLECTED',
    author_name: 'Иванова Мария Петровна',
    author_phone: '+7 (3955) 52-12-34',
    author_email: 'ivanova@example.ru',
    text: 'Третий день не вывозят мусор с площадки во дворе дома.',
    location: 'Иркутская обл., г. Ангарск, 84-й кв-л, д. 12',
    coordinates: { lat: 52.537311, lng: 103.886912 },
    received_at: '2026-03-02T09:15:00.000Z',
  },
});
