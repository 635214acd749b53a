/**
 * Fields of waste handlers (legal entities), spec 02 §3 "Juridical person", "Individual
 * entrepreneur", "Natural person", as groups each kind composes. All three kinds live in one
 * table `legal_entity` with a `kind` column, so a waste area's owners, regional operator or
 * management organisation may be any of them. Every builder returns fresh field objects, so
 * the kinds never share one another's descriptions.
 *
 * Identifiers are checked by their real algorithms (packages/contract/src/validation):
 * ИНН (10 digits for an organisation, 12 for a person), КПП, ОГРН, ОГРНИП, ОКПО, ОКТМО, ОКВЭД 2.
 * The `roles` list is derived from the true flags (spec 02 §3, §6) by the server, never written.
 */
import { z } from 'zod';
import { f } from '../common/fields';
import type { FieldDef } from '../common/fields';
import type { FilterDef } from '../common/filters';
import type { TabDef } from '../common/resource';
import { defineEnum } from '../enums/define-enum';
import {
  checkBankDetails, validateAccount, validateBik,
  validateEmail, validateInnOrganisation, validateInnPerson, validateKpp, validateOgrn, validateOgrnip,
  validateOkpo, validateOkved2, validateOktmo, validatePassportNumber, validatePhone,
} from '../validation/index';
import { CONTRACT_ZONE } from './refs';
import type { RefTarget } from '../common/fields';

export const LegalEntityStatus = defineEnum('legal_entity_status', { ACTIVE: 'Действующее', CLOSED: 'Ликвидировано' });

/** Business roles of a legal entity (spec 02 §6), one per flag. */
export const LegalEntityRole = defineEnum('legal_entity_role', {
  OPERATOR: 'Оператор по обращению с ТКО',
  REG_OPERATOR: 'Региональный оператор',
  WASTE_PRODUCER: 'Образователь отходов',
  ROOM_OWNER: 'Собственник помещения',
  WASTE_AREA_OWNER: 'Собственник места накопления',
});

/** Flag field of each role, in the order of the enumeration (roles = the roles whose flag is true). */
export const ROLE_FLAGS = {
  OPERATOR: 'is_operator',
  REG_OPERATOR: 'is_reg_operator',
  WASTE_PRODUCER: 'is_waste_producer',
  ROOM_OWNER: 'is_room_owner',
  WASTE_AREA_OWNER: 'is_waste_area_owner',
} as const satisfies Record<(typeof LegalEntityRole.values)[number], string>;

/** Administrative units (ОКТМО dictionary, /api/dicts/administrative-unit/), shown by name. */
export const ADMINISTRATIVE_UNIT: RefTarget = { resource: 'administrative-unit' };

/** Card tabs of a waste handler: general data; licence, territory and roles. */
export const LEGAL_ENTITY_TABS: TabDef[] = [
  { key: 'general', label: 'Общие сведения' },
  { key: 'characteristics', label: 'Лицензия и территория' },
  { key: 'bank', label: 'Банковские реквизиты' },
];

/** The roles field: read-only, derived from the flags. */
export const rolesField = () =>
  f.computed('Роли', z.array(LegalEntityRole.schema), { list: true, enum: LegalEntityRole, help: 'Определяются отмеченными признаками.' });

/** The five role flags (spec 02 §3). */
export const roleFlagFields = () => ({
  is_operator: f.boolean('Оператор по обращению с ТКО', { tab: 'characteristics' }),
  is_reg_operator: f.boolean('Региональный оператор', { tab: 'characteristics' }),
  is_waste_producer: f.boolean('Образователь отходов', { tab: 'characteristics' }),
  is_room_owner: f.boolean('Собственник помещения', { tab: 'characteristics' }),
  is_waste_area_owner: f.boolean('Собственник места накопления', { tab: 'characteristics' }),
});

/** Contacts of a person or entrepreneur: phone and e-mail (validated). */
export const contactFields = () => ({
  phone: f.text('Телефон', { max: 50, validate: validatePhone, private: true }),
  email: f.text('Электронная почта', { max: 254, validate: validateEmail, private: true }),
});

/** Passport of a person or entrepreneur (personal data: private). */
export const passportFields = () => ({
  passport_number: f.text('Серия и номер паспорта', { max: 20, validate: validatePassportNumber, private: true }),
  passport_issued_at: f.date('Дата выдачи паспорта', { private: true }),
  passport_issues_by: f.text('Кем выдан паспорт', { max: 500, private: true }),
});

/**
 * Bank details of an organisation or entrepreneur, printed in the contract's «Реквизиты и подписи
 * сторон»: bank, БИК, расчётный and корреспондентский счёт. Each is checked by its form here
 * and against the БИК by {@link checkLegalEntity} (validation/bank.ts, Положение Банка России № 579-П).
 */
export const bankFields = () => ({
  bank_name: f.text('Наименование банка', { tab: 'bank', max: 500 }),
  bik: f.text('БИК', { tab: 'bank', max: 9, validate: validateBik }),
  settlement_account: f.text('Расчётный счёт', { tab: 'bank', max: 20, validate: validateAccount }),
  correspondent_account: f.text('Корреспондентский счёт', { tab: 'bank', max: 20, validate: validateAccount }),
});

/**
 * Fields shared by juridical persons and individual entrepreneurs (spec 02 §3): names, codes,
 * contact person, status, bank details, licence, territory (administrative units, contract zones), roles.
 */
export const organisationFields = (innValidate: (v: string) => string | null) => ({
  id: f.id(),
  name: f.text('Полное наименование', { required: true, max: 1000, list: true }),
  short_name: f.text('Краткое наименование', { max: 500, list: true }),
  inn: f.text('ИНН', { max: 12, list: true, validate: innValidate }),
  oktmo: f.text('ОКТМО', { max: 11, validate: validateOktmo }),
  okpo: f.text('ОКПО', { max: 10, validate: validateOkpo }),
  okved2: f.text('Основной ОКВЭД 2', { max: 8, validate: validateOkved2 }),
  okved2_name: f.text('Наименование вида деятельности по ОКВЭД 2', { max: 500 }),
  location: f.text('Адрес', { max: 1000 }),
  contact_person_name: f.text('Контактное лицо: ФИО', { max: 255 }),
  contact_person_position: f.text('Контактное лицо: должность', { max: 255 }),
  contact_person_phone: f.text('Контактное лицо: телефон', { max: 50, validate: validatePhone }),
  contact_person_email: f.text('Контактное лицо: электронная почта', { max: 254, validate: validateEmail }),
  status: f.enum('Статус', LegalEntityStatus, { default: 'ACTIVE', list: true }),
  closed_at: f.date('Дата прекращения деятельности'),
  roles: rolesField(),
  ...bankFields(),
  license_number: f.text('Номер лицензии', { tab: 'characteristics', max: 100 }),
  license_issued_by: f.text('Кем выдана лицензия', { tab: 'characteristics', max: 500 }),
  license_issued_at: f.date('Дата выдачи лицензии', { tab: 'characteristics' }),
  administrative_units: f.refs('Административные единицы', ADMINISTRATIVE_UNIT, { tab: 'characteristics' }),
  contract_zones: f.refs('Зоны деятельности', CONTRACT_ZONE, { tab: 'characteristics', maxItems: 100 }),
  ...roleFlagFields(),
});

/** Juridical person: an organisation's ИНН (10 digits), КПП, ОГРН and the head's name. */
export const juridicalPersonFields = () => {
  const { id, name, short_name, inn, ...rest } = organisationFields(validateInnOrganisation);
  return {
    id, name, short_name, inn,
    kpp: f.text('КПП', { max: 9, list: true, validate: validateKpp }),
    ogrn: f.text('ОГРН', { max: 13, validate: validateOgrn }),
    chief_name: f.text('Руководитель', { max: 255 }),
    ...rest,
  };
};

/**
 * Individual entrepreneur: the organisation fields with a person's ИНН (12 digits) plus
 * ОГРНИП, passport, phone, e-mail and number_of_residents (spec 02 §3). An entrepreneur has no
 * КПП or ОГРН (a КПП is given to organisations only; an entrepreneur's register number is the
 * ОГРНИП), so those fields are not part of this kind.
 */
export const individualEntrepreneurFields = () => {
  const { id, name, short_name, inn, ...rest } = organisationFields(validateInnPerson);
  return {
    id, name: { ...name, label: 'ФИО индивидуального предпринимателя' } as typeof name, short_name, inn,
    ogrnip: f.text('ОГРНИП', { max: 15, list: true, validate: validateOgrnip }),
    ...passportFields(),
    ...contactFields(),
    number_of_residents: f.integer('Количество проживающих', { min: 0, max: 100000 }),
    ...rest,
  };
};

/**
 * Natural person (spec 02 §3): name, ИНН (12 digits), passport, phone, e-mail, address and the
 * role flags a person can hold (waste producer, room owner, waste area owner; a person cannot
 * be a licensed operator or the regional operator).
 */
export const naturalPersonFields = () => {
  const flags = roleFlagFields();
  return {
    id: f.id(),
    name: f.text('ФИО', { required: true, max: 500, list: true }),
    inn: f.text('ИНН', { max: 12, list: true, validate: validateInnPerson }),
    ...passportFields(),
    ...contactFields(),
    address: f.text('Адрес регистрации', { max: 1000, private: true }),
    roles: rolesField(),
    is_waste_producer: { ...flags.is_waste_producer, tab: 'general' },
    is_room_owner: { ...flags.is_room_owner, tab: 'general' },
    is_waste_area_owner: { ...flags.is_waste_area_owner, tab: 'general' },
  } satisfies Record<string, FieldDef>;
};

/** Filters of every kind: search, status (organisations), roles and each flag. */
export function legalEntityFilters(search: string[], opts: { status: boolean; flags: string[] }): Record<string, FilterDef> {
  const flags = roleFlagFields() as Record<string, FieldDef>;
  return {
    search: { kind: 'text', fields: search, label: 'Поиск' },
    ...(opts.status ? { status: { kind: 'enum', field: 'status', enum: LegalEntityStatus, label: 'Статус' } as FilterDef } : {}),
    roles: { kind: 'enum_any', field: 'roles', enum: LegalEntityRole, label: 'Роли' },
    ...Object.fromEntries(opts.flags.map((k) => [k, { kind: 'bool', field: k, label: flags[k]!.label } as FilterDef])),
  };
}

/**
 * Cross-field rule of organisations: a liquidated entity (status CLOSED) needs the date it
 * ceased (closed_at), as on the waste areas (docs/DECISIONS.md).
 */
export function checkClosed(values: Record<string, unknown>): Record<string, string> {
  return values.status === 'CLOSED' && !values.closed_at ? { closed_at: 'Укажите дату прекращения деятельности.' } : {};
}

/** Cross-field rules of organisations and entrepreneurs: {@link checkClosed} and the accounts against the БИК. */
export function checkLegalEntity(values: Record<string, unknown>): Record<string, string> {
  return { ...checkBankDetails(values), ...checkClosed(values) };
}
