import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A streaming XLSX writer (one sheet of rows, and optionally a short second one of text): a ZIP whose rows' sheet entry is deflated as rows arrive
 * and closed with a data descriptor, so memory stays flat for any number of rows. Rows are
 * written as text in batches of about 64 KiB: a million rows through exceljs's cell objects took
 * four times as long as the same rows as CSV (docs/performance.md).
 */
type Sink = (chunk: Buffer) => Promise<void>;

export type XlsxValue = string | number | Date | null | undefined;

/** How a column's numbers and dates read in a spreadsheet; text cells need none. */
export type XlsxColumnFormat = 'amount' | 'count' | 'datetime' | 'date';

interface XlsxColumn {
  /** In characters, as spreadsheet programs measure columns. */
  width?: number;
  format?: XlsxColumnFormat;
}

export interface XlsxLayout {
  columns?: readonly XlsxColumn[];
  /** Keeps the header row in view while the rows scroll. */
  freezeHeader?: boolean;
  /** A second sheet of text rows, after the rows' sheet: what the file is. */
  about?: { name: string; rows: readonly (readonly string[])[] };
}

interface Entry {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids most control characters
const XML_SPECIAL = /[<>&"\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
export const escapeXml = (value: string) =>
  XML_SPECIAL.test(value)
    ? value
        .replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
        .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    : value;

/**
 * Text a spreadsheet program would trim unless told to keep it as written: leading or trailing
 * whitespace, or a line break. Control characters count as whitespace here, since escapeXml
 * drops them and may uncover a space. export-xlsx-sql.ts asks the database the same.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: a control character may hide a space
const KEEPS_WHITESPACE = /^[\u0000-\u0020]|[\u0000-\u0020]$|[\n\r]/;

/**
 * An inline text cell's content, marked `xml:space="preserve"` only where its whitespace needs
 * it: on every cell the mark was a fifth of a million-row sheet's text.
 */
const inlineText = (value: string) =>
  KEEPS_WHITESPACE.test(value)
    ? `<is><t xml:space="preserve">${escapeXml(value)}</t></is>`
    : `<is><t>${escapeXml(value)}</t></is>`;

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Sheet names are at most 31 characters, without []:*?/\. */
const safeSheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/** Cell style ids of STYLES below: 1 is the bold header, then one per column format. */
const HEADER_STYLE = 1;
export const FORMAT_STYLE: Record<XlsxColumnFormat, number> = { amount: 2, count: 3, datetime: 4, date: 5 };
const XOF_FORMAT = '#,##0 &quot;XOF&quot;';

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="4"><numFmt numFmtId="164" formatCode="${XOF_FORMAT}"/><numFmt numFmtId="165" formatCode="#,##0"/><numFmt numFmtId="166" formatCode="dd-mm-yyyy hh:mm"/><numFmt numFmtId="167" formatCode="dd-mm-yyyy"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="167" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const ABOUT_PART =
  '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>';
const ABOUT_REL =
  '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/>';

/** The package's fixed parts; with `about`, the second sheet is declared in them. */
const staticFiles = (about: boolean): [string, string][] => [
  [
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${about ? ABOUT_PART : ''}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>${about ? ABOUT_REL : ''}</Relationships>`,
  ],
  ['xl/styles.xml', STYLES],
];

/** Days since 1899-12-30, a spreadsheet's date number; the Date's UTC fields are the wall clock shown. */
const serialDay = (date: Date) => date.getTime() / 86_400_000 + 25_569;

/**
 * zlib's fastest level: on a million rows it deflates in two thirds of the default level's time
 * for a file a fifth larger (110 MB against 91), and the export's time is what people wait for.
 */
const SHEET_DEFLATE_LEVEL = 1;

/** Sheet text gathered before it is deflated: one stream write per row cost as much as the row. */
const BATCH_CHARS = 64 * 1024;

export class XlsxWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private rowIndex = 0;
  private sheet: { deflate: ReturnType<typeof createDeflateRaw>; entry: Entry; pending: Promise<void> } | null = null;
  private readonly names: string[] = [];
  private readonly styles: (number | undefined)[];
  private batch: string[] = [];
  private batchChars = 0;

  constructor(
    private readonly sink: Sink,
    private readonly sheetName = 'Report',
    private readonly layout: XlsxLayout = {},
  ) {
    this.styles = (layout.columns ?? []).map((c) => (c.format ? FORMAT_STYLE[c.format] : undefined));
  }

  private async write(chunk: Buffer) {
    this.offset += chunk.length;
    await this.sink(chunk);
  }

  private localHeader(name: Buffer, streamed: boolean, crc = 0, size = 0) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(streamed ? 0x0808 : 0x0800, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(0, 10);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(streamed ? 0 : size, 18);
    header.writeUInt32LE(streamed ? 0 : size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    return Buffer.concat([header, name]);
  }

  private async addStoredFile(path: string, content: string) {
    const name = Buffer.from(path);
    const data = Buffer.from(content);
    const compressed = deflateRawSync(data);
    const entry: Entry = {
      name,
      crc: crc32(data),
      compressedSize: compressed.length,
      size: data.length,
      offset: this.offset,
    };
    const header = this.localHeader(name, false, entry.crc, 0);
    header.writeUInt32LE(compressed.length, 18);
    header.writeUInt32LE(data.length, 22);
    await this.write(header);
    await this.write(compressed);
    this.entries.push(entry);
  }

  /** What comes before the rows: the frozen header's pane and the columns' widths. */
  private sheetStart(): string {
    const pane = this.layout.freezeHeader
      ? '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
      : '';
    const widths = (this.layout.columns ?? []).flatMap((c, i) =>
      c.width ? [`<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`] : [],
    );
    const cols = widths.length > 0 ? `<cols>${widths.join('')}</cols>` : '';
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${pane}${cols}<sheetData>`;
  }

  /** The second sheet: text rows, the first column bold. */
  private aboutSheet(rows: readonly (readonly string[])[]): string {
    const text = (ref: string, value: string, style: string) =>
      `<c r="${ref}"${style} t="inlineStr">${inlineText(value)}</c>`;
    const body = rows
      .map(
        (row, r) =>
          `<row r="${r + 1}">${row.map((value, i) => text(`${columnName(i)}${r + 1}`, value, i === 0 ? ` s="${HEADER_STYLE}"` : '')).join('')}</row>`,
      )
      .join('');
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cols><col min="1" max="1" width="24" customWidth="1"/><col min="2" max="2" width="60" customWidth="1"/></cols><sheetData>${body}</sheetData></worksheet>`;
  }

  async start(headers: string[]) {
    const { about } = this.layout;
    for (const [path, content] of staticFiles(about !== undefined)) await this.addStoredFile(path, content);
    const aboutEntry = about ? `<sheet name="${escapeXml(safeSheetName(about.name))}" sheetId="2" r:id="rId3"/>` : '';
    await this.addStoredFile(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(safeSheetName(this.sheetName))}" sheetId="1" r:id="rId1"/>${aboutEntry}</sheets></workbook>`,
    );
    if (about) await this.addStoredFile('xl/worksheets/sheet2.xml', this.aboutSheet(about.rows));
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const entry: Entry = { name, crc: 0, compressedSize: 0, size: 0, offset: this.offset };
    await this.write(this.localHeader(name, true));
    const deflate = createDeflateRaw({ level: SHEET_DEFLATE_LEVEL });
    const flushed = new Promise<void>((resolve, reject) => {
      const queue: Buffer[] = [];
      let writing = Promise.resolve();
      deflate.on('data', (chunk: Buffer) => {
        entry.compressedSize += chunk.length;
        queue.push(chunk);
        writing = writing.then(() => this.write(queue.shift() as Buffer));
      });
      deflate.on('end', () => writing.then(resolve, reject));
      deflate.on('error', reject);
    });
    this.sheet = { deflate, entry, pending: flushed };
    await this.feedText(this.sheetStart());
    this.batch.push(this.rowXml(headers, HEADER_STYLE));
    await this.flushRows();
  }

  private async feedText(text: string) {
    await this.feedBytes(Buffer.from(text));
  }

  private async feedBytes(data: Buffer) {
    const sheet = this.sheet;
    if (!sheet) throw new Error('start() first');
    sheet.entry.crc = crc32(data, sheet.entry.crc);
    sheet.entry.size += data.length;
    if (!sheet.deflate.write(data)) await new Promise((resolve) => sheet.deflate.once('drain', resolve));
  }

  private async flushRows() {
    if (this.batch.length === 0) return;
    const text = this.batch.join('');
    this.batch = [];
    this.batchChars = 0;
    await this.feedText(text);
  }

  private columnRef(index: number): string {
    let name = this.names[index];
    if (name === undefined) {
      name = columnName(index);
      this.names[index] = name;
    }
    return name;
  }

  /** A row's XML; `rowStyle` styles every cell of it (the header), else each column its own. */
  private rowXml(values: readonly XlsxValue[], rowStyle?: number): string {
    this.rowIndex += 1;
    const r = this.rowIndex;
    let cells = '';
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === null || value === undefined || value === '') continue;
      const ref = `${this.columnRef(i)}${r}`;
      const style = rowStyle ?? this.styles[i];
      const s = style === undefined ? '' : ` s="${style}"`;
      if (typeof value === 'number') cells += `<c r="${ref}"${s}><v>${value}</v></c>`;
      else if (value instanceof Date) {
        const dateStyle = rowStyle ?? style ?? FORMAT_STYLE.datetime;
        cells += `<c r="${ref}" s="${dateStyle}"><v>${serialDay(value)}</v></c>`;
      } else cells += `<c r="${ref}"${s} t="inlineStr">${inlineText(value)}</c>`;
    }
    const styled = rowStyle === undefined ? '' : ` s="${rowStyle}" customFormat="1"`;
    return `<row r="${r}"${styled}>${cells}</row>`;
  }

  async addRow(values: readonly XlsxValue[]) {
    const row = this.rowXml(values);
    this.batch.push(row);
    this.batchChars += row.length;
    if (this.batchChars >= BATCH_CHARS) await this.flushRows();
  }

  /**
   * Rows already written as `<row>` XML (by the database, export-xlsx-sql.ts), numbered from
   * the row after the last one written here.
   */
  async addRowsXml(xml: Buffer, rows: number) {
    await this.flushRows();
    this.rowIndex += rows;
    await this.feedBytes(xml);
  }

  async finish() {
    if (!this.sheet) throw new Error('start() first');
    await this.flushRows();
    await this.feedText('</sheetData></worksheet>');
    this.sheet.deflate.end();
    await this.sheet.pending;
    const { entry } = this.sheet;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
    this.entries.push(entry);
    const directoryStart = this.offset;
    for (const e of this.entries) {
      const streamed = e === entry;
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(streamed ? 0x0808 : 0x0800, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt32LE(0, 12);
      record.writeUInt32LE(e.crc, 16);
      record.writeUInt32LE(e.compressedSize, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      record.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([record, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - directoryStart, 12);
    end.writeUInt32LE(directoryStart, 16);
    await this.write(end);
  }
}
