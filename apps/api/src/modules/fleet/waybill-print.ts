/**
 * The printable way-bill: an xlsx laid out after the Типовая межотраслевая форма № 4-П
 * «Путевой лист грузового автомобиля» (Постановление Госкомстата России от 28.11.1997 № 78),
 * with the requisites of Приказ Минтранса России от 05.05.2024 № 159 (series, number, dates and
 * times of the pre-trip checks, odometer, fuel). One landscape A4 page: the sheet is set to fit
 * one page wide and one tall, so LibreOffice and Excel print it on a single sheet (tested by
 * converting to PDF). Built with exceljs.
 *
 * Input: {@link WaybillPrintData} (times as ISO strings, shown in `timeZone`); the engine and
 * equipment times, stored in seconds, are printed as ч:мм. Quantities (odometer, fuel, distance, weight,
 * trips) are number cells with number formats ({@link DECIMAL_FORMAT}, {@link INTEGER_FORMAT}), so
 * Excel and LibreOffice show them with the reader's decimal comma («4,5») and can sum them.
 */
import ExcelJS from 'exceljs';

export interface WaybillPrintTask {
  customer: string | null;
  job_kind: string | null;
  loading_point: string | null;
  unloading_point: string | null;
  cargo: string | null;
  arrival_time: string | null;
  trips: number | null;
  distance_km: string | null;
  weight_t: string | null;
}

/** Everything the form shows, already joined (organisation, driver, vehicle, fuel). */
export interface WaybillPrintData {
  series: string | null;
  number: string;
  date: string | null;
  /** The registry route's name (`route_id`) when chosen, else the free text `route`. */
  route: string | null;
  organization: { name: string; phone: string | null; okpo: string | null; address: string | null } | null;
  allowed_to_drive: boolean;
  pre_trip_inspection_at: string | null;
  vehicle_operable: boolean;
  vehicle_checked_at: string | null;
  driver: { full_name: string; employee_number: string | null } | null;
  driver_id_number: string | null;
  driver_klass: string | null;
  start_work_time: string | null;
  end_work_time: string | null;
  column: string | null;
  brigade: string | null;
  vehicle: { make: string | null; license_plate: string; identifier: string | null } | null;
  trailer: { make: string | null; license_plate: string; identifier: string | null } | null;
  planned_departure_at: string | null;
  departure_at: string | null;
  planned_arrival_at: string | null;
  arrival_at: string | null;
  zero_mileage_km: string | null;
  odometer_departure: number | null;
  odometer_arrival: number | null;
  fuel: { kind: string; mark: string; code: string | null } | null;
  fuel_provided_l: string | null;
  fuel_remaining_departure_l: string | null;
  fuel_remaining_arrival_l: string | null;
  work_engine_time: number | null;
  work_equipment_time: number | null;
  tasks: WaybillPrintTask[];
}

/** Seconds → 'ч:мм' (e.g. 39600 → '11:00'); empty for null. */
export function hoursMinutes(seconds: number | null): string {
  if (seconds === null) return '';
  const m = Math.round(seconds / 60);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

const COLS = 16;
/** Excel number format of decimals (km, l, t): at least one, at most three fraction digits, grouped thousands. */
export const DECIMAL_FORMAT = '#,##0.0##';
/** Excel number format of whole quantities (odometer readings, trips): no grouping, as on the odometer. */
export const INTEGER_FORMAT = '0';
/** A printed cell: text, or a number with its Excel number format. */
type Printed = string | { n: number; fmt: string };
/** A decimal wire string (`'35.500'`) or an integer as a number cell; '' when empty. */
const dec = (v: string | null | undefined): Printed => (v === null || v === undefined || v === '' ? '' : { n: Number(v), fmt: DECIMAL_FORMAT });
const int = (v: number | null | undefined): Printed => (v === null || v === undefined ? '' : { n: v, fmt: INTEGER_FORMAT });
const thin: Partial<ExcelJS.Border> = { style: 'thin' };
const box: Partial<ExcelJS.Borders> = { top: thin, left: thin, bottom: thin, right: thin };

/** The xlsx bytes of the printable way-bill. */
export async function waybillXlsx(w: WaybillPrintData, timeZone: string): Promise<Buffer> {
  const dt = (iso: string | null, withDate = true) => {
    if (!iso) return '';
    const d = new Date(iso);
    const fmt = new Intl.DateTimeFormat('ru-RU', { timeZone, ...(withDate ? { day: '2-digit', month: '2-digit', year: 'numeric' } : {}), hour: '2-digit', minute: '2-digit' });
    return fmt.format(d).replace(',', '');
  };
  const dateOnly = (iso: string | null) => (iso ? new Intl.DateTimeFormat('ru-RU', { timeZone, day: '2-digit', month: 'long', year: 'numeric' }).format(new Date(iso)) : '');
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

  const wb = new ExcelJS.Workbook();
  wb.creator = 'ТКО';
  const ws = wb.addWorksheet('Путевой лист', {
    pageSetup: {
      paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 1,
      margins: { left: 0.3, right: 0.3, top: 0.3, bottom: 0.3, header: 0, footer: 0 },
      horizontalCentered: true,
    },
  });
  ws.columns = [14, 9, 9, 9, 10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 10, 10].map((width) => ({ width }));
  ws.properties.defaultRowHeight = 14;
  let r = 1;
  const font = { name: 'Arial', size: 8 };
  const put = (row: number, c1: number, c2: number, value: Printed, o: { bold?: boolean; size?: number; border?: boolean; align?: ExcelJS.Alignment['horizontal']; wrap?: boolean } = {}) => {
    if (c2 > c1) ws.mergeCells(row, c1, row, c2);
    const cell = ws.getCell(row, c1);
    cell.value = typeof value === 'string' ? value : value.n;
    if (typeof value !== 'string') cell.numFmt = value.fmt;
    cell.font = { ...font, bold: o.bold ?? false, size: o.size ?? font.size };
    cell.alignment = { horizontal: o.align ?? 'left', vertical: 'middle', wrapText: o.wrap ?? true };
    if (o.border) for (let c = c1; c <= c2; c++) ws.getCell(row, c).border = box;
  };
  /** A bordered table row: [from, to, text] triples. */
  const tableRow = (cells: [number, number, Printed][], bold = false, height?: number) => {
    for (const [a, b, v] of cells) put(r, a, b, v, { border: true, bold, align: 'center' });
    if (height) ws.getRow(r).height = height;
    r++;
  };

  put(r, 11, COLS, 'Типовая межотраслевая форма № 4-П. Утверждена постановлением Госкомстата России от 28.11.97 № 78', { size: 7, align: 'right' });
  r++;
  put(r, 1, 10, `ПУТЕВОЙ ЛИСТ ГРУЗОВОГО АВТОМОБИЛЯ  серия ${s(w.series)}  № ${w.number}`, { bold: true, size: 11 });
  put(r, 11, 13, 'Форма по ОКУД', { align: 'right' });
  put(r, 14, COLS, '0345005', { border: true, align: 'center' });
  ws.getRow(r).height = 18;
  r++;
  put(r, 1, 10, `«${dateOnly(w.date)}»`);
  put(r, 11, 13, 'по ОКПО', { align: 'right' });
  put(r, 14, COLS, s(w.organization?.okpo), { border: true, align: 'center' });
  r++;
  put(r, 1, 2, 'Организация');
  put(r, 3, 13, [w.organization?.name, w.organization?.address, w.organization?.phone && `тел. ${w.organization.phone}`].filter(Boolean).join(', '));
  r++;
  put(r, 1, 2, 'Марка автомобиля');
  put(r, 3, 7, s(w.vehicle?.make));
  put(r, 8, 10, 'Государственный номерной знак');
  put(r, 11, 13, s(w.vehicle?.license_plate), { bold: true });
  put(r, 14, 15, 'Гаражный номер');
  put(r, COLS, COLS, s(w.vehicle?.identifier), { border: true, align: 'center' });
  r++;
  put(r, 1, 2, 'Прицеп');
  put(r, 3, 7, s(w.trailer?.make));
  put(r, 8, 10, 'Государственный номерной знак');
  put(r, 11, 13, s(w.trailer?.license_plate));
  put(r, 14, 15, 'Гаражный номер');
  put(r, COLS, COLS, s(w.trailer?.identifier), { border: true, align: 'center' });
  r++;
  put(r, 1, 2, 'Водитель');
  put(r, 3, 7, s(w.driver?.full_name), { bold: true });
  put(r, 8, 9, 'Табельный номер');
  put(r, 10, 10, s(w.driver?.employee_number), { border: true, align: 'center' });
  put(r, 11, 12, 'Удостоверение №');
  put(r, 13, 14, s(w.driver_id_number));
  put(r, 15, 15, 'Класс');
  put(r, COLS, COLS, s(w.driver_klass), { border: true, align: 'center' });
  r++;
  put(r, 1, 2, 'Маршрут');
  put(r, 3, 9, s(w.route));
  put(r, 10, 11, 'Колонна / бригада');
  put(r, 12, 13, [w.column, w.brigade].filter(Boolean).join(' / '));
  put(r, 14, 15, 'Режим работы');
  put(r, COLS, COLS, [w.start_work_time?.slice(0, 5), w.end_work_time?.slice(0, 5)].filter(Boolean).join('–'));
  r++;
  r++;

  // Работа водителя и автомобиля (garage block).
  put(r, 1, 10, 'Работа водителя и автомобиля', { bold: true });
  put(r, 11, COLS, 'Движение горючего, л', { bold: true });
  r++;
  const head = r;
  tableRow([[1, 1, 'Операция'], [2, 4, 'Время по графику'], [5, 6, 'Нулевой пробег, км'], [7, 8, 'Показания спидометра, км'], [9, 10, 'Время фактическое'],
    [11, 12, 'Марка горючего'], [13, 13, 'Код'], [14, 14, 'Выдано'], [15, 15, 'Остаток при выезде'], [COLS, COLS, 'Остаток при возвращении']], true, 24);
  tableRow([[1, 1, 'Выезд из гаража'], [2, 4, dt(w.planned_departure_at)], [5, 6, dec(w.zero_mileage_km)], [7, 8, int(w.odometer_departure)], [9, 10, dt(w.departure_at)],
    [11, 12, s(w.fuel?.mark)], [13, 13, s(w.fuel?.code)], [14, 14, dec(w.fuel_provided_l)], [15, 15, dec(w.fuel_remaining_departure_l)], [COLS, COLS, dec(w.fuel_remaining_arrival_l)]]);
  tableRow([[1, 1, 'Возвращение в гараж'], [2, 4, dt(w.planned_arrival_at)], [5, 6, ''], [7, 8, int(w.odometer_arrival)], [9, 10, dt(w.arrival_at)],
    [11, 12, 'Время работы, ч:мм'], [13, 14, `двигателя ${hoursMinutes(w.work_engine_time)}`], [15, COLS, `спецоборудования ${hoursMinutes(w.work_equipment_time)}`]]);
  void head;
  r++;

  // Задание водителю.
  put(r, 1, COLS, 'ЗАДАНИЕ ВОДИТЕЛЮ', { bold: true, align: 'center' });
  r++;
  tableRow([[1, 2, 'В чьё распоряжение (заказчик)'], [3, 4, 'Вид работ'], [5, 7, 'Адрес пункта погрузки'], [8, 10, 'Адрес пункта разгрузки'],
    [11, 12, 'Наименование груза'], [13, 13, 'Время прибытия'], [14, 14, 'Количество ездок'], [15, 15, 'Расстояние, км'], [COLS, COLS, 'Перевезти, т']], true, 24);
  const rows = w.tasks.length ? w.tasks : [];
  const shown = rows.slice(0, 8);
  for (const t of shown) {
    tableRow([[1, 2, s(t.customer)], [3, 4, s(t.job_kind)], [5, 7, s(t.loading_point)], [8, 10, s(t.unloading_point)], [11, 12, s(t.cargo)],
      [13, 13, s(t.arrival_time).slice(0, 5)], [14, 14, int(t.trips)], [15, 15, dec(t.distance_km)], [COLS, COLS, dec(t.weight_t)]], false, 22);
  }
  for (let k = shown.length; k < 4; k++) tableRow([[1, 2, ''], [3, 4, ''], [5, 7, ''], [8, 10, ''], [11, 12, ''], [13, 13, ''], [14, 14, ''], [15, 15, ''], [COLS, COLS, '']]);
  if (rows.length > shown.length) put(r++, 1, COLS, `Ещё заданий: ${rows.length - shown.length} (см. карточку путевого листа).`);
  r++;

  // Отметки о допуске (Приказ Минтранса № 159, п. 12–14).
  put(r, 1, 8, `Предрейсовый медицинский осмотр пройден, к исполнению трудовых обязанностей ${w.allowed_to_drive ? 'допущен' : 'не допущен'}: ${dt(w.pre_trip_inspection_at)}`);
  put(r, 9, COLS, `Автомобиль технически ${w.vehicle_operable ? 'исправен. Выезд разрешён' : 'неисправен'}: ${dt(w.vehicle_checked_at)}`);
  r++;
  put(r, 1, 8, 'Медицинский работник ____________ / ____________________');
  put(r, 9, COLS, 'Контролёр технического состояния ____________ / ____________________');
  r++;
  put(r, 1, 8, 'Водительское удостоверение проверил, задание выдал: диспетчер ____________ / ____________');
  put(r, 9, COLS, 'Автомобиль принял: водитель ____________ / ____________');
  r++;
  put(r, 1, 8, 'Послерейсовый медицинский осмотр пройден ____________ / ____________');
  put(r, 9, COLS, 'При возвращении автомобиль исправен / неисправен. Сдал водитель ____________ Принял механик ____________');

  ws.pageSetup.printArea = `A1:P${r}`;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
