/**
 * SQL of the ФККО tree (modules/fkko/fkko.routes.ts; contract routes/fkko.ts): one node by
 * code or id, its ancestors (the existing rows among fkko_ancestor_codes(code), block first) and
 * its children (rows whose parent_code is its code, by code). Each node carries has_children.
 */
import type { FkkoNode } from '@tko/contract';
import type { Pool } from 'pg';

const NODE = `n.id, n.code, n.name, n.title, n.hazard_class, n.level, n.parent_code,
  EXISTS (SELECT 1 FROM fkko c WHERE c.parent_code = n.code) AS has_children`;

export class FkkoRepository {
  constructor(private readonly pool: Pool) {}

  /** The row with this 11-digit code, or null. */
  async byCode(code: string): Promise<FkkoNode | null> {
    const { rows } = await this.pool.query<FkkoNode>(`SELECT ${NODE} FROM fkko n WHERE n.code = $1`, [code]);
    return rows[0] ?? null;
  }

  /** The row with this id, or null. */
  async byId(id: number): Promise<FkkoNode | null> {
    const { rows } = await this.pool.query<FkkoNode>(`SELECT ${NODE} FROM fkko n WHERE n.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Ancestors of `code`, the block first, the parent last. */
  async ancestors(code: string): Promise<FkkoNode[]> {
    const { rows } = await this.pool.query<FkkoNode>(`SELECT ${NODE} FROM fkko n WHERE n.code = ANY (fkko_ancestor_codes($1)) ORDER BY n.code`, [code]);
    return rows;
  }

  /** Children of `code` by code; the blocks when `code` is null. */
  async children(code: string | null): Promise<FkkoNode[]> {
    const { rows } = code === null
      ? await this.pool.query<FkkoNode>(`SELECT ${NODE} FROM fkko n WHERE n.parent_code IS NULL ORDER BY n.code`)
      : await this.pool.query<FkkoNode>(`SELECT ${NODE} FROM fkko n WHERE n.parent_code = $1 ORDER BY n.code`, [code]);
    return rows;
  }
}
