/**
 * The file to fill in for a template type (GET /api/import/templates/{type}/): an xlsx whose
 * first sheet «Данные» has one column per target, headed by the target's label (so an uploaded
 * copy matches itself exactly), required ones in bold red, enumerations with a drop-down list
 * of their Russian labels; the sheet «Пояснения» says how to fill each column. The lists live on
 * a hidden sheet «Списки» (a list longer than 255 characters cannot be typed into a rule).
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ImportTemplate } from './templates/types';

/** Rows of «Данные» that get the drop-down lists. */
const VALIDATED_ROWS = 5000;

/** Column letters of 1-based index `n` (1 → A, 27 → AA). */
function letters(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** The targets a template file shows as columns (all but a combined value its parts replace). */
export function templateColumns(template: ImportTemplate) {
  const parts = new Set(template.targets.filter((t) => t.group && t.field !== t.group).map((t) => t.group));
  return template.targets.filter((t) => !(parts.has(t.field) && t.group === t.field));
}

/** Writes the template workbook into `out` (and ends it). */
export async function writeTemplateXlsx(template: ImportTemplate, out: Writable): Promise<void> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Реестр ТКО';
  const targets = templateColumns(template);
  const data = wb.addWorksheet('Данные', { views: [{ state: 'frozen', ySplit: 1 }] });
  const help = wb.addWorksheet('Пояснения');
  const lists = wb.addWorksheet('Списки', { state: 'hidden' });

  data.columns = targets.map((t) => ({ header: t.label, key: t.field, width: Math.min(Math.max(t.label.length + 2, 14), 40) }));
  targets.forEach((t, i) => {
    const cell = data.getRow(1).getCell(i + 1);
    cell.font = { bold: true, color: t.required ? { argb: 'FFC00000' } : undefined };
    cell.note = t.hint;
  });

  let listCol = 0;
  targets.forEach((t, i) => {
    if (!t.choices?.length) return;
    listCol++;
    t.choices.forEach((c, r) => (lists.getCell(r + 1, listCol).value = c.label));
    const range = `Списки!$${letters(listCol)}$1:$${letters(listCol)}$${t.choices.length}`;
    const col = letters(i + 1);
    // One rule for the column's data rows (exceljs writes it as a single sqref range).
    (data as unknown as { dataValidations: { add(ref: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(`${col}2:${col}${VALIDATED_ROWS}`, {
      type: 'list', allowBlank: true, formulae: [range], showErrorMessage: true, errorTitle: t.label, error: 'Выберите значение из списка.',
    });
  });

  help.columns = [
    { header: 'Столбец', key: 'label', width: 36 },
    { header: 'Обязательный', key: 'required', width: 14 },
    { header: 'Как заполнять', key: 'hint', width: 70 },
    { header: 'Допустимые значения', key: 'choices', width: 70 },
  ];
  help.getRow(1).font = { bold: true };
  for (const t of targets) {
    help.addRow({ label: t.label, required: t.required ? 'да' : '', hint: t.hint, choices: t.choices?.map((c) => c.label).join('; ') ?? '' });
  }
  if (template.key) help.addRow({ label: '', hint: `Строки с одинаковым ключом (${template.key.label}) описывают один объект; объект с тем же ключом в реестре обновляется.` });
  const keys = Object.values(template.keys ?? {}).map((k) => k.label);
  if (keys.length) help.addRow({ label: '', hint: `Каждая строка создаёт новую запись. Обновить существующие можно только по ключу, выбранному при сопоставлении: ${keys.join(', ')}.` });

  await wb.xlsx.write(out);
  out.end();
}
