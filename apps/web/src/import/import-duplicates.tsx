/**
 * The duplicate-resolution step of the import screen (issue 9 §1): before processing, the
 * groups of rows that look like one site (the same normalised address, or points within a few
 * metres; GET /api/import/files/{id}/duplicates/ under the saved matching), each with
 * «Оставить раздельно» (the default: one row = one record), «Объединить» or «Пропустить
 * повторы». The choice goes to options.groups and is saved with the matching.
 */
import { useQuery } from '@tanstack/react-query';
import { importDuplicatesRoute, type GroupResolution, type ImportFile, type ImportOptions } from '@tko/contract';
import { Alert, Radio, Table, Typography } from 'antd';
import { callRoute } from '../api/client';
import { errorMessage } from '../api/errors';

const CHOICES: { value: GroupResolution; label: string }[] = [
  { value: 'apart', label: 'Оставить раздельно' },
  { value: 'merge', label: 'Объединить' },
  { value: 'skip', label: 'Пропустить повторы' },
];

export function DuplicatesStep({ file, options, onChange, disabled, stale }: {
  file: ImportFile;
  options: ImportOptions;
  onChange: (o: ImportOptions) => void;
  disabled: boolean;
  /** The matching on screen differs from the saved one: the groups may be out of date. */
  stale: boolean;
}) {
  const dup = useQuery({
    queryKey: ['import', 'duplicates', file.id, JSON.stringify(file.column_mapping), file.template_type],
    queryFn: ({ signal }) => callRoute(importDuplicatesRoute, { params: { id: file.id } }, { signal }),
    staleTime: 60_000,
  });
  if (dup.isError) return <Alert type="error" showIcon title={`Не удалось найти похожие строки: ${errorMessage(dup.error)}`} />;
  if (!dup.data) return <Typography.Text type="secondary">Ищем похожие строки…</Typography.Text>;
  if (dup.data.count === 0) return <Typography.Text type="secondary" data-testid="import-duplicates-none">Похожих строк нет: каждая строка станет отдельной записью.</Typography.Text>;
  const resolution = (id: string, fallback: GroupResolution) => options.groups[id] ?? fallback;
  return (
    <section aria-labelledby="import-duplicates-title" data-testid="import-duplicates">
      <Typography.Title level={5} id="import-duplicates-title">Похожие строки ({dup.data.count})</Typography.Title>
      <Typography.Paragraph type="secondary">
        Эти строки похожи на одну площадку (один адрес или точки не дальше {dup.data.distance} м друг от друга). По умолчанию каждая строка станет
        отдельной записью; решите для каждой группы, объединить ли её или пропустить повторы.
        {stale ? ' Сохраните сопоставление, чтобы обновить группы.' : ''}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="id"
        pagination={dup.data.groups.length > 10 ? { pageSize: 10 } : false}
        dataSource={dup.data.groups}
        columns={[
          { title: 'Почему', dataIndex: 'reason', width: '22%' },
          {
            title: 'Строки файла',
            key: 'rows',
            render: (_: unknown, g) => (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {g.rows.map((r) => <li key={r.line}>строка {r.line}: {r.location ?? 'без адреса'}{r.coordinates ? ` (${r.coordinates})` : ''}</li>)}
              </ul>
            ),
          },
          {
            title: 'Решение',
            key: 'choice',
            width: '34%',
            render: (_: unknown, g) => (
              <div data-group={g.id}>
                <Radio.Group
                  aria-label={`Решение для группы строк ${g.rows.map((r) => r.line).join(', ')}`}
                  disabled={disabled}
                  value={resolution(g.id, g.resolution)}
                  onChange={(e) => onChange({ ...options, groups: { ...options.groups, [g.id]: e.target.value as GroupResolution } })}
                  options={CHOICES}
                  optionType="button"
                  size="small"
                />
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
