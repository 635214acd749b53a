/**
 * What the web app does differently for one registry, in one place per registry (keyed by the
 * contract's resource name): its list and card texts, buttons above its list and on its saved
 * card, card tabs with a panel of their own and tools above a tab's fields, the words of its
 * child rows, reference fields whose options come from another call, and — as the target of
 * other registries' references — where its options come from or the panel that chooses it.
 * A registry without an entry is served entirely by the generic pages (crud/).
 *
 * Components load lazily (each its own chunk, rendered inside Suspense), so this table is plain
 * data when imported: the unit tests read it in Node.
 */
import { fuelOptionText, resourceByName, WASTE_AREA_TABS, type TabDef } from '@tko/contract';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import type { RefSelectProps } from '../crud/fields/ref-select';
import type { FormValues } from '../crud/form-values';
import type { WebTexts } from './web-resource';

/** Words of child rows edited inside a card (spec 02 §2 "sub-panel for selecting a container"). */
export interface ChildTexts {
  /** One row: the title of its card («Контейнер № 2»). */
  one: string;
  /** Empty table: says what to do. */
  empty: string;
}

/** Where the options of a reference to this registry come from (ref-options.ts fills the rest). */
export interface RefOptionsOverride {
  /** The list call (default: the registry's path). */
  path?: string;
  /** Search on the server as the user types (default: the registry has a text filter). */
  searchable?: boolean;
  /** The option text of a row (default: its title field). */
  label?: (row: Record<string, unknown>) => string;
}

export interface TabToolsContext {
  control: Control<FormValues, unknown, FormValues>;
  editable: boolean;
}

export interface RegistryOverrides {
  /** Texts of its list and card over the neutral ones (web-resource.ts). */
  texts?: Partial<WebTexts>;
  /** Buttons above its list besides the generic ones; each checks its own permission. */
  listTools?: ComponentType;
  /** Buttons of a saved card beside Сохранить / Удалить (`dirty`: the card has unsaved edits). */
  cardButtons?: (entity: Record<string, unknown>, dirty: boolean) => ReactNode;
  /** Card tabs (by key) with a panel of their own instead of fields. */
  tabPanels?: Record<string, (entity: Record<string, unknown> | null, tab: TabDef) => ReactNode>;
  /** Tools above a card tab's fields (by tab key); the tab keeps its fields. */
  tabTools?: Record<string, (ctx: TabToolsContext) => ReactNode>;
  /** Words of the rows of its `children` fields, by field key. */
  childTexts?: Record<string, ChildTexts>;
  /** Reference fields (by key) whose options come from another source (ref-targets.ts) than their target registry. */
  fieldOptions?: Record<string, string>;
  /** As a reference target: where the options come from. */
  refOptions?: RefOptionsOverride;
  /** As a reference target: chosen in a panel of its own instead of a select. */
  refPanel?: ComponentType<RefSelectProps>;
  /** A remark above a saved card's and view's tabs (null: none), e.g. an estimated point to check. */
  cardNotice?: (entity: Record<string, unknown>) => string | null;
}

/** The notice of a garage whose point the route plan import estimated (docs/DATA.md «What the first start creates»). */
export const GARAGE_ESTIMATE_NOTICE = 'Координаты оценены по площадкам — проверьте';
/** The notice of a facility whose point is an estimate (the territorial scheme's landfill placed by the route plan import). */
export const FACILITY_ESTIMATE_NOTICE = 'Координаты оценены — проверьте и укажите точные';
const estimateNotice = (text: string) => (entity: Record<string, unknown>) => (entity.coordinates_needs_checking === true ? text : null);

/** A lazily loaded named export as a component (its own chunk). */
function lazyNamed<P extends object>(load: () => Promise<Record<string, unknown>>, name: string): ComponentType<P> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
}
const suspended = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

const FlowsGenerateButton = lazyNamed(() => import('../flows/flows-generate-button'), 'FlowsGenerateButton');
const WaybillPrintButton = lazyNamed<{ id: unknown; dirty: boolean }>(() => import('../fleet/waybill-print-button'), 'WaybillPrintButton');
const FkkoPicker = lazyNamed<RefSelectProps>(() => import('../crud/panels/fkko-picker'), 'FkkoPicker');
const WkiChart = lazyNamed<{ entity: Record<string, unknown> | null }>(() => import('../analytics/wki-chart'), 'WkiChart');
const ProblemEventsPanel = lazyNamed<{ id: unknown }>(() => import('../problems/problem-events-panel'), 'ProblemEventsPanel');
const ScheduleRoutesPanel = lazyNamed<{ id: unknown }>(() => import('../schedules/schedule-routes-panel'), 'ScheduleRoutesPanel');
const ContractHistoryPanel = lazyNamed<{ id: unknown }>(() => import('../contracts/contract-history-panel'), 'ContractHistoryPanel');
const AppealDialogPanel = lazyNamed<{ id: unknown }>(() => import('../appeals/appeal-dialog-panel'), 'AppealDialogPanel');
const AppealSiteServicesPanel = lazyNamed<{ id: unknown }>(() => import('../appeals/appeal-site-services'), 'AppealSiteServicesPanel');
const ContractSitesPanel = lazyNamed<TabToolsContext>(() => import('../contracts/contract-sites-panel'), 'ContractSitesPanel');
const ContractPricePanel = lazyNamed<{ id: unknown }>(() => import('../contracts/contract-price-panel'), 'ContractPricePanel');
const ContractLifeCyclePanel = lazyNamed<object>(() => import('../contracts/contract-life-cycle-panel'), 'ContractLifeCyclePanel');
const ReportSetReportsPanel = lazyNamed<{ control: TabToolsContext['control'] }>(() => import('../reports/report-set-reports-panel'), 'ReportSetReportsPanel');
// A route's path on the map, built on the road graph (issue 10 §1): maplibre, its own chunk.
const BulkSitesButton = lazyNamed<{ id: unknown; dirty: boolean }>(() => import('../schedules/bulk-sites-button'), 'BulkSitesButton');
const AddFoundToSchedule = lazyNamed(() => import('../schedules/add-found-to-schedule'), 'AddFoundToSchedule');
const RouteMapPanel = lazyNamed<{ entity: Record<string, unknown> | null }>(() => import('../map/route-map-panel'), 'RouteMapPanel');

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** Every waste-area kind: its containers' words (the kinds that list containers); owners offered from legal entities of every kind (issue 4 §5). */
function wasteArea(kind: string): RegistryOverrides {
  return {
    ...(resourceByName(kind)?.fields.containers?.kind === 'children'
      ? { childTexts: { containers: { one: 'Контейнер', empty: 'Контейнеров нет. Нажмите «Добавить», чтобы указать контейнеры площадки.' } } }
      : {}),
    fieldOptions: { owners: 'waste-area-owner' },
    // «Добавить все найденные в график» (issue 23 §1): the list's filters sent to a schedule's bulk call.
    listTools: AddFoundToSchedule,
    ...(kind === 'container'
      ? {
          texts: {
            emptyText: 'Площадок не найдено. Измените фильтры или создайте площадку.',
            aggregateLabels: { count_containers: 'контейнеров' },
            createdText: 'Площадка создана',
            savedText: 'Изменения площадки сохранены',
            deletedText: 'Площадка удалена',
            deleteConfirm: 'Удалить площадку? Действие нельзя отменить.',
          },
        }
      : {}),
  };
}

/** The overrides of every registry that has some, by resource name. */
export const REGISTRY_OVERRIDES: Readonly<Record<string, RegistryOverrides>> = {
  ...Object.fromEntries(WASTE_AREA_TABS.map((k) => [k.type, wasteArea(k.type)])),
  // The ФККО catalogue is chosen in its tree (spec 02 §2: the edit card's sub-panel for an ФККО code).
  fkko: { refPanel: FkkoPicker },
  // Small dictionaries load whole (page_size 500, following `next`, spec 02 §9).
  'contract-zones': { refOptions: { searchable: false } },
  'normative-unit': { refOptions: { searchable: false, label: (r) => text(r.name) || text(r.code) } },
  'vehicle-models': { refOptions: { searchable: false } },
  'staff-positions': { refOptions: { searchable: false } },
  // Fuels: the option reads kind, mark, code and class (spec 02 §9).
  fuel: { refOptions: { searchable: false, label: (r) => fuelOptionText(r) } },
  problems: {
    texts: { emptyText: 'Проблем не найдено. Измените фильтры; новые проблемы находит проверка реестра (раз в час и после импорта).' },
    tabPanels: { problem_events: (entity) => suspended(<ProblemEventsPanel id={entity?.id} />) },
  },
  // «Пересчитать» above the predicted flows (issue 11 §1).
  'flows-predicted': { listTools: FlowsGenerateButton },
  // «Печать» of a way-bill (issue 10, round 2).
  waybills: { cardButtons: (entity, dirty) => suspended(<WaybillPrintButton id={entity.id} dirty={dirty} />) },
  wki: { tabPanels: { plan_fact: (entity) => suspended(<WkiChart entity={entity} />) } },
  routes: { tabPanels: { route_map: (entity) => suspended(<RouteMapPanel entity={entity} />) } },
  schedules: {
    tabPanels: { schedule_routes: (entity) => suspended(<ScheduleRoutesPanel id={entity?.id} />) },
    // «Добавить площадки»: a zone's, a contract's or a drawn area's sites at once (issue 23 §1).
    cardButtons: (entity, dirty) => suspended(<BulkSitesButton id={entity.id} dirty={dirty} />),
  },
  // An estimated point (route plan import): said on the card; saving a new point clears it (docs/DATA.md).
  garages: { cardNotice: estimateNotice(GARAGE_ESTIMATE_NOTICE) },
  'waste-management-facility': { cardNotice: estimateNotice(FACILITY_ESTIMATE_NOTICE) },
  contracts: {
    tabPanels: {
      contract_revisions: (entity) => suspended(<ContractHistoryPanel id={entity?.id} />),
      // Objects' volumes and the price (issue 25 §1).
      price: (entity) => suspended(<ContractPricePanel id={entity?.id} />),
    },
    tabTools: {
      // The sites: the list and the map picker above the table of its rows (issue 11 §3).
      waste_areas: (ctx) => suspended(<ContractSitesPanel {...ctx} />),
      // The conclusion's state, deadline and overdue flag above its dates (issue 25 §1).
      life_cycle: () => suspended(<ContractLifeCyclePanel />),
    },
  },
  appeals: {
    tabPanels: {
      appeal_dialog: (entity) => suspended(<AppealDialogPanel id={entity?.id} />),
      // The site's last services by GPS with the track to open (issue 23 §3).
      site_services: (entity) => suspended(<AppealSiteServicesPanel id={entity?.id} />),
    },
  },
  // A report set's forms with its reports and «Добавить отчёт» (issue 13 §6, spec 03 §2); read-only cards list them too.
  'report-sets': { tabTools: { forms: ({ control }) => suspended(<ReportSetReportsPanel control={control} />) } },
};

const NONE: RegistryOverrides = {};

/** The overrides of registry `name` (none: an empty object). */
export function overridesOf(name: string | undefined): RegistryOverrides {
  return (name && REGISTRY_OVERRIDES[name]) || NONE;
}
