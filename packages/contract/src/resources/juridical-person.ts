/**
 * Juridical persons (юридические лица), spec 02 §3 "Juridical person": names, ИНН (10 digits),
 * КПП, ОГРН, ОКТМО, ОКПО, ОКВЭД 2, head, contact person, status, licence, administrative units,
 * contract zones, the five role flags and the roles derived from them. Permission resource
 * 'juridical-person'. Rows of the shared table `legal_entity` with kind JURIDICAL_PERSON.
 */
import { defineResource } from '../common/resource';
import { checkLegalEntity, juridicalPersonFields, LEGAL_ENTITY_TABS, legalEntityFilters } from './legal-entity-fields';

export { LegalEntityStatus } from './legal-entity-fields';

export const juridicalPersonResource = defineResource({
  name: 'juridical-person',
  section: 'Территориальная схема',
  rowScope: { shared: 'the public register of legal entities (ЕГРЮЛ); owners and parties are chosen from it' },
  label: 'Юридические лица',
  labelOne: 'Юридическое лицо',
  path: '/api/legal-entities/juridical-person/',
  webPath: '/terr-schema/waste-handlers/juridical-person/',
  tabs: LEGAL_ENTITY_TABS,
  fields: juridicalPersonFields(),
  filters: legalEntityFilters(['name', 'short_name', 'inn', 'ogrn'], {
    status: true,
    flags: ['is_operator', 'is_reg_operator', 'is_waste_producer', 'is_room_owner', 'is_waste_area_owner'],
  }),
  keyColumns: ['id', 'name', 'inn', 'kpp', 'status', 'roles'],
  ordering: ['id', 'name', 'short_name', 'inn', 'status'],
  defaultOrdering: 'name',
  titleField: 'name',
  check: checkLegalEntity,
  example: {
    name: 'Общество с ограниченной ответственностью «Чистый город»',
    short_name: 'ООО «Чистый город»',
    inn: '2225000010',
    kpp: '222501001',
    ogrn: '1022201000018',
    okved2: '38.11',
    okved2_name: 'Сбор неопасных отходов',
    contact_person_phone: '+7 (3852) 20-12-34',
    contact_person_email: 'info@example.ru',
    license_number: '(22)-220001-СТ',
    license_issued_at: '2019-06-10',
    is_operator: true,
  },
});
