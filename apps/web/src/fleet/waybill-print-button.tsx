/**
 * «Печать» on the way-bill card (issue 10, round 2): POST /api/fleet/waybills/xlsx/ `{id}`
 * (contract routes/fleet.ts waybillPrintRoute; Типовая межотраслевая форма № 4-П, xlsx) and the
 * file saved under the server's name (Content-Disposition) or `putevoy_list_<id>.xlsx`. Shown to
 * holders of `waybills:export`; the saved card is printed, so unsaved edits are asked to be saved first.
 */
import { PrinterOutlined } from '@ant-design/icons';
import { waybillPrintRoute } from '@tko/contract';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { http } from '../api/client';
import { filenameFromDisposition, saveBlob } from '../api/download';
import { errorMessage } from '../api/errors';
import { toast } from '../app/toasts';
import { useCan } from '../app/permissions/use-permissions';

/** Fetches the printable form of way-bill `id` and saves it; resolves with the file name. */
export async function printWaybill(id: number): Promise<string> {
  const res = await http.raw(waybillPrintRoute.path, { method: 'POST', json: { id } });
  const name = filenameFromDisposition(res.headers.get('Content-Disposition')) ?? `putevoy_list_${id}.xlsx`;
  saveBlob(await res.blob(), name);
  return name;
}

export function WaybillPrintButton({ id, dirty }: { id: unknown; dirty?: boolean }) {
  const can = useCan('waybills:export');
  const [busy, setBusy] = useState(false);
  if (!can || typeof id !== 'number') return null;
  const run = async () => {
    setBusy(true);
    try {
      const name = await printWaybill(id);
      toast.success('Путевой лист сформирован', name);
    } catch (e) {
      toast.error('Не удалось сформировать путевой лист', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const button = <Button icon={<PrinterOutlined />} loading={busy} disabled={dirty} onClick={() => void run()}>Печать</Button>;
  return dirty ? <Tooltip title="Сначала сохраните или отмените изменения карточки.">{button}</Tooltip> : button;
}
