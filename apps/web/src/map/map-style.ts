/**
 * Styling of waste areas on the map: fill by status, outline by kind, colours from the
 * contract's MAP_PALETTE (spec 01 §9). The built-in base style needs no server at all
 * (a plain background; no glyphs or sprites), used when the operator has no tile style.
 */
import { ContainerSiteType, MAP_PALETTE, WasteAreaKind, WasteAreaStatus } from '@tko/contract';
import type { ExpressionSpecification, StyleSpecification } from 'maplibre-gl';

const P = (i: number) => MAP_PALETTE[i] ?? '#888888';

/** Fill colour by status (ACTIVE green, PLANNED blue, CLOSED grey). */
export const STATUS_COLORS: Record<string, string> = { ACTIVE: P(2), PLANNED: P(0), CLOSED: P(7) };
/** Outline colour by kind. */
export const KIND_COLORS: Record<string, string> = { CONTAINER: P(10), SPECIALA: P(4), COLLECTION: P(8), CHAMBER: P(5), BULK: P(9) };
export const FALLBACK_COLOR = P(1);

export const ANGARSK = { lng: 103.88, lat: 52.54, zoom: 12 };
export const SOURCE_ID = 'waste-areas';
export const LAYER_ID = 'waste-areas-circles';

/** `['match', ['get', prop], v1, c1, ..., fallback]`. */
export function matchColor(prop: string, colors: Record<string, string>, fallback = FALLBACK_COLOR): ExpressionSpecification {
  const pairs = Object.entries(colors).flat();
  return ['match', ['to-string', ['get', prop]], ...pairs, fallback] as unknown as ExpressionSpecification;
}

export function statusColor(status: string | null | undefined): string {
  return (status && STATUS_COLORS[status]) || FALLBACK_COLOR;
}

/** Legend rows: status fills and kind outlines with Russian labels. */
export function legendEntries() {
  return {
    statuses: WasteAreaStatus.values.map((v) => ({ value: v, label: WasteAreaStatus.label(v), color: statusColor(v) })),
    kinds: WasteAreaKind.values.map((v) => ({ value: v, label: WasteAreaKind.label(v), color: KIND_COLORS[v] ?? FALLBACK_COLOR })),
  };
}

/** A style with nothing but a background: works offline, circles need no glyphs. */
export function builtInStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef2ee' } }],
  };
}

/** Tile URL template (absolute: the worker cannot resolve relative URLs). */
export function tileUrl(origin: string, anonymous: boolean): string {
  return `${origin}${anonymous ? '/api/public/v1/waste-area/tiles' : '/api/waste-area/tiles'}/{z}/{x}/{y}.mvt`;
}

/** Labels of a feature's coded properties. */
export const featureLabels = {
  status: (v: unknown) => WasteAreaStatus.label(v == null ? null : String(v)),
  kind: (v: unknown) => WasteAreaKind.label(v == null ? null : String(v)),
  type: (v: unknown) => ContainerSiteType.label(v == null ? null : String(v)),
};
