/** Test helper: one opening of a source read through — its columns, the chunks' sizes and every row. */
import type { TableRow, TableSource } from '../src/index';

export async function collect(source: TableSource): Promise<{ columns: string[]; chunks: number[]; rows: TableRow[] }> {
  const { columns, chunks } = await source.open();
  const sizes: number[] = [];
  const rows: TableRow[] = [];
  for await (const chunk of chunks) {
    sizes.push(chunk.length);
    rows.push(...chunk);
  }
  return { columns, chunks: sizes, rows };
}
