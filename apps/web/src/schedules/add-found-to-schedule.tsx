/**
 * «Добавить все найденные в график» above a waste-area list (issue 23 §1): the list's current
 * filters (its hash options, as the list and its export read them: crud/list-query.ts filterBody)
 * sent to POST /api/fleet/schedules/{id}/sites/bulk/ as `filter` for the chosen schedule; the
 * answer (added, already there, refused with reasons) is shown in the dialog. Shown with
 * schedules:change only. The registry is the list's own (the section's waste-area tab).
 */
import { resourceByName, scheduleResource, WASTE_AREA_TABS } from '@tko/contract';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { RefSelect } from '../crud/fields/ref-select';
import { parseHash } from '../crud/hash-options';
import { filterBody } from '../crud/list-query';
import { useCanWrite } from '../resources/federal';
import { BulkSitesResult } from './bulk-sites-result';
import { useBulkSitesCall } from './bulk-sites-call';

/** The waste-area registry whose list is open: the tab named by the path (`/terr-schema/containers/<type>/`). */
function listType(pathname: string): string | null {
  return WASTE_AREA_TABS.find((t) => pathname.includes(`/${t.type}/`) || pathname.endsWith(`/${t.type}`))?.type ?? null;
}

export function AddFoundToSchedule() {
  const can = useCanWrite(scheduleResource.name, 'change');
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const type = listType(location.pathname);
  if (!can || !type) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="add-found-to-schedule">Добавить все найденные в график</Button>
      {open && <AddFoundDialog type={type} hash={location.hash} onClose={() => setOpen(false)} />}
    </>
  );
}

function AddFoundDialog({ type, hash, onClose }: { type: string; hash: string; onClose: () => void }) {
  const [schedule, setSchedule] = useState<number | null>(null);
  const { busy, answer, error, send } = useBulkSitesCall();
  const def = resourceByName(type)!;
  const filters = filterBody(def, parseHash(hash));
  const params = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));
  const none = Object.keys(params).length === 0;

  const submit = async () => {
    if (schedule) await send(schedule, { filter: { registry: type, params } });
  };

  return (
    <Modal
      open
      title="Добавить все найденные площадки в график"
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>Закрыть</Button>,
        <Button key="add" type="primary" disabled={!schedule} loading={busy} onClick={() => void submit()} data-testid="add-found-submit">Добавить</Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          {none ? 'Фильтры не заданы: будут добавлены все площадки списка.' : 'Будут добавлены все площадки, найденные текущими фильтрами списка (со всех страниц).'}
        </Typography.Text>
        <RefSelect resource={scheduleResource.name} value={schedule} onChange={(v) => setSchedule(v as number | null)} placeholder="Выберите график" id="add-found-schedule" />
        {error && <Alert type="error" showIcon title={error} />}
        {answer && <BulkSitesResult answer={answer} />}
      </Space>
    </Modal>
  );
}
