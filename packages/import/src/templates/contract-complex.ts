/**
 * CONTRACT_COMPLEX: contracts with their waste areas (issue 11 §3; @tko/contract contractResource),
 * one row per contract: its number, dates, place of signing, fee, storage and accounting methods,
 * both parties' details (ИНН with its check digits) — every writable field of the card — and
 * optionally the site it names: the waste area's id («ID места накопления»), its periodicity and
 * weekdays. Each row makes a new DRAFT revision (no natural key: a contract number may have many
 * revisions); further sites are added in the card's «Места накопления».
 */
import { contractResource, Periodicity } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import { parseEnum, parseInteger, parseWeekdays } from '../parse-cell';
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
];

const SITE = new Set(siteTargets.map((t) => t.field));

function toBody(values: Body): { body: Body; errors: Record<string, string> } {
  const body: Body = {};
  for (const [k, v] of Object.entries(values)) if (!SITE.has(k)) body[k] = v;
  const errors: Record<string, string> = {};
  if (values.site_id !== undefined) {
    body.waste_areas = [{ waste_area: values.site_id, ...(values.site_periodicity ? { periodicity: values.site_periodicity } : {}), ...(values.site_weekdays ? { periodicity_on_weekdays: values.site_weekdays } : {}) }];
  } else if (values.site_periodicity !== undefined || values.site_weekdays !== undefined) {
    errors.site_id = 'Укажите ID места накопления: для него задана периодичность.';
  }
  return { body, errors };
}

export const contractComplexTemplate: ImportTemplate = {
  type: 'CONTRACT_COMPLEX',
  def,
  targets: [...fieldTargets(def, { synonyms: SYNONYMS, exclude: ['revision_status'] }), ...siteTargets],
  key: null,
  toBody,
};
