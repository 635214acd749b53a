/**
 * The label of a contract revision in its history (spec 03 §4, §9): «DD.MM.YYYY HH:mm» of the
 * revision's creation in the region's time zone, with « — текущая версия» on the approved one.
 */
import { CONTRACT_MSG } from '@tko/contract';

/** E.g. historyLabel(2026-03-01T02:05Z, true, 'Asia/Irkutsk') = «01.03.2026 10:05 — текущая версия». */
export function historyLabel(at: Date, current: boolean, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('ru-RU', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at).map((p) => [p.type, p.value]),
  );
  const text = `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
  return current ? `${text} — ${CONTRACT_MSG.currentLabel}` : text;
}
