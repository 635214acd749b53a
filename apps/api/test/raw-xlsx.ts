/**
 * A minimal XLSX workbook written part by part (archiver, streamed): one sheet whose column A
 * holds a header and one row per shared string, so a test can make a sharedStrings part of any
 * size (1 MB strings compress to almost nothing) or a cell longer than Excel allows — what
 * exceljs's own writer would hold in memory first. Parts in the order a streaming reader needs:
 * content types, relations, workbook, shared strings, then the sheet.
 */
import { Readable } from 'node:stream';
import archiver from 'archiver';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** `count` shared strings of `chars` characters each (plus the header «Адрес»), as an XLSX buffer. */
export async function rawXlsx(count: number, chars: number): Promise<Buffer> {
  const zip = archiver('zip', { zlib: { level: 1 } });
  const out: Buffer[] = [];
  zip.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve());
    zip.on('error', reject);
  });
  zip.append(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`, { name: '[Content_Types].xml' });
  zip.append(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`, { name: '_rels/.rels' });
  zip.append(`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Лист1" sheetId="1" r:id="rId1"/></sheets></workbook>`, { name: 'xl/workbook.xml' });
  zip.append(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`, { name: 'xl/_rels/workbook.xml.rels' });
  const filler = 'ж'.repeat(chars);
  zip.append(Readable.from((function* () {
    yield `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="${count + 1}" uniqueCount="${count + 1}"><si><t>Адрес</t></si>`;
    for (let i = 0; i < count; i++) yield `<si><t>${i} ${filler.slice(String(i).length + 1)}</t></si>`;
    yield '</sst>';
  })()), { name: 'xl/sharedStrings.xml' });
  zip.append(Readable.from((function* () {
    yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>`;
    for (let i = 1; i <= count; i++) yield `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i}</v></c></row>`;
    yield '</sheetData></worksheet>';
  })()), { name: 'xl/worksheets/sheet1.xml' });
  await zip.finalize();
  await done;
  return Buffer.concat(out);
}
