/**
 * The printed contract's cost (docs/CONTRACTS.md; apps/api/src/modules/contracts): the DOCX of a
 * contract with N objects, each with its placement scheme (SVG → PNG by @resvg/resvg-wasm) and
 * 20 road lines around it, built in process without a database — the part of
 * GET /api/contracts/{id}/docx/ that grows with the objects besides one roads query per object.
 *
 * Run: `node --import tsx contract-print.ts [--objects=10,100,300] [--runs=3]` from bench/.
 * Prints per N: the median wall time of the schemes and of the DOCX, the DOCX size and the
 * process's peak RSS.
 */
import { performance } from 'node:perf_hooks';
import type { ContractWasteAreaItem } from '@tko/contract';
import { contractResource } from '@tko/contract';
import { contractDocx } from '@tko/api/src/modules/contracts/contract-docx';
import type { PlacementSchemeImage } from '@tko/api/src/modules/contracts/contract-docx';
import { schemePng } from '@tko/api/src/modules/contracts/placement-scheme';
import type { SchemeRoads } from '@tko/api/src/modules/contracts/placement-scheme';

const arg = (name: string, def: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const sizes = arg('objects', '10,100,300').split(',').map(Number);
const runs = Number(arg('runs', '3'));
const withSchemes = arg('schemes', 'yes') !== 'no';

/** Object i: a container site on a 0.01° grid north-east of Angarsk. */
function area(i: number): ContractWasteAreaItem {
  const lat = 52.5 + (i % 20) * 0.01;
  const lng = 103.8 + Math.floor(i / 20) * 0.01;
  return {
    id: i + 1, waste_area: { id: i + 1, name: `Ангарск, ${i + 1}` }, waste_area_type: 'CONTAINER_WASTE_AREA',
    waste_area_location: `Ангарск, квартал ${i + 1}`, waste_area_coordinates: { lat, lng },
    periodicity: 'DAILY', periodicity_on_dates: [], periodicity_on_weekdays: [],
    containers: [{ id: i + 1, type: 'EURO', volume: '1.100' }], waste_source: null, kgo_volume_year: null,
  } as unknown as ContractWasteAreaItem;
}

/** 20 streets crossing the picture around (lat, lng). */
function roads(lat: number, lng: number): SchemeRoads {
  return { loaded: true, lines: Array.from({ length: 20 }, (_, k) => ({
    name: `улица ${k}`,
    coords: [[lng - 0.003, lat - 0.0015 + k * 0.00015], [lng, lat - 0.001 + k * 0.0001], [lng + 0.003, lat - 0.0015 + k * 0.00015]] as [number, number][],
  })) };
}

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;

console.log('| objects | schemes, ms (median) | per scheme, ms | DOCX, ms (median) | DOCX size, KB |');
console.log('|---|---|---|---|---|');
for (const n of sizes) {
  const areas = Array.from({ length: n }, (_, i) => area(i));
  const schemeMs: number[] = [];
  const docxMs: number[] = [];
  let size = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const schemes = new Map<number, PlacementSchemeImage>();
    for (const a of areas) {
      const { lat, lng } = a.waste_area_coordinates!;
      if (withSchemes) schemes.set(a.id, { png: await schemePng(Number(lat), Number(lng), roads(Number(lat), Number(lng))), note: null, roads: ['улица 0'] });
    }
    const t1 = performance.now();
    const bytes = await contractDocx({ ...contractResource.example, revision: 1 }, areas, null, {}, schemes);
    const t2 = performance.now();
    schemeMs.push(t1 - t0);
    docxMs.push(t2 - t1);
    size = bytes.length;
  }
  console.log(`| ${n} | ${median(schemeMs).toFixed(0)} | ${(median(schemeMs) / n).toFixed(1)} | ${median(docxMs).toFixed(0)} | ${(size / 1024).toFixed(0)} |`);
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
