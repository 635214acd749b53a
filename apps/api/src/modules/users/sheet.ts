/**
 * A small xlsx answer for hand-written lists (users, the system log): named columns of text,
 * yes/no or date-time cells through @tko/xlsx's writer (one sheet, Russian header row, frozen,
 * auto-filter). The rows are already in memory: these lists are small or paged by the caller.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ResourceDef } from '@tko/contract';
import { writeXlsx } from '@tko/xlsx';
import { datedName, sendFile } from '../../http/file-reply';

export interface SheetColumn<R> {
  label: string;
  kind?: 'text' | 'boolean' | 'datetime';
  value: (row: R) => string | boolean | null;
}

/** Streams `rows` as `<fileBase>_<YYYY-MM-DD>.xlsx` with sheet name `title`. */
export function sendSheet<R>(reply: FastifyReply, fileBase: string, title: string, columns: SheetColumn<R>[], rows: R[]): FastifyReply {
  const fields = Object.fromEntries(columns.map((c, i) => [`c${i}`, { kind: c.kind ?? 'text', label: c.label }]));
  const def = { name: fileBase, label: title, fields } as unknown as ResourceDef;
  const batch = rows.map((r) => Object.fromEntries(columns.map((c, i) => [`c${i}`, c.value(r)])));
  const out = new PassThrough();
  async function* one() {
    yield batch;
  }
  writeXlsx(def, one(), out).catch((err: unknown) => out.destroy(err as Error));
  return sendFile(reply, { name: datedName(fileBase, 'xlsx'), body: out });
}
