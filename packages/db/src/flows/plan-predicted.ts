/**
 * The predicted-flow plan (issue 11 §1): pure arithmetic over what generate-predicted.ts reads,
 * so the rule can be read and tested apart from SQL. Volumes in tonnes a year, 3 decimals.
 *
 * For a target year Y and the base year Y0 of the present flows (n = Y − Y0 years ahead):
 *
 * 1. Every present flow P gives a predicted flow with the same start, end and facility; each waste
 *    row's volume is v × k^n, k = P.predict_coeff (the yearly change factor; n = 0 keeps v).
 * 2. Every waste source with a normative accumulation (normative_year_kg, ПП РФ № 269 norms × its
 *    units) is placed on the flow scheme: a source within `area_radius_m` of a present flow's start
 *    belongs to the nearest such flow's area, whose facility the scheme names for it. The area's
 *    normative total N = Σ kg / 1000 is a floor: when N exceeds the scaled total of P, P's predicted
 *    flow gets one more row, ТКО (ФККО 7 31 110 01 72 4) of volume N − scaled total — the scheme
 *    must carry at least what the registered sources produce by the norms.
 * 3. A source in no flow's area gets its own predicted flow, from the source to the nearest current
 *    facility (stage «Действующие», not «Недействующий») that accepts ФККО 7 31 110 01 72 4 (or one of its parent codes),
 *    of volume kg / 1000. A source no such facility exists for is counted as unassigned.
 *
 * Sources: ПП РФ от 22.09.2018 № 1130 (территориальная схема: раздел «схема потоков отходов от
 * источников их образования до объектов…», прогнозные потоки); ПП РФ от 04.04.2016 № 269 and
 * ПП РФ от 03.06.2016 № 505 (нормативы накопления, коммерческий учёт расчётным путём);
 * Приказ Росприроднадзора от 22.05.2017 № 242 (ФККО). docs/DECISIONS.md «Operations: flows,
 * dispatcher, documents».
 */

/** ФККО of unsorted household ТКО (отходы из жилищ несортированные, исключая крупногабаритные). */
export const TKO_FKKO = '73111001724';
export const TKO_FKKO_NAME = 'Отходы из жилищ несортированные (исключая крупногабаритные)';
/** Name of the row that raises a scheme flow to its sources' normative total. */
export const NORMATIVE_TOP_UP_NAME = 'ТКО источников по нормативу накопления сверх текущего потока';

export interface PlanPoint { lat: number; lng: number }
export interface PlanWaste { fkko: string | null; fkko_value: string | null; volume: string }

export interface PresentFlowIn {
  id: number;
  start_location: string; start: PlanPoint;
  end_location: string; end: PlanPoint;
  wmf_id: number | null;
  predict_coeff: number;
  wastes: PlanWaste[];
}

/** A source with its normative kg a year and where the scheme sends it. */
export interface SourceIn {
  id: number;
  location: string; point: PlanPoint;
  normative_year_kg: number;
  /** The present flow whose area holds the source (nearest start within the radius), or null. */
  flow_id: number | null;
  /** Nearest current facility accepting ТКО, for a source in no area (null: none). */
  facility: { id: number; location: string; point: PlanPoint } | null;
}

export interface PlannedFlow {
  year: number;
  start_location: string; start_coordinates: PlanPoint;
  end_location: string; end_coordinates: PlanPoint;
  wmf: number | null;
  wastes: PlanWaste[];
  /** The present flow it continues, or the source it starts from. */
  from: { present_flow: number } | { source: number };
}

/** Tonnes with 3 decimals as the wire's decimal string (half away from zero on the 4th). */
export function tonnes(x: number): string {
  const r = Math.round((x + Number.EPSILON) * 1000) / 1000;
  return r.toFixed(3);
}

/** The predicted flows of `year` (base year `baseYear`), by the rule of this file's header. */
export function planYear(year: number, baseYear: number, flows: PresentFlowIn[], sources: SourceIn[]): { flows: PlannedFlow[]; unassigned: number } {
  const n = year - baseYear;
  const normative = new Map<number, number>();
  for (const s of sources) if (s.flow_id !== null) normative.set(s.flow_id, (normative.get(s.flow_id) ?? 0) + s.normative_year_kg / 1000);
  const out: PlannedFlow[] = [];
  for (const p of flows) {
    const factor = Math.pow(p.predict_coeff, n);
    const wastes = p.wastes.map((w) => ({ fkko: w.fkko, fkko_value: w.fkko_value, volume: tonnes(Number(w.volume) * factor) }));
    const scaled = wastes.reduce((a, w) => a + Number(w.volume), 0);
    const floor = normative.get(p.id) ?? 0;
    if (floor - scaled >= 0.0005) wastes.push({ fkko: TKO_FKKO, fkko_value: NORMATIVE_TOP_UP_NAME, volume: tonnes(floor - scaled) });
    out.push({
      year, start_location: p.start_location, start_coordinates: p.start, end_location: p.end_location, end_coordinates: p.end,
      wmf: p.wmf_id, wastes, from: { present_flow: p.id },
    });
  }
  let unassigned = 0;
  for (const s of sources) {
    if (s.flow_id !== null) continue;
    if (!s.facility) { unassigned++; continue; }
    out.push({
      year, start_location: s.location, start_coordinates: s.point, end_location: s.facility.location, end_coordinates: s.facility.point,
      wmf: s.facility.id, wastes: [{ fkko: TKO_FKKO, fkko_value: TKO_FKKO_NAME, volume: tonnes(s.normative_year_kg / 1000) }], from: { source: s.id },
    });
  }
  return { flows: out, unassigned };
}
