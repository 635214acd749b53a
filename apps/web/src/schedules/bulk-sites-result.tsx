/** The answer of a bulk add of sites (POST …/sites/bulk/): counts, then the refused sites with their reasons (at most 20 shown). */
import type { BulkSitesAnswer } from '@tko/contract';
import { Alert, Typography } from 'antd';

const SHOWN = 20;

export function BulkSitesResult({ answer }: { answer: BulkSitesAnswer }) {
  const title = `Найдено площадок: ${answer.found}. Добавлено: ${answer.added}, уже были в графике: ${answer.already}, не добавлено: ${answer.refused}. Точек в графике: ${answer.points_count}.`;
  return (
    <Alert
      type={answer.refused > 0 ? 'warning' : 'success'}
      showIcon
      data-testid="bulk-sites-result"
      title={title}
      description={answer.refusals.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {answer.refusals.slice(0, SHOWN).map((r) => (
            <li key={r.waste_area.id}>
              {r.waste_area.name || `Площадка № ${r.waste_area.id}`}: {r.reason_label}
            </li>
          ))}
          {answer.refused > SHOWN && <li><Typography.Text type="secondary">… и ещё {answer.refused - SHOWN}.</Typography.Text></li>}
        </ul>
      )}
    />
  );
}
