/**
 * Exports the list with its current filters to xlsx (POST {path}xlsx/): a small export is the
 * file itself, saved at once with a download toast; a large one runs as a background job whose
 * progress toast ends with 'Скачать' (jobs/export-job.tsx).
 */
import { DownloadOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@tko/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../api/errors';
import { saveBlob } from '../api/download';
import { exportResource } from '../api/resource-client';
import { toast } from '../app/toasts';
import { followExportJob } from '../jobs/export-job';
import { watchedJobs } from '../jobs/watched-jobs';
import type { HashOptions } from './hash-options';
import { filterBody } from './list-query';

export function ExportButton({ def, options }: { def: ResourceDef; options: HashOptions }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    // Notifications naming a job wait until its id is known here (jobs/watched-jobs.ts).
    const started = watchedJobs.begin();
    try {
      const answer = await exportResource(def, filterBody(def, options));
      if (answer.kind === 'job') {
        followExportJob(def.label, `${def.name}.xlsx`, answer);
        started();
      } else {
        const url = saveBlob(answer.blob, answer.filename);
        toast.download('Выгрузка готова', answer.filename, url);
      }
    } catch (e) {
      toast.error('Не удалось выгрузить', errorMessage(e));
    } finally {
      started();
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      Выгрузить в Excel
    </Button>
  );
}
