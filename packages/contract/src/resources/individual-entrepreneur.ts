/**
 * Individual entrepreneurs (индивидуальные предприниматели), spec 02 §3 "Individual
 * entrepreneur": the organisation fields with a 12-digit ИНН, plus ОГРНИП, passport, phone,
 * e-mail and number_of_residents. Permission resource 'individual-entrepreneur'. Rows of the
 * shared table `legal_entity` with kind INDIVIDUAL_ENTREPRENEUR.
 */
import { defineResource } from '../common/resource';
import { checkLegalEntity, individualEntrepreneurFields, LEGAL_ENTITY_TABS, legalEntityFilters } from './legal-entity-fields';

export const individualEntrepreneurResource = defineResource({
  name: 'individual-entrepreneur',
  section: 'Территориальная схема',
  rowScope: { shared: 'the public register of entrepreneurs (ЕГРИП); owners and parties are chosen from it' },
  label: 'Индивидуальные предприниматели',
  labelOne: 'Индивидуальный предприниматель',
  path: '/api/legal-entities/individual-entrepreneur/',
  webPath: '/terr-schema/waste-handlers/individual-entrepreneur/',
  tabs: LEGAL_ENTITY_TABS,
  fields: individualEntrepreneurFields(),
  filters: legalEntityFilters(['name', 'short_name', 'inn', 'ogrnip'], {
    status: true,
    flags: ['is_operator', 'is_waste_producer', 'is_room_owner', 'is_waste_area_owner'],
  }),
  keyColumns: ['id', 'name', 'inn', 'ogrnip', 'status', 'roles'],
  ordering: ['id', 'name', 'inn', 'ogrnip', 'status'],
  defaultOrdering: 'name',
  titleField: 'name',
  check: checkLegalEntity,
  example: {
    name: 'Иванов Иван Иванович',
    short_name: 'ИП Иванов И. И.',
    inn: '222500001050',
    ogrnip: '319222500000010',
    passport_number: '0104 123456',
    passport_issued_at: '2015-04-20',
    passport_issues_by: 'Отделом УФМС России по Алтайскому краю в Центральном районе г. Барнаула',
    phone: '+7 913 000-00-00',
    email: 'ip.ivanov@example.ru',
    number_of_residents: 3,
    is_room_owner: true,
  },
});
