/**
 * The events tab of a card (spec 02 §2 eventsTab, §4 "event cards can be opened and closed"):
 * the object's events in a list; a click opens the event's card in a drawer, which closes again.
 * Events are registered by the dispatcher module (spec 03 "Dispatcher event": source, priority,
 * type, status, event_date, location, …); until it is connected no object carries any, and the
 * tab says so and what to do. The panel reads whatever `events` the object answers.
 */
import { Descriptions, Drawer, Empty, Table } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../app/dates';
import { formatReadable } from '../format';

type EventRow = Record<string, unknown>;

/** Columns of the list and their Russian labels (spec 03 "Dispatcher event"). */
const EVENT_FIELDS: [string, string][] = [
  ['event_date', 'Дата события'],
  ['type', 'Тип'],
  ['status', 'Статус'],
  ['priority', 'Приоритет'],
  ['source', 'Источник'],
  ['location', 'Адрес'],
];
const EVENT_LABELS: Record<string, string> = {
  ...Object.fromEntries(EVENT_FIELDS),
  id: 'Номер',
  description: 'Описание',
  comment: 'Комментарий',
  route: 'Маршрут',
  vehicle: 'Транспортное средство',
  waste_area: 'Место накопления',
  created_at: 'Создано',
  updated_at: 'Изменено',
};

const WHAT_TO_DO =
  'События объекта (переполнение, невывоз, повреждение контейнеров) регистрирует диспетчер в диспетчерском модуле; зарегистрированное событие появится в этом списке, его карточку можно будет открыть щелчком.';

const show = (key: string, v: unknown) => (key.endsWith('_date') || key.endsWith('_at') ? formatDateTime(typeof v === 'string' ? v : '') : formatReadable(v)) || '—';

export function EventsPanel({ events, hint }: { events: unknown; hint?: string }) {
  const rows = (Array.isArray(events) ? events : []).filter((e): e is EventRow => Boolean(e) && typeof e === 'object');
  const [opened, setOpened] = useState<EventRow | null>(null);
  if (rows.length === 0) {
    return (
      <Empty
        data-testid="events-empty"
        style={{ padding: 24 }}
        description={
          <>
            <div>{hint ?? 'Событий нет.'}</div>
            <div style={{ color: 'rgba(0,0,0,0.45)', maxWidth: 640, margin: '4px auto 0' }}>{WHAT_TO_DO}</div>
          </>
        }
      />
    );
  }
  return (
    <>
      <Table<EventRow>
        size="small"
        rowKey={(r) => String(r.id ?? JSON.stringify(r))}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        columns={EVENT_FIELDS.map(([key, title]) => ({ key, title, render: (_: unknown, r: EventRow) => show(key, r[key]) }))}
        onRow={(r) => ({ onClick: () => setOpened(r), style: { cursor: 'pointer' } })}
        data-testid="events-list"
      />
      <Drawer open={opened !== null} title={`Событие${opened?.id ? ` № ${String(opened.id)}` : ''}`} onClose={() => setOpened(null)} size={460} closable={{ 'aria-label': 'Закрыть карточку' }}>
        {opened && (
          <Descriptions
            bordered
            size="small"
            column={1}
            items={Object.entries(opened).map(([key, v]) => ({ key, label: EVENT_LABELS[key] ?? key, children: show(key, v) }))}
          />
        )}
      </Drawer>
    </>
  );
}
