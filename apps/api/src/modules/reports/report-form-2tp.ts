/**
 * The data of the 2-ТП (отходы) export of a balance report (section 1 of 2-ТП (отходы), приказ Росстата от
 * 09.10.2020 № 627; docs/DECISIONS.md «Official export: 2-ТП (отходы)»; the layout is @tko/xlsx form-2tp.ts):
 * the report's `by_hazard_class` rows with the names and codes of their linked ФККО rows, the reporting year
 * and the respondent (legal_entity: name, ИНН, ОКПО, address).
 *
 * Refuses (HttpError 409, Russian) a report of another kind, one without a reporting year, and one
 * whose data break the form's rules (contract report-forms/checks.ts: totals ≥ parts, hazard class
 * = the ФККО code's last digit, the balance identity гр. 20 = 3 + 4 + 5 − 10 − 11 − 12 − 13 − 18 − 19):
 * an official form is never printed from figures that do not add up.
 */
import type { Pool } from 'pg';
import { ReportStatus, checkReportRules, decimalMicro, linkedIds, reportKindInfo } from '@tko/contract';
import type { Form2tpData, Form2tpField } from '@tko/xlsx';
import { FORM_2TP_COLUMNS } from '@tko/xlsx';
import { HttpError } from '../../plugins/http-errors';

const ROMAN = ['I', 'II', 'III', 'IV', 'V'];
const conflict = (message: string) => new HttpError(409, message, 'conflict');

/** The export's data of `report` (a wire row of the reports registry, already scope-checked). */
export async function form2tpData(pool: Pool, report: Record<string, unknown>): Promise<Form2tpData> {
  if (report.report_kind !== 'BALANCE') throw conflict('Форма 2-ТП (отходы) строится только из отчёта вида «Форма 3 баланса».');
  const data = (report.data ?? {}) as { year?: unknown; by_hazard_class?: Record<string, unknown>[] };
  const year = Number(report.year ?? data.year);
  if (!Number.isInteger(year) || year < 1) throw conflict('В отчёте не указан отчётный год.');
  const info = reportKindInfo('BALANCE')!;
  const ids = linkedIds(info.fields, data, 'fkko');
  const fkko = new Map<number, { code: string; name: string }>();
  if (ids.length) {
    const { rows } = await pool.query<{ id: number; code: string; name: string }>('SELECT id, code, name FROM fkko WHERE id = ANY($1::int[])', [ids]);
    for (const r of rows) fkko.set(r.id, r);
  }
  const broken = checkReportRules('BALANCE', data, { fkkoCode: (id) => fkko.get(id)?.code });
  const first = Object.entries(broken)[0];
  if (first) throw conflict(`Отчёт не проходит проверки формы (${first[0]}: ${first[1][0]}). Исправьте отчёт и выгрузите форму снова.`);

  const org = (report.organization as { id: number } | null)?.id;
  const { rows: [o] } = org === undefined ? { rows: [] } : await pool.query<{ name: string; inn: string | null; okpo: string | null; location: string | null }>(
    'SELECT name, inn, okpo, location FROM legal_entity WHERE id = $1', [org]);

  const rows = (data.by_hazard_class ?? []).map((row) => {
    const hazardClass = Number(row.hazard_class);
    const links = (Array.isArray(row.fkko) ? row.fkko : []).map((l) => fkko.get((l as { id: number }).id)).filter((x) => x !== undefined);
    const values: Partial<Record<Form2tpField, bigint | null>> = {};
    for (const c of FORM_2TP_COLUMNS) values[c.field] = decimalMicro(row[c.field]);
    return {
      name: links.length ? links.map((l) => l.name).join('; ') : `Отходы ${ROMAN[hazardClass - 1] ?? ''} класса опасности`,
      fkko: links.map((l) => l.code).join(', '),
      hazardClass,
      values,
    };
  });
  return {
    year,
    organization: o ? { name: o.name, inn: o.inn, okpo: o.okpo, address: o.location } : null,
    status: ReportStatus.label(String(report.status)) || String(report.status),
    rows,
  };
}
