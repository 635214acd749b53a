/**
 * Working-time limits of a refuse-truck driver (Приказ Минтранса России от 16.10.2020 № 424):
 * п. 9 — under summarised accounting a shift may last up to 12 h; п. 17 — driving time at most 9 h
 * a day; п. 32 — after the first 4 h 30 min of driving a special break of at least 45 min (it may
 * be split: the first part at least 15 min, the last at least 30 min); the break for rest and meal
 * (ТК РФ ст. 108) may coincide with it. All configurable per instance (`PlanInstance.rules`).
 */
import type { PlanInstance, PlanUnit, WorkRules } from './types';

export const WORK_RULES_424: WorkRules = {
  maxShiftS: 12 * 3600,
  maxDrivingStretchS: 4.5 * 3600,
  drivingBreakS: 45 * 60,
  maxDailyDrivingS: 9 * 3600,
};

/** The split form of the 45-minute break (п. 32): a first part of at least 15 min, then one of at least 30 min. */
export const SPLIT_BREAK_S = { first: 15 * 60, second: 30 * 60 } as const;

export const rulesOf = (inst: Pick<PlanInstance, 'rules'>): WorkRules => inst.rules ?? WORK_RULES_424;

/** When the second crew of a two-crew truck takes over: `shift.secondShiftS`, else the middle of the day's window. */
export function secondShiftStart(inst: Pick<PlanInstance, 'shift'>): number {
  return inst.shift.secondShiftS ?? Math.round((inst.shift.startS + inst.shift.endS) / 2);
}

/**
 * Every crew-shift of the fleet: one per truck, two for a truck with `crews: 2`. The first crew
 * leaves at the day's start and, with a second crew, hands the truck over at the garage by the
 * second shift's start; the second crew is back by the day's end. Each is also bounded by its
 * garage's hours.
 */
export function planUnits(inst: Pick<PlanInstance, 'vehicles' | 'shift' | 'depots'>): PlanUnit[] {
  const out: PlanUnit[] = [];
  const handover = secondShiftStart(inst);
  inst.vehicles.forEach((v, i) => {
    const hours = inst.depots[v.depot]?.hours;
    const clamp = (a: number, b: number) => ({ startS: Math.max(a, hours?.openS ?? a), endS: Math.min(b, hours?.closeS ?? b) });
    if ((v.crews ?? 1) >= 2) {
      out.push({ vehicle: i, crew: 0, ...clamp(inst.shift.startS, handover) });
      out.push({ vehicle: i, crew: 1, ...clamp(handover, inst.shift.endS) });
    } else {
      out.push({ vehicle: i, crew: 0, ...clamp(inst.shift.startS, inst.shift.endS) });
    }
  });
  return out;
}
