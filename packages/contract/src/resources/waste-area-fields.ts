/**
 * Fields of waste areas (места накопления ТКО), spec 01 §3 (container site) and spec 02 §3.
 * Kept in one table `waste_area` with a `kind` column, so the map, tiles and public map list
 * see every kind at once. Units: lengths in metres, area in m², volumes in m³, masses in kg.
 */
import { f } from '../common/fields';
import {
  AccessKind, Compliance, ContainerSiteType, ContainerType, CoverageType, LoadingType,
  Periodicity, Remoteness, SectionForKgo, WasteAreaStatus,
} from '../enums/waste-area';
import { CONTRACT_ZONE, LEGAL_ENTITY } from './refs';

/** Card tabs of a container site (spec 01 §2). */
export const CONTAINER_TABS = [
  { key: 'general', label: 'Общие сведения' },
  { key: 'characteristics', label: 'Характеристики' },
  { key: 'containers', label: 'Контейнеры' },
  { key: 'events', label: 'События', empty: 'События площадки появятся, когда будет подключён диспетчерский модуль.' },
  { key: 'waste_sources', label: 'Источники образования', empty: 'Привязка источников образования отходов появится вместе с реестром источников.' },
  { key: 'video', label: 'Видео', empty: 'Видеоматериалы появятся вместе с загрузкой вложений.' },
  { key: 'verification', label: 'Сверка' },
];

/** The container of a site (spec 01 §3: type, volume in m³, loading type). */
export const containerFields = {
  type: f.enum('Тип контейнера', ContainerType, { required: true }),
  volume: f.decimal('Объём, м³', { required: true, scale: 3, max: 100, unit: 'м³' }),
  loading: f.enum('Тип загрузки', LoadingType),
};

/** The general, characteristics, containers and verification fields of a container site. */
export const containerSiteFields = {
  id: f.id(),
  // — general tab —
  name_waste_area: f.text('Наименование площадки', { list: true }),
  identifier: f.text('Идентификатор', { max: 100, list: true }),
  registry_number: f.text('Реестровый номер', { max: 100, list: true }),
  location: f.text('Адрес (местоположение)', { required: true, max: 1000, list: true }),
  structured_address: f.address('Структурированный адрес'),
  coordinates: f.point('Координаты', { required: true, list: true }),
  coordinates_by_muns: f.point('Координаты по данным муниципалитета'),
  contract_zone: f.ref('Зона деятельности регоператора', CONTRACT_ZONE, { column: 'contract_zone_id', list: true }),
  reg_operator: f.ref('Региональный оператор', LEGAL_ENTITY, { column: 'reg_operator_id' }),
  status: f.enum('Статус', WasteAreaStatus, { default: 'ACTIVE', list: true }),
  type: f.enum('Тип площадки', ContainerSiteType, { default: 'OPENED', list: true }),
  close_at: f.date('Дата закрытия'),
  management_organization: f.ref('Управляющая организация', LEGAL_ENTITY, { column: 'management_organization_id' }),
  owners: f.refs('Собственники', LEGAL_ENTITY, { table: 'waste_area_owner', ownKey: 'waste_area_id', targetKey: 'legal_entity_id' }),
  waste_area_width: f.decimal('Ширина площадки, м', { scale: 2, max: 1000, unit: 'м' }),
  waste_area_length: f.decimal('Длина площадки, м', { scale: 2, max: 1000, unit: 'м' }),
  area: f.decimal('Площадь, м²', { scale: 2, max: 1e6, unit: 'м²' }),
  register_inclusion_decision_number: f.text('Номер решения о включении в реестр', { max: 100 }),
  register_inclusion_decision_date: f.date('Дата решения о включении в реестр'),
  responsible_person: f.person('Ответственное лицо', { private: true }),
  location_needs_checking: f.boolean('Адрес требует проверки'),
  coordinates_needs_checking: f.boolean('Координаты требуют проверки'),
  data_import_source: f.text('Источник данных', { max: 255 }),
  landmark: f.text('Ориентир', { max: 1000 }),
  service_mark: f.text('Отметка об обслуживании', { max: 255 }),
  is_rso: f.boolean('Обслуживается РСО'),
  // — characteristics tab —
  access: f.enum('Подъезд', AccessKind, { tab: 'characteristics', default: 'FREE' }),
  platform_basement: f.enum('Основание', Compliance, { tab: 'characteristics', default: 'CORRESPONDS' }),
  fence: f.enum('Ограждение', Compliance, { tab: 'characteristics', default: 'CORRESPONDS' }),
  remoteness: f.enum('Удалённость от жилых домов', Remoteness, { tab: 'characteristics' }),
  coverage_type: f.enum('Покрытие', CoverageType, { tab: 'characteristics', default: 'ASPHALT' }),
  section_for_kgo: f.enum('Отсек для КГО', SectionForKgo, { tab: 'characteristics', default: 'NOT_PROVIDED' }),
  information_plate: f.boolean('Информационная табличка', { tab: 'characteristics' }),
  has_cover: f.boolean('Есть навес (крыша)', { tab: 'characteristics' }),
  volume: f.decimal('Общий объём контейнеров, м³', { tab: 'characteristics', readOnly: true, scale: 3, unit: 'м³', help: 'Сумма объёмов контейнеров площадки.' }),
  arrival_time: f.time('Время начала вывоза', { tab: 'characteristics', default: '06:00:00' }),
  leave_time: f.time('Время окончания вывоза', { tab: 'characteristics', default: '22:00:00' }),
  periodicity: f.enum('Периодичность вывоза', Periodicity, { tab: 'characteristics', list: true }),
  periodicity_on_dates: f.date_list('Даты вывоза', { tab: 'characteristics' }),
  periodicity_on_weekdays: f.int_list('Дни недели вывоза (1 — пн … 7 — вс)', [1, 7], { tab: 'characteristics' }),
  periodicity_on_monthdays: f.int_list('Числа месяца вывоза', [1, 31], { tab: 'characteristics' }),
  kg_accumulated_waste: f.decimal('Накопление отходов, кг/год', { tab: 'characteristics', scale: 3, max: 1e12, unit: 'кг' }),
  m3_accumulated_waste: f.decimal('Накопление отходов, м³/год', { tab: 'characteristics', scale: 3, max: 1e9, unit: 'м³' }),
  last_update_at: f.datetime('Дата последнего изменения', { tab: 'characteristics', readOnly: true }),
  last_update_person: f.text('Кто изменил', { tab: 'characteristics', readOnly: true, private: true }),
  // — containers tab —
  containers: f.children('Контейнеры', {
    table: 'waste_area_container',
    parentKey: 'waste_area_id',
    fields: containerFields,
    rollups: { count_containers: { count: true }, volume: { sum: 'volume' } },
  }, { tab: 'containers' }),
  count_containers: f.integer('Количество контейнеров', { tab: 'containers', readOnly: true, list: true }),
  // — verification tab —
  no_address_in_fias: f.boolean('Адреса нет в ФИАС', { tab: 'verification' }),
  address_matches_registry: f.boolean('Адрес совпадает с реестром', { tab: 'verification' }),
  coordinates_matches_registry: f.boolean('Координаты совпадают с реестром', { tab: 'verification' }),
  containers_qty_matches_registry: f.boolean('Количество контейнеров совпадает с реестром', { tab: 'verification' }),
  containers_vol_matches_registry: f.boolean('Объём контейнеров совпадает с реестром', { tab: 'verification' }),
  basement_matches_registry: f.boolean('Основание совпадает с реестром', { tab: 'verification' }),
  fence_matches_registry: f.boolean('Ограждение совпадает с реестром', { tab: 'verification' }),
  created_at: f.datetime('Создано', { tab: 'general', readOnly: true }),
};
