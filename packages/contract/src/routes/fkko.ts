/**
 * The ФККО tree (issue 4 §6; spec 02 §2 "sub-panel for an FKKO code"):
 *
 *   GET /api/dicts/fkko/tree/                → the blocks (roots): {node: null, ancestors: [], children}
 *   GET /api/dicts/fkko/tree/?code=7 31 110 01 72 4   (spaces optional)  or  ?id=123
 *                                            → {node, ancestors (block first), children (by code)}
 *
 * A node's ancestors are the existing rows whose code is its code with trailing digits zeroed,
 * nearest last; its children are the rows whose parent_code is its code. `has_children` lets
 * a tree widget load one level at a time. Errors: 400 on `code` (malformed code, Russian
 * reason) or `id`; 404 when no row has that code or id. Permission: fkko:view.
 */
import { z } from 'zod';
import { MSG } from '../common/messages';
import { defineRoute } from '../common/route';
import { parseFkkoCode } from '../validation/fkko-code';

export const FKKO_TREE_PATH = '/api/dicts/fkko/tree/';

export const FkkoNodeSchema = z.object({
  id: z.number().int(),
  /** 11 digits. */
  code: z.string(),
  name: z.string(),
  /** Code grouped as the catalogue prints it, then the name. */
  title: z.string(),
  /** 1–5; 0 for a grouping row. */
  hazard_class: z.number().int(),
  /** BLOCK | TYPE | SUBTYPE | GROUP | SUBGROUP | ITEM (enum FkkoLevel). */
  level: z.string(),
  parent_code: z.string().nullable(),
  has_children: z.boolean(),
});
export type FkkoNode = z.infer<typeof FkkoNodeSchema>;

export const FkkoTreeQuerySchema = z.strictObject({
  code: z
    .string()
    .transform((s, ctx) => {
      const r = parseFkkoCode(s);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.reason });
        return z.NEVER;
      }
      return r.value.code;
    })
    .optional(),
  id: z.preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v), z.number({ error: MSG.integer }).int(MSG.integer).positive(MSG.integer)).optional(),
});
export type FkkoTreeQuery = z.infer<typeof FkkoTreeQuerySchema>;

export const FkkoTreeSchema = z.object({
  node: FkkoNodeSchema.nullable(),
  ancestors: z.array(FkkoNodeSchema),
  children: z.array(FkkoNodeSchema),
});
export type FkkoTree = z.infer<typeof FkkoTreeSchema>;

export const fkkoTreeRoute = defineRoute({
  method: 'GET', path: FKKO_TREE_PATH, permission: 'fkko:view', tags: ['fkko'], summary: 'ФККО: узел дерева, его предки и дети',
  query: FkkoTreeQuerySchema, response: { 200: FkkoTreeSchema },
});
