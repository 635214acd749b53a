/**
 * Fields of waste areas (места накопления ТКО), spec 01 §3 (container site) and spec 02 §3
 * (special, collection, chamber, bulk), as reusable groups: general, characteristics,
 * containers and verification. Each kind composes the groups it has (container.ts,
 * waste-area-special.ts, -collection.ts, -chamber.ts, -bulk.ts); every builder returns fresh
 * field objects, so kinds never share one another's descriptions.
 *
 * All kinds are stored together (packages/db/src/tables/waste-areas.ts), so the map, tiles and
 * public map list see every kind at once. Units: lengths in metres, area in m², volumes in m³,
 * masses in kg.
 */
import { z } from 'zod';
import { f, RefValueSchema } from '../common/fields';
import type { FieldDef } from '../common/fields';
import type { TabDef } from '../common/resource';
import {
  AccessKind, Compliance, ContainerSiteType, ContainerType, CoverageType, LoadingType,
  Periodicity, Remoteness, SectionForKgo, WasteAreaStatus,
} from '../enums/waste-area';
import { addressFields, checkingFields } from './common-fields';
import { CONTRACT_ZONE, LEGAL_ENTITY, WASTE_SOURCE } from './refs';
import { historyField } from './history-field';

// ———————————————————————————— tabs ————————————————————————————

/** Card tabs of waste areas by key (spec 01 §2, spec 02 §2: generalInfoTab, characteristicsTab …). */
export const WASTE_AREA_TAB = {
  general: { key: 'general', label: 'Общие сведения' },
  characteristics: { key: 'characteristics', label: 'Характеристики' },
  containers: { key: 'containers', label: 'Контейнеры' },
  events: { key: 'events', label: 'События', empty: 'События площадки появятся, когда будет подключён диспетчерский модуль.' },
  waste_sources: { key: 'waste_sources', label: 'Источники образования' },
  video: { key: 'video', label: 'Видео' },
  verification: { key: 'verification', label: 'Сверка' },
} as const satisfies Record<string, TabDef>;

const T = WASTE_AREA_TAB;

/** Card tabs of a container site (spec 01 §2). */
export const CONTAINER_TABS: TabDef[] = [T.general, T.characteristics, T.containers, T.events, T.waste_sources, T.video, T.verification];

// ———————————————————————————— general ————————————————————————————

/** identifier, registry_number. */
export function identityFields() {
  return {
    identifier: f.text('Идентификатор', { max: 100, list: true }),
    registry_number: f.text('Реестровый номер', { max: 100, list: true }),
  };
}

/**
 * contract_zone, reg_operator (the form holds "a list of one", the server one value, spec 02 §3)
 * and status (default ACTIVE, spec 02 §4).
 */
export function operatorFields() {
  return {
    contract_zone: f.ref('Зона деятельности регоператора', CONTRACT_ZONE, { list: true }),
    reg_operator: f.ref('Региональный оператор', LEGAL_ENTITY, ),
    status: f.enum('Статус', WasteAreaStatus, { default: 'ACTIVE', list: true }),
  };
}

/** close_at, management_organization, owners (legal entities; GET /api/waste-area/owner-suggestion/). */
export function ownershipFields() {
  return {
    close_at: f.date('Дата закрытия'),
    management_organization: f.ref('Управляющая организация', LEGAL_ENTITY, ),
    owners: f.refs('Собственники', LEGAL_ENTITY, { maxItems: 20 }),
  };
}

/**
 * Width and length (m) and area (m²). The wire names differ by kind: a container site sends
 * waste_area_width / waste_area_length (spec 01 §3), special and bulk sites send width / length
 * (spec 02 §3); both are stored in the same columns (packages/db/src/tables/waste-areas.ts).
 */
export function dimensionFields<P extends 'waste_area_' | ''>(wirePrefix: P) {
  const width = f.decimal('Ширина площадки, м', { scale: 2, max: 1000, unit: 'м' });
  const length = f.decimal('Длина площадки, м', { scale: 2, max: 1000, unit: 'м' });
  return {
    [`${wirePrefix}width`]: width,
    [`${wirePrefix}length`]: length,
    area: f.decimal('Площадь, м²', { scale: 2, max: 1e6, unit: 'м²' }),
  } as Record<`${P}width` | `${P}length` | 'area', typeof width>;
}

/** register_inclusion_decision_number / _date and the responsible person (private: personal data). */
export function registerFields() {
  return {
    register_inclusion_decision_number: f.text('Номер решения о включении в реестр', { max: 100 }),
    register_inclusion_decision_date: f.date('Дата решения о включении в реестр'),
    responsible_person: f.person('Ответственное лицо', { private: true }),
  };
}

/** service_mark: a free-text note on how the site is served. */
export function serviceMarkField() {
  return f.text('Отметка об обслуживании', { max: 255 });
}

/** The largest service radius a site may have, metres (a GPS visit farther out is no service of it). */
export const SERVICE_RADIUS_MAX_M = 500;

/**
 * service_radius_m: the site's own service radius for GPS visits (issue 23 §2, docs/TRACKING.md),
 * metres 5–500; empty = the installation's default (TRACKING_VISIT_RADIUS_M, 30 m). For a site whose
 * truck cannot come close (a yard behind a gate, a site across a road).
 */
export function serviceRadiusField() {
  return f.integer('Радиус обслуживания по GPS, м', {
    min: 5, max: SERVICE_RADIUS_MAX_M, unit: 'м',
    help: 'Машина, стоявшая в этом радиусе от площадки, считается её обслужившей. Пусто — радиус по умолчанию (30 м).',
  });
}

/**
 * The waste sources whose waste goes to this site (many-to-many, the same link the source's
 * `waste_areas` writes; spec 02 §3). Detail-only: a site may serve
 * hundreds of sources, the list leaves them out.
 */
export function wasteSourcesField(tab: string = T.waste_sources.key) {
  return f.refs('Источники образования отходов', WASTE_SOURCE, { tab, detailOnly: true });
}

/**
 * The contracts naming this site (issue 11 §3: «the waste-area cards gain their "contracts"
 * field»): current versions and drafts, read-only, written from the contract's «Места накопления».
 * Special, container, collection and chamber sites (the four kinds a contract names).
 */
export function contractsField(tab: string = T.general.key) {
  return f.computed('Договоры', z.array(RefValueSchema), { tab, detailOnly: true, help: 'Договоры, в которых указано это место накопления.' });
}

/** created_at (read-only). */
export function createdAtField() {
  return f.datetime('Создано', { tab: T.general.key, readOnly: true });
}

// ———————————————————————————— volume ————————————————————————————

/** Volume kept equal to the sum of the containers' volumes (m³, read-only; docs/DECISIONS.md). */
export function rolledUpVolumeField(tab: string) {
  return f.decimal('Общий объём контейнеров, м³', { tab, readOnly: true, scale: 3, unit: 'м³', help: 'Сумма объёмов контейнеров площадки.' });
}

/**
 * Volume typed by the user on sites without containers (m³). A missing or empty volume is
 * stored as "0" (spec 02 §5: "A missing volume falls back to "0" on special waste areas"); it
 * is never null for any kind.
 */
export function enteredVolumeField(tab: string) {
  const fd = f.decimal('Объём, м³', { tab, scale: 3, max: 1e6, unit: 'м³', default: '0', list: true });
  const write = z.preprocess((v) => (v === null || v === '' ? '0' : v), fd.write!);
  return { ...fd, write } as FieldDef<typeof fd.read>;
}

// ———————————————————————————— characteristics ————————————————————————————

/**
 * Surveyed conditions: access, platform_basement, fence, remoteness, coverage_type. Null until
 * somebody records them (an import or a call that does not give one leaves it empty: unknown is
 * not compliant); the browser's new card pre-fills the spec's defaults (spec 01 §3: access FREE,
 * base and fence CORRESPONDS, coverage ASPHALT) for the person to confirm by saving.
 */
export function siteConditionFields(tab: string = T.characteristics.key) {
  return {
    access: f.enum('Подъезд', AccessKind, { tab, suggest: 'FREE' }),
    platform_basement: f.enum('Основание', Compliance, { tab, suggest: 'CORRESPONDS' }),
    fence: f.enum('Ограждение', Compliance, { tab, suggest: 'CORRESPONDS' }),
    remoteness: f.enum('Удалённость от жилых домов', Remoteness, { tab }),
    coverage_type: f.enum('Покрытие', CoverageType, { tab, suggest: 'ASPHALT' }),
  };
}

/** section_for_kgo (default NOT_PROVIDED): container and bulk sites. */
export function kgoSectionField(tab: string = T.characteristics.key) {
  return f.enum('Отсек для КГО', SectionForKgo, { tab, default: 'NOT_PROVIDED' });
}

/** information_plate; has_cover — a surveyed fact, null until recorded (a new card suggests «нет»). */
export function equipmentFields(tab: string = T.characteristics.key) {
  return {
    information_plate: f.boolean('Информационная табличка', { tab }),
    has_cover: f.fact('Есть навес (крыша)', { tab, suggest: false }),
  };
}

/**
 * Collection schedule: arrival_time / leave_time (defaults 06:00 and 22:00, spec 02 §9),
 * periodicity and its dates, weekdays (1 — Monday … 7 — Sunday) or month days
 * (resources/periodicity-check.ts checks that the chosen one is filled).
 */
export function scheduleFields(tab: string = T.characteristics.key) {
  return {
    arrival_time: f.time('Время начала вывоза', { tab, default: '06:00:00' }),
    leave_time: f.time('Время окончания вывоза', { tab, default: '22:00:00' }),
    periodicity: f.enum('Периодичность вывоза', Periodicity, { tab, list: true }),
    periodicity_on_dates: f.date_list('Даты вывоза', { tab }),
    periodicity_on_weekdays: f.int_list('Дни недели вывоза (1 — пн … 7 — вс)', [1, 7], { tab }),
    periodicity_on_monthdays: f.int_list('Числа месяца вывоза', [1, 31], { tab }),
  };
}

/** last_update_at / last_update_person, stamped by the repository on every write. */
export function auditFields(tab: string = T.characteristics.key) {
  return {
    last_update_at: f.datetime('Дата последнего изменения', { tab, readOnly: true }),
    last_update_person: f.text('Кто изменил', { tab, readOnly: true, private: true }),
  };
}

// ———————————————————————————— containers ————————————————————————————

/** The container of a site (spec 01 §3: type, volume in m³, loading type). */
export const containerFields = {
  type: f.enum('Тип контейнера', ContainerType, { required: true }),
  volume: f.decimal('Объём, м³', { required: true, scale: 3, max: 100, unit: 'м³' }),
  loading: f.enum('Тип загрузки', LoadingType),
};

/**
 * containers (child rows; an item with fetch_action "delete" is removed, spec 02 §3) and
 * count_containers, kept equal to their number; the parent's `volume` to their sum.
 */
export function containersFields() {
  return {
    containers: f.children('Контейнеры', { fields: containerFields, rollups: ['count_containers', 'volume'] }, { tab: T.containers.key, maxItems: 100 }),
    count_containers: f.integer('Количество контейнеров', { tab: T.containers.key, readOnly: true, list: true }),
  };
}

// ———————————————————————————— verification ————————————————————————————

/** Verification flags against the municipal registry (spec 01 §3; bulk sites, spec 02 §3). */
export function verificationFields() {
  const tab = T.verification.key;
  return {
    no_address_in_fias: f.boolean('Адреса нет в ФИАС', { tab }),
    address_matches_registry: f.boolean('Адрес совпадает с реестром', { tab }),
    coordinates_matches_registry: f.boolean('Координаты совпадают с реестром', { tab }),
    containers_qty_matches_registry: f.boolean('Количество контейнеров совпадает с реестром', { tab }),
    containers_vol_matches_registry: f.boolean('Объём контейнеров совпадает с реестром', { tab }),
    basement_matches_registry: f.boolean('Основание совпадает с реестром', { tab }),
    fence_matches_registry: f.boolean('Ограждение совпадает с реестром', { tab }),
  };
}

// ———————————————————————————— photos and video ————————————————————————————

/**
 * Photos of a site (spec 01 §3 characteristics tab: "photos, each with an image"): images
 * uploaded through POST /api/attachments/upload-file/, in order. Private: a public card does
 * not show files, which are read only with the registry's view (issue 8 §6, docs/DECISIONS.md).
 */
export function photosField(tab: string = T.characteristics.key) {
  return f.files('Фотографии', 'image', { tab, private: true });
}

/** Videos of a site (spec 01 §2 video tab), in order; private like the photos. */
export function videoField(tab: string = T.video.key) {
  return f.files('Видео', 'video', { tab, private: true });
}

// ———————————————————————————— container site ————————————————————————————

/** Every field of a container site (spec 01 §3), in the order of its card and xlsx. */
export const containerSiteFields = {
  id: f.id(),
  // — general tab —
  name_waste_area: f.text('Наименование площадки', { list: true }),
  ...identityFields(),
  ...addressFields(),
  coordinates_by_muns: f.point('Координаты по данным муниципалитета'),
  ...operatorFields(),
  type: f.enum('Тип площадки', ContainerSiteType, { default: 'OPENED', list: true }),
  ...ownershipFields(),
  ...dimensionFields('waste_area_'),
  ...registerFields(),
  ...checkingFields(),
  service_mark: serviceMarkField(),
  service_radius_m: serviceRadiusField(),
  is_rso: f.boolean('Обслуживается РСО'),
  // — characteristics tab —
  ...siteConditionFields(),
  section_for_kgo: kgoSectionField(),
  ...equipmentFields(),
  params_history: historyField({ tab: T.characteristics.key, label: 'История изменения параметров' }),
  photos: photosField(),
  volume: rolledUpVolumeField(T.characteristics.key),
  ...scheduleFields(),
  kg_accumulated_waste: f.decimal('Накопление отходов, кг/год', { tab: T.characteristics.key, scale: 3, max: 1e12, unit: 'кг' }),
  m3_accumulated_waste: f.decimal('Накопление отходов, м³/год', { tab: T.characteristics.key, scale: 3, max: 1e9, unit: 'м³' }),
  ...auditFields(),
  // — containers tab —
  ...containersFields(),
  // — verification tab —
  ...verificationFields(),
  // — waste sources tab —
  waste_sources: wasteSourcesField(),
  // — video tab —
  video: videoField(),
  created_at: createdAtField(),
  contracts: contractsField(),
};
