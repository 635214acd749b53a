/**
 * Problems found by the product itself (issue 12 §1; spec 01 §3 "Problem codes", spec 03 §3
 * "Problem"): the problem types with their Russian label, kind, object type, default priority,
 * rule in words and legal source — declared here once; object types, statuses and priorities
 * with Russian labels. The rules themselves (SQL predicates) live in
 * packages/db/src/problems/rules; docs/PROBLEMS.md shows the table.
 */
import { defineEnum } from './define-enum';

/** Kinds of object a problem is about (the `object_type` of a problem). */
export const ProblemObjectType = defineEnum('problem_object_type', {
  WASTE_AREA: 'Место накопления ТКО',
  WASTE_SOURCE: 'Источник образования отходов',
  WASTE_DUMP: 'Несанкционированная свалка',
  CONTRACT: 'Договор',
  LEGAL_ENTITY: 'Собственник помещения (потребитель)',
});
export type ProblemObjectTypeValue = (typeof ProblemObjectType.values)[number];

/**
 * Life of a problem: NEW (opened by the detector or by hand) → IN_WORK → SOLVED, or REJECTED
 * (not a problem). The detector closes a NEW / IN_WORK problem whose violation is gone as SOLVED.
 */
export const ProblemStatus = defineEnum('problem_status', {
  NEW: 'Новая',
  IN_WORK: 'В работе',
  SOLVED: 'Устранена',
  REJECTED: 'Отклонена',
});

/** Priority of a problem; each type has a default (PROBLEM_TYPES). */
export const ProblemPriority = defineEnum('problem_priority', {
  LOW: 'Низкий',
  MEDIUM: 'Средний',
  HIGH: 'Высокий',
});
export type ProblemPriorityValue = (typeof ProblemPriority.values)[number];

/**
 * What a problem type reports: a VIOLATION of a rule, raised only from known facts, or a DATA_GAP —
 * «неполные сведения»: facts the rules need were never recorded (kept apart from violations in
 * the list, the dashboard and the map).
 */
export const ProblemKind = defineEnum('problem_kind', {
  VIOLATION: 'Нарушение',
  DATA_GAP: 'Неполные сведения',
});
export type ProblemKindValue = (typeof ProblemKind.values)[number];

/**
 * One problem type — the single declaration every place reads (the problem list, its filters and
 * card, the dashboard widget and its xlsx, the map, the detector's command): code, Russian label,
 * kind, object type, default priority (its severity), the rule in words and its legal source.
 */
export interface ProblemTypeInfo {
  code: string;
  label: string;
  kind: ProblemKindValue;
  object_type: ProblemObjectTypeValue;
  /** Default priority of a new problem of the type: its severity. */
  priority: ProblemPriorityValue;
  /** When the rule raises the problem, in Russian (docs/PROBLEMS.md shows it with the source). */
  rule: string;
  /** The law or method the rule follows. */
  source: string;
  /** false: the product does not hold the data the rule needs yet (the rule is written, not run). */
  data_available: boolean;
  /** Why the rule cannot run yet (data_available false). */
  note?: string;
}

type TypeDecl = Omit<ProblemTypeInfo, 'data_available' | 'kind' | 'note'> & { kind?: ProblemKindValue; note?: string };
const t = (d: TypeDecl): ProblemTypeInfo => ({ ...d, kind: d.kind ?? 'VIOLATION', data_available: !d.note });

const SANPIN_3 = 'СанПиН 2.1.3684-21 п. 3';
const SANPIN_4 = 'СанПиН 2.1.3684-21 п. 4';
const PP1039 = 'ПП РФ от 31.08.2018 № 1039 п. 24';

/** Every problem type, in code order (the problem-types dictionary). */
export const PROBLEM_TYPES: readonly ProblemTypeInfo[] = [
  t({ code: 'P000', kind: 'DATA_GAP', label: 'Неполные сведения о площадке', object_type: 'WASTE_AREA', priority: 'LOW',
    rule: 'Не записаны сведения, без которых правила не проверить (подъезд, основание, ограждение, покрытие, навес, удалённость, источники, собственники, контейнеры, периодичность, координаты): одна запись на площадку со списком недостающего и процентом полноты.',
    source: `${PP1039} (состав сведений реестра), СанПиН 2.1.3684-21 п. 3, 4, 11` }),
  t({ code: 'P001', label: 'К площадке не привязаны источники образования отходов', object_type: 'WASTE_AREA', priority: 'MEDIUM',
    rule: 'Сведения об источниках записаны, но ни один источник не привязан.', source: `${PP1039} «г»` }),
  t({ code: 'P002', label: 'Не указан собственник площадки', object_type: 'WASTE_AREA', priority: 'MEDIUM',
    rule: 'Сведения о собственниках записаны, но собственника нет.', source: `${PP1039} «в»` }),
  t({ code: 'P003', label: 'Контейнеры требуют замены (нестандартные)', object_type: 'WASTE_AREA', priority: 'MEDIUM',
    rule: 'Есть контейнер типа «нестандартный».', source: 'правило продукта (спецификация 01 §3)' }),
  t({ code: 'P004', label: 'Более 8 контейнеров для смешанного накопления (или более 12 всего)', object_type: 'WASTE_AREA', priority: 'HIGH',
    rule: 'Контейнерная площадка: контейнеров для смешанного накопления больше 8 или вместе с раздельными больше 12.', source: SANPIN_3 }),
  t({ code: 'P005', label: 'Более одного бункера для КГО', object_type: 'WASTE_AREA', priority: 'MEDIUM',
    rule: 'Контейнерная или специальная площадка: бункеров для КГО больше одного.', source: SANPIN_3 }),
  t({ code: 'P006', label: 'Нет крышки (навеса) над контейнерами', object_type: 'WASTE_AREA', priority: 'LOW',
    rule: 'Открытая контейнерная площадка, о которой записано, что навеса нет.', source: 'правило продукта (спецификация 01 §3)' }),
  t({ code: 'P007', label: 'Подъезд к площадке затруднён или отсутствует', object_type: 'WASTE_AREA', priority: 'HIGH',
    rule: 'Записан подъезд «ограничен» или «нет подъезда».', source: SANPIN_3 }),
  t({ code: 'P008', label: 'Основание площадки не соответствует требованиям', object_type: 'WASTE_AREA', priority: 'MEDIUM',
    rule: 'Площадка вне здания: записано основание «не соответствует».', source: SANPIN_3 }),
  t({ code: 'P009', label: 'Основание площадки отсутствует', object_type: 'WASTE_AREA', priority: 'HIGH',
    rule: 'Площадка вне здания: записано основание «отсутствует».', source: SANPIN_3 }),
  t({ code: 'P010', label: 'Ограждение площадки не соответствует требованиям', object_type: 'WASTE_AREA', priority: 'MEDIUM',
    rule: 'Площадка вне здания: записано ограждение «не соответствует».', source: SANPIN_3 }),
  t({ code: 'P011', label: 'Ограждение площадки отсутствует', object_type: 'WASTE_AREA', priority: 'HIGH',
    rule: 'Площадка вне здания: записано ограждение «отсутствует».', source: SANPIN_3 }),
  t({ code: 'P012', label: 'Покрытие площадки не твёрдое', object_type: 'WASTE_AREA', priority: 'MEDIUM',
    rule: 'Площадка вне здания: записано покрытие гравий, грунт, песок, дерево или «нет покрытия».', source: SANPIN_3 }),
  t({ code: 'P013', label: 'Расстояние до жилых домов менее 20 м (по удалённости)', object_type: 'WASTE_AREA', priority: 'HIGH',
    rule: 'Площадка вне здания: записана удалённость «менее 20 м».', source: SANPIN_4 }),
  t({ code: 'P014', label: 'Расстояние до жилых домов более 100 м (по удалённости)', object_type: 'WASTE_AREA', priority: 'MEDIUM',
    rule: 'Площадка вне здания: записана удалённость «более 100 м».', source: SANPIN_4 }),
  t({ code: 'P015', label: 'Ближайший жилой дом ближе 20 м (по координатам)', object_type: 'WASTE_AREA', priority: 'HIGH',
    rule: 'Ближайший жилой дом реестра ближе 20 м (8 м для раздельного накопления; кроме решения комиссии).', source: SANPIN_4 }),
  t({ code: 'P016', label: 'Привязанный жилой дом дальше 100 м от площадки (по координатам)', object_type: 'WASTE_AREA', priority: 'MEDIUM',
    rule: 'Привязанный к площадке жилой дом дальше 100 м.', source: SANPIN_4 }),
  t({ code: 'P017', label: 'Нет договора на вывоз ТКО с площадки', object_type: 'WASTE_AREA', priority: 'HIGH',
    rule: 'Площадка не входит ни в один действующий сегодня договор на оказание услуг по обращению с ТКО.', source: 'ПП РФ от 12.11.2016 № 1156 п. 5' }),
  t({ code: 'P018', label: 'Не указаны координаты площадки', object_type: 'WASTE_AREA', priority: 'HIGH',
    rule: 'Координат нет.', source: `${PP1039} «а»` }),
  t({ code: 'P019', label: 'На контейнерной площадке нет контейнеров', object_type: 'WASTE_AREA', priority: 'MEDIUM',
    rule: 'Контейнерная площадка: сведения о контейнерах записаны, но контейнеров нет.', source: `${PP1039} «б»` }),
  t({ code: 'P020', label: 'Не указана периодичность вывоза', object_type: 'WASTE_AREA', priority: 'MEDIUM',
    rule: 'Периодичность вывоза не указана.', source: 'СанПиН 2.1.3684-21 п. 11' }),
  t({ code: 'P021', label: 'Вывоз реже, чем допускает СанПиН для сезона', object_type: 'WASTE_AREA', priority: 'HIGH',
    rule: 'Наибольший перерыв между вывозами по графику больше допустимого: 1 сутки в тёплый сезон (выше +5 °C), 3 суток в холодный (+5 °C и ниже); границы сезонов — в настройках региона.',
    source: 'СанПиН 2.1.3684-21 п. 11' }),
  t({ code: 'P101', label: 'К источнику образования отходов не привязана площадка', object_type: 'WASTE_SOURCE', priority: 'MEDIUM',
    rule: 'К источнику не привязана площадка (кроме бестарного вывоза).', source: `${PP1039} «г»` }),
  t({ code: 'P201', label: 'Истёк срок действия договора', object_type: 'CONTRACT', priority: 'HIGH',
    rule: 'Действующая редакция договора, срок действия которого истёк.', source: 'ПП РФ от 12.11.2016 № 1156 п. 8(17)' }),
  t({ code: 'P301', label: 'Истёк срок ликвидации несанкционированной свалки', object_type: 'WASTE_DUMP', priority: 'HIGH',
    rule: 'Свалка выявлена или ликвидируется, а крайний срок ликвидации наступил.', source: 'ПП РФ от 12.11.2016 № 1156 п. 16–17' }),
  t({ code: 'P401', label: 'У собственника помещения нет договора', object_type: 'LEGAL_ENTITY', priority: 'HIGH',
    rule: 'Собственник помещения не является стороной ни одного действующего договора.', source: 'ПП РФ от 12.11.2016 № 1156 п. 8(4), 8(17)' }),
  t({ code: 'P501', label: 'Площадка не обслужена по графику', object_type: 'WASTE_AREA', priority: 'HIGH',
    rule: 'Площадка из плана дня графика не обслужена (по треку GPS нет стоянки у неё) и до конца следующего дня после окончания её окна так и не обслужена; закрывается, когда площадку обслужили.',
    source: 'правило продукта: план дня графика против трека GPS (docs/TRACKING.md «Plan and fact»)' }),
];

/** Problem codes as an enumeration (the `type` of a problem). */
export const ProblemType = defineEnum('problem_type',
  Object.fromEntries(PROBLEM_TYPES.map((p) => [p.code, `${p.code}. ${p.label}`])) as Record<string, string>);

/** The type info of a code, or undefined. */
export function problemTypeInfo(code: string): ProblemTypeInfo | undefined {
  return PROBLEM_TYPES.find((p) => p.code === code);
}
