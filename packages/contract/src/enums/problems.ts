/**
 * Problems found by the product itself (issue 12 §1; spec 01 §3 "Problem codes", spec 03 §3
 * "Problem"): the problem types P001–P401 with their object type, default priority and whether
 * the product holds the data the rule needs; object types, statuses and priorities with Russian
 * labels. The rules themselves (SQL predicates) live in packages/db/src/problems/rules; each
 * code's exact rule and its legal source are written in docs/DECISIONS.md «Analytics: problems».
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

/** One problem type: its code, Russian label, object type, default priority and data status. */
export interface ProblemTypeInfo {
  code: string;
  label: string;
  object_type: ProblemObjectTypeValue;
  priority: ProblemPriorityValue;
  /** false: the product does not hold the data the rule needs yet (the rule is written, not run). */
  data_available: boolean;
  /** Why the rule cannot run yet (data_available false). */
  note?: string;
}

const NO_CONTRACTS = 'Данных пока нет: договоры на вывоз ТКО ещё не ведутся в системе.';

const t = (code: string, label: string, object_type: ProblemObjectTypeValue, priority: ProblemPriorityValue, note?: string): ProblemTypeInfo =>
  ({ code, label, object_type, priority, data_available: !note, ...(note ? { note } : {}) });

/** Every problem type, in code order (the problem-types dictionary). */
export const PROBLEM_TYPES: readonly ProblemTypeInfo[] = [
  t('P001', 'К площадке не привязаны источники образования отходов', 'WASTE_AREA', 'MEDIUM'),
  t('P002', 'Не указан собственник площадки', 'WASTE_AREA', 'MEDIUM'),
  t('P003', 'Контейнеры требуют замены (нестандартные)', 'WASTE_AREA', 'MEDIUM'),
  t('P004', 'Более 8 контейнеров для смешанного накопления (или более 12 всего)', 'WASTE_AREA', 'HIGH'),
  t('P005', 'Более одного бункера для КГО', 'WASTE_AREA', 'MEDIUM'),
  t('P006', 'Нет крышки (навеса) над контейнерами', 'WASTE_AREA', 'LOW'),
  t('P007', 'Подъезд к площадке затруднён или отсутствует', 'WASTE_AREA', 'HIGH'),
  t('P008', 'Основание площадки не соответствует требованиям', 'WASTE_AREA', 'MEDIUM'),
  t('P009', 'Основание площадки отсутствует', 'WASTE_AREA', 'HIGH'),
  t('P010', 'Ограждение площадки не соответствует требованиям', 'WASTE_AREA', 'MEDIUM'),
  t('P011', 'Ограждение площадки отсутствует', 'WASTE_AREA', 'HIGH'),
  t('P012', 'Покрытие площадки не твёрдое', 'WASTE_AREA', 'MEDIUM'),
  t('P013', 'Расстояние до жилых домов менее 20 м (по удалённости)', 'WASTE_AREA', 'HIGH'),
  t('P014', 'Расстояние до жилых домов более 100 м (по удалённости)', 'WASTE_AREA', 'MEDIUM'),
  t('P015', 'Ближайший жилой дом ближе 20 м (по координатам)', 'WASTE_AREA', 'HIGH'),
  t('P016', 'Привязанный жилой дом дальше 100 м от площадки (по координатам)', 'WASTE_AREA', 'MEDIUM'),
  t('P017', 'Нет договора на вывоз ТКО с площадки', 'WASTE_AREA', 'HIGH', NO_CONTRACTS),
  t('P018', 'Не указаны координаты площадки', 'WASTE_AREA', 'HIGH'),
  t('P019', 'На контейнерной площадке нет контейнеров', 'WASTE_AREA', 'MEDIUM'),
  t('P020', 'Не указана периодичность вывоза', 'WASTE_AREA', 'MEDIUM'),
  t('P021', 'Вывоз реже одного раза в 3 суток', 'WASTE_AREA', 'HIGH'),
  t('P101', 'К источнику образования отходов не привязана площадка', 'WASTE_SOURCE', 'MEDIUM'),
  t('P201', 'Истёк срок действия договора', 'CONTRACT', 'HIGH', NO_CONTRACTS),
  t('P301', 'Истёк срок ликвидации несанкционированной свалки', 'WASTE_DUMP', 'HIGH'),
  t('P401', 'У собственника помещения нет договора', 'LEGAL_ENTITY', 'HIGH', NO_CONTRACTS),
];

/** Problem codes as an enumeration (the `type` of a problem). */
export const ProblemType = defineEnum('problem_type',
  Object.fromEntries(PROBLEM_TYPES.map((p) => [p.code, `${p.code}. ${p.label}`])) as Record<string, string>);

/** The type info of a code, or undefined. */
export function problemTypeInfo(code: string): ProblemTypeInfo | undefined {
  return PROBLEM_TYPES.find((p) => p.code === code);
}
