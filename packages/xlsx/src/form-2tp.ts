/**
 * The official export of a waste balance (docs/DECISIONS.md «Official export: 2-ТП (отходы)»): an xlsx laid
 * out after section 1 of the federal statistical form 2-ТП (отходы) «Сведения об образовании, обработке,
 * утилизации, обезвреживании, размещении отходов производства и потребления» (приказ Росстата от 09.10.2020 №
 * 627), built with exceljs from a report of kind BALANCE (contract report-forms/forms/form3-balance.ts, whose
 * fields mirror the section's columns 3–20).
 *
 * Layout: the title block (the form's heading, the reporting year, the respondent's name, ИНН,
 * ОКПО and address), then the section's table — columns А (вид отходов), Б (№ строки),
 * В (код по ФККО), Г (класс опасности) and 3–20 in tonnes — with a row «Всего» (line 01, the sum
 * of every row), the rows «в том числе» by hazard class I–V (lines 02–06), then one line per
 * waste (07…). Quantities are number cells with the format `#,##0.000` (tonnes to the kilogram,
 * the form's printed precision): Excel and LibreOffice show them with the reader's decimal comma
 * and can sum them. A blank quantity is an empty cell (the form's «прочерк»: no movement) and
 * counts as 0 in the sums. Sums are exact (micro-tonnes as bigint), never floating point.
 */
import ExcelJS from 'exceljs';

/** The quantity columns of section 1, in order: the wire field and the column's number and heading. */
export const FORM_2TP_COLUMNS = [
  { field: 'start_of_year', no: 3, title: 'Наличие отходов на начало года' },
  { field: 'formed', no: 4, title: 'Образовано отходов' },
  { field: 'received_total', no: 5, title: 'Поступило от других — всего' },
  { field: 'received_processing', no: 6, title: 'в т. ч. для обработки' },
  { field: 'received_utilization', no: 7, title: 'в т. ч. для утилизации' },
  { field: 'received_neutralization', no: 8, title: 'в т. ч. для обезвреживания' },
  { field: 'received_placement', no: 9, title: 'в т. ч. для размещения' },
  { field: 'processed', no: 10, title: 'Обработано отходов' },
  { field: 'utilized', no: 11, title: 'Утилизировано отходов' },
  { field: 'neutralized', no: 12, title: 'Обезврежено отходов' },
  { field: 'transferred_total', no: 13, title: 'Передано другим — всего' },
  { field: 'transferred_processing', no: 14, title: 'в т. ч. для обработки' },
  { field: 'transferred_utilization', no: 15, title: 'в т. ч. для утилизации' },
  { field: 'transferred_neutralization', no: 16, title: 'в т. ч. для обезвреживания' },
  { field: 'transferred_placement', no: 17, title: 'в т. ч. для размещения' },
  { field: 'own_storage', no: 18, title: 'Размещено на собственных объектах: хранение' },
  { field: 'own_burial', no: 19, title: 'Размещено на собственных объектах: захоронение' },
  { field: 'end_of_year', no: 20, title: 'Наличие отходов на конец года' },
] as const;

export type Form2tpField = (typeof FORM_2TP_COLUMNS)[number]['field'];

/** One waste of the section: quantities in micro-tonnes (null = blank). */
export interface Form2tpRow {
  /** The waste's name (the ФККО name, or «Отходы IV класса опасности» without a code). */
  name: string;
  /** ФККО codes (11 digits), '' when none. */
  fkko: string;
  /** 1–5. */
  hazardClass: number;
  values: Partial<Record<Form2tpField, bigint | null>>;
}

export interface Form2tpData {
  year: number;
  organization: { name: string; inn: string | null; okpo: string | null; address: string | null } | null;
  /** The report's status as text (a draft is marked as such in the title). */
  status: string;
  rows: Form2tpRow[];
}

/** Excel number format of tonnes (three decimals, grouped thousands). */
export const TONNES_FORMAT = '#,##0.000';
const ROMAN = ['I', 'II', 'III', 'IV', 'V'];
const MICRO = 1_000_000;

/** Micro-tonnes → a number cell value (exact up to 2^53 micro-tonnes: 9 000 000 000 t). */
const tonnes = (v: bigint) => Number(v) / MICRO;

/** The column sums of `rows` (blank = 0), micro-tonnes. */
export function form2tpTotals(rows: readonly Form2tpRow[]): Record<Form2tpField, bigint> {
  const out = Object.fromEntries(FORM_2TP_COLUMNS.map((c) => [c.field, 0n])) as Record<Form2tpField, bigint>;
  for (const r of rows) for (const c of FORM_2TP_COLUMNS) out[c.field] += r.values[c.field] ?? 0n;
  return out;
}

const thin: Partial<ExcelJS.Border> = { style: 'thin' };
const box: Partial<ExcelJS.Borders> = { top: thin, left: thin, bottom: thin, right: thin };
const FIXED = 4;

/** The xlsx bytes of section 1 of 2-ТП (отходы) for `d`. */
export async function form2tpXlsx(d: Form2tpData): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'ТКО';
  const ws = wb.addWorksheet('2-ТП (отходы) разд. 1', {
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, margins: { left: 0.3, right: 0.3, top: 0.4, bottom: 0.4, header: 0, footer: 0 } },
  });
  const last = FIXED + FORM_2TP_COLUMNS.length;
  ws.columns = [{ width: 40 }, { width: 7 }, { width: 14 }, { width: 9 }, ...FORM_2TP_COLUMNS.map(() => ({ width: 13 }))];
  const font = { name: 'Arial', size: 9 };
  const line = (row: number, text: string, o: { bold?: boolean; size?: number; align?: ExcelJS.Alignment['horizontal'] } = {}) => {
    ws.mergeCells(row, 1, row, last);
    const cell = ws.getCell(row, 1);
    cell.value = text;
    cell.font = { ...font, bold: o.bold ?? false, size: o.size ?? font.size };
    cell.alignment = { horizontal: o.align ?? 'center', vertical: 'middle', wrapText: true };
  };
  line(1, 'ФЕДЕРАЛЬНОЕ СТАТИСТИЧЕСКОЕ НАБЛЮДЕНИЕ', { bold: true });
  line(2, 'СВЕДЕНИЯ ОБ ОБРАЗОВАНИИ, ОБРАБОТКЕ, УТИЛИЗАЦИИ, ОБЕЗВРЕЖИВАНИИ, РАЗМЕЩЕНИИ ОТХОДОВ ПРОИЗВОДСТВА И ПОТРЕБЛЕНИЯ', { bold: true, size: 10 });
  line(3, `за ${d.year} год`, { bold: true });
  line(4, 'Форма № 2-ТП (отходы). Утверждена приказом Росстата от 09.10.2020 № 627. Годовая.');
  const o = d.organization;
  line(6, `Наименование отчитывающейся организации: ${o?.name ?? '—'}`, { align: 'left' });
  line(7, `ИНН: ${o?.inn || '—'}    Код по ОКПО: ${o?.okpo || '—'}`, { align: 'left' });
  line(8, `Почтовый адрес: ${o?.address || '—'}`, { align: 'left' });
  line(9, `Статус отчёта: ${d.status}`, { align: 'left' });
  line(11, 'Раздел 1. Образование, обработка, утилизация, обезвреживание, размещение отходов производства и потребления, т', { bold: true });

  // The table's heading: titles, then the column codes (А, Б, В, Г, 3…20).
  const head = 12;
  const heads = ['Наименование вида отходов', '№ строки', 'Код по ФККО', 'Класс опасности', ...FORM_2TP_COLUMNS.map((c) => c.title)];
  const codes = ['А', 'Б', 'В', 'Г', ...FORM_2TP_COLUMNS.map((c) => String(c.no))];
  heads.forEach((t, i) => {
    const c = ws.getCell(head, i + 1);
    c.value = t;
    c.font = { ...font, bold: true };
    c.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    c.border = box;
    const k = ws.getCell(head + 1, i + 1);
    k.value = codes[i];
    k.font = font;
    k.alignment = { horizontal: 'center' };
    k.border = box;
  });
  ws.getRow(head).height = 64;
  ws.views = [{ state: 'frozen', xSplit: 1, ySplit: head + 1 }];

  let r = head + 2;
  let lineNo = 1;
  const put = (name: string, fkko: string, hazard: string, values: Partial<Record<Form2tpField, bigint | null>>, bold = false) => {
    const row = ws.getRow(r);
    row.getCell(1).value = name;
    row.getCell(2).value = String(lineNo).padStart(2, '0');
    row.getCell(3).value = fkko;
    row.getCell(4).value = hazard;
    FORM_2TP_COLUMNS.forEach((c, i) => {
      const v = values[c.field];
      const cell = row.getCell(FIXED + 1 + i);
      if (v !== null && v !== undefined) {
        cell.value = tonnes(v);
        cell.numFmt = TONNES_FORMAT;
      }
    });
    for (let i = 1; i <= last; i++) {
      const cell = row.getCell(i);
      cell.border = box;
      cell.font = { ...font, bold };
      cell.alignment = { vertical: 'middle', wrapText: i === 1, horizontal: i === 1 ? 'left' : i <= FIXED ? 'center' : 'right' };
    }
    r += 1;
    lineNo += 1;
  };
  put('Всего', '', '', form2tpTotals(d.rows), true);
  for (let k = 1; k <= 5; k++) {
    put(`в том числе отходы ${ROMAN[k - 1]} класса опасности`, '', ROMAN[k - 1]!, form2tpTotals(d.rows.filter((x) => x.hazardClass === k)));
  }
  for (const x of d.rows) put(x.name, x.fkko, ROMAN[x.hazardClass - 1] ?? '', x.values);

  return Buffer.from(await wb.xlsx.writeBuffer());
}
