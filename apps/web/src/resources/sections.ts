/**
 * The registry sections of the app (spec 02 §2, spec 03 §2): each is a base path with one
 * registry, or with tabs of several registries (the waste-area kinds, the waste-handler kinds) or
 * of one registry under fixed filters (current and planned facilities). A tab names its contract
 * registry (`ResourceDef.name`); the registry goes live here as soon as the contract lists it in
 * `resources`, until then its tab says the registry comes in a later version. Adding a registry
 * to the web app is a line in this file.
 *
 * Routes per section (router.tsx): `base` (tabbed: → first permitted tab), `base[tab/]` list,
 * `…update/{objectId}/` card (`new` creates), `…view/{objectId}/` read-only card; an optional list
 * segment (`/dicts/atu/{oktmo}/`) narrows the list.
 */
import { FACILITY_SECTION_TABS, tariffInitRoute, waybillInitRoute, WASTE_AREA_TABS } from '@tko/contract';
import type { HashOptions } from '../crud/hash-options';
import type { ObjectKey, PathTarget } from './object-key';
import { REPORT_LIST_DEFAULTS, reportObjectPath } from '../reports/report-paths';
import type { WebTexts } from './web-resource';

export interface SectionTab {
  /** Path segment of the tab (`special`, `current`); '' in a one-registry section. */
  slug: string;
  /** Tab label. */
  label: string;
  /** Contract registry (permission resource) name. */
  resource: string;
  /** List title when it differs from the registry's label. */
  title?: string;
  /** List options the tab fixes (hidden from the filter bar), e.g. the status of planned facilities. */
  fixed?: HashOptions;
  /** Values a new object created from this tab starts with. */
  defaults?: Record<string, unknown>;
  /**
   * The call whose answer's `values` a new object starts with, asked when its card opens (the predicted
   * tariff's init/). Data, not a function: this file stays free of the API client (the browser tests,
   * typed without the DOM, import the section list).
   */
  initRoute?: typeof tariffInitRoute;
  /** Texts of this tab over its registry's (registry-overrides.tsx `texts`). */
  texts?: Partial<WebTexts>;
  /**
   * List options the list starts with when the hash lacks them (spec 03 §2: the reports' default
   * type and status filters); shown in the filter bar and changeable, a cleared one comes back.
   */
  listDefaults?: HashOptions;
  /**
   * The page a row (and `new`) opens on instead of the generic card and view — a report's form
   * (`/reports-ddf/report/{kind}/update/{id}/`); undefined keeps the generic page (a bare id).
   */
  objectPath?: (target: PathTarget) => string | undefined;
}

/** An optional list path segment (`/dicts/atu/{oktmo}/`) turned into fixed list options. */
export interface ListSegment {
  /** Route parameter name. */
  name: string;
  pattern: RegExp;
  /** The list options the segment fixes; text shown above the list. */
  options: (value: string) => HashOptions;
  describe: (value: string) => string;
  /**
   * The value of the section's object key naming the object the segment is about (an 8-digit
   * formation code), whose own row the page shows above the list of its units.
   */
  objectOf?: (value: string) => string | undefined;
}

export interface Section {
  key: string;
  /** Menu group: the territorial scheme, the dictionaries, the analytics or the operations (flows, dispatcher, documents). */
  group: 'terr-schema' | 'dicts' | 'analytics' | 'operations' | 'reports';
  /** Menu item label. */
  menuLabel: string;
  /** With trailing slash, e.g. `/terr-schema/waste-sources/`. */
  base: string;
  tabs: SectionTab[];
  listSegment?: ListSegment;
  /** Cards and views named by a field's value instead of the id (`/dicts/atu/view/{oktmo}/`; object-key.ts). */
  objectKey?: ObjectKey;
  /** The list hash carries the ordering by default (waste-site lists: `#page=1&ordering=location`). */
  orderingInHash?: boolean;
}

export const SECTIONS: Section[] = [
  {
    key: 'containers',
    group: 'terr-schema',
    menuLabel: 'Места накопления',
    base: '/terr-schema/containers/',
    orderingInHash: true,
    tabs: WASTE_AREA_TABS.map((t) => ({ slug: t.type, label: t.label, resource: t.type })),
  },
  {
    key: 'waste-sources',
    group: 'terr-schema',
    menuLabel: 'Источники образования',
    base: '/terr-schema/waste-sources/',
    tabs: [{ slug: '', label: 'Источники образования отходов', resource: 'waste-sources' }],
  },
  {
    key: 'facilities',
    group: 'terr-schema',
    menuLabel: 'Объекты обращения с отходами',
    base: '/terr-schema/waste-management-facilities/',
    // One registry; the tab fixes its `stage` (derived from the status: PLANNED → planned, others → current).
    tabs: FACILITY_SECTION_TABS.map((t) => ({
      slug: t.type,
      label: t.label,
      resource: 'waste-management-facility',
      title: `${t.label} обращения с отходами`,
      fixed: { stage: t.stage },
      defaults: t.stage === 'PLANNED' ? { status: 'PLANNED' } : undefined,
    })),
  },
  {
    key: 'waste-dumps',
    group: 'terr-schema',
    menuLabel: 'Несанкционированные свалки',
    base: '/terr-schema/waste-dumps/',
    tabs: [{ slug: '', label: 'Несанкционированные свалки', resource: 'waste-dumps' }],
  },
  {
    key: 'waste-handlers',
    group: 'terr-schema',
    menuLabel: 'Обработчики отходов',
    base: '/terr-schema/waste-handlers/',
    tabs: [
      { slug: 'juridical-person', label: 'Юридические лица', resource: 'juridical-person' },
      { slug: 'individual-entrepreneur', label: 'Индивидуальные предприниматели', resource: 'individual-entrepreneur' },
      { slug: 'natural-person', label: 'Физические лица', resource: 'natural-person' },
    ],
  },
  {
    key: 'fkko',
    group: 'dicts',
    menuLabel: 'ФККО',
    base: '/dicts/fkko/',
    tabs: [{ slug: '', label: 'Федеральный классификационный каталог отходов', resource: 'fkko' }],
  },
  {
    key: 'atu',
    group: 'dicts',
    menuLabel: 'АТЕ (ОКТМО)',
    base: '/dicts/atu/',
    tabs: [{ slug: '', label: 'Административно-территориальные единицы', resource: 'administrative-unit' }],
    // Cards by the ОКТМО code (spec 03 screens); a unit without a code: `…/view/id-{id}/`.
    objectKey: { field: 'code', pattern: /^(\d{8}|\d{11})$/, filter: 'code' },
    // `/dicts/atu/{oktmo}/`: a region (2 digits: 01, 03) or the units of one municipal formation (8 digits).
    listSegment: {
      name: 'oktmo',
      pattern: /^(\d{2}|\d{8})$/,
      options: (v): HashOptions => (v.length === 2 ? { region: v } : { parent: v }),
      describe: (v) => (v.length === 2 ? `Единицы субъекта РФ с кодом ОКТМО ${v}.` : `Единицы, входящие в муниципальное образование с кодом ОКТМО ${v}.`),
      objectOf: (v) => (v.length === 8 ? v : undefined),
    },
  },
  {
    key: 'contract-zones',
    group: 'dicts',
    menuLabel: 'Зоны деятельности',
    base: '/dicts/contract-zones/',
    tabs: [{ slug: '', label: 'Зоны деятельности', resource: 'contract-zones' }],
  },
  {
    key: 'normative-units',
    group: 'dicts',
    menuLabel: 'Нормативы накопления',
    base: '/dicts/normative-unit/',
    tabs: [{ slug: '', label: 'Нормативы накопления ТКО', resource: 'normative-unit' }],
  },
  // Analytics (spec 03 §2, issue 12 §3–§5).
  {
    key: 'balance',
    group: 'analytics',
    menuLabel: 'Моделируемый баланс',
    base: '/analitics/balance/',
    tabs: [{ slug: '', label: 'Моделируемый баланс', resource: 'balance' }],
  },
  {
    key: 'targets',
    group: 'analytics',
    menuLabel: 'Целевые показатели',
    base: '/analitics/targets/',
    tabs: [{ slug: '', label: 'Целевые показатели', resource: 'wki' }],
  },
  {
    key: 'problems',
    group: 'analytics',
    menuLabel: 'Проблемы',
    base: '/analitics/problems/',
    tabs: [{ slug: '', label: 'Проблемы', resource: 'problems' }],
  },
  {
    key: 'tariff',
    group: 'analytics',
    menuLabel: 'Тарифы',
    base: '/analitics/tariff/',
    tabs: [
      {
        slug: 'predicted',
        label: 'Прогнозные тарифы',
        resource: 'tariff-predicted',
        // A new predicted tariff is filled from the product's data (GET /api/tariffs/predicted/init/).
        initRoute: tariffInitRoute,
      },
      { slug: 'reg-operator', label: 'Тарифы регионального оператора', resource: 'tariff-reg-operator' },
    ],
  },
  // Operations (issue 11 §1, §2, §5; spec 03 §2): waste flows, the dispatcher, documents.
  {
    key: 'flows',
    group: 'operations',
    menuLabel: 'Потоки отходов',
    base: '/flows/',
    tabs: [
      { slug: 'present-flows', label: 'Текущие потоки', resource: 'flows-present' },
      { slug: 'predicted-flows', label: 'Прогнозные потоки', resource: 'flows-predicted' },
    ],
  },
  {
    key: 'dispatcher',
    group: 'operations',
    menuLabel: 'Диспетчерская',
    base: '/dispatcher/',
    tabs: [
      // The list follows /topic/registry.dispatcher-event: a new event appears without a reload.
      { slug: 'events', label: 'События', resource: 'dispatcher-event' },
      { slug: 'route-events', label: 'Рейсы', resource: 'dispatcher-route-event' },
    ],
  },
  {
    key: 'documents',
    group: 'operations',
    menuLabel: 'Документы',
    base: '/documents/',
    tabs: [{ slug: '', label: 'Документы', resource: 'documents' }],
  },
  // Contracts with revisions and citizen appeals (issue 11 §3, §4; spec 03 §2).
  {
    key: 'contracts',
    group: 'operations',
    menuLabel: 'Договоры',
    base: '/contracts/',
    tabs: [{ slug: '', label: 'Договоры', resource: 'contracts' }],
  },
  {
    key: 'appeals',
    group: 'operations',
    menuLabel: 'Обращения граждан',
    base: '/appeals/',
    tabs: [{ slug: '', label: 'Обращения граждан', resource: 'appeals' }],
  },
  // Routes, schedules and requests (issue 10 §1, §5; spec 02 §2 /routes/…): the route card draws its path.
  {
    key: 'routes',
    group: 'operations',
    menuLabel: 'Маршруты',
    base: '/routes/routes/',
    tabs: [{ slug: '', label: 'Маршруты', resource: 'routes', defaults: { periodicity: 'DAILY' } }],
  },
  {
    key: 'schedules-n-requests',
    group: 'operations',
    menuLabel: 'Графики и заявки',
    base: '/routes/schedules-n-requests/',
    tabs: [
      { slug: 'schedules', label: 'Графики', resource: 'schedules', defaults: { arrival_time: '06:00:00', leave_time: '22:00:00' } },
      { slug: 'requests', label: 'Заявки', resource: 'requests' },
    ],
  },
  // Fleet (issue 10 §1; spec 02 §2 /routes/fleet/, /routes/way-bills/, /routes/staff/).
  {
    key: 'fleet',
    group: 'operations',
    menuLabel: 'Транспорт',
    base: '/routes/fleet/',
    tabs: [
      { slug: 'fleet', label: 'Транспортные средства', resource: 'vehicles' },
      { slug: 'garages', label: 'Гаражи', resource: 'garages' },
    ],
  },
  {
    key: 'way-bills',
    group: 'operations',
    menuLabel: 'Путевые листы',
    base: '/routes/way-bills/',
    // A new way-bill starts dated now with the next number (GET /api/fleet/waybillnew/init/; no query,
    // the same answer shape as the tariff's init/, so it rides on the same card hook).
    tabs: [{ slug: '', label: 'Путевые листы', resource: 'waybills', initRoute: waybillInitRoute as unknown as typeof tariffInitRoute }],
  },
  {
    key: 'staff',
    group: 'operations',
    menuLabel: 'Сотрудники',
    base: '/routes/staff/',
    tabs: [{ slug: '', label: 'Сотрудники', resource: 'staff' }],
  },
  {
    key: 'fleet-dicts',
    group: 'dicts',
    menuLabel: 'Виды работ и топливо',
    base: '/dicts/fleet/',
    tabs: [
      { slug: 'job-kinds', label: 'Виды работ', resource: 'job-kinds' },
      { slug: 'fuel', label: 'Топливо', resource: 'fuel' },
    ],
  },
  // Regulatory reports (issue 13; spec 03 §2): reports, report sets (groups), notification templates.
  {
    key: 'reports',
    group: 'reports',
    menuLabel: 'Отчёты',
    base: '/reports/reports/',
    tabs: [{ slug: '', label: 'Отчёты', resource: 'reports', listDefaults: REPORT_LIST_DEFAULTS, objectPath: reportObjectPath }],
  },
  {
    key: 'report-groups',
    group: 'reports',
    menuLabel: 'Наборы отчётов',
    base: '/report-groups/',
    tabs: [{ slug: '', label: 'Наборы отчётов', resource: 'report-sets', defaults: { name: 'Новый набор отчётов', status: 'DRAFT', is_signed: false } }],
  },
  {
    key: 'report-notifications',
    group: 'reports',
    menuLabel: 'Шаблоны уведомлений',
    base: '/report-notifications/',
    tabs: [{ slug: '', label: 'Шаблоны уведомлений', resource: 'report-notification-templates' }],
  },
];

export function sectionByKey(key: string): Section | undefined {
  return SECTIONS.find((s) => s.key === key);
}

/** Whether the section shows tabs (several registries or filtered views of one). */
export function isTabbed(section: Section): boolean {
  return section.tabs.length > 1 || section.tabs[0]?.slug !== '';
}
