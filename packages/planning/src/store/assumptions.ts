/**
 * Figures the planner assumes where the registry has none (issue 10 §4; stated in
 * docs/DECISIONS.md «Daily collection routes»):
 * - a visit takes container volume × FILL_FACTOR of waste (containers are not always full);
 * - a site without containers in the schedule or the registry has DEFAULT_CONTAINERS of
 *   DEFAULT_CONTAINER_M3 (the common 0.75 m³ steel container);
 * - SERVICE_PER_CONTAINER_S of work per container; UNLOAD_S at a facility; the lunch break of
 *   LUNCH_S starts at the first stop after LUNCH_AFTER (seconds since midnight);
 * - a vehicle without body volume or compression (its own or its model's) carries
 *   DEFAULT_BODY_M3 × DEFAULT_COMPRESSION; a multilift or portal body is not compacted (it
 *   carries the bunker itself: capacity = body_m3);
 * - a vehicle whose loading type nobody recorded (its own, its model's, its schedule's list) is
 *   taken as DEFAULT_LOADING, the common rear-loading compactor (it may take container sites, never
 *   bunkers or bulky waste);
 * - a site's card without an arrival/leave window: the schedule's day (06:00–22:00 by default);
 *   a garage or facility without recorded opening hours: not restricted.
 * Mass of waste: volume × bulk density per container type (bodies.ts BULK_DENSITY_KG_M3).
 */
export const FILL_FACTOR = 0.8;
export const DEFAULT_CONTAINERS = 1;
export const DEFAULT_CONTAINER_M3 = 0.75;
export const SERVICE_PER_CONTAINER_S = 120;
export const UNLOAD_S = 900;
export const LUNCH_AFTER_S = 12 * 3600;
export const LUNCH_S = 3600;
export const DEFAULT_BODY_M3 = 18;
export const DEFAULT_COMPRESSION = 2;
export const DEFAULT_LOADING = 'REAR';
