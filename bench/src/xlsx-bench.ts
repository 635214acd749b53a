/**
 * xlsx measure: runs export-child.ts in its own Node process (with the tsx loader and the
 * worker's Node flags, workerNodeFlags()), reads its
 * timing and peak RSS, then checks the workbook by counting the `<row ` elements of
 * xl/worksheets/sheet1.xml, unzipped as a stream (header + one per site).
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import yauzl from 'yauzl';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface XlsxResult {
  file: string;
  bytes: number;
  /** Data rows writeXlsx reported. */
  rows: number;
  /** `<row` elements in the sheet (should be rows + 1). */
  sheetRows: number;
  /** Export time inside the child (query + write), and the child's whole life. */
  ms: number;
  /** User + system CPU time of the export inside the child. */
  cpuMs: number;
  processMs: number;
  rssBeforeKb: number;
  maxRssKb: number;
}

/** Counts `<row ` in one zip entry, streaming (chunk boundaries handled). */
export async function countSheetRows(file: string, entryName = 'xl/worksheets/sheet1.xml'): Promise<number> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))));
  return new Promise((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => reject(new Error(`${entryName} not found in ${file}`)));
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName !== entryName) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        let n = 0;
        let carry = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          const text = carry + chunk;
          for (let i = text.indexOf('<row '); i !== -1; i = text.indexOf('<row ', i + 5)) n++;
          carry = text.slice(-4);
        });
        stream.on('end', () => {
          zip.close();
          resolve(n);
        });
        stream.on('error', reject);
      });
    });
    zip.readEntry();
  });
}

/**
 * The Node flags the worker is started with: NODE_OPTIONS="…" of apps/worker/package.json's
 * `start` script (issue 7 §6: the bench's export child runs as the worker does).
 */
export async function workerNodeFlags(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(path.join(BENCH_DIR, '..', 'apps', 'worker', 'package.json'), 'utf8')) as { scripts: { start: string } };
  const m = /NODE_OPTIONS="([^"]*)"/.exec(pkg.scripts.start);
  return (m?.[1] ?? '').split(/\s+/).filter((f) => f.startsWith('--'));
}

/** `nodeFlags`: extra Node flags of the child (what-if runs only), after the worker's own. */
export async function benchXlsx(nodeFlags: string[] = []): Promise<XlsxResult & { nodeFlags: string[] }> {
  const flags = [...(await workerNodeFlags()), ...nodeFlags];
  const dir = path.join(BENCH_DIR, 'out');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'containers-100k.xlsx');
  const started = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, '--import', 'tsx', path.join(BENCH_DIR, 'src', 'export-child.ts'), file], {
    cwd: BENCH_DIR,
    maxBuffer: 1 << 20,
  });
  const processMs = performance.now() - started;
  const child = JSON.parse(stdout.trim().split('\n').pop()!) as Pick<XlsxResult, 'rows' | 'ms' | 'cpuMs' | 'rssBeforeKb' | 'maxRssKb'>;
  return { file, bytes: (await stat(file)).size, sheetRows: await countSheetRows(file), processMs, nodeFlags: flags, ...child };
}
