/**
 * Contract zones dictionary (зоны деятельности регионального оператора), spec 03 "Contract
 * zone": name, operator, description. Read by the container-site card and filter; the
 * dictionary screen arrives with the dictionaries issue.
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import { LEGAL_ENTITY } from './refs';

export const contractZoneResource = defineResource({
  name: 'contract-zones',
  section: 'Справочники',
  rowScope: { shared: 'zones of activity of the territorial scheme (public data)' },
  label: 'Зоны деятельности',
  labelOne: 'Зона деятельности',
  path: '/api/dicts/contract-zones/',
  webPath: '/dicts/contract-zones/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    name: f.text('Наименование', { required: true, max: 255, list: true }),
    operator: f.ref('Региональный оператор', LEGAL_ENTITY, { list: true }),
    description: f.longtext('Описание'),
  },
  filters: { search: { kind: 'text', fields: ['name'], label: 'Поиск' } },
  ordering: ['id', 'name'],
  defaultOrdering: 'name',
  titleField: 'name',
  example: { name: 'Южная зона', description: 'Зона деятельности регионального оператора' },
});
