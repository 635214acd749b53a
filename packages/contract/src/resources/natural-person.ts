/**
 * Natural persons (физические лица), spec 02 §3 "Natural person": full name, 12-digit ИНН,
 * passport, phone, e-mail, registration address and the role flags a person can hold.
 * Permission resource 'natural-person'. Rows of the shared table `legal_entity` with kind
 * NATURAL_PERSON.
 */
import { defineResource } from '../common/resource';
import { LEGAL_ENTITY_TABS, legalEntityFilters, naturalPersonFields } from './legal-entity-fields';

export const naturalPersonResource = defineResource({
  name: 'natural-person',
  section: 'Территориальная схема',
  rowScope: { internal: 'personal data of citizens (152-ФЗ)' },
  label: 'Физические лица',
  labelOne: 'Физическое лицо',
  path: '/api/legal-entities/natural-person/',
  webPath: '/terr-schema/waste-handlers/natural-person/',
  tabs: LEGAL_ENTITY_TABS.slice(0, 1),
  fields: naturalPersonFields(),
  filters: legalEntityFilters(['name', 'inn'], { status: false, flags: ['is_waste_producer', 'is_room_owner', 'is_waste_area_owner'] }),
  ordering: ['id', 'name', 'inn'],
  defaultOrdering: 'name',
  titleField: 'name',
  example: {
    name: 'Петрова Мария Сергеевна',
    inn: '222400001138',
    passport_number: '0110 654321',
    passport_issued_at: '2012-09-01',
    passport_issues_by: 'ТП УФМС России по Алтайскому краю в Алейском районе',
    phone: '8 (38553) 2-11-45',
    email: 'petrova@example.ru',
    address: 'Алтайский край, Алейский район, п. Алейский, ул. Центральная, д. 5',
    is_room_owner: true,
    is_waste_producer: true,
  },
});
