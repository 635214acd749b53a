/**
 * Contracts for ТКО handling with revisions (issue 11 §3, spec 03 §3 «Contract», «Contract waste
 * area», §4, §7 «Contracts», §9). Permission resource 'contracts'.
 *
 * Every row is one **revision** of a contract: revisions of one contract share a lineage (the
 * first revision's id, server-side). `revision_status` is the workflow state:
 *   DRAFT —approve/→ APPROVED (the current version; the previously approved revision of the same
 *   contract becomes ARCHIVED in the same transaction).
 * `POST {id}/revision/` starts a new DRAFT copied from the current one (modules/contracts).
 * An APPROVED or ARCHIVED revision is frozen: PUT/PATCH/POST-update/DELETE answer 409 with
 * {@link CONTRACT_MSG.frozen} (WorkflowDef.frozen). Update also by POST to the list with an `id`
 * in the body, as the spec says (§7: «update also uses POST»; ResourceDef.updateByPost).
 *
 * Defaults (spec 03 §3, §9): fee '1', base of acting ARTICLES_OF_ASSOCIATION for both sides,
 * tko_storing_method CHUTE, kgo_storing_method BUNKER, commercial_accounting QUANTITY; a contract
 * waste area's periodicity DAILY. ИНН of either side: 10 digits (organisation) or 12 (person or
 * entrepreneur), check digits as in validation/inn.ts.
 */
import { z } from 'zod';
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import type { WorkflowDef } from '../common/actions';
import { BaseOfActing, CommercialAccounting, ContractRevisionStatus, ContractWasteAreaType, KgoStoringMethod, TkoStoringMethod } from '../enums/contracts-appeals';
import { Periodicity } from '../enums/waste-area';
import { validateInnOrganisation, validateInnPerson } from '../validation/inn';
import { validatePassportNumber } from '../validation/contacts';
import { ANY_LEGAL_ENTITY } from './waste-dump';

export const CONTRACT_MSG = {
  frozen: 'Утверждённая редакция договора не изменяется: создайте новую редакцию (кнопка «Новая редакция»).',
  noCurrent: 'У договора нет утверждённой редакции: сначала утвердите черновик.',
  draftExists: (revision: number) => `У договора уже есть черновик редакции № ${revision}: измените его или утвердите.`,
  currentLabel: 'текущая версия',
  missingId: 'Не указан идентификатор договора.',
} as const;

/** ИНН of a party: 10 digits (organisation) or 12 (natural person, entrepreneur). */
export function validatePartyInn(value: string): string | null {
  return value.length === 10 ? validateInnOrganisation(value) : validateInnPerson(value);
}

/** The contract's revision workflow (module docstring). */
export const CONTRACT_WORKFLOW: WorkflowDef = {
  field: 'revision_status',
  locked: true,
  frozen: { states: ['APPROVED', 'ARCHIVED'], message: CONTRACT_MSG.frozen },
  actions: {
    approve: {
      label: 'Утвердить редакцию',
      permission: { action: 'change' },
      from: ['DRAFT'],
      to: 'APPROVED',
    },
  },
};

/** The details of one party (spec 03 §3): `customer_…` or `contractor_…`. */
function partyFields(side: 'customer' | 'contractor', who: string) {
  const tab = 'general';
  return {
    [side]: f.ref(`${who}`, ANY_LEGAL_ENTITY, { tab, list: true }),
    [`${side}_name`]: f.text(`${who}: наименование / ФИО`, { tab, max: 500, list: true }),
    [`${side}_position`]: f.text(`${who}: должность подписанта`, { tab, max: 255 }),
    [`${side}_signatory`]: f.text(`${who}: ФИО подписанта`, { tab, max: 255, help: 'В именительном падеже: «Петров Пётр Петрович»; в договоре печатается в родительном.' }),
    [`${side}_inn`]: f.text(`${who}: ИНН`, { tab, max: 12, validate: validatePartyInn }),
    [`${side}_address`]: f.text(`${who}: адрес`, { tab, max: 1000 }),
    [`${side}_passport_number`]: f.text(`${who}: серия и номер паспорта`, { tab, max: 20, validate: validatePassportNumber }),
    [`${side}_issued_at`]: f.date(`${who}: дата выдачи паспорта`, { tab }),
    [`${side}_issued_by`]: f.text(`${who}: кем выдан паспорт`, { tab, max: 500 }),
    [`${side}_is_reg_operator`]: f.boolean(`${who} — региональный оператор`, { tab }),
    [`${side}_is_operator`]: f.boolean(`${who} — оператор по обращению с ТКО`, { tab }),
    [`${side}_base_of_acting`]: f.enum(`${who}: действует на основании`, BaseOfActing, { tab, default: 'ARTICLES_OF_ASSOCIATION' }),
  };
}

/** One waste area of a contract (spec 03 §3 «Contract waste area»), a child row of the revision. */
export const contractWasteAreaFields = {
  waste_area: f.integer('Место накопления (id)', { required: true, min: 1, max: 2147483647 }),
  waste_area_type: f.enum('Вид места накопления', ContractWasteAreaType, { help: 'Заполняется по месту накопления.' }),
  periodicity: f.enum('Периодичность вывоза', Periodicity, { default: 'DAILY', help: 'По умолчанию — ежедневно.' }),
  periodicity_on_dates: f.date_list('Даты вывоза'),
  periodicity_on_weekdays: f.int_list('Дни недели вывоза (1 — пн … 7 — вс)', [1, 7]),
  containers: f.int_list('Контейнеры площадки (id)', [1, 2147483647], { maxItems: 100 }),
  waste_source: f.integer('Источник образования ТКО (id)', { min: 1, max: 2147483647,
    help: 'Объект потребителя, чьи ТКО принимаются на этой площадке; при учёте по нормативам объём — его норматив накопления.' }),
  kgo_volume_year: f.decimal('Объём КГО, м³ в год', { scale: 3, max: 1e9, unit: 'м³/год' }),
};

export const contractResource = defineResource({
  name: 'contracts',
  section: 'Договоры и обращения',
  rowScope: { organization: ['customer', 'contractor'] },
  label: 'Договоры',
  labelOne: 'Договор',
  path: '/api/contracts/',
  webPath: '/contracts/',
  tabs: [
    { key: 'general', label: 'Общие сведения' },
    { key: 'life_cycle', label: 'Заключение договора' },
    { key: 'waste_areas', label: 'Места накопления' },
    { key: 'price', label: 'Объёмы и цена' },
    { key: 'contract_revisions', label: 'История редакций' },
  ],
  fields: {
    id: f.id(),
    number: f.text('Номер договора', { required: true, max: 100, list: true }),
    revision: f.computed('Редакция', z.number().int(), { list: true }),
    revision_status: f.enum('Состояние редакции', ContractRevisionStatus, { default: 'DRAFT', list: true }),
    is_approved: f.computed('Утверждена', z.boolean(), { list: true, help: 'Эта редакция — текущая версия договора.' }),
    created_at: f.datetime('Создана', { readOnly: true, list: true }),
    application_date: f.date('Дата поступления заявки потребителя', { tab: 'life_cycle', help: 'ПП РФ № 1156 п. 8(5). Проект договора направляется в течение 15 рабочих дней.' }),
    draft_sent_date: f.date('Дата направления проекта договора', { tab: 'life_cycle', help: 'ПП РФ № 1156 п. 8(8).' }),
    offer_published_date: f.date('Дата размещения предложения (публичной оферты)', { tab: 'life_cycle',
      help: 'ПП РФ № 1156 п. 8(17): без подписания договор считается заключённым на условиях типового договора на 16-й рабочий день после размещения.' }),
    signing_date: f.date('Дата подписания', { list: true }),
    effective_date: f.date('Дата вступления в силу', { list: true }),
    termination_date: f.date('Дата окончания действия'),
    signing_location: f.text('Место подписания', { max: 255 }),
    fee: f.decimal('Цена договора, руб.', { scale: 2, max: 1e12, default: '1', unit: 'руб.' }),
    power_of_attorney_number: f.text('Номер доверенности', { max: 100 }),
    power_of_attorney_date: f.date('Дата доверенности'),
    tko_storing_method: f.enum('Способ складирования ТКО', TkoStoringMethod, { default: 'CHUTE' }),
    tko_storing_method_detail: f.text('Способ складирования ТКО: подробности', { max: 1000 }),
    kgo_storing_method: f.enum('Способ складирования КГО', KgoStoringMethod, { default: 'BUNKER' }),
    commercial_accounting: f.enum('Коммерческий учёт ТКО', CommercialAccounting, { default: 'QUANTITY' }),
    ...partyFields('customer', 'Потребитель'),
    ...partyFields('contractor', 'Исполнитель'),
    waste_areas: f.children('Места накопления', { fields: contractWasteAreaFields }, { tab: 'waste_areas' }),
  },
  filters: {
    search: { kind: 'text', fields: ['number', 'customer_name', 'contractor_name', 'customer_inn', 'signing_location'], label: 'Поиск' },
    revision_status: { kind: 'enum', field: 'revision_status', enum: ContractRevisionStatus, label: 'Состояние редакции' },
    is_approved: { kind: 'bool', field: 'is_approved', label: 'Текущие версии' },
    customer: { kind: 'ref', field: 'customer', label: 'Потребитель' },
    contractor: { kind: 'ref', field: 'contractor', label: 'Исполнитель' },
  },
  keyColumns: ['id', 'number', 'revision_status', 'signing_date', 'effective_date', 'customer_name', 'contractor_name'],
  ordering: ['id', 'number', 'signing_date', 'effective_date', 'created_at', 'customer_name'],
  defaultOrdering: '-id',
  titleField: 'number',
  workflow: CONTRACT_WORKFLOW,
  updateByPost: true,
  ownHistory: true,
  check: (v) => {
    const out: Record<string, string> = {};
    if (typeof v.termination_date === 'string' && typeof v.effective_date === 'string' && v.termination_date < v.effective_date) {
      out.termination_date = 'Дата окончания не может быть раньше даты вступления в силу.';
    }
    const before = (later: string, earlier: string, message: string) => {
      if (typeof v[later] === 'string' && typeof v[earlier] === 'string' && (v[later] as string) < (v[earlier] as string)) out[later] = message;
    };
    before('draft_sent_date', 'application_date', 'Проект не может быть направлен раньше поступления заявки.');
    before('signing_date', 'draft_sent_date', 'Договор не может быть подписан раньше направления проекта.');
    return out;
  },
  example: {
    number: '38-ТКО-2026/0001',
    signing_date: '2026-01-15',
    effective_date: '2026-02-01',
    termination_date: '2026-12-31',
    signing_location: 'г. Ангарск',
    customer_name: 'ООО «Управляющая компания Центр»',
    customer_position: 'Генеральный директор',
    customer_inn: '7707083893',
    customer_address: 'Иркутская обл., г. Ангарск, кв-л 84, д. 1',
    contractor_name: 'ООО «РТ-НЭО Иркутск»',
    contractor_position: 'Директор',
    contractor_inn: '3811439309',
    contractor_is_reg_operator: true,
    tko_storing_method_detail: 'Мусоропровод в каждом подъезде',
  },
});
