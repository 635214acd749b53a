/**
 * One uploaded file of the import screen (spec 03 §4: field matching, process, cancel): what
 * was read (encoding, delimiter, rows), the template type, the matching of each file column to
 * a registry field — pre-filled with the server's suggestion, required fields marked and the
 * uncovered ones listed — the run's options, «Запустить импорт» with a live progress bar and
 * «Отменить импорт», and the outcome: counts, warnings, the errors file and the original.
 * Issue 9 §1: the groups of look-alike rows to resolve (import-duplicates.tsx), the update key
 * (none by default) and match on coordinates, the updated records with old → new values, the
 * geocoding of rows without coordinates, the link to the import's records and «Откатить импорт».
 * Issue 10 §6: only the options the template honours are offered (templates call, `options`);
 * e.g. ANGARSK_PLAN groups its rows itself — no look-alike rows, no update key.
 */
import { DownloadOutlined, PlayCircleOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { fitImportOptions, formatNumber, ImportFileStatus, ImportTemplateType, type ImportApplicableOptions, type ImportFile, type ImportOptions, type ImportTarget, type ImportUpdate } from '@tko/contract';
import { Alert, Button, Checkbox, Descriptions, InputNumber, Popconfirm, Progress, Radio, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useEffect, useMemo, useState } from 'react';
import { formatSize } from '../api/attachments';
import { ApiError, errorMessage } from '../api/errors';
import { formatDateTime } from '../app/dates';
import { useCan } from '../app/permissions/use-permissions';
import { toast } from '../app/toasts';
import { cancelImportFile, downloadImportErrors, downloadImportOriginal, processImportFile, rollbackImportFile, saveImportMatching } from './import-api';
import { DuplicatesStep } from './import-duplicates';
import { STATUS_COLORS, TemplateSelect } from './import-widgets';
import { mappingChanged, missingRequired, setColumn, targetOptions, type ColumnMapping } from './matching';
import { importKeys, isRunning, useImportLabels, useImportProgress, useImportTemplates } from './use-import';

/** Calls an action and shows its failure as a toast; resolves with its result or null. */
async function attempt<T>(what: string, fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (e) {
    toast.error(what, errorMessage(e));
    return null;
  }
}

function MatchingTable({ file, targets, mapping, onChange, disabled, errors }: {
  file: ImportFile;
  targets: ImportTarget[];
  mapping: ColumnMapping;
  onChange: (m: ColumnMapping) => void;
  disabled: boolean;
  errors: Record<string, string>;
}) {
  const rows = file.columns.map((column, i) => ({ column, i, samples: file.preview.map((r) => r[i] ?? '').filter(Boolean).slice(0, 3) }));
  const hint = (field: string | null) => targets.find((t) => t.field === field)?.hint;
  return (
    <Table
      size="small"
      pagination={false}
      tableLayout="fixed"
      rowKey="column"
      dataSource={rows}
      data-testid="import-matching"
      columns={[
        { title: 'Столбец файла', dataIndex: 'column', width: '26%', render: (c: string) => <Typography.Text strong>{c}</Typography.Text> },
        {
          title: 'Примеры значений',
          dataIndex: 'samples',
          width: '30%',
          render: (s: string[]) => (s.length ? <Typography.Text type="secondary" ellipsis={{ tooltip: s.join(' · ') }}>{s.join(' · ')}</Typography.Text> : <Typography.Text type="secondary">пусто</Typography.Text>),
        },
        {
          title: 'Поле реестра',
          key: 'target',
          width: '44%',
          render: (_: unknown, row: { column: string; i: number }) => (
            <div>
              <Select
                id={`import-column-${row.i}`}
                aria-label={`Поле реестра для столбца «${row.column}»`}
                data-column={row.column}
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                disabled={disabled}
                placeholder="— не импортировать —"
                value={mapping[row.column] ?? null}
                options={targetOptions(targets, mapping, row.column)}
                onChange={(v: string | null | undefined) => onChange(setColumn(mapping, row.column, v ?? null))}
                status={errors[row.column] ? 'error' : undefined}
              />
              {errors[row.column] ? (
                <Typography.Text type="danger" style={{ fontSize: 12 }}>{errors[row.column]}</Typography.Text>
              ) : hint(mapping[row.column] ?? null) ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{hint(mapping[row.column] ?? null)}</Typography.Text>
              ) : null}
            </div>
          ),
        },
      ]}
    />
  );
}

const MATCH_KEYS: { value: ImportOptions['match_key']; label: string }[] = [
  { value: 'none', label: 'не обновлять: каждая строка — новая запись' },
  { value: 'identifier', label: 'по идентификатору' },
  { value: 'registry_number', label: 'по реестровому номеру' },
  { value: 'id', label: 'по номеру записи (id)' },
];

/** The run options `applies` allows (all but «всё или ничего» hidden while it is unknown). */
function OptionsForm({ value, onChange, disabled, applies }: { value: ImportOptions; onChange: (v: ImportOptions) => void; disabled: boolean; applies: ImportApplicableOptions | null }) {
  const keys = MATCH_KEYS.filter((k) => k.value === 'none' || applies?.match_keys.includes(k.value));
  return (
    <Space orientation="vertical" size={4} data-testid="import-options">
      {applies?.duplicates && (
      <Space wrap>
        <Typography.Text>Похожие строки, для которых не выбрано решение:</Typography.Text>
        <Select id="import-duplicates-default" aria-label="Похожие строки по умолчанию" style={{ minWidth: 280 }} disabled={disabled} value={value.duplicates}
          onChange={(v) => onChange({ ...value, duplicates: v })}
          options={[
            { value: 'separate', label: 'оставлять раздельно' },
            { value: 'merge', label: 'объединять' },
            { value: 'skip', label: 'пропускать повторы' },
            { value: 'error', label: 'считать ошибкой' },
            { value: 'same_point', label: 'объединять только строки с одной точкой (маршрутный план)' },
          ]} />
      </Space>
      )}
      {applies && (keys.length > 1 || applies.match_distance) && (
      <Space wrap>
        <Typography.Text>Обновлять записи реестра:</Typography.Text>
        <Select id="import-match-key" aria-label="Ключ обновления" style={{ minWidth: 300 }} disabled={disabled} value={value.match_key}
          onChange={(v) => onChange({ ...value, match_key: v })} options={keys} />
        {value.match_key === 'none' && applies.match_distance && (
          <Checkbox disabled={disabled} checked={value.match_distance !== null} onChange={(e) => onChange({ ...value, match_distance: e.target.checked ? 5 : null })}>
            по координатам, не дальше
          </Checkbox>
        )}
        {value.match_key === 'none' && applies.match_distance && value.match_distance !== null && (
          <InputNumber aria-label="Расстояние, м" min={0.1} max={1000} step={1} disabled={disabled} value={value.match_distance}
            onChange={(v) => onChange({ ...value, match_distance: typeof v === 'number' ? v : 5 })} suffix="м" />
        )}
      </Space>
      )}
      {applies?.existing && (
      <Space wrap>
        <Typography.Text>Объекты, уже есть в реестре:</Typography.Text>
        <Radio.Group disabled={disabled} value={value.existing} onChange={(e) => onChange({ ...value, existing: e.target.value as ImportOptions['existing'] })}
          options={[{ value: 'update', label: 'обновлять' }, { value: 'skip', label: 'пропускать' }]} />
      </Space>
      )}
      {applies?.all_or_nothing !== false && (
      <Checkbox disabled={disabled} checked={value.all_or_nothing} onChange={(e) => onChange({ ...value, all_or_nothing: e.target.checked })}>
        Всё или ничего: при любой ошибке не записывать ни одной строки
      </Checkbox>
      )}
    </Space>
  );
}

function Updates({ updates }: { updates: ImportUpdate[] }) {
  return (
    <details data-testid="import-updates">
      <summary>Обновлённые записи ({updates.length})</summary>
      <Table
        size="small"
        rowKey="id"
        pagination={updates.length > 20 ? { pageSize: 20 } : false}
        dataSource={updates}
        columns={[
          { title: 'Запись', key: 'id', width: 120, render: (_: unknown, u: ImportUpdate) => <Link to={u.url}>№ {u.id}</Link> },
          { title: 'Строка', dataIndex: 'line', width: 80 },
          {
            title: 'Было → стало',
            key: 'changes',
            render: (_: unknown, u: ImportUpdate) => (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>{u.changes.map((c) => <li key={c.field}>{c.label}: «{c.old}» → «{c.new}»</li>)}</ul>
            ),
          },
        ]}
      />
    </details>
  );
}

const GEOCODE_TEXT: Record<ImportFile['geocode']['status'], string> = {
  NONE: '',
  QUEUED: 'ожидает',
  RUNNING: 'выполняется',
  DONE: 'завершено',
  FAILED: 'прервано',
};

function Outcome({ file }: { file: ImportFile }) {
  const r = file.report;
  const qc = useQueryClient();
  const canDelete = useCan('import:delete');
  const [rolling, setRolling] = useState(false);
  const rollback = async () => {
    setRolling(true);
    const f = await attempt('Не удалось откатить импорт', () => rollbackImportFile(file.id));
    setRolling(false);
    if (f) {
      qc.setQueryData(importKeys.file(f.id), f);
      void qc.invalidateQueries({ queryKey: ['import', 'files'] });
      toast.info('Импорт откачен', 'Созданные записи удалены, изменённые возвращены к прежним значениям.');
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {file.status === 'DONE' && r && (
        <Alert
          type={r.failed_rows ? 'warning' : 'success'}
          showIcon
          data-testid="import-report"
          title={`Импорт завершён: создано ${r.created}, обновлено ${r.updated}, без изменений ${r.unchanged}, пропущено ${r.skipped}; строк с ошибками ${r.failed_rows}.`}
          description={`Строк в файле: ${r.rows}, объектов: ${r.objects}, объединено строк: ${r.merged_rows}. Время: ${formatNumber(r.seconds, { minFraction: 1, maxFraction: 1 })} с.`}
        />
      )}
      {file.status === 'ROLLED_BACK' && <Alert type="info" showIcon data-testid="import-rolled-back" title="Импорт откачен: созданные записи удалены, изменённые возвращены к прежним значениям." />}
      {r && (r.without_coordinates ?? 0) > 0 && file.geocode.status !== 'NONE' && (
        <Alert type={file.geocode.status === 'FAILED' ? 'warning' : 'info'} showIcon data-testid="import-geocode"
          title={`Без координат: ${r.without_coordinates}. Поиск координат по адресу ${GEOCODE_TEXT[file.geocode.status]}: обработано ${file.geocode.done} из ${file.geocode.total}, найдено точно (до дома) ${file.geocode.placed}.`}
          description="Остальные отмечены «Координаты требуют проверки»: найдите их фильтром в списке и поставьте точку на карте в карточке." />
      )}
      {r?.updates && r.updates.length > 0 && <Updates updates={r.updates} />}
      {(file.records_url || (file.status === 'DONE' && canDelete)) && (
        <Space wrap>
          {file.records_url && <Link to={file.records_url} data-testid="import-records">Записи этого импорта в реестре</Link>}
          {file.status === 'DONE' && canDelete && (
            <Popconfirm
              title="Откатить импорт?"
              description="Созданные этим файлом записи будут удалены, изменённые — возвращены к прежним значениям (одной транзакцией, с историей)."
              okText="Откатить"
              okButtonProps={{ danger: true }}
              cancelText="Отмена"
              onConfirm={() => void rollback()}
            >
              <Button danger icon={<RollbackOutlined />} loading={rolling}>Откатить импорт</Button>
            </Popconfirm>
          )}
        </Space>
      )}
      {(file.status === 'FAILED' || file.status === 'CANCELLED') && file.error && <Alert type={file.status === 'FAILED' ? 'error' : 'info'} showIcon title={file.error} />}
      {r && r.warnings.length > 0 && (
        <Alert type="info" title={`Замечания (${r.warnings.length})`} description={<ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 160, overflow: 'auto' }}>{r.warnings.map((w, i) => <li key={i}>{w}</li>)}</ul>} />
      )}
      {file.errors_count + file.warnings_count > 0 && (
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void attempt('Не удалось скачать файл ошибок', () => downloadImportErrors(file, 'xlsx'))}>
            Скачать файл ошибок и предупреждений ({file.errors_count} / {file.warnings_count})
          </Button>
          <Button type="link" onClick={() => void attempt('Не удалось скачать файл ошибок', () => downloadImportErrors(file, 'csv'))}>
            в CSV
          </Button>
        </Space>
      )}
    </Space>
  );
}

export function ImportFilePanel({ file }: { file: ImportFile }) {
  const qc = useQueryClient();
  const canAdd = useCan('import:add');
  const running = isRunning(file);
  const progress = useImportProgress(file);
  const labels = useImportLabels(file.template_type);
  const templates = useImportTemplates();
  const applies = templates.data?.find((t) => t.type === file.template_type)?.options ?? null;
  const targets = useMemo(() => labels.data?.fields ?? [], [labels.data]);
  const [mapping, setMapping] = useState<ColumnMapping>(file.column_mapping);
  const [options, setOptions] = useState<ImportOptions>(file.options);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'save' | 'process' | 'cancel' | 'type' | null>(null);

  // The server's matching replaces the local one whenever it changes (suggestion, save).
  const serverMapping = JSON.stringify(file.column_mapping);
  const serverOptions = JSON.stringify(file.options);
  useEffect(() => setMapping(JSON.parse(serverMapping) as ColumnMapping), [serverMapping]);
  useEffect(() => setOptions(JSON.parse(serverOptions) as ImportOptions), [serverOptions]);
  // What is sent: the options the template does not honour back at their defaults.
  const sent = fitImportOptions(options, applies);

  const editable = canAdd && !running && file.status !== 'DONE';
  const dirty = mappingChanged(mapping, file.column_mapping) || JSON.stringify(sent) !== JSON.stringify(file.options);
  const missing = labels.data ? missingRequired(targets, mapping) : [];
  const noTemplate = file.template_type === 'NONE';

  const store = (f: ImportFile) => {
    qc.setQueryData(importKeys.file(f.id), f);
    void qc.invalidateQueries({ queryKey: ['import', 'files'] });
  };
  /** Field errors of a 400 (column_mapping.<column>) under their selects; the rest as a toast. */
  const refused = (what: string, e: unknown) => {
    if (e instanceof ApiError && e.status === 400) {
      const byColumn: Record<string, string> = {};
      const general: string[] = [];
      for (const [path, msgs] of Object.entries(e.fieldErrors)) {
        const column = path.startsWith('column_mapping.') ? path.slice('column_mapping.'.length) : null;
        if (column) byColumn[column] = msgs.join(' ');
        else general.push(...msgs);
      }
      setErrors(byColumn);
      toast.error(what, general.join(' ') || 'Исправьте отмеченные столбцы.');
    } else {
      toast.error(what, errorMessage(e));
    }
  };
  const save = async (): Promise<boolean> => {
    try {
      store(await saveImportMatching(file.id, { column_mapping: mapping, options: sent }));
      setErrors({});
      return true;
    } catch (e) {
      refused('Не удалось сохранить сопоставление', e);
      return false;
    }
  };
  const run = async (what: typeof busy, fn: () => Promise<void>) => {
    setBusy(what);
    try {
      await fn();
    } finally {
      setBusy(null);
    }
  };
  const changeType = (type: string) => run('type', async () => {
    try {
      store(await saveImportMatching(file.id, { template_type: type as ImportFile['template_type'] }));
      setErrors({});
    } catch (e) {
      refused('Не удалось сменить тип шаблона', e);
    }
  });
  const process = () => run('process', async () => {
    if (dirty && !(await save())) return;
    try {
      store(await processImportFile(file.id));
    } catch (e) {
      refused('Не удалось запустить импорт', e);
    }
  });
  const cancel = () => run('cancel', async () => {
    const f = await attempt('Не удалось отменить импорт', () => cancelImportFile(file.id));
    if (f) {
      store(f);
      toast.info('Импорт отменён', 'Ничего из этого запуска не записано.');
    }
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="import-file-panel" data-status={file.status}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label="Файл">{file.name}</Descriptions.Item>
        <Descriptions.Item label="Статус"><Tag color={STATUS_COLORS[file.status]} data-testid="import-status">{ImportFileStatus.label(file.status)}</Tag></Descriptions.Item>
        <Descriptions.Item label="Формат">{file.file_type}{file.encoding ? `, ${file.encoding}` : ''}{file.delimiter ? `, разделитель «${file.delimiter === '\t' ? 'табуляция' : file.delimiter}»` : ''}</Descriptions.Item>
        <Descriptions.Item label="Строк с данными">{file.row_count}</Descriptions.Item>
        <Descriptions.Item label="Размер">{formatSize(file.size)}</Descriptions.Item>
        <Descriptions.Item label="Загружен">{formatDateTime(file.created_at)}{file.user ? `, ${file.user.name}` : ''}</Descriptions.Item>
      </Descriptions>

      <Space wrap>
        <Typography.Text>Тип шаблона:</Typography.Text>
        <TemplateSelect id="import-file-template" value={file.template_type} onChange={(t) => void changeType(t)} disabled={!editable || busy !== null} />
        {labels.data?.key && <Typography.Text type="secondary">Строки одного объекта узнаются {labels.data.key}.</Typography.Text>}
        <Button icon={<DownloadOutlined />} onClick={() => void attempt('Не удалось скачать файл', () => downloadImportOriginal(file))}>
          Исходный файл
        </Button>
      </Space>

      {noTemplate ? (
        <Alert type="info" showIcon title="Выберите тип шаблона: от него зависит, с какими полями реестра сопоставляются столбцы файла." />
      ) : labels.isError ? (
        <Alert type="error" showIcon title={errorMessage(labels.error)} />
      ) : (
        <>
          <Typography.Text type="secondary">
            Сопоставьте столбцы файла с полями реестра «{ImportTemplateType.label(file.template_type)}». Сопоставление предложено по названиям столбцов; поля со «*» обязательны.
          </Typography.Text>
          <MatchingTable file={file} targets={targets} mapping={mapping} onChange={(m) => { setMapping(m); setErrors({}); }} disabled={!editable || busy !== null} errors={errors} />
          {missing.length > 0 && <Alert type="warning" showIcon data-testid="import-missing" title={`Не сопоставлены обязательные поля: ${missing.join(', ')}.`} />}
          {applies?.duplicates && (!mappingChanged(mapping, file.column_mapping) || file.status === 'UPLOADED') ? (
            <DuplicatesStep file={file} options={options} onChange={setOptions} disabled={!editable || busy !== null} stale={mappingChanged(mapping, file.column_mapping)} />
          ) : null}
          <OptionsForm value={options} onChange={setOptions} disabled={!editable || busy !== null} applies={applies} />
        </>
      )}

      {(running || file.status !== 'UPLOADED') && (
        <div>
          <Typography.Text>{running ? (file.status === 'QUEUED' ? 'В очереди…' : 'Импорт выполняется…') : 'Последний запуск'}{file.started_at ? ` (начат ${formatDateTime(file.started_at)})` : ''}</Typography.Text>
          <Progress
            percent={progress}
            status={file.status === 'FAILED' ? 'exception' : running ? 'active' : file.status === 'DONE' ? 'success' : 'normal'}
            aria-label="Ход импорта"
            data-testid="import-progress"
            data-percent={progress}
          />
        </div>
      )}

      <Space wrap>
        {canAdd && !running && file.status !== 'DONE' && !noTemplate && (
          <>
            <Button onClick={() => void run('save', async () => void (await save()))} disabled={!dirty || busy !== null} loading={busy === 'save'}>
              Сохранить сопоставление
            </Button>
            <Tooltip title={missing.length ? 'Сначала сопоставьте обязательные поля.' : undefined}>
              <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => void process()} disabled={missing.length > 0 || busy !== null || !labels.data} loading={busy === 'process'}>
                Запустить импорт
              </Button>
            </Tooltip>
          </>
        )}
        {canAdd && running && (
          <Button danger icon={<StopOutlined />} onClick={() => void cancel()} loading={busy === 'cancel'}>
            Отменить импорт
          </Button>
        )}
      </Space>

      <Outcome file={file} />
    </Space>
  );
}
