/**
 * Form 3 of the balance (kind BALANCE): wastes' movement in the year by hazard class. Mirrors
 * section 1 of the federal statistical form 2-ТП (отходы) «Сведения об образовании, обработке,
 * утилизации, обезвреживании, размещении отходов производства и потребления» (приказ Росстата
 * от 09.10.2020 № 627): present at the start of the year, formed, received from others (in
 * total and for treatment / utilisation / neutralisation / placement), processed, utilised,
 * neutralised, transferred to others (same split), own placement (storage / burial), present at
 * the end of the year. Quantities in tonnes.
 */
import { fld } from '../field-def';
import type { ReportFieldDef } from '../field-def';
import { HAZARD_CLASS_OPTIONS } from './options';

/** The split by treatment type used for «received» and «transferred» (2-ТП (отходы), гр. 5–9, 12–16). */
const byTreatment = (prefix: string, what: string, start: number): ReportFieldDef[] => [
  fld('decimal', `${prefix}_total`, `${what}: всего, т`, start),
  fld('decimal', `${prefix}_processing`, `${what}: для обработки, т`, start + 1),
  fld('decimal', `${prefix}_utilization`, `${what}: для утилизации, т`, start + 2),
  fld('decimal', `${prefix}_neutralization`, `${what}: для обезвреживания, т`, start + 3),
  fld('decimal', `${prefix}_placement`, `${what}: для размещения, т`, start + 4),
];

export const FORM3_BALANCE_FIELDS: ReportFieldDef[] = [
  fld('int', 'year', 'Отчётный год', 1, { required: true }),
  fld('date', 'compiled_on', 'Дата составления', 2, { 'save-format': 'DD.MM.YYYY' }),
  fld('list', 'by_hazard_class', 'Итоги по классам опасности', 3, {
    children: [
      fld('select', 'hazard_class', 'Класс опасности', 1, { options: HAZARD_CLASS_OPTIONS, required: true }),
      fld('linked-object', 'fkko', 'Вид отходов (ФККО)', 2, { linked_resource: 'fkko' }),
      fld('decimal', 'start_of_year', 'Наличие на начало года, т', 3),
      fld('decimal', 'formed', 'Образовано, т', 4),
      ...byTreatment('received', 'Поступило от других', 5),
      fld('decimal', 'processed', 'Обработано, т', 10),
      fld('decimal', 'utilized', 'Утилизировано, т', 11),
      fld('decimal', 'neutralized', 'Обезврежено, т', 12),
      ...byTreatment('transferred', 'Передано другим', 13),
      fld('decimal', 'own_storage', 'Размещено на собственных объектах: хранение, т', 18),
      fld('decimal', 'own_burial', 'Размещено на собственных объектах: захоронение, т', 19),
      fld('decimal', 'end_of_year', 'Наличие на конец года, т', 20),
    ],
  }),
  fld('checkbox', 'no_activity', 'Деятельность с отходами не велась', 4),
];
