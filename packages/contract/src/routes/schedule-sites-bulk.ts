/**
 * Adding sites to a schedule in bulk (issue 23 §1): every waste area of a contract zone, of a
 * contract, inside a polygon drawn on the map (GeoJSON, EPSG:4326) or found by a filter of a
 * waste-area list («добавить все найденные»). Exactly one of the four is given. Only the sites the
 * user may read are taken (the list's view permission of their kind and the user's row scope); a
 * site already among the schedule's points is counted, not added twice; a site the planner could
 * not use is refused with its reason. At most BULK_SITES_LIMIT sites per call (400 on the selection
 * when more match: narrow it). Permission schedules:change.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';
import { WASTE_AREA_TABS } from '../resources/index';

/** Most sites one bulk call may take (a region's whole registry is tens of thousands: narrow it). */
export const BULK_SITES_LIMIT = 20000;

const Position = z.tuple([
  z.number({ error: 'Долгота должна быть числом.' }).min(-180, 'Долгота от -180 до 180.').max(180, 'Долгота от -180 до 180.'),
  z.number({ error: 'Широта должна быть числом.' }).min(-90, 'Широта от -90 до 90.').max(90, 'Широта от -90 до 90.'),
], { error: 'Точка — пара чисел [долгота, широта].' });

/** A GeoJSON Polygon in EPSG:4326 (RFC 7946 §3.1.6): rings of ≥ 4 positions, each closed; the first is the outline. */
export const BulkPolygonSchema = z.strictObject({
  type: z.literal('Polygon', { error: 'Ожидался GeoJSON с type «Polygon».' }),
  coordinates: z.array(
    z.array(Position, { error: 'Контур — список точек [долгота, широта].' }).min(4, 'В контуре нужно не меньше 4 точек (первая повторяется в конце).').max(10000, 'Не больше 10 000 точек в контуре.')
      // zod runs a refinement even when the ring's points failed their own checks: judge only well-formed ends.
      .refine((ring) => {
        const [a, b] = [ring[0] as unknown, ring.at(-1) as unknown];
        return !Array.isArray(a) || !Array.isArray(b) || (a[0] === b[0] && a[1] === b[1]);
      }, 'Контур должен быть замкнут: последняя точка равна первой.'),
    { error: 'Ожидались контуры многоугольника.' },
  ).min(1, 'Нужен хотя бы один контур.').max(100, 'Не больше 100 контуров.'),
});

const SITE_TYPES = WASTE_AREA_TABS.map((t) => t.type) as unknown as [string, ...string[]];
const Id = (what: string) => z.number({ error: `Укажите номер ${what}.` }).int(`Номер ${what} — целое число.`).min(1, `Номер ${what} — целое число от 1.`).max(2147483647, `Номер ${what} слишком велик.`);

/**
 * The selection: `filter` = a waste-area list (`registry`: its type, e.g. container) with the
 * parameters of its list call (search, status, contract_zone, in_bbox, … as the list takes them;
 * page and ordering are ignored); `contract_zone` / `contract`: an id; `polygon`: GeoJSON.
 */
export const BulkSitesBodySchema = z.strictObject({
  filter: z.strictObject({
    registry: z.enum(SITE_TYPES, { error: `Список: одно из ${SITE_TYPES.join(', ')}.` }),
    params: z.record(z.string(), z.union([z.string(), z.array(z.string())]), { error: 'Параметры списка — объект «имя: значение».' }).default({}),
  }).optional(),
  contract_zone: Id('зоны деятельности').optional(),
  contract: Id('договора').optional(),
  polygon: BulkPolygonSchema.optional(),
}).superRefine((v, ctx) => {
  const given = (['filter', 'contract_zone', 'contract', 'polygon'] as const).filter((k) => v[k] !== undefined);
  if (given.length !== 1) {
    ctx.addIssue({ code: 'custom', path: ['non_field_errors'], message: 'Укажите ровно одно: filter (фильтр списка), contract_zone (зона деятельности), contract (договор) или polygon (область на карте).' });
  }
});
export type BulkSitesBody = z.infer<typeof BulkSitesBodySchema>;

export const BULK_REFUSAL_REASONS = ['NO_COORDINATES', 'CLOSED'] as const;
export const BULK_REFUSAL_LABELS: Record<(typeof BULK_REFUSAL_REASONS)[number], string> = {
  NO_COORDINATES: 'Нет координат: площадку нельзя поставить в маршрут.',
  CLOSED: 'Площадка закрыта.',
};

/** How many sites were added, were already points of the schedule, were refused (each refusal with its reason; at most 500 listed). */
export const BulkSitesAnswerSchema = z.object({
  found: z.number().int(),
  added: z.number().int(),
  already: z.number().int(),
  refused: z.number().int(),
  refusals: z.array(z.object({
    waste_area: z.object({ id: z.number().int(), name: z.string(), type: z.string() }),
    reason: z.enum(BULK_REFUSAL_REASONS),
    reason_label: z.string(),
  })),
  /** The schedule's points after the call. */
  points_count: z.number().int(),
});
export type BulkSitesAnswer = z.infer<typeof BulkSitesAnswerSchema>;

export const scheduleSitesBulkRoute = defineRoute({
  method: 'POST', path: '/api/fleet/schedules/:id/sites/bulk/', permission: 'schedules:change', tags: ['schedules'],
  summary: 'Добавить в график площадки: зоны деятельности, договора, области на карте или найденные фильтром списка',
  description: 'Ровно одно из filter, contract_zone, contract, polygon (GeoJSON Polygon, EPSG:4326). Берутся только площадки, видимые пользователю; уже входящие в график не добавляются повторно; площадки без координат и закрытые не добавляются (с причиной).',
  params: z.object({ id: z.string() }), body: BulkSitesBodySchema, response: { 200: BulkSitesAnswerSchema },
});
