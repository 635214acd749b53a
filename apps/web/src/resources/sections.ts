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
import { FACILITY_SECTION_TABS, tariffInitRoute, WASTE_AREA_TABS } from '@tko/contract';
import type { HashOptions } from '../crud/hash-options';
import type { ObjectKey } from './object-key';
import { containerTexts } from './container';
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
  texts?: Partial<WebTexts>;
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
  /** Menu group: the territorial scheme, the dictionaries or the analytics. */
  group: 'terr-schema' | 'dicts' | 'analytics';
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
    tabs: WASTE_AREA_TABS.map((t) => ({ slug: t.type, label: t.label, resource: t.type, texts: t.type === 'container' ? containerTexts : undefined })),
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
    tabs: [{ slug: '', label: 'Проблемы', resource: 'problems', texts: { emptyText: 'Проблем не найдено. Измените фильтры; новые проблемы находит проверка реестра (раз в час и после импорта).' } }],
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
];

export function sectionByKey(key: string): Section | undefined {
  return SECTIONS.find((s) => s.key === key);
}

/** Whether the section shows tabs (several registries or filtered views of one). */
export function isTabbed(section: Section): boolean {
  return section.tabs.length > 1 || section.tabs[0]?.slug !== '';
}
