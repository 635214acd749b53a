/**
 * Who may read, upload and keep attachments (issue 8 §6; docs/ARCHITECTURE.md "Security").
 *
 * - Read: a file held by registry rows (the join tables of the `files` fields, packages/db
 *   tables/*) is readable by a user holding `{registry}:view` for whom one of those rows is in
 *   their row scope. Files are not part of public cards (the `files` fields are private), so
 *   there is no anonymous read. A file held by no row (just uploaded, or taken off its card) is
 *   readable by its uploader only. Everyone else gets 404, as for a row outside one's scope.
 * - Upload: `add` or `change` on at least one registry with a `files` field.
 * - Quota per user: bytes uploaded in the last 24 h (429 past it) and bytes of their files held
 *   by no row (413 past it); config ATTACHMENT_QUOTA_DAY_BYTES / _UNATTACHED_BYTES.
 */
import type { Pool } from 'pg';
import type { ResourceDef } from '@tko/contract';
import type { RegistryRepository, StoredFieldDef } from '@tko/db';
import type { AuthUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/http-errors';
import { formatBytes } from './receive-upload';

/** One `files` field of a registry and its join table. */
interface FilesHolder {
  registry: string;
  repo: RegistryRepository;
  join: NonNullable<StoredFieldDef['join']>;
  /** SQL: ids of this registry's rows holding attachment $1. */
  rowsSql: string;
}

export interface AttachmentQuota {
  /** Bytes a user may upload in any 24 h. */
  dayBytes: number;
  /** Bytes of a user's files held by no registry row. */
  unattachedBytes: number;
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

export class AttachmentAccess {
  private readonly holders: FilesHolder[];
  /** Registries with a `files` field: an upload needs add or change on one of them. */
  readonly uploadRegistries: string[];
  /** SQL: is attachment `a` held by any registry row. */
  private readonly heldSql: string;

  constructor(
    private readonly pool: Pool,
    registries: readonly { def: ResourceDef; repo: RegistryRepository }[],
    readonly quota: AttachmentQuota,
  ) {
    this.holders = registries.flatMap(({ def, repo }) =>
      Object.values(repo.stored.fields as Record<string, StoredFieldDef>)
        .filter((fd) => fd.kind === 'files' && fd.join)
        .map((fd) => {
          const { table, scope } = repo.stored;
          const j = fd.join!;
          const where = scope ? ` AND t.${ident(scope.column)} = ${literal(scope.value)}` : '';
          return {
            registry: def.name,
            repo,
            join: j,
            rowsSql: `SELECT t.id FROM ${ident(j.table)} j JOIN ${ident(table)} t ON t.id = j.${ident(j.ownKey)} WHERE j.${ident(j.targetKey)} = $1${where}`,
          };
        }),
    );
    this.uploadRegistries = [...new Set(this.holders.map((h) => h.registry))];
    const joins = [...new Map(this.holders.map((h) => [h.join.table, h.join] as const)).values()];
    this.heldSql = joins.length
      ? joins.map((j) => `EXISTS (SELECT 1 FROM ${ident(j.table)} j WHERE j.${ident(j.targetKey)} = a.id)`).join(' OR ')
      : 'false';
  }

  /** True when `user` may read attachment `id` uploaded by `uploader` (see the module note). */
  async canRead(user: AuthUser, id: number, uploader: number | null): Promise<boolean> {
    let held = false;
    for (const h of this.holders) {
      const { rows } = await this.pool.query<{ id: number }>(`${h.rowsSql} LIMIT 100`, [id]);
      if (rows.length === 0) continue;
      held = true;
      if (!user.permissions[h.registry]?.view) continue;
      for (const r of rows) {
        if (await h.repo.get(r.id, { scope: user.scope })) return true;
      }
    }
    return !held && uploader === user.id;
  }

  /** True when `user` may upload: add or change on a registry with a `files` field. */
  canUpload(user: AuthUser): boolean {
    return this.uploadRegistries.some((r) => user.permissions[r]?.add || user.permissions[r]?.change);
  }

  /**
   * Throws 429 (bytes of the last 24 h) or 413 (bytes held by no row) when `userId` is over a
   * quota: `before` an upload, at or over it; `after` (the new file counted), over it.
   */
  async checkQuota(userId: number, when: 'before' | 'after'): Promise<void> {
    const { rows } = await this.pool.query<{ day: string; unattached: string }>(
      `SELECT coalesce(sum(a.size) FILTER (WHERE a.created_at > now() - interval '24 hours'), 0) AS day,
              coalesce(sum(a.size) FILTER (WHERE NOT (${this.heldSql})), 0) AS unattached
         FROM attachment a WHERE a.created_by = $1`,
      [userId],
    );
    const over = (used: number, limit: number) => (when === 'before' ? used >= limit : used > limit);
    if (over(Number(rows[0]!.day), this.quota.dayBytes)) {
      throw new HttpError(429, `Превышена суточная квота загрузки файлов: не более ${formatBytes(this.quota.dayBytes)} за 24 часа.`, 'upload_quota_day');
    }
    if (over(Number(rows[0]!.unattached), this.quota.unattachedBytes)) {
      throw new HttpError(413, `Слишком много файлов, не прикреплённых к карточкам: не более ${formatBytes(this.quota.unattachedBytes)}. Прикрепите или удалите загруженные файлы.`, 'upload_quota_unattached');
    }
  }
}
