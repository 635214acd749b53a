/**
 * The section «ОКТМО» of Администрирование → Регион (contract routes/region-oktmo.ts; docs/DATA.md
 * «ОКТМО»): the loaded administrative units counted by region and the upload of Rosstat's ОКТМО
 * file, loaded inside the request (a region's file takes under 2 s). After a load it shows what
 * was loaded — which regions and why (the region of the system settings picks one of a
 * several-region file), the units created / updated / unchanged, and every line not loaded with
 * its reason. Administrators only (the page checks `system-settings:change`).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatNumber, OKTMO_MSG, oktmoStatusRoute, oktmoUploadRoute, type OktmoUploadResult } from '@tko/contract';
import { Alert, Card, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { callRoute } from '../api/client';
import { ErrorState, LoadingState } from '../app/states';
import { SingleFileUpload } from './single-file-upload';

const OKTMO_KEY = ['region-oktmo'];
/** Rejected lines listed on the page (the rest counted). */
const SHOWN_REJECTED = 20;

interface RegionRow { region: string; formations: number; localities: number }

function RegionsTable({ rows, testId }: { rows: RegionRow[]; testId: string }) {
  return (
    <Table<RegionRow>
      size="small"
      rowKey="region"
      data-testid={testId}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: 'ОКТМО не загружен' }}
      columns={[
        { title: 'Регион (код ОКТМО)', dataIndex: 'region' },
        { title: 'Муниципальных образований', dataIndex: 'formations', align: 'right', render: (v: number) => formatNumber(v) },
        { title: 'Населённых пунктов', dataIndex: 'localities', align: 'right', render: (v: number) => formatNumber(v) },
      ]}
    />
  );
}

function LoadResult({ r }: { r: OktmoUploadResult }) {
  const u = r.units;
  return (
    <div data-testid="oktmo-result" aria-live="polite">
      <Typography.Paragraph>{r.choice}</Typography.Paragraph>
      <Typography.Paragraph>
        {`Файл «${r.file_name}»: строк ${formatNumber(r.rows)}, единиц ОКТМО ${formatNumber(u.total)} (создано ${formatNumber(u.created)}, `
          + `обновлено ${formatNumber(u.updated)}, без изменений ${formatNumber(u.unchanged)}), строк-заголовков ${formatNumber(r.headings)}, `
          + `не загружено строк ${formatNumber(r.rejected.length)}. Загрузка заняла ${formatNumber(r.seconds, { maxFraction: 1 })} с.`}
      </Typography.Paragraph>
      {r.rejected.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title="Строки, которые не загружены"
          description={(
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {r.rejected.slice(0, SHOWN_REJECTED).map((x) => <li key={x.line}>{`строка ${x.line} «${x.text}»: ${x.reason}`}</li>)}
              {r.rejected.length > SHOWN_REJECTED && <li>{`и ещё ${formatNumber(r.rejected.length - SHOWN_REJECTED)}`}</li>}
            </ul>
          )}
        />
      )}
    </div>
  );
}

export function OktmoSection() {
  const qc = useQueryClient();
  const status = useQuery({ queryKey: OKTMO_KEY, queryFn: ({ signal }) => callRoute(oktmoStatusRoute, {}, { signal }) });
  const [result, setResult] = useState<OktmoUploadResult | null>(null);
  const s = status.data;
  return (
    <Card size="small" title="ОКТМО" style={{ marginTop: 16 }} data-testid="oktmo-section">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          Муниципальные образования и населённые пункты (ОКТМО) нужны, чтобы относить места накопления к муниципальным образованиям
          (сводка, карта по ОКТМО). Скачайте файл ОКТМО с портала открытых данных Росстата (CSV, 13 столбцов через «;») и загрузите его
          здесь. Если в файле несколько регионов, загружается регион, указанный в настройках системы; если он не указан или его нет в файле, —
          все регионы файла. Повторная загрузка того же файла ничего не меняет.
        </Typography.Text>
        {status.isPending ? <LoadingState /> : status.isError ? <ErrorState error={status.error} onRetry={() => void status.refetch()} /> : (
          <>
            <Typography.Text type="secondary" data-testid="oktmo-settings-region">
              {s!.settings_region ? `Регион в настройках системы: ${s!.settings_region}.` : 'Регион в настройках системы не указан.'}
            </Typography.Text>
            <RegionsTable rows={s!.regions} testId="oktmo-loaded" />
          </>
        )}
        <SingleFileUpload
          accept=".csv,.txt"
          pickLabel="Выбрать файл ОКТМО…"
          sendLabel="Загрузить ОКТМО"
          noFileMessage={OKTMO_MSG.noFile}
          send={(form) => callRoute(oktmoUploadRoute, {}, { form })}
          onStart={() => setResult(null)}
          onDone={(r) => {
            setResult(r);
            void qc.invalidateQueries({ queryKey: OKTMO_KEY });
          }}
          testIds={{ pick: 'oktmo-pick', send: 'oktmo-upload', error: 'oktmo-error' }}
        />
        {result && <LoadResult r={result} />}
      </Space>
    </Card>
  );
}
