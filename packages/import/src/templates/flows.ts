/**
 * FLOWS: present waste flows (issue 11 §1; @tko/contract presentFlowResource), one row per flow:
 * where from (address, point), where to (address, point), the facility (its name), the yearly
 * prediction coefficient, and the flow's waste — ФККО code (11 digits, spaces allowed), its name
 * and the volume in tonnes a year (the flow's one `wastes` row). No natural key: each row is a
 * new flow (a flow of several wastes is entered as several rows, or completed in its card).
 */
import { presentFlowResource } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import { parseDecimal } from '../parse-cell';
import type { Parsed } from '../parse-cell';
import { fieldTargets } from '../targets';
import type { TargetDef } from '../targets';
import type { Body, ImportTemplate } from './types';

const def = presentFlowResource as unknown as ResourceDef;

const SYNONYMS: Record<string, string[]> = {
  start_location: ['откуда', 'источник', 'адрес источника', 'место образования', 'начало потока'],
  start_coordinates: ['координаты источника', 'координаты начала', 'откуда координаты'],
  end_location: ['куда', 'адрес объекта', 'объект', 'конец потока'],
  end_coordinates: ['координаты объекта', 'координаты конца', 'куда координаты'],
  wmf: ['объект обращения с отходами', 'оно', 'объект обращения', 'полигон'],
  predict_coeff: ['коэффициент прогноза', 'коэффициент', 'прогнозный коэффициент'],
};

/** «7 31 110 01 72 4» → «73111001724». */
function parseFkko(text: string): Parsed {
  const bare = text.replace(/[\s\u00a0]/g, '');
  return /^\d{11}$/.test(bare) ? { value: bare } : { error: `Код ФККО — 11 цифр, получено «${text}».` };
}

const wasteTargets: TargetDef[] = [
  {
    field: 'waste_fkko', label: 'Код ФККО', required: false, group: 'waste', kind: 'text',
    hint: 'Код ФККО из 11 цифр, можно с пробелами: «7 31 110 01 72 4».', choices: null,
    synonyms: ['код фкко', 'фкко', 'код отхода'], parse: parseFkko, merge: 'majority',
  },
  {
    field: 'waste_name', label: 'Наименование отхода', required: false, group: 'waste', kind: 'text',
    hint: 'Текст.', choices: null, synonyms: ['отход', 'вид отхода', 'наименование отхода'], parse: (t) => ({ value: t }), merge: 'majority',
  },
  {
    field: 'waste_volume', label: 'Объём, т/год', required: true, group: 'waste', kind: 'decimal',
    hint: 'Тонн в год; дробная часть через точку или запятую.', choices: null,
    synonyms: ['объем', 'объём', 'масса', 'т/год', 'объем, т/год', 'количество, т'], parse: parseDecimal, merge: 'majority',
  },
];

const WASTE = new Set(wasteTargets.map((t) => t.field));

function toBody(values: Body): { body: Body; errors: Record<string, string> } {
  const body: Body = {};
  for (const [k, v] of Object.entries(values)) if (!WASTE.has(k)) body[k] = v;
  const errors: Record<string, string> = {};
  if (values.waste_volume === undefined) errors.waste_volume = 'Укажите объём отхода, т/год.';
  else body.wastes = [{ fkko: values.waste_fkko ?? null, fkko_value: values.waste_name ?? null, volume: values.waste_volume }];
  return { body, errors };
}

export const flowsTemplate: ImportTemplate = {
  type: 'FLOWS',
  def,
  targets: [...fieldTargets(def, { synonyms: SYNONYMS }), ...wasteTargets],
  key: null,
  toBody,
};
