/**
 * Fleet registries (issue 10 §1; spec 02 §3 "Vehicle", "Garage", §7 "Fleet", §9):
 *
 * - Vehicles `/api/fleet/vehicles/` (permission resource 'vehicles', + xlsx/ and search/):
 *   the licence plate is checked against ГОСТ Р 50577-2018 and normalised (validation/plate.ts:
 *   Latin look-alikes → Cyrillic, 'Е 529 НУ 138'); status defaults to ACTIVE and
 *   external_system to WIALON (spec 02 §9); loading is one of the 8 LoadingType codes;
 *   payload and gross weight in kg, body in m³; compression_ratio is the body's compaction
 *   coefficient as a range {lower, upper} (lower ≤ upper, else 400 on `compression_ratio.upper`;
 *   1 ≤ bound ≤ 10); last_online_at is kept by the GPS ingest and `last_online` is its bucket
 *   (`lastOnlineBucket`, spec 02 §3 "Last online"); tracker_password is the tracker's Wialon IPS
 *   password (issue 22), write-only: stored hashed, read back as `true` (задан) / `false` (не задан).
 * - Garages `/api/fleet/garages/` ('garages'): name, location, coordinates, structured_address.
 *
 * The models' dictionary is the read-only registry /api/dicts/vehicle-models/ (resources/read-only-dicts.ts).
 */
import { z } from 'zod';
import { f } from '../common/fields';
import type { FieldDef, RefTarget } from '../common/fields';
import { defineResource } from '../common/resource';
import { LoadingType } from '../enums/waste-area';
import { LastOnline } from '../enums/other';
import { ExternalSystem, VehicleStatus } from '../enums/fleet';
import { normalizePlate, validatePlate } from '../validation/plate';
import { MSG } from '../common/messages';

/** Garages, shown by their name. */
export const GARAGE: RefTarget = { resource: 'garages' };
/** Refuse-truck models (GET /api/dicts/vehicle-models/), shown by the body model. */
export const VEHICLE_MODEL: RefTarget = { resource: 'vehicle-models' };
/** The operator of a vehicle: a juridical person. */
export const OPERATOR: RefTarget = { resource: 'juridical-person' };

/**
 * Upper bounds (exclusive of the next bucket) of the last-online buckets, in seconds since the
 * last position: RECENTLY ≤ 10 min, HOUR ≤ 1 h, FEW_HOUR ≤ 6 h, DAY ≤ 24 h, then FAR_AGO; no
 * position at all is NO_DATA. The SQL of the `last_online` field is built from the same table.
 */
export const LAST_ONLINE_BOUNDS: readonly { code: 'RECENTLY' | 'HOUR' | 'FEW_HOUR' | 'DAY'; seconds: number }[] = [
  { code: 'RECENTLY', seconds: 10 * 60 },
  { code: 'HOUR', seconds: 60 * 60 },
  { code: 'FEW_HOUR', seconds: 6 * 60 * 60 },
  { code: 'DAY', seconds: 24 * 60 * 60 },
];

/** The bucket of a last-online time (ISO string or Date, null = never) at `now`. */
export function lastOnlineBucket(lastOnlineAt: string | Date | null, now: Date = new Date()): z.infer<typeof LastOnline.schema> {
  if (lastOnlineAt === null) return 'NO_DATA';
  const t = typeof lastOnlineAt === 'string' ? Date.parse(lastOnlineAt) : lastOnlineAt.getTime();
  if (!Number.isFinite(t)) return 'NO_DATA';
  const age = (now.getTime() - t) / 1000;
  for (const b of LAST_ONLINE_BOUNDS) if (age <= b.seconds) return b.code;
  return 'FAR_AGO';
}

/** The plate field: text checked by validatePlate, stored normalised (normalizePlate). */
function plateField(label: string): FieldDef {
  const base = f.text(label, { required: true, max: 20, list: true, validate: validatePlate });
  return {
    ...base,
    write: z.string().trim().min(1, MSG.blank).max(20, MSG.maxLength(20))
      .superRefine((v, ctx) => {
        const msg = validatePlate(v);
        if (msg) ctx.addIssue({ code: 'custom', message: msg });
      })
      .transform(normalizePlate),
  };
}

/**
 * A tracker password the Wialon IPS login can carry (`#L#imei;password`, `#L#2.0;imei;password;crc`):
 * printable ASCII without spaces and without «;», the protocol's field separator (Wialon IPS 1.1 / 2.0
 * «Login packet»); the receiver reads the socket byte by byte (latin1).
 */
export function trackerPasswordProblem(v: string): string | null {
  return /^[\x21-\x3a\x3c-\x7e]+$/.test(v) ? null : 'Пароль трекера: латинские буквы, цифры и знаки, без пробелов и «;».';
}

/** Compaction coefficient bounds accepted for a body (1 = no press; rear loaders reach ~6). */
const COMPRESSION_MIN = 1;
const COMPRESSION_MAX = 10;

export const vehicleResource = defineResource({
  name: 'vehicles',
  section: 'Диспетчерская',
  rowScope: { internal: 'the operator’s fleet' },
  label: 'Транспортные средства',
  labelOne: 'Транспортное средство',
  path: '/api/fleet/vehicles/',
  webPath: '/routes/fleet/fleet/',
  tabs: [
    { key: 'general', label: 'Общие сведения' },
    { key: 'files', label: 'Фото и документы' },
  ],
  fields: {
    id: f.id(),
    license_plate: plateField('Госномер'),
    garage: f.ref('Гараж', GARAGE, { list: true }),
    operator: f.ref('Оператор', OPERATOR, { list: true }),
    model: f.ref('Модель', VEHICLE_MODEL, { list: true }),
    make: f.text('Марка', { max: 100, list: true }),
    identifier: f.text('Гаражный номер', { max: 100 }),
    external_identifier: f.text('Идентификатор во внешней системе', { max: 100, help: 'Для трекера Wialon IPS — его IMEI (идентификатор при входе).' }),
    tracker_password: f.secret('Пароль трекера', {
      max: 64,
      validate: trackerPasswordProblem,
      help: 'Пароль, с которым трекер входит по Wialon IPS вместе с IMEI. Хранится в виде хэша и не показывается; без пароля трекер не принимается.',
    }),
    external_system: f.enum('Внешняя система', ExternalSystem, { default: 'WIALON' }),
    status: f.enum('Статус', VehicleStatus, { default: 'ACTIVE', list: true }),
    loading: f.enum('Тип загрузки', LoadingType, { list: true }),
    payload_kg: f.integer('Грузоподъёмность, кг', { min: 0, max: 100000, unit: 'кг' }),
    body_m3: f.decimal('Объём кузова, м³', { scale: 2, max: 9999, unit: 'м³', list: true }),
    compression_ratio: f.range('Коэффициент уплотнения', 'decimal', { help: 'Нижняя и верхняя граница, от 1 до 10.' }),
    gross_weight_kg: f.integer('Полная масса, кг', { min: 0, max: 100000, unit: 'кг' }),
    cost_per_km: f.decimal('Стоимость 1 км пробега, руб.', { scale: 2, max: 1e6, unit: 'руб/км',
      help: 'Расходы на транспортирование на 1 км (топливо, ремонт, оплата труда экипажа…): из неё рассчитывается прогнозный тариф.' }),
    crews: f.integer('Экипажей в сутки', { min: 1, max: 2, default: 1, help: 'Две смены в сутки — два экипажа (каждая смена не длиннее 12 ч, Приказ Минтранса № 424).' }),
    last_online_at: f.datetime('Последняя связь', { readOnly: true, list: true }),
    last_online: f.computed('Давность связи', LastOnline.schema, { enum: LastOnline as never, list: true }),
    attachments: f.files('Фото и документы', 'any', { tab: 'files' }),
  },
  filters: {
    search: { kind: 'text', fields: ['license_plate', 'identifier', 'external_identifier', 'make'], label: 'Поиск' },
    status: { kind: 'enum', field: 'status', enum: VehicleStatus, label: 'Статус' },
    loading: { kind: 'enum', field: 'loading', enum: LoadingType, label: 'Тип загрузки' },
    last_online: { kind: 'enum', field: 'last_online', enum: LastOnline, label: 'Давность связи' },
    garage: { kind: 'ref', field: 'garage', label: 'Гараж' },
    operator: { kind: 'ref', field: 'operator', label: 'Оператор' },
    model: { kind: 'ref', field: 'model', label: 'Модель' },
  },
  keyColumns: ['id', 'license_plate', 'garage', 'model', 'status', 'body_m3', 'last_online'],
  ordering: ['id', 'license_plate', 'status', 'make', 'loading', 'payload_kg', 'body_m3', 'gross_weight_kg'],
  defaultOrdering: 'license_plate',
  titleField: 'license_plate',
  check: (v) => {
    const out: Record<string, string> = {};
    if (v.crews === null) out.crews = 'Укажите 1 или 2 экипажа.';
    const r = v.compression_ratio as { lower: string | null; upper: string | null } | null | undefined;
    if (r) {
      for (const k of ['lower', 'upper'] as const) {
        const b = r[k];
        if (b !== null && (Number(b) < COMPRESSION_MIN || Number(b) > COMPRESSION_MAX)) {
          out[`compression_ratio.${k}`] = `Коэффициент уплотнения должен быть от ${COMPRESSION_MIN} до ${COMPRESSION_MAX}.`;
        }
      }
    }
    return out;
  },
  // КО-427-72 на шасси КАМАЗ-65115 (АО «Коммаш»): кузов 22 м³, уплотнение 5–6, грузоподъёмность 11 т.
  example: {
    // A trailer-type plate (ГОСТ Р 50577 type 2) gives the parametrised test 3 digits to vary.
    license_plate: 'АМ1234138',
    make: 'КАМАЗ',
    identifier: '12',
    external_identifier: '860906041234567',
    status: 'ACTIVE',
    loading: 'REAR',
    payload_kg: 11000,
    body_m3: '22',
    compression_ratio: { lower: '5', upper: '6' },
    gross_weight_kg: 25500,
  },
});

export const garageResource = defineResource({
  name: 'garages',
  section: 'Диспетчерская',
  rowScope: { internal: 'the operator’s fleet' },
  label: 'Гаражи',
  labelOne: 'Гараж',
  path: '/api/fleet/garages/',
  webPath: '/routes/fleet/garages/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    name: f.text('Название', { required: true, max: 255, list: true }),
    location: f.text('Адрес', { max: 1000, list: true }),
    coordinates: f.point('Координаты', { list: true }),
    coordinates_needs_checking: f.boolean('Координаты требуют проверки', {
      list: true,
      help: 'Точка оценена (импорт плана вывоза: медиана площадок машин гаража); сохранение новых координат снимает отметку.',
    }),
    structured_address: f.address('Структурированный адрес'),
    opening_time: f.time('Открыт с', { help: 'Выезд на маршрут не раньше; пусто — не ограничено.' }),
    closing_time: f.time('Открыт до', { help: 'Возврат с маршрута не позже; пусто — не ограничено.' }),
  },
  filters: {
    search: { kind: 'text', fields: ['name', 'location'], label: 'Поиск' },
    in_bbox: { kind: 'bbox', field: 'coordinates', label: 'В области карты' },
    coordinates_needs_checking: { kind: 'bool', field: 'coordinates_needs_checking', label: 'Координаты требуют проверки' },
  },
  ordering: ['id', 'name', 'location'],
  defaultOrdering: 'name',
  titleField: 'name',
  geometryField: 'coordinates',
  check: (v) => {
    const out: Record<string, string> = {};
    const open = v.opening_time as string | null | undefined;
    const close = v.closing_time as string | null | undefined;
    if ((open == null) !== (close == null)) out[open == null ? 'opening_time' : 'closing_time'] = 'Укажите оба времени работы гаража или ни одного.';
    else if (open != null && close != null && String(open) >= String(close)) out.closing_time = 'Время окончания должно быть позже времени начала.';
    return out;
  },
  example: {
    name: 'Гараж на Первом промышленном массиве',
    location: 'Иркутская обл., г. Ангарск, Первый промышленный массив, квартал 5, строение 10',
    coordinates: '52.540512, 103.921870',
  },
});
