/**
 * The scheme of a place of accumulation for the contract's annex (typical form, ПП РФ № 1156:
 * «информация в графическом виде о размещении мест накопления твёрдых коммунальных отходов и
 * подъездных путей к ним»): a plain schematic drawn without network — the place as a marker at the
 * centre, the road lines of the loaded road graph (osm.ways) around it, a 100 m scale bar and the
 * north — as SVG, rendered to PNG by @resvg/resvg-wasm (resvg compiled to WebAssembly: every
 * rendering's memory is freed at once by `free()`, where the native build's objects wait for the
 * garbage collector — 300 pictures held ~400 MB there, bench/RESULTS.md «Printed contract»).
 *
 * Projection: local equirectangular around the place (x = Δλ·cos φ₀·111 320 m, y = Δφ·110 574 m),
 * exact enough for a 300 m picture. Input roads: lines of [lng, lat] (EPSG:4326).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

/** Half the picture's width on the ground, m (the radius of the roads' query). */
export const SCHEME_RADIUS_M = 150;
/** The picture's size, px (the place at its centre). */
export const SCHEME_WIDTH_PX = 480;
export const SCHEME_HEIGHT_PX = 360;
const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LNG_EQUATOR = 111_320;

/** The roads near a place, or that the road graph is not loaded. */
export type SchemeRoads = { loaded: false } | { loaded: true; lines: { name: string | null; coords: [number, number][] }[] };

/** Degrees of longitude and latitude spanning `m` metres at latitude `lat`. */
export function metresToDegrees(m: number, lat: number): { dLng: number; dLat: number } {
  return { dLng: m / (M_PER_DEG_LNG_EQUATOR * Math.cos((lat * Math.PI) / 180)), dLat: m / M_PER_DEG_LAT };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const FONT = 'font-family="DejaVu Sans, Noto Sans, Liberation Sans, Arial, sans-serif"';

/** The note the scheme and the annex print about the roads (null when roads are drawn). */
export function roadsNote(roads: SchemeRoads): string | null {
  if (!roads.loaded) return 'Дорожный граф региона не загружен: подъездные пути не показаны.';
  return roads.lines.length ? null : `В радиусе ${SCHEME_RADIUS_M} м дорог в дорожном графе нет.`;
}

/** The SVG of the place at (lat, lng) with `roads` (module comment). */
export function schemeSvg(lat: number, lng: number, roads: SchemeRoads): string {
  const w = SCHEME_WIDTH_PX;
  const h = SCHEME_HEIGHT_PX;
  const pxPerM = w / (2 * SCHEME_RADIUS_M);
  const cos = Math.cos((lat * Math.PI) / 180);
  const xy = ([x, y]: [number, number]) =>
    `${(w / 2 + (x - lng) * cos * M_PER_DEG_LNG_EQUATOR * pxPerM).toFixed(1)},${(h / 2 - (y - lat) * M_PER_DEG_LAT * pxPerM).toFixed(1)}`;
  const lines = roads.loaded
    ? roads.lines.map((l) => `<polyline points="${l.coords.map(xy).join(' ')}" fill="none" stroke="#404040" stroke-width="11" stroke-linecap="round" stroke-linejoin="round"/>`
      + `<polyline points="${l.coords.map(xy).join(' ')}" fill="none" stroke="#bdbdbd" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`)
    : [];
  const note = roadsNote(roads);
  const bar = 100 * pxPerM;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`
    + `<rect width="${w}" height="${h}" fill="#f4f1ea" stroke="#000" stroke-width="2"/>`
    + lines.join('')
    + `<circle cx="${w / 2}" cy="${h / 2}" r="9" fill="#d62728" stroke="#000" stroke-width="2"/>`
    + `<text x="${w / 2 + 14}" y="${h / 2 - 12}" font-size="14" ${FONT}>Место накопления ТКО</text>`
    + `<g transform="translate(${w - 30},20)"><path d="M0,0 L8,22 L0,17 L-8,22 Z" fill="#000"/><text x="0" y="38" font-size="14" text-anchor="middle" ${FONT}>С</text></g>`
    + `<g transform="translate(16,${h - 18})"><path d="M0,-6 V0 H${bar.toFixed(1)} V-6" fill="none" stroke="#000" stroke-width="2"/>`
    + `<text x="${(bar / 2).toFixed(1)}" y="-9" font-size="12" text-anchor="middle" ${FONT}>100 м</text></g>`
    + `<text x="${w - 12}" y="${h - 12}" font-size="12" text-anchor="end" ${FONT}>${lat.toFixed(6)}, ${lng.toFixed(6)}</text>`
    // The note in two lines (before and after its colon) to fit the width.
    + (note ? `<text x="12" y="24" font-size="13" ${FONT}>${note.replace(/: /, ':\n').split('\n').map((l, i) => `<tspan x="12" dy="${i ? 17 : 0}">${esc(l)}</tspan>`).join('')}</text>` : '')
    + '</svg>';
}

/**
 * Cyrillic sans fonts of Debian's packages (fonts-dejavu-core, fonts-noto-core — the API image's —,
 * fonts-liberation), by family: the first found is loaded once. Without any, the picture has no
 * lettering (the annex prints the same words and the coordinates as text).
 */
const FONT_FILES: [string, string][] = [
  ['DejaVu Sans', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'],
  ['Noto Sans', '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf'],
  ['Liberation Sans', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'],
];

interface Renderer { font: { fontBuffers: Uint8Array[]; loadSystemFonts: false; defaultFontFamily?: string; sansSerifFamily?: string } }
let renderer: Promise<Renderer> | null = null;

/** The WebAssembly module started and the font read, once per process. */
function ready(): Promise<Renderer> {
  renderer ??= (async () => {
    await initWasm(readFileSync(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm')));
    const found = FONT_FILES.find(([, file]) => existsSync(file));
    return { font: found
      ? { fontBuffers: [readFileSync(found[1])], loadSystemFonts: false, defaultFontFamily: found[0], sansSerifFamily: found[0] }
      : { fontBuffers: [], loadSystemFonts: false } };
  })();
  return renderer;
}

/** The PNG bytes of {@link schemeSvg} (no network; ~30–40 ms a picture). */
export async function schemePng(lat: number, lng: number, roads: SchemeRoads): Promise<Buffer> {
  const { font } = await ready();
  const resvg = new Resvg(schemeSvg(lat, lng, roads), { font });
  const image = resvg.render();
  try {
    return Buffer.from(image.asPng());
  } finally {
    image.free();
    resvg.free();
  }
}
