/** Russian wording of the rules a route breaks (ViolationCode), as the dispatcher reads them. */
import type { UnplannedReason, ViolationCode } from './types';

export const VIOLATION_LABELS: Record<ViolationCode, string> = {
  SHIFT_TOO_LONG: 'смена длиннее допустимой (Приказ Минтранса № 424)',
  RETURN_LATE: 'возврат в гараж позже окончания смены или работы гаража',
  DRIVING_STRETCH: 'более 4 ч 30 мин управления без перерыва 45 мин',
  DAILY_DRIVING: 'более 9 ч управления за смену',
  SITE_WINDOW: 'площадка вне окна её графика вывоза',
  FACILITY_HOURS: 'выгрузка вне часов работы объекта',
  GARAGE_HOURS: 'выезд или возврат вне часов работы гаража',
  OVER_CAPACITY: 'перегруз по объёму, массе или числу контейнеров',
  OVER_PAYLOAD: 'перегруз по массе',
  INCOMPATIBLE_BODY: 'кузов не подходит для контейнеров площадки',
  TIMES: 'время в пути меньше, чем нужно на переезд',
  DISTANCE: 'пробег маршрута не совпадает с суммой переездов',
  NOT_UNLOADED: 'машина возвращается в гараж с отходами',
  COVERAGE: 'площадка не обслужена или обслужена дважды',
  CREWS: 'у машины больше смен, чем экипажей, или смены пересекаются',
};

export const UNPLANNED_LABELS: Record<UnplannedReason, string> = {
  NO_COMPATIBLE_VEHICLE: 'нет машины с подходящим кузовом',
  WINDOW_UNREACHABLE: 'окно недостижимо',
  FLEET_TOO_SMALL: 'не хватило машин',
  NO_COORDINATES: 'нет координат',
};

/** 'a; b' of the codes' labels (or «нарушений нет»). */
export function describeViolations(codes: readonly string[]): string {
  if (codes.length === 0) return 'нарушений нет';
  return codes.map((c) => VIOLATION_LABELS[c as ViolationCode] ?? c).join('; ');
}
