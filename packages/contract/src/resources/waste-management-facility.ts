/**
 * Waste management facilities (объекты обращения с отходами: обработка, обезвреживание,
 * утилизация, хранение, захоронение), spec 02 §3 "Waste management facility", §7 "Facilities".
 * Permission resource 'waste-management-facility'; public variant /api/public/v1/facilities/.
 *
 * Decisions (docs/DECISIONS.md):
 * - `parameters`: spec 02 §7 describes a read answer with a nested `parameters` object that
 *   the client merges into the top level. Here the answer is already flat (every field at the
 *   top level, no `parameters` key: a client that merges it finds nothing to merge). A create
 *   or update body may carry `parameters: {...}`: it is merged into the top level before
 *   validation, and a key given at both levels keeps its top-level value (the edited one).
 * - Current and planned tabs (spec 02 §2): one registry; `stage` is derived from the status
 *   (PLANNED → PLANNED, every other status → CURRENT) and filters the two tabs.
 * - Operator licence: read from the operator (legal_entity.license_*), not stored on the
 *   facility — a licence is issued to the legal entity (ФЗ от 04.05.2011 № 99-ФЗ, ст. 12 ч. 1 п. 30;
 *   ФЗ от 24.06.1998 № 89-ФЗ, ст. 9), so it is kept once, on the operator card.
 * - conclusion_* = the state ecological expertise conclusion (заключение ГЭЭ, ФЗ от 23.11.1995
 *   № 174-ФЗ, ст. 11, 18): number, date, issuing body. land_document_* = the title to the land
 *   plot: kind, number, date.
 * - Units: capacities in tonnes per year, placement capacity and amounts in tonnes, area in
 *   hectares, capital investment in roubles, remaining time in years.
 * - Placement fields (placement tab) describe an object of disposal (объект размещения отходов)
 *   and its entry in ГРОРО, the state register of disposal objects (ФЗ № 89-ФЗ, ст. 12 п. 6;
 *   registry_number, order_date and order_number: the Rosprirodnadzor order of inclusion).
 */
import { z } from 'zod';
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import { AccessRoadType, FacilityStage, LandDocumentKind } from '../enums/facilities-dumps';
import { EngineeringSupport, FacilityPurpose, FacilityStatus, MonitoringType, ProtectionType } from '../enums/other';
import { commonFields } from './common-fields';
import { FKKO } from './fkko';
import { LEGAL_ENTITY } from './refs';
import { checkCadastralNumber } from './waste-source';

const CH = 'characteristics';
const PL = 'placement';

/** One node of `fkko_tree`: a chosen code or one of its ancestors. */
export const FkkoTreeNodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  hazard_class: z.number().int(),
  level: z.string(),
  parent_code: z.string().nullable(),
  /** True for a code chosen on the facility, false for an ancestor shown only for the tree. */
  selected: z.boolean(),
});
export type FkkoTreeNode = z.infer<typeof FkkoTreeNodeSchema>;

/** Tabs of the facilities section (spec 02 §2) and the `stage` each one lists. */
export const FACILITY_SECTION_TABS = [
  { type: 'current', label: 'Действующие объекты', stage: 'CURRENT' },
  { type: 'planned', label: 'Планируемые объекты', stage: 'PLANNED' },
] as const;

/** Merges a nested `parameters` object into the top level; top-level keys win. */
function mergeParameters(body: Record<string, unknown>): Record<string, unknown> {
  const { parameters, ...rest } = body;
  if (!parameters || typeof parameters !== 'object' || Array.isArray(parameters)) return rest;
  return { ...(parameters as Record<string, unknown>), ...rest };
}

export const wasteManagementFacilityResource = defineResource({
  name: 'waste-management-facility',
  section: 'Территориальная схема',
  rowScope: { shared: 'objects of the territorial scheme (public data)' },
  label: 'Объекты обращения с отходами',
  labelOne: 'Объект обращения с отходами',
  path: '/api/waste-management-facility/',
  publicPath: '/api/public/v1/facilities/',
  webPath: '/terr-schema/waste-management-facilities/current/',
  tabs: [
    { key: 'general', label: 'Общие сведения' },
    { key: CH, label: 'Характеристики' },
    { key: PL, label: 'Размещение отходов' },
  ],
  fields: {
    id: f.id(),
    // — general —
    name: f.text('Наименование', { required: true, max: 1000, list: true }),
    status: f.enum('Статус', FacilityStatus, { default: 'ACTIVE', list: true }),
    stage: f.enum('Раздел', FacilityStage, { readOnly: true, help: 'Планируемые — статус «Планируемый», остальные — действующие.' }),
    purpose: f.enum('Назначение', FacilityPurpose, { list: true }),
    operator: f.ref('Оператор', LEGAL_ENTITY, { list: true }),
    license_number: f.computed('Номер лицензии оператора', z.string().nullable(),
      { help: 'Из карточки оператора.' }),
    license_issued_at: f.computed('Дата выдачи лицензии оператора', z.string().nullable(),
      { help: 'Из карточки оператора.' }),
    license_issued_by: f.computed('Кем выдана лицензия оператора', z.string().nullable(),
      { help: 'Из карточки оператора.' }),
    ...commonFields(),
    cadastral_number: f.text('Кадастровый номер земельного участка', { max: 40, validate: checkCadastralNumber }),
    commissioning_date: f.date('Дата ввода в эксплуатацию'),
    closing_date: f.date('Дата вывода из эксплуатации'),
    building_period: f.range('Период строительства', 'date'),
    reconstruction_period: f.range('Период реконструкции', 'date'),
    decommissioning_period: f.range('Период вывода из эксплуатации', 'date'),
    capital_investment: f.decimal('Капитальные вложения, руб.', { scale: 2, max: 1e12, unit: 'руб.' }),
    // — characteristics —
    fkko: f.refs('Виды отходов (ФККО)', FKKO, { tab: CH, detailOnly: true }),
    fkko_tree: f.computed('Дерево ФККО', z.array(FkkoTreeNodeSchema),
      { tab: CH, detailOnly: true, help: 'Выбранные коды и все их родительские строки каталога.' }),
    production_capacity: f.decimal('Производственная мощность, т/год', { tab: CH, scale: 3, unit: 'т/год' }),
    design_capacity: f.decimal('Проектная мощность, т/год', { tab: CH, scale: 3, unit: 'т/год', list: true }),
    available_capacity: f.decimal('Свободная мощность, т/год', { tab: CH, scale: 3, unit: 'т/год', list: true }),
    expiry: f.date('Окончание срока эксплуатации', { tab: CH }),
    documentation_approving_authority: f.text('Проектная документация: кем утверждена', { tab: CH, max: 500 }),
    documentation_number: f.text('Проектная документация: номер', { tab: CH, max: 100 }),
    documentation_approval_date: f.date('Проектная документация: дата утверждения', { tab: CH }),
    has_negative_impact: f.boolean('Объект негативного воздействия на окружающую среду', { tab: CH }),
    environment_monitoring: f.enum_list('Мониторинг окружающей среды', MonitoringType, { tab: CH }),
    environment_protection: f.enum_list('Защита окружающей среды', ProtectionType, { tab: CH }),
    access_roads: f.enum_list('Подъездные пути', AccessRoadType, { tab: CH }),
    engineering_supports: f.enum_list('Инженерное обеспечение', EngineeringSupport, { tab: CH }),
    conclusion_number: f.text('Заключение ГЭЭ: номер', { tab: CH, max: 100 }),
    conclusion_date: f.date('Заключение ГЭЭ: дата', { tab: CH }),
    conclusion_issued_by: f.text('Заключение ГЭЭ: кем выдано', { tab: CH, max: 500 }),
    land_document_kind: f.enum('Документ на землю: вид', LandDocumentKind, { tab: CH }),
    land_document_number: f.text('Документ на землю: номер', { tab: CH, max: 100 }),
    land_document_date: f.date('Документ на землю: дата', { tab: CH }),
    // — placement (objects of disposal, ГРОРО) —
    area: f.decimal('Площадь объекта размещения, га', { tab: PL, scale: 4, max: 1e6, unit: 'га' }),
    capacity: f.decimal('Вместимость объекта размещения, т', { tab: PL, scale: 3, unit: 'т' }),
    used: f.decimal('Размещено с начала эксплуатации, т', { tab: PL, scale: 3, unit: 'т' }),
    used_last_year: f.decimal('Размещено за прошлый год, т', { tab: PL, scale: 3, unit: 'т' }),
    remaining_years: f.decimal('Остаточный срок эксплуатации, лет', { tab: PL, scale: 1, max: 1000, unit: 'лет' }),
    technologies: f.longtext('Технологии размещения', { tab: PL }),
    registry_number: f.text('Номер в ГРОРО', { tab: PL, max: 100, list: true }),
    order_date: f.date('Приказ о включении в ГРОРО: дата', { tab: PL }),
    order_number: f.text('Приказ о включении в ГРОРО: номер', { tab: PL, max: 100 }),
    created_at: f.datetime('Создано', { readOnly: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['name', 'location', 'cadastral_number', 'registry_number'], label: 'Поиск' },
    stage: { kind: 'enum', field: 'stage', enum: FacilityStage, label: 'Раздел' },
    status: { kind: 'enum', field: 'status', enum: FacilityStatus, label: 'Статус' },
    purpose: { kind: 'enum', field: 'purpose', enum: FacilityPurpose, label: 'Назначение' },
    operator: { kind: 'ref', field: 'operator', label: 'Оператор' },
    fkko: { kind: 'refs', field: 'fkko', label: 'Принимает отходы (ФККО)' },
    has_negative_impact: { kind: 'bool', field: 'has_negative_impact', label: 'Объект НВОС' },
    access_roads: { kind: 'enum_any', field: 'access_roads', enum: AccessRoadType, label: 'Подъездные пути' },
    engineering_supports: { kind: 'enum_any', field: 'engineering_supports', enum: EngineeringSupport, label: 'Инженерное обеспечение' },
    environment_monitoring: { kind: 'enum_any', field: 'environment_monitoring', enum: MonitoringType, label: 'Мониторинг' },
    environment_protection: { kind: 'enum_any', field: 'environment_protection', enum: ProtectionType, label: 'Защита окружающей среды' },
    location_needs_checking: { kind: 'bool', field: 'location_needs_checking', label: 'Адрес требует проверки' },
    coordinates_needs_checking: { kind: 'bool', field: 'coordinates_needs_checking', label: 'Координаты требуют проверки' },
    in_bbox: { kind: 'bbox', field: 'coordinates', label: 'В области карты' },
    near: { kind: 'radius', field: 'coordinates', label: 'Рядом с точкой' },
  },
  keyColumns: ['id', 'name', 'status', 'operator', 'location', 'design_capacity', 'available_capacity'],
  ordering: ['id', 'name', 'location', 'status', 'purpose', 'commissioning_date', 'design_capacity', 'available_capacity', 'registry_number', 'created_at'],
  defaultOrdering: 'name',
  titleField: 'name',
  geometryField: 'coordinates',
  preprocess: mergeParameters,
  check: (v) => {
    const out: Record<string, string> = {};
    if (typeof v.commissioning_date === 'string' && typeof v.closing_date === 'string' && v.closing_date < v.commissioning_date) {
      out.closing_date = 'Дата вывода из эксплуатации не может быть раньше даты ввода.';
    }
    if (typeof v.available_capacity === 'string' && typeof v.design_capacity === 'string' && Number(v.available_capacity) > Number(v.design_capacity)) {
      out.available_capacity = 'Свободная мощность не может быть больше проектной.';
    }
    return out;
  },
  example: {
    name: 'Полигон ТБО г. Ангарска',
    status: 'ACTIVE',
    purpose: 'DISPOSING',
    location: 'Иркутская обл., Ангарский городской округ, 4 км севернее г. Ангарска',
    coordinates: '52.586911, 103.882153',
    structured_address: { region: 'Иркутская область', area: 'Ангарский городской округ' },
    cadastral_number: '38:26:000000:1234',
    commissioning_date: '2004-07-01',
    building_period: { lower: '2002-05-01', upper: '2004-06-30' },
    reconstruction_period: { lower: '2027-01-01', upper: null },
    capital_investment: '125000000.00',
    production_capacity: '150000',
    design_capacity: '180000',
    available_capacity: '30000',
    expiry: '2035-12-31',
    documentation_approving_authority: 'Администрация Ангарского городского округа',
    documentation_number: 'ПД-15/2002',
    documentation_approval_date: '2002-03-15',
    has_negative_impact: true,
    environment_monitoring: ['GROUNDWATER', 'AIR'],
    environment_protection: ['FILM', 'COLLECT_AND_CLEAN_FILTRATE'],
    access_roads: ['ASPHALT'],
    engineering_supports: ['ELECTRICITY_SUPPLY', 'WATER_SUPPLY'],
    conclusion_number: '38-1-15-02',
    conclusion_date: '2002-02-20',
    conclusion_issued_by: 'Управление Росприроднадзора по Иркутской области',
    land_document_kind: 'LEASE',
    land_document_number: '123/04',
    land_document_date: '2004-01-15',
    area: '12.5',
    capacity: '3500000',
    used: '2100000',
    used_last_year: '140000',
    remaining_years: '9.5',
    technologies: 'Послойное уплотнение катком-уплотнителем с изоляцией грунтом',
    registry_number: '38-00012-З-00592-250914',
    order_date: '2014-09-25',
    order_number: '592',
  },
});
