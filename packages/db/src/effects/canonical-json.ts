/**
 * The canonical JSON of a signed report and its SHA-256 (issue 13 §2 "Signing"): object keys
 * sorted by UTF-16 code units at every depth, no whitespace, JSON.stringify's escaping and number
 * form — for the values a report holds (texts, integers, booleans, null; decimals are held as
 * text) this is RFC 8785 (JCS). The digest is lowercase hex, 64 characters.
 */
import { createHash } from 'node:crypto';

/** The canonical text of `value` (undefined members are left out, as JSON.stringify does). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the canonical JSON of `value`. */
export function canonicalSha256(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
}

/** What a signature covers: the report's identity, kind, period, organisation and data. */
export function signedContent(row: Record<string, unknown>): Record<string, unknown> {
  const org = row.organization as { id?: unknown } | null | undefined;
  return {
    id: row.id, name: row.name, number: row.number ?? null, report_kind: row.report_kind, year: row.year ?? null,
    organization: org?.id ?? null, oktmo: row.oktmo ?? null, revision: row.revision, data: row.data ?? null,
  };
}
