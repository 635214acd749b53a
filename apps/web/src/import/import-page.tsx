/**
 * The /system-import/ screen (spec 03 §2 "Import": file list, template type selection, upload,
 * field matching, process, cancel; permission resource `import`). A file is uploaded with the
 * chosen template type (CSV in UTF-8 or Windows-1251, or XLSX; the server detects the
 * encoding and suggests a matching), then opens in a drawer for matching and processing
 * (import-file-panel.tsx). The list shows every file's status and progress, with its original
 * and errors file; while a run is under way it is refreshed.
 */
import { DeleteOutlined, DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { IMPORT_MAX_BYTES_DEFAULT, ImportFileStatus, ImportTemplateType, type ImportFile } from '@tko/contract';
import { Alert, Button, Card, Drawer, Empty, Progress, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../api/errors';
import { formatDateTime } from '../app/dates';
import { useAppModal } from '../app/modals';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, ForbiddenState } from '../app/states';
import { toast } from '../app/toasts';
import { deleteImportFile, downloadImportErrors, downloadImportOriginal, downloadImportTemplate, IMPORT_PAGE_SIZE, uploadImportFile } from './import-api';
import { ImportFilePanel } from './import-file-panel';
import { STATUS_COLORS, TemplateSelect } from './import-widgets';
import { importKeys, isRunning, useImportFile, useImportFiles } from './use-import';
import { PageTitle } from '../app/page-title';

/** The type offered first: the one template that works today (spec: container sites). */
const DEFAULT_TEMPLATE = 'CWA_BUNDLE';

async function attempt(what: string, fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (e) {
    toast.error(what, errorMessage(e));
  }
}

function UploadCard({ onUploaded }: { onUploaded: (f: ImportFile) => void }) {
  const [template, setTemplate] = useState<string>(DEFAULT_TEMPLATE);
  const [busy, setBusy] = useState(false);
  return (
    <Card size="small" title="Загрузка файла">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>Тип шаблона:</Typography.Text>
          <TemplateSelect id="import-template" value={template} onChange={setTemplate} />
          <Button icon={<DownloadOutlined />} onClick={() => void attempt('Не удалось скачать шаблон', () => downloadImportTemplate(template))}>
            Скачать шаблон
          </Button>
        </Space>
        <Upload.Dragger
          accept=".csv,.xlsx,.json,.geojson,text/csv,application/json,application/geo+json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            try {
              const uploaded = await uploadImportFile(file as File, template);
              onSuccess?.(uploaded);
              toast.success('Файл загружен', `${uploaded.name}: строк ${uploaded.row_count}. Проверьте сопоставление столбцов.`);
              onUploaded(uploaded);
            } catch (e) {
              onError?.(e as Error);
              toast.error('Не удалось загрузить файл', errorMessage(e));
            } finally {
              setBusy(false);
            }
          }}
        >
          <p className="ant-upload-drag-icon">{busy ? <UploadOutlined /> : <InboxOutlined />}</p>
          <p className="ant-upload-text">{busy ? 'Загрузка…' : 'Перетащите файл сюда или нажмите, чтобы выбрать'}</p>
          <p className="ant-upload-hint">
            CSV (UTF-8 или Windows-1251, разделитель «;», «,» или табуляция) или XLSX до {Math.round(IMPORT_MAX_BYTES_DEFAULT / 1024 / 1024)} МБ; первая строка — названия столбцов.
          </p>
        </Upload.Dragger>
      </Space>
    </Card>
  );
}

function FileDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const file = useImportFile(id);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={900}
      title={file.data ? `Импорт: ${file.data.name}` : 'Импорт'}
      destroyOnHidden
      closable={{ 'aria-label': 'Закрыть файл' }}
    >
      {file.data ? <ImportFilePanel file={file.data} /> : file.isError ? <ErrorState error={file.error} /> : null}
    </Drawer>
  );
}

export function ImportPage() {
  const canView = useCan('import:view');
  const canAdd = useCan('import:add');
  const canDelete = useCan('import:delete');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<number | null>(null);
  const files = useImportFiles(page);
  const qc = useQueryClient();
  const modal = useAppModal();

  if (!canView) return <ForbiddenState text="Для импорта данных нужны права «Импорт данных». Обратитесь к администратору." />;

  // A done import: the file may go with its records (rollback) or alone (the records stay).
  const remove = (f: ImportFile) => {
    const del = (rollback: boolean) => async () => {
      await attempt('Не удалось удалить файл', () => deleteImportFile(f.id, rollback));
      void qc.invalidateQueries({ queryKey: importKeys.all });
    };
    if (f.status === 'DONE') {
      const m = modal.confirm({
        title: `Удалить файл «${f.name}»?`,
        content: 'Можно удалить файл вместе с его записями (импорт будет откачен: созданные записи удалены, изменённые возвращены) или только файл и отчёт.',
        okText: 'Удалить и откатить импорт',
        okButtonProps: { danger: true },
        cancelText: 'Отмена',
        footer: (_, { OkBtn, CancelBtn }) => (
          <>
            <CancelBtn />
            <Button onClick={() => { m.destroy(); void del(false)(); }}>Только файл</Button>
            <OkBtn />
          </>
        ),
        onOk: del(true),
      });
      return;
    }
    modal.confirm({
      title: `Удалить файл «${f.name}»?`,
      content: 'Удаляются файл и отчёт об импорте.',
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: del(false),
    });
  };

  const data = files.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <PageTitle>
          Импорт данных
        </PageTitle>
        <Typography.Text type="secondary">Загрузка записей реестров из файлов CSV, XLSX, JSON и GeoJSON.</Typography.Text>
      </div>
      {canAdd ? <UploadCard onUploaded={(f) => {
        void qc.invalidateQueries({ queryKey: ['import', 'files'] });
        qc.setQueryData(importKeys.file(f.id), f);
        setOpened(f.id);
      }} /> : <Alert type="info" showIcon title="Загружать файлы могут пользователи с правом добавления в разделе «Импорт данных»." />}
      {files.isError ? (
        <ErrorState error={files.error} onRetry={() => void files.refetch()} />
      ) : (
        <Table<ImportFile>
          rowKey="id"
          size="middle"
          loading={files.isPending}
          dataSource={data?.results ?? []}
          data-testid="import-files"
          scroll={{ x: 'max-content' }}
          onRow={(f) => ({ onClick: () => setOpened(f.id), style: { cursor: 'pointer' } })}
          locale={{
            emptyText: files.isPending ? 'Загрузка…' : (
              <Empty description={canAdd
                ? 'Файлов пока нет. Выберите тип шаблона, скачайте шаблон или подготовьте свой файл CSV/XLSX с заголовками столбцов и загрузите его выше — затем сопоставьте столбцы с полями реестра и запустите импорт.'
                : 'Файлов пока нет.'} />
            ),
          }}
          pagination={{ current: page, pageSize: IMPORT_PAGE_SIZE, total: data?.count ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
          columns={[
            { title: 'Файл', dataIndex: 'name', render: (name: string) => <Typography.Link>{name}</Typography.Link> },
            { title: 'Тип шаблона', dataIndex: 'template_type', render: (t: string) => ImportTemplateType.label(t) },
            { title: 'Строк', dataIndex: 'row_count', align: 'right' },
            {
              title: 'Статус',
              key: 'status',
              render: (_: unknown, f) => (
                <Space size={4} orientation="vertical">
                  <Tag color={STATUS_COLORS[f.status]}>{ImportFileStatus.label(f.status)}</Tag>
                  {isRunning(f) && <Progress percent={f.progress} size="small" style={{ width: 120 }} />}
                  {f.status === 'DONE' && f.report && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      создано {f.report.created}, обновлено {f.report.updated}{f.report.failed_rows ? `, ошибок ${f.report.failed_rows}` : ''}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            { title: 'Загружен', dataIndex: 'created_at', render: (d: string) => formatDateTime(d) },
            { title: 'Пользователь', key: 'user', render: (_: unknown, f) => f.user?.name ?? '' },
            {
              title: 'Действия',
              key: 'actions',
              render: (_: unknown, f) => (
                <Space size={0} onClick={(e) => e.stopPropagation()}>
                  <Button type="link" size="small" onClick={() => void attempt('Не удалось скачать файл', () => downloadImportOriginal(f))}>
                    Исходный
                  </Button>
                  {f.errors_count > 0 && (
                    <Button type="link" size="small" onClick={() => void attempt('Не удалось скачать файл ошибок', () => downloadImportErrors(f))}>
                      Ошибки ({f.errors_count})
                    </Button>
                  )}
                  {canDelete && !isRunning(f) && <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`Удалить ${f.name}`} onClick={() => remove(f)} />}
                </Space>
              ),
            },
          ]}
        />
      )}
      <FileDrawer id={opened} onClose={() => setOpened(null)} />
    </Space>
  );
}

export default ImportPage;
