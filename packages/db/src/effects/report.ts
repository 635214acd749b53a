/**
 * The report workflow's effects (contract REPORT_WORKFLOW, REPORT_SET_WORKFLOW; issue 13 §2), in
 * the action's transaction, before its history row (so each change is in it):
 * - submit from BEING_FINALIZED starts a new revision (comments stay with the revision they were
 *   made on; the form shows the current revision's);
 * - sign stores the signer (the writer's name), the time and the SHA-256 of the report's canonical
 *   JSON (canonical-json.ts); the frozen state refuses later changes with 409;
 * - a set's submit submits every draft / returned report of the set, a set's sign signs every
 *   approved one and marks the set signed — refused with 409 while a report of the set is neither
 *   approved nor signed, the set has none, or a form the set requires (report_set_item.in_set) has
 *   no report in it. Each report's step is its own action through the
 *   same unit (history, announcement, notices).
 * After the commit every step (and a report's create) sends the templates' notices (report-notices.ts).
 */
import type { PoolClient } from 'pg';
import { writerNameSql } from '../domain/writer';
import { ReportStatus, checkReportRules, containerWasteAreaReportResource, linkedIds, reportKindInfo, form3ReportResource, reportResource, reportSetResource, wasteSourceReportResource } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import { ConflictError, FieldValidationError } from '../registry/errors';
import type { WriteEvent } from '../registry/write-pipeline';
import { canonicalSha256, signedContent } from './canonical-json';
import { sendReportNotices } from './report-notices';
import type { EffectServices, RegistryEffect } from './types';

/** Every registry over the `report` table. */
export const REPORT_REGISTRIES: ResourceDef[] = [reportResource, containerWasteAreaReportResource, wasteSourceReportResource, form3ReportResource] as unknown as ResourceDef[];

/** Workflow step → notification event (contract ReportEvent). */
export const STEP_EVENTS: Record<string, string> = {
  submit: 'SUBMITTED', accept: 'ACCEPTED', return: 'RETURNED', approve: 'APPROVED', reject: 'REJECTED', sign: 'SIGNED',
};
const SET_STEP_EVENTS: Record<string, string> = { submit: 'SET_SUBMITTED', sign: 'SET_SIGNED' };

/**
 * Submit refuses a report whose `data` breaks a rule of its kind (contract report-forms/checks.ts):
 * 400 with the messages by path; the ФККО codes of the linked dictionary rows are read here.
 */
async function refuseBrokenRules(db: PoolClient, id: number): Promise<void> {
  const { rows: [r] } = await db.query<{ report_kind: string; data: unknown }>(`SELECT report_kind, data FROM report WHERE id = $1`, [id]);
  const info = reportKindInfo(r?.report_kind);
  if (!r || !info) return;
  const ids = linkedIds(info.fields, r.data, 'fkko');
  const codes = new Map<number, string>();
  if (ids.length) {
    const { rows } = await db.query<{ id: number; code: string }>(`SELECT id, code FROM fkko WHERE id = ANY($1::int[])`, [ids]);
    for (const c of rows) codes.set(c.id, c.code);
  }
  const broken = checkReportRules(r.report_kind, r.data, { fkkoCode: (fid) => codes.get(fid) });
  if (Object.keys(broken).length) throw new FieldValidationError(broken);
}

function reportEffectsOf(def: ResourceDef): RegistryEffect[] {
  return [
    {
      kind: 'action', resource: def.name, action: 'submit', hook: async ({ db, id, before }) => {
        await refuseBrokenRules(db, id);
        if (before.status === 'BEING_FINALIZED') await db.query(`UPDATE report SET revision = revision + 1 WHERE id = $1`, [id]);
      },
    },
    {
      kind: 'action', resource: def.name, action: 'sign', hook: async ({ db, id, ctx }) => {
        const { rows: [r] } = await db.query<{ row: Record<string, unknown> }>(
          `SELECT json_build_object('id', id, 'name', name, 'number', number, 'report_kind', report_kind, 'year', year,
                  'organization', json_build_object('id', organization_id), 'oktmo', oktmo, 'revision', revision, 'data', data) AS row
             FROM report WHERE id = $1`, [id]);
        const sha = canonicalSha256(signedContent(r!.row));
        await db.query(`UPDATE report SET signed_by = $2, signed_at = now(), signature_sha256 = $3 WHERE id = $1`, [id, ctx.userName || `user ${ctx.userId ?? ''}`, sha]);
      },
    },
  ];
}

const report = reportResource as unknown as ResourceDef;

const setEffects: RegistryEffect[] = [
  {
    kind: 'action', resource: reportSetResource.name, action: 'submit', hook: async ({ db, unit, id, ctx }) => {
      const { rows } = await db.query<{ id: number }>(`SELECT id FROM report WHERE report_set_id = $1 AND status IN ('DRAFT', 'BEING_FINALIZED') ORDER BY id`, [id]);
      for (const r of rows) await unit.act(report, 'submit', r.id, {}, { ...ctx, step: undefined, scope: null });
    },
  },
  {
    kind: 'action', resource: reportSetResource.name, action: 'sign', hook: async ({ db, unit, id, ctx }) => {
      const { rows } = await db.query<{ id: number; name: string; status: string }>(`SELECT id, name, status FROM report WHERE report_set_id = $1 ORDER BY id FOR UPDATE`, [id]);
      if (!rows.length) throw new ConflictError('Набор нельзя подписать: в нём нет отчётов.');
      const open = rows.find((r) => r.status !== 'APPROVED' && r.status !== 'SIGNED');
      if (open) throw new ConflictError(`Набор нельзя подписать: отчёт «${open.name}» в состоянии «${ReportStatus.label(open.status)}», а подписать можно только одобренные.`);
      // Every form the set requires (in_set) must be filed: a set with 1 of its 4 forms is incomplete.
      const { rows: missing } = await db.query<{ label: string }>(
        `SELECT coalesce(nullif(i.number, '') || ' ', '') || coalesce(nullif(i.name, ''), i.report_kind) AS label FROM report_set_item i
          WHERE i.report_set_id = $1 AND i.in_set AND NOT EXISTS (SELECT 1 FROM report r WHERE r.report_set_id = $1 AND r.report_kind = i.report_kind)
          ORDER BY i.id`, [id]);
      if (missing.length) throw new ConflictError(`Набор нельзя подписать: не заполнены формы, входящие в набор: ${missing.map((m) => `«${m.label}»`).join(', ')}.`);
      for (const r of rows) if (r.status === 'APPROVED') await unit.act(report, 'sign', r.id, {}, { ...ctx, step: undefined, scope: null });
      await db.query(`UPDATE report_set SET is_signed = true WHERE id = $1`, [id]);
    },
  },
];

const reportNames = new Set(REPORT_REGISTRIES.map((r) => r.name));

/** Notices of the committed steps (never throws: the unit has committed). */
async function notices(events: readonly WriteEvent[], s: EffectServices): Promise<void> {
  for (const e of events) {
    let event: string | undefined;
    let table: 'report' | 'report_set' = 'report';
    if (reportNames.has(e.resource)) event = e.step ? STEP_EVENTS[e.step] : e.action === 'create' ? 'CREATED' : undefined;
    else if (e.resource === reportSetResource.name && e.step) { event = SET_STEP_EVENTS[e.step]; table = 'report_set'; }
    if (!event) continue;
    try {
      const { rows } = await s.pool.query<{ name: string }>(`SELECT ${writerNameSql('u')} AS name FROM app_user u WHERE u.id = $1`, [e.userId]);
      await sendReportNotices(s, event, { table, id: e.id }, { id: e.userId, name: rows[0]?.name ?? '' });
    } catch (err) {
      s.log.error({ err, event, id: e.id }, 'уведомления об отчёте не отправлены');
    }
  }
}

export const reportEffects: RegistryEffect[] = [
  ...REPORT_REGISTRIES.flatMap(reportEffectsOf),
  ...setEffects,
  { kind: 'afterCommit', hook: notices },
];
