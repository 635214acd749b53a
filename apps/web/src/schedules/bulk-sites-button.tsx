/**
 * «Добавить площадки» on a saved schedule card (issue 23 §1): a dialog choosing every site of a
 * contract zone, of a contract, or inside an area drawn on the map (map/polygon-draw-map.tsx, its
 * own lazy chunk), sent to POST /api/fleet/schedules/{id}/sites/bulk/; the answer (added, already
 * there, refused with reasons) stays in the dialog and the card re-reads its points. For the sites
 * a waste-area list finds, that list's «Добавить все найденные в график» (add-found-to-schedule.tsx).
 * Needs schedules:change; disabled while the card has unsaved edits (the re-read would drop them).
 */
import type { BulkSitesBody } from '@tko/contract';
import { contractResource, contractZoneResource, scheduleResource } from '@tko/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Segmented, Space, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { queryKeys } from '../api/query-keys';
import { useCanWrite } from '../resources/federal';
import { RefSelect } from '../crud/fields/ref-select';
import type { GeoPolygon } from '../map/polygon-draw-map';
import { BulkSitesResult } from './bulk-sites-result';
import { useBulkSitesCall } from './bulk-sites-call';

const PolygonDrawMap = lazy(() => import('../map/polygon-draw-map'));

type Mode = 'contract_zone' | 'contract' | 'polygon';
const MODES: { value: Mode; label: string }[] = [
  { value: 'contract_zone', label: 'Зона деятельности' },
  { value: 'contract', label: 'Договор' },
  { value: 'polygon', label: 'Область на карте' },
];

export function BulkSitesButton({ id, dirty }: { id: unknown; dirty: boolean }) {
  const can = useCanWrite(scheduleResource.name, 'change');
  const [open, setOpen] = useState(false);
  if (!can) return null;
  const button = (
    <Button onClick={() => setOpen(true)} disabled={dirty} data-testid="bulk-sites-open">
      Добавить площадки
    </Button>
  );
  return (
    <>
      {dirty ? <Tooltip title="Сначала сохраните или отмените изменения карточки.">{button}</Tooltip> : button}
      {open && <BulkSitesDialog id={Number(id)} onClose={() => setOpen(false)} />}
    </>
  );
}

function BulkSitesDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const client = useQueryClient();
  const [mode, setMode] = useState<Mode>('contract_zone');
  const [zone, setZone] = useState<number | null>(null);
  const [contract, setContract] = useState<number | null>(null);
  const [polygon, setPolygon] = useState<GeoPolygon | null>(null);
  const { busy, answer, error, send, clear } = useBulkSitesCall((card) => client.invalidateQueries({ queryKey: queryKeys.item(scheduleResource.name, card) }));
  const body: BulkSitesBody | null = mode === 'contract_zone' ? (zone ? { contract_zone: zone } : null)
    : mode === 'contract' ? (contract ? { contract } : null)
      : polygon ? { polygon } : null;

  const submit = async () => {
    if (body) await send(id, body);
  };

  return (
    <Modal
      open
      title="Добавить площадки в график"
      width={760}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>Закрыть</Button>,
        <Button key="add" type="primary" disabled={!body} loading={busy} onClick={() => void submit()} data-testid="bulk-sites-submit">Добавить</Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented<Mode> options={MODES} value={mode} onChange={(m) => { setMode(m); clear(); }} data-testid="bulk-sites-mode" />
        {mode === 'contract_zone' && (
          <RefSelect resource={contractZoneResource.name} value={zone} onChange={(v) => setZone(v as number | null)} placeholder="Выберите зону деятельности" id="bulk-sites-zone" />
        )}
        {mode === 'contract' && (
          <RefSelect resource={contractResource.name} value={contract} onChange={(v) => setContract(v as number | null)} placeholder="Выберите договор" id="bulk-sites-contract" />
        )}
        {mode === 'polygon' && (
          <Suspense fallback={<Typography.Text type="secondary">Загрузка карты…</Typography.Text>}>
            <PolygonDrawMap onChange={setPolygon} />
          </Suspense>
        )}
        <Typography.Text type="secondary">
          Добавляются все видимые вам площадки выбора; уже входящие в график не повторяются; закрытые и без координат не добавляются (с причиной).
          Площадки, найденные фильтром списка, добавляет кнопка «Добавить все найденные в график» над списком площадок.
        </Typography.Text>
        {error && <Alert type="error" showIcon title={error} />}
        {answer && <BulkSitesResult answer={answer} />}
      </Space>
    </Modal>
  );
}
