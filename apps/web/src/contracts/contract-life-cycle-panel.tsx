/**
 * Above the «Заключение договора» tab's fields (issue 25 §1; ПП РФ № 1156 п. 8(5)–8(17)): the
 * contract's state, the draft's deadline (15 working days from the application) with «Просрочен»
 * when it passed, the date the published offer concludes the contract, and the steps' history
 * (who dated which step when) — GET /api/contracts/{id}/life-cycle/. Saved revisions only.
 */
import { useQuery } from '@tanstack/react-query';
import { contractLifeCycleRoute } from '@tko/contract';
import { Alert, Descriptions, List, Tag } from 'antd';
import { useParams } from 'react-router';
import { callRoute } from '../api/client';

const ruDate = (v: string | null) => (v ? v.split('-').reverse().join('.') : '—');
const ruDateTime = (v: string) => new Date(v).toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

export function ContractLifeCyclePanel() {
  const { objectId = 'new' } = useParams();
  const id = /^\d+$/.test(objectId) ? Number(objectId) : null;
  const q = useQuery({
    queryKey: ['contracts', 'life-cycle', id],
    queryFn: ({ signal }) => callRoute(contractLifeCycleRoute, { params: { id: id! } }, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
  const lc = q.data;
  if (id === null || !lc) return null;
  return (
    <div data-testid="contract-life-cycle" style={{ marginBottom: 16 }}>
      <Descriptions size="small" column={1} bordered items={[
        { key: 'state', label: 'Состояние', children: lc.state_label },
        { key: 'deadline', label: 'Срок направления проекта (15 рабочих дней)', children: (
          <span>{ruDate(lc.draft_deadline)}{lc.draft_overdue && <Tag color="red" style={{ marginLeft: 8 }}>Просрочен</Tag>}</span>
        ) },
        ...(lc.offer_concluded_date ? [{ key: 'offer', label: 'Заключён на условиях публичной оферты с', children: ruDate(lc.offer_concluded_date) }] : []),
      ]} />
      {lc.draft_overdue && <Alert style={{ marginTop: 8 }} type="error" showIcon message="Проект договора не направлен в 15 рабочих дней со дня заявки (ПП РФ № 1156)." />}
      {lc.history.length > 0 && (
        <List size="small" header="История этапов" dataSource={lc.history}
          renderItem={(h) => <List.Item>{`${ruDateTime(h.at)} — ${h.user_name || 'система'}: ${h.label} — ${ruDate(h.value)}`}</List.Item>} />
      )}
    </div>
  );
}
