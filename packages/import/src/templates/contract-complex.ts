/**
 * CONTRACT_COMPLEX: contracts with their waste areas (issue 11 §3; @tko/contract contractResource),
 * one row per contract: its number, dates, place of signing, fee, storage and accounting methods,
 * both parties' details (ИНН with its check digits) — every writable field of the card — and
 * optionally the object it names: the waste area's id («ID места накопления»), its periodicity and
 * weekdays, the waste source's id and the КГО volume. Rows of one contract number make ONE new DRAFT
 * contract with an object per row (contract-complex-run.ts; issue 25 §1); a number the regional
 * operator already has is refused (a new revision is made in the card).
 */
import { contractResource, Periodicity } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import { parseDecimal, parseEnum, parseInteger, parseWeekdays } from '../parse-cell';
import { runContractComplex } from './contract-complex-run';
import { fieldTargets } from '../targets';
import type { TargetDef } from '../targets';
import type { Body, ImportTemplate } from './types';

const def = contractResource as unknown as ResourceDef;

const SYNONYMS: Record<string, string[]> = {
  number: ['номер договора', 'номер', '№ договора', 'договор'],
  signing_date: ['дата подписания', 'дата заключения', 'дата договора'],
  effective_date: ['дата вступления в силу', 'начало действия', 'дата начала'],
  termination_date: ['дата окончания', 'окончание действия', 'срок действия'],
  customer_name: ['наименование потребителя', 'заказчик', 'фио потребителя'],
  customer_inn: ['инн потребителя', 'инн заказчика', 'инн'],
  contractor_name: ['наименование исполнителя', 'региональный оператор'],
  contractor_inn: ['инн исполнителя', 'инн регионального оператора'],
};

const siteTargets: TargetDef[] = [
  {
    field: 'site_id', label: 'ID места накопления', required: false, group: 'site', kind: 'integer',
    hint: 'Номер (ID) контейнерной или специальной площадки, пункта сбора или мусорокамеры в реестре.', choices: null,
    synonyms: ['id площадки', 'id места накопления', 'площадка', 'место накопления'], parse: parseInteger, merge: 'majority',
  },
  {
    field: 'site_periodicity', label: 'Периодичность вывоза', required: false, group: 'site', kind: 'enum',
    hint: `Одно из: ${Periodicity.values.map((v) => Periodicity.label(v)).join(', ')}. По умолчанию — ежедневно.`,
    choices: Periodicity.values.map((v) => ({ value: v, label: Periodicity.label(v) })),
    synonyms: ['периодичность', 'периодичность вывоза', 'график вывоза'], parse: (t) => parseEnum(Periodicity, t), merge: 'majority',
  },
  {
    field: 'site_weekdays', label: 'Дни недели вывоза', required: false, group: 'site', kind: 'int_list',
    hint: 'Дни недели: «пн, чт» или «1, 4».', choices: null,
    synonyms: ['дни недели', 'дни вывоза'], parse: parseWeekdays, merge: 'union',
  },
  {
    field: 'site_waste_source', label: 'ID источника образования ТКО', required: false, group: 'site', kind: 'integer',
    hint: 'Номер (ID) источника образования в реестре: при учёте по нормативам объём — его норматив накопления.', choices: null,
    synonyms: ['id источника', 'источник образования', 'источник'], parse: parseInteger, merge: 'majority',
  },
  {
    field: 'site_kgo_volume', label: 'Объём КГО, м³ в год', required: false, group: 'site', kind: 'decimal',
    hint: 'Объём крупногабаритных отходов объекта, м³ в год, например «12,5».', choices: null,
    synonyms: ['объём кго', 'кго', 'кго м3'], parse: parseDecimal, merge: 'majority',
  },
];

const SITE = new Set(siteTargets.map((t) => t.field));

function toBody(values: Body): { body: Body; errors: Record<string, string> } {
  const body: Body = {};
  for (const [k, v] of Object.entries(values)) if (!SITE.has(k)) body[k] = v;
  const errors: Record<string, string> = {};
  if (values.site_id !== undefined) {
    body.waste_areas = [{
      waste_area: values.site_id,
      ...(values.site_periodicity ? { periodicity: values.site_periodicity } : {}),
      ...(values.site_weekdays ? { periodicity_on_weekdays: values.site_weekdays } : {}),
      ...(values.site_waste_source !== undefined ? { waste_source: values.site_waste_source } : {}),
      ...(values.site_kgo_volume !== undefined ? { kgo_volume_year: values.site_kgo_volume } : {}),
    }];
  } else if ([values.site_periodicity, values.site_weekdays, values.site_waste_source, values.site_kgo_volume].some((v) => v !== undefined)) {
    errors.site_id = 'Укажите ID места накопления: для него заданы сведения объекта.';
  }
  return { body, errors };
}

export const contractComplexTemplate: ImportTemplate = {
  type: 'CONTRACT_COMPLEX',
  def,
  targets: [...fieldTargets(def, { synonyms: SYNONYMS, exclude: ['revision_status'] }), ...siteTargets],
  key: null,
  toBody,
  run: runContractComplex,
};
