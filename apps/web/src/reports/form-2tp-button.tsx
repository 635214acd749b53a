/**
 * «Выгрузить 2-ТП (отходы)» on a balance report's card (docs/DECISIONS.md «Official export: 2-ТП
 * (отходы)»): GET /api/bnreports/reports/{id}/form-2tp/ (contract routes/reports.ts
 * reportForm2tpRoute; section 1 of 2-ТП (отходы), приказ Росстата от 09.10.2020 № 627, xlsx) saved
 * under the server's name.
 * The saved report is exported, so unsaved edits are asked to be saved first; a refusal (figures
 * that do not add up) shows the server's words.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { buildRoutePath, reportForm2tpRoute } from '@tko/contract';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { http } from '../api/client';
import { filenameFromDisposition, saveBlob } from '../api/download';
import { errorMessage } from '../api/errors';
import { toast } from '../app/toasts';

/** The download button of report `id`; disabled with a hint while the form has unsaved edits (`dirty`). */
export function Form2tpButton({ id, dirty }: { id: number; dirty: boolean }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const res = await http.raw(buildRoutePath(reportForm2tpRoute.path, { id }), { method: 'GET' });
      const name = filenameFromDisposition(res.headers.get('Content-Disposition')) ?? `2tp-othody-${id}.xlsx`;
      saveBlob(await res.blob(), name);
      toast.success('Форма 2-ТП (отходы) сформирована', name);
    } catch (e) {
      toast.error('Форма 2-ТП (отходы) не сформирована', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const button = <Button icon={<DownloadOutlined />} loading={busy} disabled={dirty} onClick={() => void run()}>Выгрузить 2-ТП (отходы)</Button>;
  return dirty ? <Tooltip title="Сначала сохраните изменения отчёта.">{button}</Tooltip> : button;
}
