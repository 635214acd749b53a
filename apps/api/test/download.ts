/**
 * Reading what a download call answers, in the API tests: the raw body as a Buffer (a supertest
 * parser) and the entries of a zip (a DOCX too), read back by yauzl — a zip reader we did not write.
 */
import type request from 'supertest';
import yauzl from 'yauzl';

/** supertest `.parse(binary)`: the response body as one Buffer, whatever its content type. */
export const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** Entries of a zip (a DOCX too) by name, in the zip's order; rejects with yauzl's error on a broken zip. */
export function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (e2, s) => {
          if (e2 || !s) return reject(e2 ?? new Error(`no stream for ${e.fileName}`));
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            out.set(e.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The text of a DOCX's word/document.xml with its tags dropped (runs joined as Word shows them). */
export function documentText(files: Map<string, Buffer>): string {
  const xml = files.get('word/document.xml');
  if (!xml) throw new Error('word/document.xml missing from the DOCX');
  return xml.toString('utf8').replace(/<[^>]+>/g, '');
}
