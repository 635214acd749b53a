/**
 * The «Формы отчётов» tab of a report set's card (/report-groups/update/{id}/; spec 03 §2 «Report
 * sets: tabs for general info and report forms», §3 report set: reports with report_kind, number,
 * name, may_be_doubled, in_set). Above the editable table of the set's forms it lists, per form,
 * whether it is in the set and may repeat, and the set's reports of that kind (GET
 * /api/bnreports/reports/?report_set={id}, each linking to its form page); «Добавить отчёт» opens
 * a new report of the kind in this set (/reports-ddf/report/{kind}/update/new/?set={id}) — for a
 * form in the set, once unless it may repeat; «Добавить в набор» attaches a report of the user's
 * that is in no set yet (PUT /api/bnreports/reports/{id}/ with report_set; a report past DRAFT /
 * BEING_FINALIZED is refused by the server with 409, shown as is). The forms come from the card's
 * form values, so unsaved ticks count.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ReportKind, ReportStatus, reportResource } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import { Alert, Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../api/errors';
import { listResource, updateResource } from '../api/resource-client';
import type { Entity } from '../api/resource-client';
import { useCan } from '../app/permissions/use-permissions';
import { toast } from '../app/toasts';
import type { FormValues } from '../crud/form-values';
import { reportFormPath } from './report-paths';

const def = reportResource as unknown as ResourceDef;

interface SetForm {
  report_kind: string;
  number: string;
  name: string;
  may_be_doubled: boolean;
  in_set: boolean;
}

/** The set's form rows as the card holds them (rows marked for deletion left out). */
function formsOf(value: unknown): SetForm[] {
  if (!Array.isArray(value)) return [];
  return (value as Record<string, unknown>[])
    .filter((r) => r && r.fetch_action !== 'delete' && typeof r.report_kind === 'string' && r.report_kind)
    .map((r) => ({
      report_kind: String(r.report_kind),
      number: r.number == null ? '' : String(r.number),
      name: r.name ? String(r.name) : ReportKind.label(String(r.report_kind)),
      may_be_doubled: r.may_be_doubled === true,
      in_set: r.in_set !== false,
    }));
}

const refId = (v: unknown): number | null => (v && typeof v === 'object' && 'id' in v ? Number((v as { id: unknown }).id) : typeof v === 'number' ? v : null);

export function ReportSetReportsPanel({ control }: { control: Control<FormValues, unknown, FormValues> }) {
  const { objectId = 'new' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const canAdd = useCan('reports:add');
  const canChange = useCan('reports:change');
  const forms = formsOf(useWatch({ control, name: 'reports' }));
  const isNew = objectId === 'new';
  const inSet = useQuery({
    queryKey: ['report-set-reports', objectId],
    enabled: !isNew,
    queryFn: ({ signal }) => listResource(def, { report_set: objectId, page_size: '500', ordering: 'id' }, { signal }),
  });
  const free = useQuery({
    queryKey: ['report-set-free-reports', objectId],
    enabled: !isNew && canChange,
    queryFn: ({ signal }) => listResource(def, { status: 'DRAFT,BEING_FINALIZED', page_size: '500', ordering: '-id' }, { signal }),
  });
  const [attach, setAttach] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  if (isNew) return <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Отчёты добавляются в набор после его сохранения." />;

  const reports = inSet.data?.results ?? [];
  const ofKind = (kind: string) => reports.filter((r) => r.report_kind === kind);
  const kindsInSet = new Set(forms.filter((f) => f.in_set).map((f) => f.report_kind));
  const mayAdd = (f: SetForm) => f.in_set && (f.may_be_doubled || ofKind(f.report_kind).length === 0);
  const freeOptions = (free.data?.results ?? [])
    .filter((r) => refId(r.report_set) === null && kindsInSet.has(String(r.report_kind)) && mayAdd(forms.find((f) => f.report_kind === r.report_kind)!))
    .map((r) => ({ value: r.id, label: `${String(r.name)} (${ReportKind.label(String(r.report_kind))}, № ${String(r.number ?? r.id)})` }));

  const attachReport = async () => {
    const row = (free.data?.results ?? []).find((r) => r.id === attach);
    if (!row) return;
    setBusy(true);
    try {
      await updateResource(def, row.id, { name: row.name, organization: refId(row.organization), report_set: Number(objectId) });
      toast.success('Отчёт добавлен в набор');
      setAttach(null);
      await qc.invalidateQueries({ queryKey: ['report-set-reports', objectId] });
      await qc.invalidateQueries({ queryKey: ['report-set-free-reports', objectId] });
    } catch (e) {
      toast.error('Отчёт не добавлен в набор', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title="Отчёты набора" style={{ marginBottom: 12 }} data-testid="report-set-reports">
      {inSet.isError ? <Alert type="error" showIcon style={{ marginBottom: 8 }} title={`Отчёты набора не загружены: ${errorMessage(inSet.error)}`} /> : null}
      <Table<SetForm>
        rowKey={(f) => `${f.report_kind}-${f.number}`}
        size="small"
        pagination={false}
        loading={inSet.isPending}
        dataSource={forms}
        locale={{ emptyText: 'В наборе нет форм: добавьте их в таблицу ниже.' }}
        columns={[
          { title: '№', dataIndex: 'number', width: 60 },
          { title: 'Форма отчёта', dataIndex: 'name' },
          { title: 'Входит в набор', width: 130, render: (_, f) => (f.in_set ? 'Да' : 'Нет') },
          { title: 'Может повторяться', width: 150, render: (_, f) => (f.may_be_doubled ? 'Да' : 'Нет') },
          {
            title: 'Отчёты',
            render: (_, f) => {
              const list = ofKind(f.report_kind);
              if (!list.length) return <Typography.Text type="secondary">нет</Typography.Text>;
              return (
                <Space orientation="vertical" size={2}>
                  {list.map((r: Entity) => (
                    <span key={r.id}>
                      <Link to={reportFormPath(String(r.report_kind), r.id)}>{String(r.name)}</Link>{' '}
                      <Tag>{ReportStatus.label(String(r.status))}</Tag>
                    </span>
                  ))}
                </Space>
              );
            },
          },
          {
            title: 'Действие',
            width: 160,
            render: (_, f) =>
              canAdd && mayAdd(f) ? (
                <Button size="small" aria-label={`Добавить отчёт: ${f.name}`} onClick={() => void navigate(`${reportFormPath(f.report_kind, 'new')}?set=${encodeURIComponent(objectId)}`)}>
                  Добавить отчёт
                </Button>
              ) : null,
          },
        ]}
      />
      {canChange && (
        <Space style={{ marginTop: 12 }} wrap>
          <label htmlFor="report-set-attach">Отчёт без набора:</label>
          <Select<number>
            id="report-set-attach"
            style={{ minWidth: 320 }}
            placeholder={freeOptions.length ? 'Выберите отчёт' : 'Нет отчётов без набора'}
            options={freeOptions}
            value={attach ?? undefined}
            onChange={(v) => setAttach(v)}
            loading={free.isPending}
            allowClear
            onClear={() => setAttach(null)}
          />
          <Button disabled={attach === null} loading={busy} onClick={() => void attachReport()}>
            Добавить в набор
          </Button>
        </Space>
      )}
    </Card>
  );
}
