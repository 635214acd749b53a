/**
 * CWA_BUNDLE: container sites (контейнерные площадки, @tko/contract containerResource).
 *
 * Targets: every writable field of the site, plus
 *   - coordinates_lat / coordinates_lng: latitude and longitude in two columns (e.g. Lat, Lon);
 *   - containers_count, container_volume (m³), container_type, container_loading: the site's
 *     containers as «N контейнеров по V м³» (type STANDARD when the file gives none).
 * Row transform:
 *   - a location's runs of two or more blanks become ', ' (exports that replaced the commas of an
 *     address to keep them out of the CSV: «Ангарск  47 квл  60» → «Ангарск, 47 квл, 60»,
 *     docs/DATA.md);
 *   - month days, weekdays or dates given without a periodicity set it: ON_MONTHDAYS
 *     («1;8;15»), ON_WEEKDAYS, ON_DATES.
 *   - a row without coordinates is imported flagged coordinates_needs_checking («Координаты
 *     требуют проверки») and geocoded after the run (issue 9 §1, §2);
 *   - warnings, not rejections (issue 9 §1): a container volume outside 0,1–40 м³ (the range of
 *     standard containers and bunkers, ГОСТ Р 58195 / СанПиН 2.1.3684-21 sizes), a count with
 *     text in it («2 евро» → 2, type EURO when the file gives no type), a site with no containers
 *     (a count of 0).
 * Keys (options.match_key): identifier, registry number, record id. Rows of a merged group that
 * give different addresses keep the most frequent one; a new site is then flagged
 * location_needs_checking and the other addresses go into its landmark (docs/DATA.md).
 */
import type { Point } from '@tko/contract';
import { containerResource, ContainerType, LoadingType } from '@tko/contract';
import { parseDegrees, parseEnum, parseDecimal, parseInteger, parseWeekdays } from '../parse-cell';
import { fieldTargets } from '../targets';
import type { TargetDef } from '../targets';
import { fieldKey, idKey, RECORD_ID } from './keys';
import type { Body, ImportTemplate } from './types';

const def = containerResource;
const MAX_CONTAINERS = 100;
/** Volumes of standard containers and bunkers, м³ (0,12 … 40); outside: a warning. */
export const STANDARD_VOLUME: [number, number] = [0.1, 40];

/** «2 евро» → 2 with the note «евро»; a plain integer → itself. */
export function parseCount(text: string): ReturnType<typeof parseInteger> {
  const plain = parseInteger(text);
  if (!('error' in plain)) return plain;
  const m = /^\s*(\d{1,4})\s*(?:шт\.?)?\s*([^\d].*)?$/iu.exec(text);
  if (!m) return plain;
  return { value: { n: Number(m[1]), note: (m[2] ?? '').trim(), text } };
}

/** Header names recognised besides each field's label (compared without case, ё, blanks or punctuation). */
const SYNONYMS: Record<string, string[]> = {
  name_waste_area: ['наименование', 'название площадки', 'name'],
  identifier: ['identifier', 'id площадки', 'номер площадки', '№ площадки', 'код площадки'],
  registry_number: ['номер в реестре', 'реестровый №', 'номер реестровой записи'],
  location: ['адрес', 'адрес площадки', 'местоположение', 'местонахождение', 'address', 'location'],
  coordinates: ['координаты площадки', 'coordinates', 'широта, долгота', 'gps'],
  landmark: ['ориентир площадки', 'примечание к адресу'],
  status: ['статус площадки'],
  type: ['тип', 'тип площадки'],
  periodicity: ['периодичность', 'график вывоза', 'периодичность вывоза тко'],
  periodicity_on_monthdays: ['числа месяца', 'дни месяца', 'дни вывоза', 'числа вывоза'],
  periodicity_on_weekdays: ['дни недели', 'дни недели вывоза'],
  periodicity_on_dates: ['даты вывоза'],
  arrival_time: ['время вывоза с', 'начало вывоза'],
  leave_time: ['время вывоза до', 'окончание вывоза'],
  has_cover: ['навес', 'крыша', 'наличие навеса'],
  coverage_type: ['покрытие площадки', 'тип покрытия'],
  fence: ['ограждение площадки'],
  waste_area_width: ['ширина', 'ширина, м'],
  waste_area_length: ['длина', 'длина, м'],
  area: ['площадь', 'площадь площадки', 'площадь, м2'],
  contract_zone: ['зона деятельности', 'зона', 'зона регоператора'],
  reg_operator: ['регоператор', 'региональный оператор'],
  management_organization: ['управляющая компания', 'ук'],
  owners: ['собственник', 'собственники', 'балансодержатель'],
  data_import_source: ['источник', 'источник данных'],
};

const virtualTargets: TargetDef[] = [
  {
    field: 'coordinates_lat', label: 'Широта', required: true, group: 'coordinates', kind: 'decimal',
    hint: 'Широта в градусах WGS-84 (вместе с долготой заменяет «Координаты»).', choices: null,
    synonyms: ['lat', 'latitude', 'широта площадки', 'y', 'geo_lat'], parse: (t) => parseDegrees(t, 'lat'), merge: 'majority',
  },
  {
    field: 'coordinates_lng', label: 'Долгота', required: true, group: 'coordinates', kind: 'decimal',
    hint: 'Долгота в градусах WGS-84 (вместе с широтой заменяет «Координаты»).', choices: null,
    synonyms: ['lon', 'lng', 'long', 'longitude', 'долгота площадки', 'x', 'geo_lon'], parse: (t) => parseDegrees(t, 'lng'), merge: 'majority',
  },
  {
    field: 'containers_count', label: 'Количество контейнеров', required: false, group: 'containers', kind: 'integer',
    hint: `Целое число от 0 до ${MAX_CONTAINERS}; вместе с объёмом и типом задаёт контейнеры площадки.`, choices: null,
    synonyms: ['кол-во контейнеров', 'количество контейнеров, шт', 'контейнеров', 'число контейнеров', 'количество', 'кол-во', 'count', 'containers', 'количество, шт'], parse: parseCount, merge: 'majority',
  },
  {
    field: 'container_volume', label: 'Объём контейнера, м³', required: false, group: 'containers', kind: 'decimal',
    hint: 'Объём одного контейнера в м³, например «1,1».', choices: null,
    synonyms: ['объем контейнера', 'объем контейнера, м3', 'емкость контейнера', 'объем', 'емкость', 'capacity', 'volume', 'container volume'], parse: parseDecimal, merge: 'majority',
  },
  {
    field: 'container_type', label: 'Тип контейнера', required: false, group: 'containers', kind: 'enum',
    hint: 'Тип контейнеров площадки (по умолчанию «Стандартный»).',
    choices: ContainerType.values.map((v) => ({ value: v, label: ContainerType.labels[v] })),
    synonyms: ['тип контейнеров', 'вид контейнера', 'container type'], parse: (t) => parseEnum(ContainerType, t), merge: 'majority',
  },
  {
    field: 'container_loading', label: 'Тип загрузки контейнера', required: false, group: 'containers', kind: 'enum',
    hint: 'Тип загрузки контейнеров площадки.',
    choices: LoadingType.values.map((v) => ({ value: v, label: LoadingType.labels[v] })),
    synonyms: ['тип загрузки', 'загрузка'], parse: (t) => parseEnum(LoadingType, t), merge: 'majority',
  },
];

/** The record id target: with options.match_key = 'id' a row updates the record of that number. */
const recordIdTarget: TargetDef = {
  field: 'record_id', label: 'Номер записи (id)', required: false, group: null, kind: 'integer',
  hint: 'Номер площадки в реестре: с ключом «Номер записи» строка обновляет эту площадку.', choices: null,
  synonyms: ['id', 'номер записи', 'ид', 'record id'], parse: parseInteger, merge: 'majority',
};

const fields = fieldTargets(def, {
  synonyms: SYNONYMS,
  groups: { coordinates: 'coordinates' },
  hints: {
    coordinates: 'Широта и долгота через запятую, например «52.546842, 103.870102»; или столбцы «Широта» и «Долгота».',
    periodicity_on_monthdays: 'Числа месяца через «;», например «1;8;15»; периодичность тогда «По числам месяца».',
    periodicity_on_weekdays: 'Дни недели через «;»: пн … вс или 1 … 7; периодичность тогда «По дням недели».',
  },
  parsers: { periodicity_on_weekdays: parseWeekdays },
});

/** «Ангарск  47 квл  60» → «Ангарск, 47 квл, 60» (docs/DATA.md). */
export function restoreAddressCommas(text: string): string {
  return text.split(/\s{2,}/).map((p) => p.trim()).filter(Boolean).join(', ');
}

const VIRTUAL = new Set([...virtualTargets.map((t) => t.field), recordIdTarget.field]);
const num = (n: number) => String(n).replace('.', ',');

function toBody(values: Body): { body: Body; errors: Record<string, string>; warnings: string[] } {
  const body: Body = {};
  const errors: Record<string, string> = {};
  const warnings: string[] = [];
  if (typeof values.record_id === 'number') body[RECORD_ID] = values.record_id;
  for (const [k, v] of Object.entries(values)) if (!VIRTUAL.has(k)) body[k] = v;
  if (typeof body.location === 'string') body.location = restoreAddressCommas(body.location);

  const { coordinates_lat: lat, coordinates_lng: lng } = values as { coordinates_lat?: number; coordinates_lng?: number };
  if (body.coordinates === undefined && (lat !== undefined || lng !== undefined)) {
    if (lat === undefined) errors.coordinates_lat = 'Укажите и широту, и долготу.';
    else if (lng === undefined) errors.coordinates_lng = 'Укажите и широту, и долготу.';
    else body.coordinates = { lat, lng } satisfies Point;
  }

  const { container_volume: volume, container_loading: loading } = values as { container_volume?: string; container_loading?: string };
  let { container_type: type } = values as { container_type?: string };
  let count = values.containers_count as number | { n: number; note: string; text: string } | undefined;
  if (count !== undefined && typeof count === 'object') {
    const euro = /евро|euro/i.test(count.note);
    let note = `Количество контейнеров «${count.text}»: взято ${count.n}`;
    if (euro && type === undefined) {
      type = 'EURO';
      note += `, тип «${ContainerType.labels.EURO}» (по тексту «${count.note}») — проверьте`;
    } else note += ` — проверьте, что значит «${count.note}»`;
    warnings.push(`${note}.`);
    count = count.n;
  }
  if (volume !== undefined && (Number(volume) < STANDARD_VOLUME[0] || Number(volume) > STANDARD_VOLUME[1])) {
    warnings.push(`Объём контейнера ${num(Number(volume))} м³ вне обычного диапазона ${num(STANDARD_VOLUME[0])}–${num(STANDARD_VOLUME[1])} м³: проверьте единицы (м³, не литры).`);
  }
  if (count !== undefined || volume !== undefined || type !== undefined || loading !== undefined) {
    const n = count ?? 1;
    if (n < 0 || n > MAX_CONTAINERS) errors.containers_count = `Количество контейнеров должно быть от 0 до ${MAX_CONTAINERS}.`;
    else if (n > 0 && volume === undefined) errors.container_volume = 'Укажите объём контейнера.';
    else body.containers = Array.from({ length: n }, () => ({ type: type ?? 'STANDARD', volume, ...(loading ? { loading } : {}) }));
  }

  // A file with container columns that gives a site none (a file without them says nothing about containers).
  if (count === 0) warnings.push('На площадке нет контейнеров.');
  if (body.coordinates === undefined && !errors.coordinates_lat && !errors.coordinates_lng) body.coordinates_needs_checking = true;

  if (body.periodicity === undefined) {
    if (Array.isArray(body.periodicity_on_monthdays)) body.periodicity = 'ON_MONTHDAYS';
    else if (Array.isArray(body.periodicity_on_weekdays)) body.periodicity = 'ON_WEEKDAYS';
    else if (Array.isArray(body.periodicity_on_dates)) body.periodicity = 'ON_DATES';
  }
  return { body, errors, warnings };
}

function afterMerge(body: Body, conflicts: Record<string, unknown[]>): Body {
  const addresses = conflicts.location;
  const extra: Body = {};
  if (!addresses) return extra;
  if (body.location_needs_checking === undefined) extra.location_needs_checking = true;
  if (body.landmark === undefined) extra.landmark = `Другие адреса этой точки в файле: ${addresses.slice(1).join('; ')}`.slice(0, 1000);
  return extra;
}

export const cwaBundleTemplate: ImportTemplate = {
  type: 'CWA_BUNDLE',
  def,
  targets: [...fields.flatMap((t) => (t.field === 'coordinates' ? [{ ...t, required: false }, ...virtualTargets.slice(0, 2).map((v) => ({ ...v, required: false }))] : [t])), ...virtualTargets.slice(2), recordIdTarget],
  keys: { identifier: fieldKey(def, 'identifier'), registry_number: fieldKey(def, 'registry_number'), id: idKey(def) },
  pointField: 'coordinates',
  addressField: 'location',
  pointCheckField: 'coordinates_needs_checking',
  toBody,
  afterMerge,
  createDefaults: (file) => ({ data_import_source: `Импорт файла «${file.name}»`.slice(0, 255) }),
};
