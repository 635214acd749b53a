/**
 * Administrative units (административно-территориальные единицы), spec 03 "Dictionaries":
 * name, area, code, head, phone, email, population, reg_operator — loaded from Rosstat's ОКТМО
 * (ОК 033-2013; packages/db/src/oktmo, docs/DATA.md) and kept by the operator's staff, who fill
 * in the head, contacts, population and regional operator. Permission resource
 * 'administrative-unit'; screen /dicts/atu/; public read-only variant (spec 03 §1, §6).
 *
 * - `code`: the ОКТМО code, 8 digits (municipal formation, section 1) or 11 (locality,
 *   section 2); unique. It may be empty for a formation created by a regional law before
 *   Rosstat has given it a code; a unit added by hand is otherwise like a loaded one.
 * - `area`: the municipal district or city okrug (ОКТМО level 1) the unit belongs to — the
 *   unit's own name for a district or okrug (docs/DECISIONS.md).
 * - `section`, `level`, `region`, `parent_code` follow from the code by the ОКТМО structure
 *   (generated columns of the table, never written): region = digits 1–2; section 1 or 2;
 *   the level from the classification sign — 3rd digit of a level-1 code (5 municipal okrug,
 *   6 municipal district, 7 city okrug), 6th digit of a level-2 code (1 urban settlement,
 *   3 inner-city district, 4 rural settlement, 7 inter-settlement territory), 11 digits a
 *   locality; the parent is the code with its last non-zero group set to zeros.
 * - Validation (spec 03 §5): name required, code 8 or 11 digits, phone and e-mail by
 *   packages/contract/src/validation, population a whole number ≥ 0.
 */
import { f } from '../common/fields';
import { ADMIN_MARK, defineResource } from '../common/resource';
import { defineEnum } from '../enums/define-enum';
import { importSourceLabel } from '../enums/import-sources';
import { validateEmail, validateOktmo, validatePhone } from '../validation/index';
import { LEGAL_ENTITY } from './refs';

/** Level of a unit in the ОКТМО hierarchy (derived from its code, see the module doc). */
export const AdministrativeUnitLevel = defineEnum('administrative_unit_level', {
  MUNICIPAL_DISTRICT: 'Муниципальный район',
  MUNICIPAL_OKRUG: 'Муниципальный округ',
  URBAN_OKRUG: 'Городской округ',
  URBAN_SETTLEMENT: 'Городское поселение',
  RURAL_SETTLEMENT: 'Сельское поселение',
  INNER_CITY_DISTRICT: 'Внутригородской район',
  INTER_SETTLEMENT: 'Межселенная территория',
  LOCALITY: 'Населённый пункт',
  OTHER: 'Иное муниципальное образование',
});

export const administrativeUnitResource = defineResource({
  name: 'administrative-unit',
  section: 'Справочники',
  // A federal dictionary: writes need the administrator's mark too (docs/DECISIONS.md «Federal dictionaries»).
  writePermission: ADMIN_MARK,
  rowScope: { shared: 'the dictionary of municipal formations (ОКТМО)' },
  label: 'Административные единицы',
  labelOne: 'Административная единица',
  path: '/api/dicts/administrative-unit/',
  publicPath: '/api/public/v1/dicts/administrative-unit/',
  webPath: '/dicts/atu/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    code: f.text('Код ОКТМО', { max: 11, list: true, validate: validateOktmo }),
    name: f.text('Наименование', { required: true, max: 500, list: true }),
    area: f.text('Район (муниципальный район, городской округ)', { max: 500, list: true }),
    level: f.enum('Уровень', AdministrativeUnitLevel, { readOnly: true, list: true }),
    region: f.text('Код субъекта РФ', { readOnly: true }),
    section: f.integer('Раздел ОКТМО', { readOnly: true, help: '1 — муниципальные образования, 2 — населённые пункты.' }),
    parent_code: f.text('Код ОКТМО вышестоящего образования', { readOnly: true }),
    centre: f.text('Административный центр', { max: 255 }),
    head: f.text('Глава', { max: 255 }),
    phone: f.text('Телефон', { max: 50, validate: validatePhone }),
    email: f.text('Электронная почта', { max: 254, validate: validateEmail }),
    population: f.integer('Численность населения, чел.', { min: 0, max: 20_000_000, unit: 'чел.', list: true }),
    reg_operator: f.ref('Региональный оператор', LEGAL_ENTITY, { list: true }),
    effective_date: f.date('Дата введения кода в действие'),
    data_import_source: f.text('Источник данных', { readOnly: true, display: importSourceLabel }),
  },
  filters: {
    search: { kind: 'text', fields: ['name', 'code'], label: 'Поиск по наименованию или коду' },
    region: { kind: 'values', field: 'region', label: 'Субъект РФ (код ОКТМО)', pattern: /^\d{2}$/, message: 'Код субъекта — две цифры, например 01 или 03.' },
    level: { kind: 'enum', field: 'level', enum: AdministrativeUnitLevel, label: 'Уровень' },
    // Exact codes: the web app opens a card by its ОКТМО code (`/dicts/atu/view/{oktmo}/`) through this filter.
    code: { kind: 'values', field: 'code', label: 'Код ОКТМО', pattern: /^(\d{8}|\d{11})$/, message: 'Код ОКТМО — 8 или 11 цифр.' },
    parent: { kind: 'values', field: 'parent_code', label: 'Вышестоящее образование (код ОКТМО)', pattern: /^\d{8}$/, message: 'Код вышестоящего образования — 8 цифр ОКТМО.' },
    reg_operator: { kind: 'ref', field: 'reg_operator', label: 'Региональный оператор' },
  },
  ordering: ['id', 'code', 'name', 'area', 'level', 'population'],
  defaultOrdering: 'code',
  titleField: 'name',
  example: {
    name: 'Новый муниципальный округ',
    area: 'Новый муниципальный округ',
    centre: 'с Новое',
    head: 'Сидоров Пётр Алексеевич',
    phone: '+7 (38553) 2-10-01',
    email: 'admin@novy-mo.example.ru',
    population: 12450,
  },
});
