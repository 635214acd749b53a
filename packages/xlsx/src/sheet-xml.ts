/**
 * SpreadsheetML (ECMA-376 part 1, transitional) written directly, for the streaming export
 * (issue 7 §6: about half the CPU of exceljs' streaming writer, bench/RESULTS.md): the package
 * parts of a one-sheet workbook, a fixed styles part (default font, a bold header, one cell
 * format per number format) and the rows as XML text with inline strings (no shared-strings
 * table to keep in memory). Opens in LibreOffice and Excel and reads back with exceljs
 * (apps/api/test/xlsx.test.ts).
 */
import type { Cell } from './format';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Control characters XML 1.0 forbids are matched on purpose (they are dropped).
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// eslint-disable-next-line no-control-regex
const ESCAPES = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text for an XML element or attribute: & < > " escaped, characters XML 1.0 forbids dropped. */
export function xmlText(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s.replace(ESCAPES, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : ''));
}

/** Column letters of 0-based column `i`: A … Z, AA … */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Excel's serial day number of a UTC instant (1900 date system; 25569 = 1970-01-01). */
export function excelDate(d: Date): number {
  return d.getTime() / 86_400_000 + 25569;
}

export interface SheetColumn {
  header: string;
  /** Characters. */
  width: number;
  /** Excel number format, or none. */
  numFmt?: string;
}

/** The fixed parts of the package, given the sheet name and its columns' number formats. */
export function packageParts(sheetName: string, columns: SheetColumn[], creator: string, now = new Date()): Record<string, string> {
  const formats = [...new Set(columns.map((c) => c.numFmt).filter((f): f is string => Boolean(f)))];
  const lastCol = columnName(columns.length - 1);
  const quoted = `'${sheetName.replace(/'/g, "''")}'`;
  return {
    '[Content_Types].xml': `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`,
    '_rels/.rels': `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="${PKG_REL}/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/></Relationships>`,
    'docProps/core.xml': `${HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>${xmlText(creator)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${now.toISOString().replace(/\.\d+Z$/, 'Z')}</dcterms:created></cp:coreProperties>`,
    'docProps/app.xml': `${HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>${xmlText(creator)}</Application></Properties>`,
    'xl/workbook.xml': `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets><definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${xmlText(quoted)}!$A$1:$${lastCol}$1</definedName></definedNames></workbook>`,
    'xl/_rels/workbook.xml.rels': `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `${HEAD}<styleSheet xmlns="${MAIN}">${formats.length ? `<numFmts count="${formats.length}">${formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(f)}"/>`).join('')}</numFmts>` : ''}<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${2 + formats.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${formats.map((_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  };
}

/** Style index (cellXfs) of each column's values: its number format's, or 0. */
export function columnStyles(columns: SheetColumn[]): number[] {
  const formats = [...new Set(columns.map((c) => c.numFmt).filter((f): f is string => Boolean(f)))];
  return columns.map((c) => (c.numFmt ? 2 + formats.indexOf(c.numFmt) : 0));
}

/** Start of the sheet part up to the header row included: frozen header, column widths. */
export function sheetStart(columns: SheetColumn[]): string {
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  const header = columns.map((c, i) => `<c r="${columnName(i)}1" s="1" t="inlineStr"><is><t>${xmlText(c.header)}</t></is></c>`).join('');
  return `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>`;
}

/** End of the sheet part: the auto-filter over the header. */
export function sheetEnd(columns: SheetColumn[]): string {
  return `</sheetData><autoFilter ref="A1:${columnName(columns.length - 1)}1"/></worksheet>`;
}

/**
 * One data row `r` (1-based sheet row) as XML. `names`: column letters; `styles`: columnStyles().
 * Empty cells are left out; strings inline, numbers and dates (serial days) as values.
 */
export function rowXml(r: number, cells: Cell[], names: string[], styles: number[]): string {
  let xml = `<row r="${r}">`;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === null || v === undefined || v === '') continue;
    const ref = names[i]! + r;
    const s = styles[i] ? ` s="${styles[i]}"` : '';
    if (typeof v === 'number') xml += Number.isFinite(v) ? `<c r="${ref}"${s}><v>${v}</v></c>` : '';
    else if (v instanceof Date) xml += Number.isNaN(v.getTime()) ? '' : `<c r="${ref}"${s}><v>${excelDate(v)}</v></c>`;
    else {
      // xml:space only where it matters (a space at either end), 19 bytes saved on most cells.
      const keep = v.charCodeAt(0) === 32 || v.charCodeAt(v.length - 1) === 32 ? ' xml:space="preserve"' : '';
      xml += `<c r="${ref}"${s} t="inlineStr"><is><t${keep}>${xmlText(v)}</t></is></c>`;
    }
  }
  return xml + '</row>';
}
