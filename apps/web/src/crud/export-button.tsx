/** Exports the list with its current filters to xlsx (POST {path}xlsx/) and saves the file. */
import { DownloadOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@tko/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../api/errors';
import { saveBlob } from '../api/download';
import { exportResource } from '../api/resource-client';
import { toast } from '../app/toasts';
import type { HashOptions } from './hash-options';
import { filterBody } from './list-query';

export function ExportButton({ def, options }: { def: ResourceDef; options: HashOptions }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await exportResource(def, filterBody(def, options));
      const url = saveBlob(blob, filename);
      toast.download('Выгрузка готова', filename, url);
    } catch (e) {
      toast.error('Не удалось выгрузить', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      Выгрузить в Excel
    </Button>
  );
}
