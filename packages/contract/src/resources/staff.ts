/**
 * Staff `/api/staff/` (permission resource 'staff', + xlsx/; spec 02 §3 "Staff", §7 "Staff"):
 * full name, employee number (табельный номер, unique), positions (the staff_position
 * dictionary, GET /api/dicts/positions/), driving licence series and number (водительское
 * удостоверение: 2 + 2 digits and 6 digits since 2011, Приказ МВД России от 13.05.2009 № 365),
 * categories (ФЗ-196 ст. 25), phone, e-mail, attachments (scans).
 */
import { f } from '../common/fields';
import type { RefTarget } from '../common/fields';
import { defineResource } from '../common/resource';
import { defineEnum } from '../enums/define-enum';
import { validateEmail, validatePhone } from '../validation/contacts';

/** Staff positions (GET /api/dicts/positions/), shown by their name. */
export const STAFF_POSITION: RefTarget = { resource: 'staff-positions' };
/** Staff members, shown by their full name. */
export const STAFF_MEMBER: RefTarget = { resource: 'staff' };

/** Driving-licence categories and subcategories (ФЗ-196 «О безопасности дорожного движения», ст. 25). */
export const DrivingLicenceCategory = defineEnum('driving_licence_category', {
  A: 'A', B: 'B', C: 'C', D: 'D', BE: 'BE', CE: 'CE', DE: 'DE', Tm: 'Tm', Tb: 'Tb', M: 'M',
  A1: 'A1', B1: 'B1', C1: 'C1', D1: 'D1', C1E: 'C1E', D1E: 'D1E',
});

/** Series of a Russian driving licence: 4 digits (region + series), spaces allowed. */
export function validateLicenceSeries(v: string): string | null {
  return /^\d{2}\s?\d{2}$/.test(v.trim()) ? null : 'Серия удостоверения — 4 цифры, например «38 12».';
}
/** Number of a Russian driving licence: 6 digits. */
export function validateLicenceNumber(v: string): string | null {
  return /^\d{6}$/.test(v.trim()) ? null : 'Номер удостоверения — 6 цифр.';
}

export const staffResource = defineResource({
  name: 'staff',
  section: 'Диспетчерская',
  rowScope: { internal: 'the operator’s staff (personal data)' },
  label: 'Сотрудники',
  labelOne: 'Сотрудник',
  path: '/api/staff/',
  webPath: '/routes/staff/',
  tabs: [
    { key: 'general', label: 'Общие сведения' },
    { key: 'files', label: 'Документы' },
  ],
  fields: {
    id: f.id(),
    full_name: f.text('ФИО', { required: true, max: 255, list: true }),
    employee_number: f.text('Табельный номер', { max: 50, list: true }),
    positions: f.refs('Должности', STAFF_POSITION, { list: true, maxItems: 10 }),
    driving_licence_series: f.text('Серия водительского удостоверения', { max: 10, validate: validateLicenceSeries, private: true }),
    driving_licence_number: f.text('Номер водительского удостоверения', { max: 10, validate: validateLicenceNumber, private: true }),
    driving_licence_categories: f.enum_list('Категории', DrivingLicenceCategory, { list: true }),
    phone: f.text('Телефон', { max: 50, validate: validatePhone, private: true, list: true }),
    email: f.text('Электронная почта', { max: 254, validate: validateEmail, private: true }),
    attachments: f.files('Документы', 'any', { tab: 'files' }),
  },
  filters: {
    search: { kind: 'text', fields: ['full_name', 'employee_number'], label: 'Поиск' },
    positions: { kind: 'refs', field: 'positions', label: 'Должность' },
    driving_licence_categories: { kind: 'enum_any', field: 'driving_licence_categories', enum: DrivingLicenceCategory, label: 'Категория прав' },
  },
  ordering: ['id', 'full_name', 'employee_number'],
  defaultOrdering: 'full_name',
  titleField: 'full_name',
  example: {
    full_name: 'Петров Сергей Иванович',
    employee_number: '0412',
    driving_licence_series: '38 12',
    driving_licence_number: '345678',
    driving_licence_categories: ['B', 'C', 'CE'],
    phone: '+7 (3955) 52-14-07',
    email: 'petrov@example.ru',
  },
});
