/**
 * /reports-ddf/report/{reportType}/update/{objectId}/ — a report's edit page built from its kind's
 * field tree (issue 13 §6; GET /api/bnreports/all-report-infos/{reportType}/): the head (name,
 * number, year, ОКТМО), every field of the form (report-field.tsx), the reviewers' comments over
 * the fields (current revision), the workflow buttons the status and the user's rights allow
 * (crud WorkflowActions: submit, accept, return, approve, reject, sign), the statistics block.
 * `new` starts from the registries (GET /api/bnreports/prefill/{reportType}/) when the user has
 * an organisation; `?set={id}` puts the new report in that report set. Editable only in DRAFT / BEING_FINALIZED with `reports:change`; server errors
 * come back by path (`data.a.0.b`) and are shown on their fields.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reportCommentRoute, reportInfoRoute, reportPrefillRoute, reportResource, ReportStatus } from '@tko/contract';
import type { ReportComment, ResourceDef } from '@tko/contract';
import { Alert, Button, Card, Col, Input, Row, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { callRoute } from '../api/client';
import { ApiError, errorMessage } from '../api/errors';
import { createResource, getResource, updateResource } from '../api/resource-client';
import type { Entity } from '../api/resource-client';
import { PageTitle } from '../app/page-title';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, LoadingState } from '../app/states';
import { toast } from '../app/toasts';
import { WorkflowActions } from '../crud/workflow-actions';
import { Form2tpButton } from './form-2tp-button';
import { ReportField } from './report-field';
import type { FieldContext } from './report-field';
import { ReportStatsBlock } from './report-stats';

const def = reportResource as unknown as ResourceDef;
const EDITABLE = new Set(['DRAFT', 'BEING_FINALIZED']);
const REVIEW = new Set(['SUBMITTED_FOR_REVIEW', 'ACCEPTED_FOR_REVIEW']);
type Head = { name: string; number: string; year: string; oktmo: string };
/** The form field of the reporting year, shown once as the head's «Отчётный год». */
const YEAR = 'year';

/** Server errors of `data.*` by their data path; the head's by field name. */
function splitErrors(body: unknown): { data: Record<string, string[]>; head: Record<string, string[]>; other: string[] } {
  const out = { data: {} as Record<string, string[]>, head: {} as Record<string, string[]>, other: [] as string[] };
  if (!body || typeof body !== 'object') return out;
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    const msgs = Array.isArray(v) ? v.map(String) : [String(v)];
    if (k.startsWith('data.')) out.data[k.slice(5)] = msgs;
    else if (['name', 'number', 'year', 'oktmo'].includes(k)) out.head[k] = msgs;
    else out.other.push(...msgs);
  }
  return out;
}

export function ReportEditPage() {
  const { reportType = 'WASTE_SOURCES', objectId = 'new' } = useParams();
  const navigate = useNavigate();
  // `?set={id}`: a new report opened from a report set's «Формы отчётов» tab joins that set.
  const [search] = useSearchParams();
  const setId = /^[1-9]\d{0,9}$/.test(search.get('set') ?? '') ? Number(search.get('set')) : null;
  const qc = useQueryClient();
  const canChange = useCan('reports:change');
  const canAdd = useCan('reports:add');
  const canReview = useCan('report-review:change');
  const isNew = objectId === 'new';
  const info = useQuery({ queryKey: ['report-info', reportType], queryFn: ({ signal }) => callRoute(reportInfoRoute, { params: { reportType } }, { signal }) });
  const report = useQuery({ queryKey: ['report', objectId], enabled: !isNew, queryFn: ({ signal }) => getResource(def, objectId, signal) });
  const prefill = useQuery({ queryKey: ['report-prefill', reportType], enabled: isNew && canAdd, retry: false, queryFn: ({ signal }) => callRoute(reportPrefillRoute, { params: { reportType } }, { signal }) });
  const [data, setData] = useState<Record<string, unknown>>({});
  const [head, setHead] = useState<Head>({ name: '', number: '', year: '', oktmo: '' });
  const [errors, setErrors] = useState<ReturnType<typeof splitErrors>>({ data: {}, head: {}, other: [] });
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    const r = report.data;
    if (!r) return;
    setData((r.data as Record<string, unknown> | null) ?? {});
    const dataYear = (r.data as Record<string, unknown> | null)?.year;
    const year = r.year ?? dataYear;
    setHead({ name: String(r.name ?? ''), number: String(r.number ?? ''), year: year === null || year === undefined ? '' : String(year), oktmo: String(r.oktmo ?? '') });
    setDirty(false);
  }, [report.data]);
  useEffect(() => {
    if (isNew && prefill.data) {
      setData(prefill.data.data);
      setHead((h) => ({ ...h, year: String(prefill.data.data.year ?? ''), name: h.name || (info.data?.name ?? '') }));
    }
  }, [isNew, prefill.data, info.data]);

  const row = report.data as Entity | undefined;
  const status = isNew ? 'DRAFT' : String(row?.status ?? '');
  const editable = (isNew ? canAdd : canChange) && EDITABLE.has(status);
  const comments = useMemo(() => {
    const out: Record<string, ReportComment[]> = {};
    const all = ((row?.comments as ReportComment[] | undefined) ?? []).filter((c) => c.revision === row?.revision);
    for (const c of all) (out[c.field_name] ??= []).push(c);
    return out;
  }, [row]);

  if (info.isPending || (!isNew && report.isPending)) return <LoadingState />;
  if (info.isError) return <ErrorState error={info.error} />;
  if (report.isError) return <ErrorState error={report.error} onRetry={() => void report.refetch()} />;

  const ctx: FieldContext = {
    disabled: !editable,
    errors: errors.data,
    comments,
    onComment: canReview && REVIEW.has(status) && row ? async (path, text) => {
      try {
        await callRoute(reportCommentRoute, { params: { id: String(row.id) }, body: { field_name: path, text } });
        toast.success('Комментарий отправлен');
        await report.refetch();
      } catch (e) {
        toast.error('Комментарий не отправлен', errorMessage(e));
      }
    } : undefined,
  };

  const save = async () => {
    setSaving(true);
    setErrors({ data: {}, head: {}, other: [] });
    // «Отчётный год» is asked once, in the head: the form's own `year` takes the same value.
    const hasYear = info.data.fields.some((f) => f.name === YEAR);
    const body: Record<string, unknown> = {
      name: head.name, number: head.number || null, year: head.year ? Number(head.year) : null, oktmo: head.oktmo || null,
      data: hasYear ? { ...data, [YEAR]: head.year } : data, report_kind: reportType,
    };
    try {
      if (isNew) {
        if (prefill.data?.organization) body.organization = prefill.data.organization;
        if (setId !== null) body.report_set = setId;
        const created = await createResource(def, body);
        toast.success('Отчёт создан');
        navigate(`/reports-ddf/report/${reportType}/update/${created.id}/`, { replace: true });
      } else {
        delete body.report_kind;
        await updateResource(def, objectId, { ...body, organization: (row?.organization as { id: number } | null)?.id ?? null });
        toast.success('Изменения сохранены');
        setDirty(false);
        await qc.invalidateQueries({ queryKey: ['report', objectId] });
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setErrors(splitErrors(e.body));
      else toast.error('Отчёт не сохранён', errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const headInput = (key: keyof Head, label: string) => (
    <Col xs={24} md={6} key={key}>
      <label htmlFor={`report-head-${key}`} style={{ display: 'block', marginBottom: 4 }}>{label}</label>
      <Input id={`report-head-${key}`} value={head[key]} disabled={!editable} onChange={(e) => { setHead({ ...head, [key]: e.target.value }); setDirty(true); }} />
      {[...(errors.head[key] ?? []), ...(key === YEAR ? (errors.data[YEAR] ?? []) : [])].map((m) => <Typography.Text key={m} type="danger" role="alert">{m}</Typography.Text>)}
    </Col>
  );

  return (
    <div style={{ padding: 24 }}>
      <PageTitle>{info.data.name}{isNew ? ': новый отчёт' : ` № ${String(row?.number ?? row?.id ?? '')}`}</PageTitle>
      <Space style={{ marginBottom: 16 }} wrap>
        <Tag color={status === 'SIGNED' ? 'green' : status === 'REJECTED' ? 'red' : 'blue'} data-testid="report-status">{ReportStatus.label(status)}</Tag>
        {row?.revision ? <Typography.Text type="secondary">Редакция {String(row.revision)}</Typography.Text> : null}
        {row?.signature_sha256 ? <Typography.Text type="secondary">Подписал: {String(row.signed_by)}; SHA-256 {String(row.signature_sha256).slice(0, 16)}…</Typography.Text> : null}
        {row ? <WorkflowActions def={def} row={row} blockedText={dirty ? 'Сохраните изменения перед сменой статуса.' : undefined} onDone={() => void report.refetch()} /> : null}
        {row && reportType === 'BALANCE' && typeof row.id === 'number' ? <Form2tpButton id={row.id} dirty={dirty} /> : null}
      </Space>
      <ReportStatsBlock />
      {/* The prefill explained only when it failed; a user bound to no organisation reads a plain note. */}
      {isNew && prefill.isError ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="Данные организации не подставлены" description={errorMessage(prefill.error)} /> : null}
      {isNew && prefill.data && prefill.data.organization === null ? (
        <Typography.Paragraph type="secondary" data-testid="report-no-organization">Вы не привязаны к организации: сведения из реестров не подставлены, заполните форму вручную.</Typography.Paragraph>
      ) : null}
      {errors.other.length ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errors.other.join(' ')} /> : null}
      <Card size="small" title="Общие сведения" style={{ marginBottom: 16 }}>
        <Row gutter={16}>{headInput('name', 'Наименование')}{headInput('number', 'Номер')}{headInput('year', 'Отчётный год')}{headInput('oktmo', 'ОКТМО')}</Row>
      </Card>
      <Card size="small" title="Форма отчёта">
        {info.data.fields.filter((f) => f.name !== YEAR).map((f) => (
          <ReportField key={f.name} field={f} path={f.name} value={data[f.name]} ctx={ctx} onChange={(v) => { setData({ ...data, [f.name]: v }); setDirty(true); }} />
        ))}
      </Card>
      {editable ? <Button type="primary" style={{ marginTop: 16 }} loading={saving} onClick={() => void save()}>Сохранить</Button> : null}
    </div>
  );
}
