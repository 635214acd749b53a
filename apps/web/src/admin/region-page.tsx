/**
 * Администрирование → Регион (`/admin/region/`, contract routes/region.ts; docs/REGION.md «Loading
 * from the screen»): the state of the region's map data — the maps' base style, the road graph and
 * the address index (loaded or not, when, from which file, counts) — and the upload of the
 * region's OpenStreetMap extract (.osm.pbf), loaded by the worker's job `region-load`. Its progress
 * is followed live (watchJob: the job's STOMP topic, the status polled as the fallback); when it
 * ends the state is read again and every map picks up the new base map (the app config is reloaded).
 * Below, the section «ОКТМО» (region-oktmo-section.tsx): the administrative units loaded from Rosstat's file.
 * Both uploads use the one picker-and-button of single-file-upload.tsx.
 * Administrators only (`system-settings:change`).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { jobStatusRoute, REGION_MSG, regionStatusRoute, regionUploadRoute, type RegionStatus } from '@tko/contract';
import { Alert, Card, Descriptions, Progress, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { callRoute } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { formatDateTime } from '../app/dates';
import { PageTitle } from '../app/page-title';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, LoadingState } from '../app/states';
import { watchJob, type JobView } from '../jobs/job-watch';
import { live } from '../live/live';
import { OktmoSection } from './region-oktmo-section';
import { SingleFileUpload } from './single-file-upload';

const REGION_KEY = ['region-status'];
const nf = new Intl.NumberFormat('ru-RU');

/** «загружен 27.11.2026 10:15 из irkutsk.osm.pbf» / «не загружен». */
function loadedText(p: { loaded: boolean; loaded_at: string | null; file_name: string | null }): string {
  if (!p.loaded) return 'не загружен';
  const when = p.loaded_at ? ` ${formatDateTime(p.loaded_at)}` : '';
  const from = p.file_name ? ` из файла «${p.file_name}»` : '';
  return `загружен${when}${from}`;
}

function StatusCard({ s }: { s: RegionStatus }) {
  const style = s.map_style.source === 'external'
    ? `внешний стиль ${s.map_style.url ?? ''}`
    : s.map_style.source === 'region'
      ? `подложка региона ${loadedText(s.map_style).replace('загружен', 'загружена')}${s.map_style.size_bytes !== null ? `, ${nf.format(Math.round(s.map_style.size_bytes / 1024 / 1024 * 10) / 10)} МБ` : ''}`
      : 'не загружена: карты показывают точки на пустом фоне';
  return (
    <Descriptions bordered column={1} size="small" data-testid="region-status">
      <Descriptions.Item label="Подложка карты">{style}</Descriptions.Item>
      <Descriptions.Item label="Дорожный граф">
        {s.road_graph.loaded ? `${loadedText(s.road_graph)}: ${nf.format(s.road_graph.edges)} рёбер` : 'не загружен: маршруты по дорогам не строятся'}
      </Descriptions.Item>
      <Descriptions.Item label="Адресный индекс">
        {s.addresses.loaded ? `${loadedText(s.addresses)}: ${nf.format(s.addresses.addresses)} адресов, ${nf.format(s.addresses.streets)} улиц` : 'не загружен'}
      </Descriptions.Item>
      <Descriptions.Item label="Границы муниципальных образований">
        {s.boundaries.loaded
          ? `${loadedText(s.boundaries).replace('загружен', 'загружены')}: ${nf.format(s.boundaries.boundaries)} (уровни 6 и 8), сопоставлено с ОКТМО ${nf.format(s.boundaries.matched)}`
          : 'не загружены: места накопления без населённого пункта не размещаются по координатам'}
      </Descriptions.Item>
    </Descriptions>
  );
}

export function RegionPage() {
  const canChange = useCan('system-settings:change');
  const qc = useQueryClient();
  const status = useQuery({ queryKey: REGION_KEY, queryFn: ({ signal }) => callRoute(regionStatusRoute, {}, { signal }), enabled: canChange });
  const [job, setJob] = useState<(JobView & { id: string }) | null>(null);

  // A load started earlier (another tab, before a reload) is followed too.
  const running = status.data?.job && ['waiting', 'active', 'delayed'].includes(status.data.job.state) ? status.data.job.id : null;
  const followed = job?.id ?? running;
  useEffect(() => {
    if (!followed) return;
    return watchJob(followed, {
      subscribe: (destination, onMessage, opts) => live.subscribe(destination, onMessage, opts),
      fetchStatus: () => callRoute(jobStatusRoute, { params: { id: followed } }),
      timers: { setTimer: (cb, ms) => window.setTimeout(cb, ms), clearTimer: (h) => window.clearTimeout(h as number) },
    }, (v) => {
      setJob({ ...v, id: followed });
      if (v.state === 'completed' || v.state === 'failed') {
        void qc.invalidateQueries({ queryKey: REGION_KEY });
        void qc.invalidateQueries({ queryKey: queryKeys.config });
      } else {
        // The step under way (address index, road graph, base map) is on the status.
        void qc.invalidateQueries({ queryKey: REGION_KEY });
      }
    });
  }, [followed, qc]);

  if (!canChange) return <Alert type="warning" showIcon title="Страница доступна администраторам." />;
  if (status.isPending) return <LoadingState />;
  if (status.isError) return <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
  const s = status.data;

  const active = job && !['completed', 'completed_with_warnings', 'failed'].includes(job.state);
  const step = s.job && job && s.job.id === job.id ? s.job.message : null;
  return (
    <div style={{ maxWidth: 900 }}>
      <PageTitle>Регион</PageTitle>
      <Typography.Paragraph>
        Улицы и дома на картах, маршруты по дорогам и подсказки адресов берутся из выгрузки OpenStreetMap региона. Скачайте выгрузку
        области в формате .osm.pbf (например, с download.geofabrik.de или extract.bbbike.org) и загрузите её здесь: загрузка идёт в
        фоне и занимает от минуты до получаса в зависимости от размера области.
      </Typography.Paragraph>
      <Card size="small" title="Что загружено" style={{ marginBottom: 16 }}>
        <StatusCard s={s} />
      </Card>
      <Card size="small" title="Загрузить выгрузку OpenStreetMap">
        <Space direction="vertical" style={{ width: '100%' }}>
          <SingleFileUpload
            accept=".pbf,.osm"
            pickLabel="Выбрать файл…"
            sendLabel="Загрузить"
            noFileMessage={REGION_MSG.noFile}
            disabled={!!active}
            hint={<Typography.Text type="secondary">{`Не более ${nf.format(Math.round(s.max_bytes / 1024 / 1024))} МБ.`}</Typography.Text>}
            send={(form) => callRoute(regionUploadRoute, {}, { form })}
            onDone={(accepted) => {
              setJob({ id: accepted.job_id, state: 'waiting', progress: 0, fileUrl: null, fileName: null, error: null });
              void qc.invalidateQueries({ queryKey: REGION_KEY });
            }}
            testIds={{ send: 'region-upload', error: 'region-error' }}
          />
          {job && (
            <div data-testid="region-job" aria-live="polite">
              <Progress percent={job.progress} status={job.state === 'failed' ? 'exception' : job.state === 'completed' ? 'success' : 'active'} />
              <Typography.Text>
                {job.state === 'completed' ? 'Регион загружен.' : job.state === 'failed' ? (job.error ?? REGION_MSG.failed) : step ?? (job.state === 'waiting' ? 'В очереди…' : 'Идёт загрузка…')}
              </Typography.Text>
            </div>
          )}
        </Space>
      </Card>
      <OktmoSection />
    </div>
  );
}
