/**
 * The map's layers (issue 7 §7), one entry each: where its features come from (the waste-area
 * vector tiles filtered by kind, or a GeoJSON call), the permission that shows it, its colours
 * and legend, the property its filter narrows (status) and the page a feature opens.
 * Later layers (vehicles live, routes, flows, problems) are new entries here.
 * Colours come from the contract's MAP_PALETTE (spec 01 §9: about 78 colours).
 */
import {
  FACILITIES_GEOJSON_PATH, FacilityStatus, FLOWS_GEOJSON_PATH, GARAGES_GEOJSON_PATH, MAP_PALETTE, PROBLEMS_GEOJSON_PATH, ProblemKind, ProblemStatus, TILE_LAYER, WASTE_AREA_TABS, WASTE_DUMPS_GEOJSON_PATH,
  WasteAreaKind, WasteAreaStatus, WasteDumpStatus,
} from '@tko/contract';
import { KIND_COLORS, STATUS_COLORS } from './map-style';

const P = (i: number) => MAP_PALETTE[i] ?? '#888888';

/** A shared source: the waste-area tiles (one source, five layers) or one GeoJSON call. */
export type LayerSource =
  | { type: 'waste-area-tiles' }
  | { type: 'geojson'; id: string; path: string };

export interface MapLayerDef {
  /** maplibre layer id and the test id of its toggle. */
  id: string;
  label: string;
  group: 'Места накопления' | 'Объекты' | 'Проблемы';
  /** Permission resource whose `view` shows the layer. */
  resource: string;
  /** Shown to anonymous visitors (public data). */
  public: boolean;
  source: LayerSource;
  /** `kind` value inside the waste-area tiles. */
  kind?: string;
  /** Status colours: fill by the feature's `status`. */
  statusColors: Record<string, string>;
  statusLabel: (v: string) => string;
  /** Outline colour (the kind's for waste areas). */
  stroke: string;
  radius: number;
  /** The page of a feature, or null. */
  href: (id: number) => string | null;
  /** Words of a feature's popup title when it has no address. */
  noun: string;
  /**
   * Drawn as lines (not points): the width grows with the numeric property `widthBy` from 1 px
   * at 0 to `maxWidth` px at `widthAt` and beyond (the flows: tonnes a year).
   */
  line?: { widthBy: string; widthAt: number; maxWidth: number };
  /**
   * A boolean feature property saying the point is an estimate to check (coordinates_needs_checking,
   * e.g. a garage placed at the median of its sites by the route plan import): such points get a
   * thick ESTIMATE_COLOR ring and the legend row «Координаты оценены — проверьте».
   */
  estimated?: string;
  /**
   * Off until the user turns it on (the problems: their points lie on the sites they are about,
   * so drawn by default they would cover the registry's points and fill the list beside the map).
   */
  hiddenByDefault?: boolean;
}

/** The ring of an estimated point (MAP_PALETTE's red-orange, distinct from every layer outline). */
export const ESTIMATE_COLOR = '#d4380d';
export const ESTIMATE_LABEL = 'Координаты оценены — проверьте';

const wasteAreaLayers: MapLayerDef[] = WASTE_AREA_TABS.map((t) => ({
  id: `waste-areas-${t.type}`,
  label: WasteAreaKind.label(t.kind),
  group: 'Места накопления',
  resource: t.type,
  public: true,
  source: { type: 'waste-area-tiles' },
  kind: t.kind,
  statusColors: STATUS_COLORS,
  statusLabel: (v) => WasteAreaStatus.label(v),
  stroke: KIND_COLORS[t.kind] ?? P(1),
  radius: 5,
  href: (id) => `/terr-schema/containers/${t.type}/view/${id}/`,
  noun: 'Площадка',
}));

/** Dumps: red while detected, orange while liquidated, grey when gone, pale when not confirmed. */
const DUMP_COLORS: Record<string, string> = { DETECTED: P(3), LIQUIDATION: P(1), LIQUIDATED: P(7), NOT_CONFIRMED: P(49) };
/** Facilities: green working, blue planned, yellow/violet planned changes, grey inactive. */
const FACILITY_COLORS: Record<string, string> = { ACTIVE: P(2), PLANNED: P(0), PLANNED_RECONSTRUCTION: P(8), PLANNED_DECOMMISSION: P(4), INACTIVE: P(7) };

/** Garages (the fleet's depots): one legend row; an estimated point (route plan import) ringed. */
const garagesLayer: MapLayerDef = {
  id: 'garages',
  label: 'Гаражи',
  group: 'Объекты',
  resource: 'garages',
  public: false,
  source: { type: 'geojson', id: 'garages', path: GARAGES_GEOJSON_PATH },
  statusColors: { GARAGE: P(13) },
  statusLabel: () => 'Гараж',
  stroke: P(5),
  radius: 8,
  href: (id) => `/routes/fleet/garages/view/${id}/`,
  noun: 'Гараж',
  estimated: 'estimated',
};

/**
 * Problems (issue 12 §1): open ones only — red while new, orange in work; «неполные сведения»
 * (kind DATA_GAP, the map answer's status) grey, a legend row of their own, apart from violations.
 */
const PROBLEM_COLORS: Record<string, string> = { NEW: P(3), IN_WORK: P(1), DATA_GAP: P(7) };
const problemsLayer: MapLayerDef = {
  id: 'problems',
  label: 'Проблемы',
  group: 'Проблемы',
  resource: 'problems',
  public: false,
  source: { type: 'geojson', id: 'problems', path: PROBLEMS_GEOJSON_PATH },
  statusColors: PROBLEM_COLORS,
  statusLabel: (v) => (v === 'DATA_GAP' ? ProblemKind.label(v) : ProblemStatus.label(v)),
  stroke: P(30),
  radius: 6,
  href: (id) => `/analitics/problems/update/${id}/`,
  noun: 'Проблема',
  hiddenByDefault: true,
};

/** Waste flows (issue 11 §1): lines from the source area to the facility, width by t/year. */
const FLOW_KIND_LABELS: Record<string, string> = { PRESENT: 'Текущий поток', PREDICTED: 'Прогнозный поток' };
const flowsLayer: MapLayerDef = {
  id: 'flows-present',
  label: 'Потоки отходов (текущие)',
  group: 'Объекты',
  resource: 'flows-present',
  public: false,
  source: { type: 'geojson', id: 'flows-present', path: FLOWS_GEOJSON_PATH },
  statusColors: { PRESENT: P(12) },
  statusLabel: (v) => FLOW_KIND_LABELS[v] ?? v,
  stroke: P(12),
  radius: 3,
  href: (id) => `/flows/present-flows/update/${id}/`,
  noun: 'Поток',
  line: { widthBy: 'volume', widthAt: 50000, maxWidth: 14 },
};

/** Predicted flows (issue 11 §1): every year's lines (`kind=predicted`; a feature's popup names its year). */
const predictedFlowsLayer: MapLayerDef = {
  ...flowsLayer,
  id: 'flows-predicted',
  label: 'Потоки отходов (прогнозные)',
  resource: 'flows-predicted',
  source: { type: 'geojson', id: 'flows-predicted', path: `${FLOWS_GEOJSON_PATH}?kind=predicted` },
  statusColors: { PREDICTED: P(16) },
  stroke: P(16),
  href: (id) => `/flows/predicted-flows/update/${id}/`,
  noun: 'Прогнозный поток',
};

export const MAP_LAYERS: MapLayerDef[] = [
  ...wasteAreaLayers,
  {
    id: 'waste-dumps',
    label: 'Несанкционированные свалки',
    group: 'Объекты',
    resource: 'waste-dumps',
    public: false,
    source: { type: 'geojson', id: 'waste-dumps', path: WASTE_DUMPS_GEOJSON_PATH },
    statusColors: DUMP_COLORS,
    statusLabel: (v) => WasteDumpStatus.label(v),
    stroke: P(22),
    radius: 7,
    href: (id) => `/terr-schema/waste-dumps/update/${id}/`,
    noun: 'Свалка',
  },
  {
    id: 'waste-management-facilities',
    label: 'Объекты обращения с отходами',
    group: 'Объекты',
    resource: 'waste-management-facility',
    public: false,
    source: { type: 'geojson', id: 'waste-management-facilities', path: FACILITIES_GEOJSON_PATH },
    statusColors: FACILITY_COLORS,
    statusLabel: (v) => FacilityStatus.label(v),
    stroke: P(59),
    radius: 8,
    href: (id) => `/terr-schema/waste-management-facilities/current/view/${id}/`,
    noun: 'Объект',
    estimated: 'estimated',
  },
  garagesLayer,
  problemsLayer,
  flowsLayer,
  predictedFlowsLayer,
];

/** The layers this visitor may see: public ones for anonymous visitors, else by `view`. */
export function visibleLayers(perms: Record<string, { view?: boolean }> | null | undefined, anonymous: boolean): MapLayerDef[] {
  return MAP_LAYERS.filter((l) => (anonymous ? l.public : Boolean(perms?.[l.resource]?.view)));
}

/** Whether a layer is drawn before the user touches its toggle. */
export function visibleByDefault(layer: MapLayerDef): boolean {
  return !layer.hiddenByDefault;
}

/**
 * Which of the features under a click the click means: the one whose point is nearest to the
 * pointer (pixels), ties going to the layer earlier in MAP_LAYERS (the registry's sites before the
 * problems about them). Lines (flows) count only when no point is under the pointer.
 * `hits`: the features queryRenderedFeatures found around the pointer, with their screen distance
 * (Infinity for lines). Returns the index into `hits`, or -1 when empty.
 */
export function pickFeature(hits: { layerId: string; distance: number }[], order: readonly string[] = MAP_LAYERS.map((l) => l.id)): number {
  let best = -1;
  const rank = (id: string) => {
    const i = order.indexOf(id);
    return i < 0 ? order.length : i;
  };
  hits.forEach((h, i) => {
    if (best < 0) {
      best = i;
      return;
    }
    const b = hits[best]!;
    if (h.distance < b.distance - 0.5 || (Math.abs(h.distance - b.distance) <= 0.5 && rank(h.layerId) < rank(b.layerId))) best = i;
  });
  return best;
}

/** The maplibre filter of a layer: its kind (tiles) and the statuses left on (all = none given). */
export function layerFilter(layer: MapLayerDef, statuses: string[] | null): unknown[] | null {
  const parts: unknown[] = [];
  if (layer.kind) parts.push(['==', ['get', 'kind'], layer.kind]);
  if (statuses) parts.push(['in', ['to-string', ['get', 'status']], ['literal', statuses]]);
  if (!parts.length) return null;
  return parts.length === 1 ? (parts[0] as unknown[]) : ['all', ...parts];
}

/** Legend rows of a layer: one per status, with its fill and the layer's outline. */
export function layerLegend(layer: MapLayerDef) {
  return Object.entries(layer.statusColors).map(([value, color]) => ({ value, label: layer.statusLabel(value), color, stroke: layer.stroke }));
}

export { TILE_LAYER };
