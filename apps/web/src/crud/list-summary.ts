/** The list's summary line: the found count and the registry's aggregates, numbers in Russian (contract formatNumber). */
import { formatNumber } from '@tko/contract';

/** "Найдено: 12, контейнеров: 30"; an aggregate the page lacks (not a number) is left out. */
export function summaryText(count: number, aggregates: Record<string, unknown>, labels: Record<string, string>): string {
  const parts = [`Найдено: ${formatNumber(count)}`];
  for (const [key, label] of Object.entries(labels)) {
    if (typeof aggregates[key] === 'number') parts.push(`${label}: ${formatNumber(aggregates[key] as number)}`);
  }
  return parts.join(', ');
}
