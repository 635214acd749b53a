/**
 * Juridical persons (юридические лица), spec 02 §3 — the base needed now by waste areas
 * (regional operator, management organisation, owners). The waste-handlers issue adds the
 * full field set and the ИНН/КПП/ОГРН check digits.
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import { defineEnum } from '../enums/define-enum';

export const LegalEntityStatus = defineEnum('legal_entity_status', { ACTIVE: 'Действующее', CLOSED: 'Ликвидировано' });

export const juridicalPersonResource = defineResource({
  name: 'juridical-person',
  label: 'Юридические лица',
  labelOne: 'Юридическое лицо',
  path: '/api/legal-entities/juridical-person/',
  webPath: '/terr-schema/waste-handlers/juridical-person/',
  table: 'legal_entity',
  scope: { column: 'kind', value: 'JURIDICAL_PERSON' },
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    name: f.text('Полное наименование', { required: true, max: 1000, list: true }),
    short_name: f.text('Краткое наименование', { max: 500, list: true }),
    inn: f.text('ИНН', { max: 12, list: true }),
    kpp: f.text('КПП', { max: 9 }),
    ogrn: f.text('ОГРН', { max: 15 }),
    status: f.enum('Статус', LegalEntityStatus, { default: 'ACTIVE', list: true }),
    is_operator: f.boolean('Оператор по обращению с ТКО'),
    is_reg_operator: f.boolean('Региональный оператор', { list: true }),
    is_waste_producer: f.boolean('Образователь отходов'),
    is_room_owner: f.boolean('Собственник помещения'),
    is_waste_area_owner: f.boolean('Собственник места накопления'),
  },
  filters: {
    search: { kind: 'text', fields: ['name', 'short_name', 'inn'], label: 'Поиск' },
    is_reg_operator: { kind: 'bool', field: 'is_reg_operator', label: 'Региональный оператор' },
  },
  ordering: ['id', 'name', 'inn'],
  defaultOrdering: 'name',
  titleField: 'name',
  example: { name: 'ООО «Чистый город»', short_name: 'Чистый город', inn: '7707083893', is_operator: true },
});
