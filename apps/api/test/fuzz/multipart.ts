/**
 * Multipart bodies for the upload operations of the sweep (api-fuzz.test.ts): well-formed ones
 * with odd file names, content and fields, and broken ones — no boundary, cut short, a bad part
 * header, a boundary that never appears, JSON sent to an upload.
 */
import fc from 'fast-check';
import { HOSTILE_STRINGS } from './arbitraries';

export interface RawBody {
  contentType: string;
  payload: string | Buffer;
}

const B = 'fuzzBoundary7MA4YWxk';

function part(name: string, value: string | Buffer, filename?: string, type = 'text/csv'): Buffer {
  const head = `--${B}\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}\r\n${filename !== undefined ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.isBuffer(value) ? value : Buffer.from(value), Buffer.from('\r\n')]);
}

const wellFormed = fc
  .tuple(
    fc.constantFrom('a.csv', 'a.xlsx', 'photo.png', 'doc.pdf', ...HOSTILE_STRINGS.filter((s) => !s.includes('"') && !/[\r\n]/.test(s))),
    fc.oneof(fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)), fc.constantFrom(Buffer.from('a;b\r\n1;2\r\n'), Buffer.from('\u0000\u0000'), Buffer.from('%PDF-1.4\n'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))),
    fc.constantFrom('text/csv', 'application/octet-stream', 'image/png', ''),
    fc.option(fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 100), 'container'), { freq: 2 }),
    fc.constantFrom('file', 'upload', '__proto__', 'constructor'),
  )
  .map(([filename, content, type, field, name]) => ({
    contentType: `multipart/form-data; boundary=${B}`,
    payload: Buffer.concat([...(field !== null ? [part('template_type', field)] : []), part(name, content, filename, type), Buffer.from(`--${B}--\r\n`)]),
  }));

const broken: RawBody[] = [
  { contentType: 'multipart/form-data', payload: `--${B}\r\nabc` },
  { contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc` },
  { contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}\r\nbad header line\r\n\r\nabc\r\n--${B}--\r\n` },
  { contentType: `multipart/form-data; boundary=${B}`, payload: 'no boundary here at all' },
  { contentType: `multipart/form-data; boundary=${B}`, payload: '' },
  { contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}--\r\n` },
  { contentType: 'multipart/form-data; boundary=', payload: '--\r\n' },
  { contentType: `multipart/form-data; boundary="${'x'.repeat(300)}"`, payload: `--${'x'.repeat(300)}--\r\n` },
  { contentType: 'application/json', payload: '{"file":"x"}' },
  { contentType: 'text/plain', payload: 'hello' },
];

/**
 * A multipart (or deliberately not multipart) body for an upload; `files` (e.g. XLSX workbooks
 * past the reader's bounds, made once by the caller) are sent as well-formed uploads too.
 */
export function multipartBody(files: { name: string; content: Buffer }[] = []): fc.Arbitrary<RawBody> {
  const given = files.map((f) => ({ contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', f.content, f.name, 'application/octet-stream'), Buffer.from(`--${B}--\r\n`)]) }));
  return fc.oneof(
    { weight: 1, arbitrary: wellFormed },
    { weight: 1, arbitrary: fc.constantFrom(...broken) },
    ...(given.length ? [{ weight: 1, arbitrary: fc.constantFrom(...given) }] : []),
  );
}
