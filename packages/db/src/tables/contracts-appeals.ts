/**
 * Contracts (table `contract`, one row per revision; revisions of a contract share
 * `coalesce(lineage_id, id)`; waste areas in `contract_waste_area`, the kind filled by a trigger
 * from the site) and citizen appeals (table `appeal`, files in `appeal_attachment`; the dialog's
 * tables `appeal_message*` are read by the appeals module, not by the registry).
 * Migration 20261125060000_contracts_appeals.
 */
import type { ComputedSql, TableMapping } from './types';

/**
 * Deadline passed while the appeal is neither answered nor closed (issue 11 §4; 59-ФЗ ст. 12):
 * the one rule of «overdue», for the registry's `is_overdue` and the overdue notices
 * (appeals/overdue-notices.ts). `now`: an SQL expression of the moment (default now()).
 */
export const appealOverdueAt = (t: string, now = 'now()'): string =>
  `coalesce(${t}.status IN ('NEW', 'IN_PROGRESS') AND ${t}.deadline_at < ${now}, false)`;
const appealOverdueSql: ComputedSql = (t) => appealOverdueAt(t);

export const contractAppealTables: Record<string, TableMapping> = {
  contracts: {
    table: 'contract',
    children: {
      waste_areas: { table: 'contract_waste_area', parentKey: 'contract_id', columns: { waste_area: 'waste_area_id', waste_source: 'waste_source_id' } },
    },
    computed: {
      revision: (t) => `${t}.revision`,
      is_approved: (t) => `(${t}.revision_status = 'APPROVED')`,
    },
  },
  appeals: {
    table: 'appeal',
    joins: { attachments: { table: 'appeal_attachment', ownKey: 'appeal_id', targetKey: 'attachment_id' } },
    computed: { is_overdue: appealOverdueSql },
  },
};

/**
 * The waste-area cards' «contracts» field (issue 11 §3): the contracts naming the site, current
 * versions and drafts (not superseded revisions), as [{id, name: '№ … (ред. N)'}].
 */
export const wasteAreaContractsSql: ComputedSql = (t) => `SELECT coalesce(json_agg(json_build_object('id', c.id,
      'name', '№ ' || c.number || ' (ред. ' || c.revision || CASE WHEN c.revision_status = 'DRAFT' THEN ', черновик' ELSE '' END || ')')
      ORDER BY c.number, c.revision), '[]'::json)
    FROM contract c WHERE c.revision_status <> 'ARCHIVED'
     AND EXISTS (SELECT 1 FROM contract_waste_area cw WHERE cw.contract_id = c.id AND cw.waste_area_id = ${t}.id)`;
