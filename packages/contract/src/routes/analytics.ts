/**
 * Hand-written calls of the balance and tariffs (spec 03 §7 «Balance», «Tariffs»; issue 12 §3, §5):
 *   PUT    /api/balance/simulated/{year}/{fkko_id}/  the row of that year and ФККО code (created if
 *                                                    missing): its quantities (balance:change)
 *   DELETE /api/balance/simulated/{year}/{fkko_id}/  → 204 (balance:delete)
 *   GET    /api/balance/simulated/export/            xlsx; year, fields, hazard_class (comma lists;
 *                                                    2015–2030, 1–5, all by default) (balance:export)
 *   GET    /api/balance/simulated-file/              the balance files: import files of the BALANCE
 *                                                    template, with their row counts (balance:view)
 *   DELETE /api/balance/simulated-file/{id}/         the file and every balance row it brought (balance:delete)
 *   GET    /api/tariffs/predicted/init/              a new predicted tariff filled from the product's
 *                                                    data, not stored (tariff-predicted:add)
 *   POST   /api/tariffs/search/                      the regional operator's tariffs in force on a date
 *                                                    (tariff-reg-operator:view)
 */
import { z } from 'zod';
import { DateSchema } from '../common/dates';
import { IdSchema } from '../common/ids';
import { MSG } from '../common/messages';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { BALANCE_QUANTITIES, BALANCE_YEARS, balanceResource } from '../resources/balance';
import { entitySchema } from '../common/resource';
import { RegOperatorTariffKind, regOperatorTariffResource } from '../resources/tariffs';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const BalanceKeyParams = z.object({ year: z.string(), fkko_id: z.string() });

/** The quantities of a balance row (tonnes, decimals as strings); a key left out keeps its value. */
export const BalancePutSchema = z.object(Object.fromEntries(BALANCE_QUANTITIES.map((k) => [k, balanceResource.fields[k].write!.optional()])));

export const BalanceRowSchema = entitySchema(balanceResource);

export const balancePutRoute = defineRoute({
  method: 'PUT', path: '/api/balance/simulated/:year/:fkko_id/', permission: 'balance:change', tags: ['balance'],
  summary: 'Баланс: записать строку года и кода ФККО (создаётся, если её нет)',
  description: `Год ${BALANCE_YEARS[0]}–${BALANCE_YEARS[1]}; несуществующий код ФККО — 404. Строка, где остаток на конец года не сходится, сохраняется с identity_broken = true.`,
  params: BalanceKeyParams, body: BalancePutSchema, response: { 200: BalanceRowSchema },
});

export const balanceDeleteRoute = defineRoute({
  method: 'DELETE', path: '/api/balance/simulated/:year/:fkko_id/', permission: 'balance:delete', tags: ['balance'],
  summary: 'Баланс: удалить строку года и кода ФККО', params: BalanceKeyParams,
});

/** A comma list of integers within [min, max] (empty or absent = all). */
const intList = (min: number, max: number) => z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean).map((s) => (/^\d+$/.test(s) ? Number(s) : s)) : v),
  z.array(z.number({ error: MSG.integer }).int(MSG.integer).min(min, MSG.min(min)).max(max, MSG.max(max))),
).optional();

export const BalanceExportQuerySchema = z.strictObject({
  year: intList(BALANCE_YEARS[0], BALANCE_YEARS[1]),
  hazard_class: intList(1, 5),
  fields: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.enum(BALANCE_QUANTITIES, { error: 'Неизвестное поле баланса.' })),
  ).optional(),
});
export type BalanceExportQuery = z.infer<typeof BalanceExportQuerySchema>;

export const balanceExportRoute = defineRoute({
  method: 'GET', path: '/api/balance/simulated/export/', permission: 'balance:export', tags: ['balance'],
  summary: 'Баланс: выгрузка в xlsx (год, поля, класс опасности)', query: BalanceExportQuerySchema, produces: XLSX,
});

export const BalanceFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  user_name: z.string().nullable(),
  created_at: z.string(),
  /** Balance rows that came from this file. */
  rows: z.number().int(),
  /** The years of those rows. */
  years: z.array(z.number().int()),
});
export type BalanceFile = z.infer<typeof BalanceFileSchema>;
export const BalanceFilePageSchema = pageSchema(BalanceFileSchema);

export const balanceFilesRoute = defineRoute({
  method: 'GET', path: '/api/balance/simulated-file/', permission: 'balance:view', tags: ['balance'],
  summary: 'Баланс: загруженные файлы', query: z.strictObject(PageQuerySchema.shape), response: { 200: BalanceFilePageSchema },
});

export const balanceFileDeleteRoute = defineRoute({
  method: 'DELETE', path: '/api/balance/simulated-file/:id/', permission: 'balance:delete', tags: ['balance'],
  summary: 'Баланс: удалить файл и все его строки', params: z.object({ id: z.string() }),
});

/** The new tariff's values and, per value, where it came from (Russian). */
export const TariffInitSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  sources: z.record(z.string(), z.string()),
});
export type TariffInit = z.infer<typeof TariffInitSchema>;

export const tariffInitRoute = defineRoute({
  method: 'GET', path: '/api/tariffs/predicted/init/', permission: 'tariff-predicted:add', tags: ['tariff-predicted'],
  summary: 'Прогнозный тариф: заполнить новый по данным системы',
  description: 'Не сохраняет: тело для POST /api/tariffs/predicted/ и источник каждого значения.',
  query: z.strictObject({ year: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number({ error: MSG.integer }).int().min(2000, MSG.min(2000)).max(2100, MSG.max(2100))).optional() }),
  response: { 200: TariffInitSchema },
});

export const TariffSearchSchema = z.strictObject({
  /** In force on this date (default: today). */
  date: DateSchema.optional(),
  kind: RegOperatorTariffKind.schema.optional(),
  reg_operator: IdSchema.optional(),
});
export const TariffSearchAnswerSchema = z.object({
  count: z.number().int(),
  results: z.array(entitySchema(regOperatorTariffResource)),
});

export const tariffSearchRoute = defineRoute({
  method: 'POST', path: '/api/tariffs/search/', permission: 'tariff-reg-operator:view', tags: ['tariff-reg-operator'],
  summary: 'Тарифы регионального оператора, действующие на дату',
  body: TariffSearchSchema, response: { 200: TariffSearchAnswerSchema },
});


